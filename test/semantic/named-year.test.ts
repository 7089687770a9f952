// Semantic search of a query naming a year: that year's markets before the open ones of other years
// (a closed market's penalty goes to the markets not closing in a named year: src/search/named-years.ts),
// and without a year open markets first as before. Real app, embedded database, real model.
import assert from 'node:assert/strict';
import { seedCatalogMarkets, type SeedMarket } from '../../scripts/lib/catalog-seed.js';
import { startSemanticHarness, type SemanticHarness } from './harness.js';

const SEASONS: SeedMarket[] = [
  { exchange: 'polymarket', market_id: '0xquidditch-2122-a', title: 'Will the Harpies win the 2021-22 Quidditch Cup?', status: 'resolved', close_time: '2022-06-20T00:00:00.000Z', volume: 3000 },
  { exchange: 'polymarket', market_id: '0xquidditch-2122-b', title: 'Will the Tornados win the 2021-22 Quidditch Cup?', status: 'resolved', close_time: '2022-06-20T00:00:00.000Z', volume: 800 },
  ...['Harpies', 'Tornados', 'Falcons', 'Magpies'].map((team, i): SeedMarket => ({
    exchange: 'polymarket', market_id: `0xquidditch-2026-${i}`, title: `Will the ${team} win the 2026 Quidditch Cup?`, status: 'open', close_time: '2026-06-30T00:00:00.000Z', volume: 1_000_000 * (i + 1),
  })),
];
const LAST_SEASON = ['0xquidditch-2122-a', '0xquidditch-2122-b'];

describe('semantic search: a query naming a year ranks that year\'s markets first', function () {
  this.timeout(300_000);
  let h: SemanticHarness;
  let key: string;
  const ranked = async (query: string): Promise<string[]> => {
    const r = await h.post({ query, limit: 10 }, key);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    return r.body.results.map((x: { market_id: string }) => x.market_id);
  };

  before(async () => {
    h = await startSemanticHarness();
    key = await h.keyFor('max');
    await seedCatalogMarkets(h.db.pool, SEASONS);
    await h.indexer.runOnce();
  });
  after(async () => {
    await h?.close();
  });

  it('"who will win the Quidditch Cup in 2022": the closed 2021-22 markets before the open 2026 ones', async () => {
    const ids = await ranked('Who will win the Quidditch Cup in 2022?');
    assert.deepEqual(ids.slice(0, 2).sort(), LAST_SEASON, JSON.stringify(ids));
  });

  it('without a year, the open season comes first', async () => {
    const ids = await ranked('Who will win the Quidditch Cup?');
    assert.ok(ids.slice(0, 4).every((id) => id.startsWith('0xquidditch-2026-')), JSON.stringify(ids));
  });
});
