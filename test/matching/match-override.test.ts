// `npm run match:override` end to end: the script against a real embedded database holding a catalog
// written by the catalog writer; it stores the decision, runs the matcher and prints the clusters of
// the two markets before and after. Bad input is refused with a message naming it, and stores nothing.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { CatalogWriter } from '../../src/catalog/catalog-write-repository.js';
import { openDatabase } from '../../src/db/database.js';
import { freshDataDir } from '../helpers/database.js';
import { market } from './support.js';

const run = promisify(execFile);

describe('npm run match:override', function () {
  this.timeout(180_000);
  let dir: { dataDir: string; remove(): void };
  const script = (...args: string[]) =>
    run('npx', ['tsx', 'scripts/match-override.ts', ...args], { env: { ...process.env, DATA_DIR: dir.dataDir, LOG_LEVEL: 'silent' } }).then(
      (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
    );
  const overrides = async () => {
    const db = await openDatabase({ dataDir: dir.dataDir });
    try {
      return (await db.pool.query('SELECT exchange_a, market_id_a, exchange_b, market_id_b, action, reason FROM match_overrides ORDER BY 1, 2')).rows;
    } finally {
      await db.close();
    }
  };

  before(async () => {
    dir = await freshDataDir();
    const db = await openDatabase({ dataDir: dir.dataDir });
    const writer = new CatalogWriter(db.pool);
    await writer.writePage('kalshi', { markets: [market({ exchange: 'kalshi', market_id: 'KX-1', title: 'Will the Louvre announce a new director in 2027?', category: 'culture' })], events: [] }, null);
    await writer.writePage('manifold', { markets: [market({ exchange: 'manifold', market_id: 'mf1', title: 'Louvre: new director named in 2027?', category: 'culture' })], events: [] }, null);
    await db.close();
  });
  after(() => dir?.remove());

  it('force-pairs two markets and prints their clusters before and after', async () => {
    const r = await script('--force', 'kalshi:KX-1', 'manifold:mf1', '--reason', 'same question, checked by hand', '--by', 'ops');
    assert.equal(r.code, 0, r.stderr);
    const [before, after] = r.stdout.split('after:');
    assert.match(before, /kalshi:KX-1: in no cluster/);
    assert.match(after, /kalshi:KX-1: svc_[a-z2-7]{12} with manifold:mf1/);
    assert.match(after, /manifold:mf1: svc_[a-z2-7]{12} with kalshi:KX-1/);
    assert.deepEqual(await overrides(), [{ exchange_a: 'kalshi', market_id_a: 'KX-1', exchange_b: 'manifold', market_id_b: 'mf1', action: 'force', reason: 'same question, checked by hand' }]);
    const list = await script('--list');
    assert.match(list.stdout, /^force\tkalshi:KX-1\tmanifold:mf1\tops\t/m);
  });

  it('turns it into never-pair, and --remove deletes it', async () => {
    const never = await script('--never', 'manifold:mf1', 'kalshi:KX-1');
    assert.equal(never.code, 0, never.stderr);
    assert.match(never.stdout.split('after:')[1], /kalshi:KX-1: in no cluster/);
    assert.equal((await overrides())[0].action, 'never');
    const removed = await script('--remove', 'kalshi:KX-1', 'manifold:mf1');
    assert.equal(removed.code, 0, removed.stderr);
    assert.deepEqual(await overrides(), []);
  });

  it('refuses bad input with a message naming it, and stores nothing', async () => {
    const unknown = await script('--force', 'kalshi:KX-1', 'manifold:nope');
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /not in the catalog: manifold:nope/);
    const badVenue = await script('--force', 'kalshi:KX-1', 'nowhere:1');
    assert.equal(badVenue.code, 2);
    assert.match(badVenue.stderr, /market 2 \(nowhere:1\) must be <exchange>:<market_id>/);
    const twoActions = await script('--force', '--never', 'kalshi:KX-1', 'manifold:mf1');
    assert.equal(twoActions.code, 2);
    assert.match(twoActions.stderr, /exactly one of --force, --never, --remove, --list/);
    assert.deepEqual(await overrides(), []);
  });
});
