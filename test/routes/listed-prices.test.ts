// Prices of listed markets on the venues whose listings carry none (Opinion, predict.fun), through the
// real service in sim mode: every open market with a book on the simulator is listed with its bid and
// ask, not only the ones the recorder tracks (it is off here), read from the venue's book endpoint a
// few at a time and reused for the next listing.
import assert from 'node:assert/strict';
import { VenueSync } from '../../src/indexers/venue-sync.js';
import { systemClock } from '../../src/util/clock.js';
import type { ExchangeCode } from '../../src/venues/exchanges.js';
import { mintTestKey, startTestService, type TestService } from '../helpers/service.js';

const VENUES: ExchangeCode[] = ['opinion', 'predictfun'];

describe('listed prices of the venues whose listings carry none', function () {
  this.timeout(120_000);
  let svc: TestService;
  let key: string;

  before(async () => {
    svc = await startTestService({ env: { EXCHANGE_MODE: 'sim' } });
    key = await mintTestKey(svc);
    // Books that move between the listing and the check would prove nothing either way.
    for (const code of VENUES) svc.venues.simulators!.simulators[code]!.activity.stop();
    for (const code of VENUES) {
      const r = await new VenueSync({ pool: svc.db.pool, adapter: svc.venues.syncAdapters[code]!, clock: systemClock }).run();
      assert.equal(r.ok, true, r.error ?? '');
    }
  });
  after(async () => svc?.destroy());

  for (const code of VENUES) {
    it(`${code}: every open market of a page of 20 whose simulator book has levels is listed with that bid and ask, and a second listing reads no book again`, async () => {
      const sim = svc.venues.simulators!.simulators[code]!;
      const res = await svc.request(`/api/v1/${code}/markets?status=open&limit=20`, { headers: { 'x-api-key': key } });
      assert.equal(res.status, 200, res.text);
      const markets = res.body.markets as { market_id: string; yes_bid: number | null; yes_ask: number | null; yes_price: number | null }[];
      const withBooks = markets.filter((m) => {
        const b = sim.activity.book(m.market_id);
        return b && b.bids.length > 0 && b.asks.length > 0;
      });
      assert.ok(withBooks.length >= 5, `${code}: open markets with books on the simulator (${withBooks.length} of ${markets.length})`);
      for (const m of withBooks) {
        const b = sim.activity.book(m.market_id)!;
        assert.equal(m.yes_bid, Math.max(...b.bids.map((l) => l.price)), `${code} ${m.market_id} yes_bid`);
        assert.equal(m.yes_ask, Math.min(...b.asks.map((l) => l.price)), `${code} ${m.market_id} yes_ask`);
        assert.notEqual(m.yes_price, null);
      }
      const requests = sim.server.requests.length;
      const again = await svc.request(`/api/v1/${code}/markets?status=open&limit=20`, { headers: { 'x-api-key': key } });
      assert.equal(again.status, 200);
      assert.equal(sim.server.requests.length, requests, 'the books read for the first listing are reused');
    });
  }
});
