// The embedded database's ceiling: past it, /health's `catalog` turns degraded with a warning naming
// DATABASE_URL and the log says so once per crossing, while writes go on (nothing is refused or lost);
// on a PostgreSQL server there is no ceiling.
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { CatalogWriter } from '../../src/catalog/catalog-writer.js';
import { SyncStatusStore } from '../../src/catalog/sync-status.js';
import { EmbeddedCatalogCeiling } from '../../src/health/embedded-ceiling.js';
import { createLogger } from '../../src/logger.js';
import { makeMarket } from '../../src/venues/records.js';
import { openTestDatabase, type TestDatabase } from '../helpers/database.js';

describe('embedded catalog ceiling', function () {
  this.timeout(180_000);
  let db: TestDatabase;
  const logs: string[] = [];
  const logger = createLogger('info', new Writable({ write: (chunk, _enc, cb) => { logs.push(String(chunk)); cb(); } }));
  const warnings = (): string[] => logs.filter((l) => JSON.parse(l).level === 40);

  before(async () => {
    db = await openTestDatabase();
  });
  after(async () => {
    await db?.destroy();
  });

  /** Writes `n` markets of a venue as a sync would, and records its count. */
  async function sync(exchange: 'kalshi' | 'manifold', n: number, from = 0): Promise<void> {
    const markets = Array.from({ length: n }, (_, i) => makeMarket({ exchange, market_id: `m-${from + i}`, title: `Market ${from + i}`, status: 'open', updated_at: new Date().toISOString(), raw: {} }));
    await new CatalogWriter(db.pool).writePage(exchange, { markets, events: [] }, null);
    await new SyncStatusStore(db.pool).markSucceeded(exchange, new Date());
  }

  it('warns in /health and once in the log when the catalog passes the ceiling, and keeps writing', async () => {
    const ceiling = new EmbeddedCatalogCeiling({ pool: db.pool, databaseKind: 'embedded', ceiling: 1_000, logger });
    await sync('kalshi', 600);
    assert.deepEqual(await ceiling.check(), { status: 'ok', markets: 600, embedded_ceiling: 1_000 });

    await sync('manifold', 500);
    const over = await ceiling.check();
    assert.equal(over.status, 'degraded');
    assert.equal(over.markets, 1_100);
    assert.match(String(over.warning), /DATABASE_URL/);
    assert.match(String(over.warning), /1100 live markets, more than the 1000/);
    assert.equal(warnings().length, 1);
    assert.match(JSON.parse(warnings()[0]).msg, /DATABASE_URL/);

    // Beyond the ceiling a sync still writes everything it lists; the log does not repeat itself.
    await sync('manifold', 200, 500);
    const count = (await db.pool.query("SELECT count(*)::int AS n FROM markets WHERE exchange = 'manifold' AND NOT removed")).rows[0].n;
    assert.equal(count, 700, 'no write is refused or lost past the ceiling');
    assert.equal((await ceiling.check()).markets, 1_300);
    assert.equal(warnings().length, 1, 'one warning per crossing');

    const server = new EmbeddedCatalogCeiling({ pool: db.pool, databaseKind: 'external', ceiling: 1_000, logger });
    assert.deepEqual(await server.check(), { status: 'ok', markets: 1_300, embedded_ceiling: null });
  });
});
