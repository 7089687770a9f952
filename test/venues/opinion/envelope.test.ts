// Opinion's envelope is spelled `{code, msg, result}` in its published OpenAPI and `{errno, errmsg,
// result}` in its SDK docs: the adapter reads both (results, "not found" with HTTP 200, other errors)
// and the drift log says which one the venue sent.
import assert from 'node:assert/strict';
import { createOpinionAdapter } from '../../../src/venues/opinion/client.js';
import { startOpinionSimulator } from '../../../src/venues/opinion/sim/simulator.js';
import { readOpinionEnvelope } from '../../../src/venues/opinion/wire.js';
import { VenueError } from '../../../src/venues/http-client.js';
import { DriftLog, venueDrift } from '../../../src/venues/wire.js';
import type { RunningSimulator } from '../../../src/sim/types.js';
import type { Market } from '../../../src/venues/records.js';

const FAST_HTTP = { retries: 0, timeoutMs: 5_000, rateLimit: { perSecond: 1_000, burst: 1_000 } };

describe('opinion: both envelope spellings', function () {
  this.timeout(30_000);

  it('reads either spelling and notes which one it saw', () => {
    const log = new DriftLog();
    assert.deepEqual(readOpinionEnvelope({ code: 0, msg: 'success', result: { a: 1 } }, log), { code: 0, message: 'success', result: { a: 1 }, spelling: 'code/msg' });
    assert.deepEqual(readOpinionEnvelope({ errno: 10404, errmsg: 'market not found', result: null }, log), { code: 10404, message: 'market not found', result: null, spelling: 'errno/errmsg' });
    assert.equal(readOpinionEnvelope({ status: 'ok' }, log), null);
    assert.deepEqual(log.of('opinion').map((n) => n.detail), ['answers are {errno, errmsg, result} (the CLOB SDK docs\' spelling)', 'answers are {code, msg, result} (the published OpenAPI\'s spelling)']);
  });

  for (const envelope of ['code/msg', 'errno/errmsg'] as const) {
    describe(`a venue answering ${envelope}`, () => {
      let sim: RunningSimulator;
      before(async () => {
        sim = await startOpinionSimulator({ tickMs: 0, envelope });
        venueDrift.clear();
      });
      after(async () => {
        await sim?.stop();
      });

      it('lists, reads, books; "not found" is null; another error names the code', async () => {
        const adapter = createOpinionAdapter({ baseUrls: sim.baseUrls, http: FAST_HTTP });
        const raw = (await (await fetch(`${sim.baseUrls.rest}/market?page=1&limit=5`)).json()) as Record<string, unknown>;
        assert.ok(envelope === 'code/msg' ? 'code' in raw && !('errno' in raw) : 'errno' in raw, 'the simulator speaks the spelling under test');
        let listed = 0;
        for await (const page of adapter.listMarkets({ pageSize: 20 })) listed += page.markets.length;
        assert.ok(listed > 0);
        let market: Market | undefined;
        for await (const page of adapter.listMarkets({ pageSize: 20 })) market ??= page.markets.find((m) => m.status === 'open');
        assert.ok(market);
        assert.equal((await adapter.getMarket(market.market_id))?.market_id, market.market_id);
        assert.equal((await adapter.getOrderBook(market.market_id)).market_id, market.market_id);
        assert.equal(await adapter.getMarket('99999999'), null);
        const bad = createOpinionAdapter({ baseUrls: sim.baseUrls, http: { ...FAST_HTTP, headers: { apikey: 'wrong' } } });
        await assert.rejects(bad.getMarket(market.market_id), (e: unknown) => e instanceof VenueError);
        const seen = venueDrift.of('opinion').filter((n) => n.endpoint === 'envelope').map((n) => n.detail);
        assert.deepEqual(seen, [`answers are ${envelope === 'code/msg' ? '{code, msg, result} (the published OpenAPI\'s spelling)' : '{errno, errmsg, result} (the CLOB SDK docs\' spelling)'}`]);
      });
    });
  }
});
