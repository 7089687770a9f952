/** Requests against the simulator: Futuur paths and query strings, and HMAC-SHA512 signed headers pinned byte for byte; the request table's exact URLs: fixtures/requests.json, test/venues/static-requests.test.ts. */
import assert from 'node:assert/strict';
import { futuurSigningString, signFutuurRequest } from '../../../src/venues/futuur/auth.js';
import { createFutuurAdapter, FutuurAdapter, timeIntervalFor } from '../../../src/venues/futuur/client.js';
import { FUTUUR_SIM_CREDENTIALS, startFutuurSimulator } from '../../../src/venues/futuur/sim/simulator.js';
import { VenueError } from '../../../src/venues/http-client.js';
import type { RunningSimulator } from '../../../src/sim/types.js';

describe('futuur requests', () => {
  it('picks the coarsest history window that covers the range', () => {
    assert.equal(timeIntervalFor(0, 3 * 86_400_000), 'week');
    assert.equal(timeIntervalFor(0, 400 * 86_400_000), 'all_time');
  });

  it('HMAC-SHA512: code-point sorted (Key, Timestamp before lower case), URL-encoded, hex; pinned bytes', () => {
    const params = { search: 'fed rates', offset: 0, limit: 20, currency_mode: 'real_money' };
    const creds = { publicKey: 'pk_test_AbC', privateKey: 'sk_test_secret' };
    assert.equal(futuurSigningString(params, creds.publicKey, 1767225600), 'Key=pk_test_AbC&Timestamp=1767225600&currency_mode=real_money&limit=20&offset=0&search=fed+rates');
    // Expected value computed independently (Python hmac + urllib.parse.urlencode).
    assert.deepEqual(signFutuurRequest(params, creds, 1767225600), {
      Key: 'pk_test_AbC',
      Timestamp: '1767225600',
      HMAC: '983b84d5fd7a4a33b16bf1e48a6a13ba8571c81b19c311ef2a68b508f7f52a2752e303d603f68254e61e768ca905fb812b1353f32bfded7e9d0972ed8e03424b',
    });
  });

  describe('against the simulator', () => {
    let sim: RunningSimulator;
    before(async () => {
      sim = await startFutuurSimulator({ tickMs: 0 });
    });
    after(() => sim.stop());

    it('walks limit/offset to the end; with credentials every request is signed and accepted', async () => {
      const fixedNow = Date.now();
      const adapter = new FutuurAdapter({ baseUrls: sim.baseUrls, http: { now: () => fixedNow }, keys: { public_key: FUTUUR_SIM_CREDENTIALS.publicKey, private_key: FUTUUR_SIM_CREDENTIALS.privateKey } });
      sim.server.requests.length = 0;
      let markets = 0;
      for await (const p of adapter.listMarkets({ pageSize: 10 })) markets += p.markets.length;
      assert.ok(markets >= 30);
      const sent = sim.server.requests;
      assert.deepEqual(sent.map((r) => `${r.path}?${r.search}`), sent.map((_, i) => `/v2.0/events/?currency_mode=real_money&limit=10&offset=${i * 10}`));
      for (const r of sent) {
        assert.equal(r.headers.key, FUTUUR_SIM_CREDENTIALS.publicKey);
        assert.equal(r.headers.timestamp, String(Math.floor(fixedNow / 1000)));
        const q = Object.fromEntries(new URLSearchParams(r.search));
        assert.equal(r.headers.hmac, signFutuurRequest(q, FUTUUR_SIM_CREDENTIALS, Math.floor(fixedNow / 1000)).HMAC);
      }
    });

    it('a wrong secret or a stale timestamp is refused by the venue', async () => {
      const wrong = new FutuurAdapter({ baseUrls: sim.baseUrls, http: { retries: 0 }, keys: { public_key: FUTUUR_SIM_CREDENTIALS.publicKey, private_key: 'not-the-secret' } });
      await assert.rejects(wrong.getEvent('7000'), (e: unknown) => e instanceof VenueError && e.status === 401 && /InvalidHMACSignature/.test(e.message));
      const stale = new FutuurAdapter({ baseUrls: sim.baseUrls, http: { retries: 0, now: () => Date.now() - 3_600_000 }, keys: { public_key: FUTUUR_SIM_CREDENTIALS.publicKey, private_key: FUTUUR_SIM_CREDENTIALS.privateKey } });
      await assert.rejects(stale.getEvent('7000'), (e: unknown) => e instanceof VenueError && /ExpiredTimestamp/.test(e.message));
    });

    it('reads go through the market event; unsigned reads are public', async () => {
      const adapter = createFutuurAdapter({ baseUrls: sim.baseUrls });
      const first = await adapter.listMarkets({ pageSize: 5 })[Symbol.asyncIterator]().next();
      assert.ok(!first.done);
      const m = first.value.markets[0];
      sim.server.requests.length = 0;
      await adapter.getMarket(m.market_id);
      await adapter.getOrderBook(m.market_id);
      await adapter.getTrades(m.market_id, { limit: 5 });
      assert.deepEqual(sim.server.requests.map((r) => `${r.path}?${r.search}`), [
        `/v2.0/events/${m.event_id}/?`,
        `/v2.0/markets/${m.market_id}/book/?currency_mode=real_money&position=long`,
        `/v2.0/events/${m.event_id}/actions/?currency_mode=real_money&limit=100&offset=0`,
      ]);
      assert.ok(sim.server.requests.every((r) => r.headers.hmac === undefined));
    });
  });
});
