// DATABASE_URL (item 1 of the scale path): every form the driver and libpq read is accepted and
// brought to one postgresql:// URI; the rest is refused naming the variable, never quoting its value.
import assert from 'node:assert/strict';
import pg from 'pg';
import { ConfigError, loadConfig } from '../../src/config.js';

/** Where the driver will connect for a configured DATABASE_URL. */
function target(value: string): { host: string; port: number; database: string | undefined; user: string | undefined; password: string | null | undefined } {
  const url = loadConfig({ DATABASE_URL: value }).databaseUrl;
  assert.ok(url, `${value} was accepted`);
  const c = new pg.Client({ connectionString: url });
  return { host: c.host, port: c.port, database: c.database, user: c.user, password: c.password };
}

describe('DATABASE_URL forms', () => {
  it('a Unix-socket URI with an empty host and ?host= (what the local server prints)', () => {
    assert.deepEqual(target('postgresql://postgres@/postgres?host=/tmp/pg/data'), { host: '/tmp/pg/data', port: 5432, database: 'postgres', user: 'postgres', password: null });
    assert.equal(target('postgresql://postgres:@/app?host=/run/pg&port=5433').port, 5433);
  });

  it('TCP URIs with either scheme, percent-encoded credentials, a query', () => {
    assert.deepEqual(target('postgres://u:p%40ss@db.example.com:6543/app?sslmode=disable'), { host: 'db.example.com', port: 6543, database: 'app', user: 'u', password: 'p@ss' });
    assert.equal(target('postgresql://[::1]:5432/app').host, '::1');
  });

  it('a percent-encoded socket directory as the host', () => {
    assert.equal(target('postgresql://%2Fvar%2Frun%2Fpostgresql/app').host, '/var/run/postgresql');
  });

  it('libpq keyword/value strings, quoted values with escapes, hostaddr', () => {
    assert.deepEqual(target("host=/tmp/s port=5433 dbname=app user=u password='it\\'s me'"), { host: '/tmp/s', port: 5433, database: 'app', user: 'u', password: "it's me" });
    assert.equal(target('hostaddr=127.0.0.1 dbname=x').host, '127.0.0.1');
  });

  it("the driver's own socket forms", () => {
    assert.equal(target('socket:/tmp/s?db=app').database, 'app');
    assert.deepEqual([target('/tmp/s app').host, target('/tmp/s app').database], ['/tmp/s', 'app']);
  });

  it('blank means none (the embedded database)', () => {
    assert.equal(loadConfig({ DATABASE_URL: '  ' }).databaseUrl, undefined);
  });

  it('refuses what is not a connection string, or names several hosts, without quoting the value', () => {
    for (const bad of ['not a url', 'http://db.example.com/app', 'mysql://u:hunter2secret@h/db', 'postgresql://u:hunter2secret@h:99999/db', 'postgresql://u:hunter2secret@a,b/db', 'host=a,b dbname=x password=hunter2secret']) {
      assert.throws(() => loadConfig({ DATABASE_URL: bad }), (err: unknown) => {
        assert.ok(err instanceof ConfigError, bad);
        assert.match(err.message, /DATABASE_URL: /);
        assert.doesNotMatch(err.message, /hunter2secret/);
        return true;
      });
    }
  });
});
