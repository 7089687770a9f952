// GET /health shows, per venue, the wire drift the adapters noticed in live traffic (venueDrift),
// most recent first, so an operator hears of a venue's change before users do.
import assert from 'node:assert/strict';
import { OpinionMarketListSchema } from '../../src/venues/opinion/wire.js';
import { checkWire, venueDrift } from '../../src/venues/wire.js';
import { EXCHANGE_CODES } from '../../src/venues/exchanges.js';
import { startTestService, type TestService } from '../helpers/service.js';

describe('/health: wire drift per venue', function () {
  this.timeout(60_000);
  let svc: TestService;
  before(async () => {
    svc = await startTestService();
  });
  after(async () => svc?.destroy());

  it('lists every venue, empty until an adapter notices a drift, then the field and what was seen', async () => {
    venueDrift.clear();
    const before = await svc.request('/health');
    const quiet = (before.body as { drift: Record<string, unknown[]> }).drift;
    assert.deepEqual(Object.keys(quiet).sort(), [...EXCHANGE_CODES].sort());
    assert.ok(Object.values(quiet).every((n) => n.length === 0));

    const drifted = { code: 0, msg: 'success', result: { total: 1, list: [{ marketId: 7, marketTitle: 'x', status: 9, marketType: 0 }] } };
    checkWire(OpinionMarketListSchema, drifted, { exchange: 'opinion', endpoint: 'GET /market' });
    checkWire(OpinionMarketListSchema, drifted, { exchange: 'opinion', endpoint: 'GET /market' });
    const after = await svc.request('/health');
    const notices = (after.body as { drift: Record<string, { endpoint: string; kind: string; detail: string; at: string; count: number }[]> }).drift.opinion;
    assert.equal(notices.length, 1);
    assert.equal(notices[0].endpoint, 'GET /market');
    assert.equal(notices[0].kind, 'unknown_value');
    assert.match(notices[0].detail, /^result\.list\[0\]\.status: /);
    assert.equal(notices[0].count, 2);
    assert.ok(!Number.isNaN(Date.parse(notices[0].at)));
    venueDrift.clear();
  });
});
