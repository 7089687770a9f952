// Open markets first in semantic search: past editions of a recurring question (last seasons'
// finals, resolved) must not outrank the open edition, while the score stays "lower is more
// relevant". Real model, real embedded database, the real route.
import assert from 'node:assert/strict';
import { seedCatalogMarkets } from '../../scripts/lib/catalog-seed.js';
import { startSemanticHarness, type SemanticHarness } from './harness.js';

const PAST_SEASONS = ['LVII', 'LVIII', 'LIX'].map((numeral, i) => ({
  exchange: 'polymarket',
  market_id: `0xsb-past-${i}`,
  title: `Who will win Super Bowl ${numeral}?`,
  status: 'resolved',
  category: 'sports',
  rules: `Resolves to the team that wins Super Bowl ${numeral}, the NFL championship game.`,
  yes_price: 1,
  volume: 50_000_000,
}));

describe('semantic search: open markets first', function () {
  this.timeout(600_000);
  let h: SemanticHarness;
  let maxKey: string;

  before(async () => {
    h = await startSemanticHarness();
    await seedCatalogMarkets(h.db.pool, [
      ...PAST_SEASONS,
      {
        exchange: 'kalshi',
        market_id: 'KXSB-NEXT',
        title: 'Who will win Super Bowl LXI?',
        status: 'open',
        category: 'sports',
        rules: 'Resolves to the team that wins Super Bowl LXI, the NFL championship game.',
        yes_price: 0.21,
        yes_bid: 0.2,
        yes_ask: 0.22,
        volume: 1200,
        close_time: '2027-02-14T23:30:00Z',
      },
    ]);
    await h.indexer.runOnce();
    maxKey = await h.keyFor('max');
  });
  after(async () => {
    await h?.close();
  });

  it('the open edition outranks every resolved past edition, scores still ascending', async () => {
    const res = await h.post({ query: 'who will win the super bowl', limit: 10 }, maxKey);
    assert.equal(res.status, 200);
    const keys = res.body.results.map((r: { exchange: string; market_id: string }) => `${r.exchange}:${r.market_id}`);
    const open = keys.indexOf('kalshi:KXSB-NEXT');
    assert.ok(open >= 0, JSON.stringify(keys));
    for (const past of PAST_SEASONS) {
      const at = keys.indexOf(`polymarket:${past.market_id}`);
      assert.ok(at === -1 || at > open, `${past.market_id} at ${at}, the open edition at ${open}: ${JSON.stringify(keys)}`);
    }
    const scores = res.body.results.map((r: { score: number }) => r.score);
    assert.deepEqual(scores, [...scores].sort((a, b) => a - b));
  });

  it('each result carries its price, bid/ask, volume, close time and status from the catalog', async () => {
    const res = await h.post({ query: 'who will win the super bowl', limit: 10 }, maxKey);
    const next = res.body.results.find((r: { market_id: string }) => r.market_id === 'KXSB-NEXT');
    assert.deepEqual(
      [next.yes_price, next.yes_bid, next.yes_ask, next.volume, next.close_time, next.status, next.closed],
      [0.21, 0.2, 0.22, 1200, '2027-02-14T23:30:00.000Z', 'open', false],
    );
    const past = res.body.results.find((r: { market_id: string }) => r.market_id.startsWith('0xsb-past-'));
    assert.equal(past?.status, 'resolved');
    assert.equal(past?.closed, true);
  });
});
