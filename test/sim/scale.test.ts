// Scale mode of the simulators (src/sim/scale.ts): N markets synthesised from the venue's listings,
// each normalised by the venue's own adapter, about one in ten open, titles and dates varied, and the
// same markets for the same seed.
import assert from 'node:assert/strict';
import type { Market } from '../../src/venues/records.js';
import { createAdapter } from '../../src/venues/registry.js';
import { simulatorFor } from '../../src/venues/simulators.js';
import type { ExchangeCode } from '../../src/venues/exchanges.js';

const N = 600;
const HTTP = { retries: 0, timeoutMs: 30_000, rateLimit: { perSecond: 10_000, burst: 10_000 } };

async function listScaled(code: ExchangeCode, seed: number): Promise<{ markets: Market[]; skipped: number; served: number }> {
  const sim = await (await simulatorFor(code))({ tickMs: 0, seed, scale: N });
  const adapter = createAdapter(code, { baseUrls: sim.baseUrls, http: HTTP });
  try {
    const markets: Market[] = [];
    let skipped = 0;
    for await (const page of adapter.listMarkets({ status: 'all', pageSize: 500 })) {
      markets.push(...page.markets);
      skipped += page.skipped.length;
    }
    return { markets, skipped, served: sim.marketCount() };
  } finally {
    await adapter.close?.();
    await sim.stop();
  }
}

describe('simulators at scale (--scale N)', function () {
  this.timeout(120_000);
  for (const code of ['kalshi', 'polymarket', 'manifold', 'predictfun'] as const) {
    it(`${code}: N markets from its own listings, ~10% open, varied, deterministic by seed`, async () => {
      const a = await listScaled(code, 3);
      assert.equal(a.served, N);
      assert.equal(a.skipped, 0, 'every synthetic market normalises');
      assert.equal(new Set(a.markets.map((m) => m.market_id)).size, a.markets.length, 'ids are unique');
      // (Kalshi's listing leaves out its combo markets, mve_filter=exclude, as the adapter asks)
      assert.ok(a.markets.length >= N * 0.9, `${a.markets.length} markets listed`);
      const open = a.markets.filter((m) => !m.closed).length / a.markets.length;
      assert.ok(open > 0.04 && open < 0.2, `about one in ten open, not ${(open * 100).toFixed(1)}%`);
      assert.ok(new Set(a.markets.map((m) => m.title)).size > a.markets.length / 3, 'titles vary');
      // (predict.fun's listing states no close time: null for every market)
      if (code !== 'predictfun') assert.ok(new Set(a.markets.map((m) => m.close_time)).size > a.markets.length / 3, 'close times vary');

      const again = await listScaled(code, 3);
      assert.deepEqual(again.markets.map((m) => [m.market_id, m.title, m.status]), a.markets.map((m) => [m.market_id, m.title, m.status]), 'the same seed, the same markets');
      const other = await listScaled(code, 4);
      assert.notDeepEqual(other.markets.map((m) => m.title), a.markets.map((m) => m.title), 'another seed, other markets');
    });
  }
});
