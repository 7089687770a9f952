// The project's local PostgreSQL server (npm run db-server), the tests' server databases
// (test/helpers/postgres-server.ts) and the notifications between instances (src/db/notifications.ts).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/db/database.js';
import { listMigrations } from '../../src/db/migrate.js';
import { openNotifications, type Notifications } from '../../src/db/notifications.js';
import { openTestDatabase } from '../helpers/database.js';
import { createServerDatabase } from '../helpers/postgres-server.js';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');

/** Resolves with the next payload on `channel` (rejects after `ms`). */
function nextMessage(n: Notifications, channel: string, ms = 5_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no notification on ${channel} within ${ms} ms`)), ms);
    void n.listen(channel, (payload) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

describe('local PostgreSQL server', function () {
  this.timeout(120_000);

  it('npm run db-server: run prints a DATABASE_URL the service reads; url repeats it; stop stops it', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-dbserver-cli-'));
    try {
      const started = await run(TSX, ['scripts/db-server.ts', 'run', path.join(dataDir, 'pg')], { cwd: ROOT });
      const url = started.stdout.trim();
      assert.match(url, /^postgresql:\/\/postgres@\/postgres\?host=\//);
      assert.equal((await run(TSX, ['scripts/db-server.ts', 'url', path.join(dataDir, 'pg')], { cwd: ROOT })).stdout.trim(), url);
      const db = await openDatabase({ dataDir, databaseUrl: url });
      try {
        const v = await db.pool.query<{ v: string }>("SELECT current_setting('server_version') AS v");
        assert.match(v.rows[0].v, /^18\./);
      } finally {
        await db.close();
      }
      assert.match((await run(TSX, ['scripts/db-server.ts', 'stop', path.join(dataDir, 'pg')], { cwd: ROOT })).stdout, /stopped/);
      const after = await run(TSX, ['scripts/db-server.ts', 'url', path.join(dataDir, 'pg')], { cwd: ROOT }).catch((e: { code: number; stderr: string }) => e);
      assert.equal((after as { code: number }).code, 1, 'url fails once stopped');
    } finally {
      await run(TSX, ['scripts/db-server.ts', 'stop', path.join(dataDir, 'pg')], { cwd: ROOT }).catch(() => undefined);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('createServerDatabase: a migrated database with the extensions, one per call, dropped on request', async () => {
    const a = await createServerDatabase();
    const b = await createServerDatabase();
    assert.notEqual(a.url, b.url);
    const dbA = new pg.Pool({ connectionString: a.url, max: 1 });
    const dbB = new pg.Pool({ connectionString: b.url, max: 1 });
    try {
      const ext = await dbA.query<{ extname: string }>("SELECT extname FROM pg_extension WHERE extname IN ('vector', 'pg_trgm', 'unaccent') ORDER BY 1");
      assert.deepEqual(ext.rows.map((r) => r.extname), ['pg_trgm', 'unaccent', 'vector']);
      const applied = await dbA.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
      assert.deepEqual(applied.rows.map((r) => r.name), listMigrations().map((m) => m.name));
      await dbA.query("CREATE TABLE only_in_a (x int)");
      const inB = await dbB.query<{ t: string | null }>("SELECT to_regclass('only_in_a')::text AS t");
      assert.equal(inB.rows[0].t, null, 'databases do not share rows or tables');
    } finally {
      await dbA.end();
      await dbB.end();
    }
    await a.drop();
    await b.drop();
    const gone = new pg.Pool({ connectionString: a.url, max: 1 });
    await assert.rejects(gone.query('SELECT 1'), /does not exist/);
    await gone.end();
  });
});

describe('notifications between instances', function () {
  this.timeout(60_000);
  let server: { url: string; drop(): Promise<void> };
  let one: Database;
  let two: Database;

  before(async () => {
    server = await createServerDatabase();
    one = await openDatabase({ dataDir: os.tmpdir(), databaseUrl: server.url });
    two = await openDatabase({ dataDir: os.tmpdir(), databaseUrl: server.url });
  });
  after(async () => {
    await one?.close();
    await two?.close();
    await server?.drop();
  });

  it('a notification sent by one instance reaches the listeners of another', async () => {
    const sender = openNotifications(one);
    const receiver = openNotifications(two);
    try {
      const got = nextMessage(receiver, 'catalog_changed');
      await new Promise((r) => setTimeout(r, 50));
      await sender.notify('catalog_changed', 'kalshi');
      assert.equal(await got, 'kalshi');
    } finally {
      await sender.close();
      await receiver.close();
    }
  });

  it('the listener reconnects after its connection is killed, tells its listeners they may have missed messages, and hears the next ones', async () => {
    const receiver = openNotifications(two);
    const sender = openNotifications(one);
    try {
      const heard: string[] = [];
      let missed = 0;
      await receiver.listen('cache_drop', (p) => heard.push(p), () => missed++);
      const killed = await one.pool.query<{ n: number }>("SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE application_name = 'predmarkets-notifications' AND datname = current_database()");
      assert.equal(killed.rows[0].n, 1);
      const deadline = Date.now() + 10_000;
      while (missed === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      assert.equal(missed, 1, 'onMissed after the reconnection');
      await sender.notify('cache_drop', 'after');
      while (!heard.includes('after') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      assert.deepEqual(heard, ['after']);
    } finally {
      await sender.close();
      await receiver.close();
    }
  });

  it('bad channel names and oversized payloads are refused before reaching the server', async () => {
    const n = openNotifications(one);
    try {
      await assert.rejects(n.notify('Robert"); DROP TABLE x; --', 'x'), /invalid notification channel/);
      await assert.rejects(n.notify('ok_channel', 'x'.repeat(8000)), /payload over/);
    } finally {
      await n.close();
    }
  });

  it('on the embedded database the messages are delivered in process', async () => {
    const db = await openTestDatabase();
    const n = openNotifications(db);
    try {
      const got = nextMessage(n, 'catalog_changed');
      await n.notify('catalog_changed', 'embedded');
      assert.equal(await got, 'embedded');
    } finally {
      await n.close();
      await db.destroy();
    }
  });
});
