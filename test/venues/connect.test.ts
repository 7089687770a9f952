import assert from 'node:assert/strict';
import { connectVenues } from '../../src/venues/connect.js';
import { simulatedExchanges } from '../../src/sim/index.js';
import { startKalshiSimulator } from '../../src/venues/kalshi/simulator.js';
import { baseUrlsFromEnv } from '../../src/venues/registry.js';

describe('connectVenues', function () {
  this.timeout(30_000);

  it('sim mode: starts the simulators and every adapter reads from its own', async () => {
    const v = await connectVenues({ mode: 'sim', env: {}, sim: { tickMs: 0 } });
    try {
      assert.deepEqual(Object.keys(v.adapters), simulatedExchanges());
      for (const [code, adapter] of Object.entries(v.adapters)) {
        const first = await adapter!.listMarkets({ pageSize: 5 })[Symbol.asyncIterator]().next();
        assert.ok(!first.done && first.value.markets.length > 0, `${code} lists markets`);
        assert.ok(first.value.markets.every((m) => m.exchange === code));
      }
    } finally {
      await v.close();
    }
  });

  it('live mode with a <CODE>_<KEY>_URL override reaches that URL', async () => {
    assert.deepEqual(baseUrlsFromEnv('polymarket', { POLYMARKET_GAMMA_URL: 'http://g', POLYMARKET_CLOB_URL: 'http://c', KALSHI_REST_URL: 'http://k' }), { gamma: 'http://g', clob: 'http://c' });
    const sim = await startKalshiSimulator({ tickMs: 0 });
    const v = await connectVenues({ mode: 'live', codes: ['kalshi'], env: { KALSHI_REST_URL: sim.baseUrls.rest } });
    try {
      const m = await v.adapters.kalshi!.getMarket('KXFEDCHAIR-27-KHAS');
      assert.equal(m?.market_id, 'KXFEDCHAIR-27-KHAS');
      assert.ok(sim.server.requests.length > 0);
    } finally {
      await v.close();
      await sim.stop();
    }
  });
});
