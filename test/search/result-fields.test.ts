// The catalog fields of search answers (src/search/result-fields.ts): answers that arrive together
// share one read of the catalog, and each still gets its own markets' fields; a market read for one
// answer answers the next ones for RESULT_FIELDS_MAX_AGE_MS, then is read again. Both databases
// (TEST_DATABASE=server).
import assert from 'node:assert/strict';
import { seedCatalogMarkets } from '../../scripts/lib/catalog-seed.js';
import { CatalogReader } from '../../src/catalog/catalog-repository.js';
import { RESULT_FIELDS_MAX_AGE_MS, withResultFields } from '../../src/search/result-fields.js';
import { openTestDatabase, type TestDatabase } from '../helpers/database.js';

const MARKETS = Array.from({ length: 30 }, (_, i) => ({
  exchange: i % 2 ? 'kalshi' : 'polymarket',
  market_id: `M-${i}`,
  title: `Market ${i}`,
  status: i % 3 ? 'open' : 'closed',
  yes_price: i / 100,
  volume: i * 10,
}));

describe('search answers: the catalog fields', function () {
  this.timeout(60_000);
  let db: TestDatabase;
  before(async () => {
    db = await openTestDatabase();
    await seedCatalogMarkets(db.pool, MARKETS);
  });
  after(async () => {
    await db?.destroy();
  });

  it('reads the answers that arrive together in one statement, each answer with its own markets', async () => {
    const catalog = new CatalogReader(db.pool);
    let reads = 0;
    const read = catalog.searchAnswerFields.bind(catalog);
    catalog.searchAnswerFields = (keys) => {
      reads++;
      return read(keys);
    };
    // twelve answers of three markets each (overlapping), one unknown market among them
    const answers = Array.from({ length: 12 }, (_, a) =>
      [a, a + 1, a + 2].map((i) => ({ exchange: MARKETS[i].exchange, market_id: MARKETS[i].market_id, closed: false, svc_id: null as string | null })),
    );
    answers[5].push({ exchange: 'kalshi', market_id: 'NOT-LISTED', closed: true, svc_id: 'svc_x' });
    const results = await Promise.all(answers.map((items) => withResultFields(catalog, items)));
    assert.ok(reads < answers.length, `${reads} reads for ${answers.length} answers arriving together`);
    results.forEach((rows, a) => {
      assert.equal(rows.length, answers[a].length);
      rows.slice(0, 3).forEach((row, j) => {
        const m = MARKETS[a + j];
        assert.equal(row.market_id, m.market_id);
        assert.equal(row.yes_price, m.yes_price);
        assert.equal(row.volume, m.volume);
        assert.equal(row.status, m.status);
      });
    });
    // not in the catalog: the index's own values stand
    const unlisted = results[5][3];
    assert.deepEqual([unlisted.market_id, unlisted.status, unlisted.yes_price, unlisted.svc_id], ['NOT-LISTED', 'closed', null, 'svc_x']);
  });

  it('a market read for one answer serves the next answers for RESULT_FIELDS_MAX_AGE_MS, then is read again', async () => {
    const catalog = new CatalogReader(db.pool);
    const reads: string[][] = [];
    const read = catalog.searchAnswerFields.bind(catalog);
    catalog.searchAnswerFields = (keys) => {
      reads.push(keys.map((k) => k.market_id));
      return read(keys);
    };
    const item = (i: number) => ({ exchange: MARKETS[i].exchange, market_id: MARKETS[i].market_id, closed: false, svc_id: null as string | null });
    const first = await withResultFields(catalog, [item(1), item(2)]);
    assert.deepEqual(reads, [['M-1', 'M-2']]);
    assert.equal(first[0].yes_price, MARKETS[1].yes_price);
    // a sync's new price within the window: the answer shows the price read a moment ago
    await seedCatalogMarkets(db.pool, [{ ...MARKETS[1], yes_price: 0.77 }]);
    const started = Date.now();
    const second = await withResultFields(catalog, [item(1), item(2), item(3)]);
    // only the market not read before is read
    assert.deepEqual(reads, [['M-1', 'M-2'], ['M-3']]);
    assert.deepEqual(second.map((r) => r.yes_price), [MARKETS[1].yes_price, MARKETS[2].yes_price, MARKETS[3].yes_price]);
    await new Promise((r) => setTimeout(r, Math.max(0, RESULT_FIELDS_MAX_AGE_MS - (Date.now() - started)) + 50));
    const later = await withResultFields(catalog, [item(1), item(2)]);
    assert.deepEqual(reads.slice(2), [['M-1', 'M-2']]);
    assert.equal(later[0].yes_price, 0.77);
  });
});
