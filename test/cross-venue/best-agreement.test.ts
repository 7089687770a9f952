// The listing (GET /api/v1/clusters) and the stream (/ws/svc) answer the same best legs, gap, gap
// after fees and fees_complete for the same quotes: both run src/market-data/best-quote.ts. Real
// service and database; the clusters' members are on venues without a stream of the service, so both
// paths read the same held quotes (the catalog, the recorder's newer tops). Each cluster exercises
// one rule on which the two once differed (fees, a closed member, a 0/1 empty side, rounding, ties),
// with the expected values computed by hand beside it.
import assert from 'node:assert/strict';
import type { SeedMarket } from '../../scripts/lib/catalog-seed.js';
import { recordTop, seedCluster } from '../helpers/cross-venue.js';
import { issueKey, startTestService, type TestService } from '../helpers/service.js';
import { TestStreamClient, type Json } from '../ws/client.js';

const MIN = 60_000;
const SVC = { fees: 'svc_ffffffffffff', closed: 'svc_cccccccccccc', empty: 'svc_zzzzzzzzzzzz', fine: 'svc_rrrrrrrrrrrr', tie: 'svc_tttttttttttt' };

describe('one best-quote arithmetic: GET /api/v1/clusters and /ws/svc agree', function () {
  this.timeout(300_000);
  let svc: TestService;
  let key: string;
  let client: TestStreamClient | undefined;
  const market = (exchange: string, id: string, bid: number | null, ask: number | null, o: Partial<SeedMarket> = {}): SeedMarket =>
    ({ exchange, market_id: id, title: `${exchange} ${id}`, yes_bid: bid, yes_ask: ask, last_price: ask, volume: 100, category: 'politics', updated_at: new Date(Date.now() - MIN).toISOString(), ...o });
  const listed = async (svcId: string): Promise<Json> => {
    const r = await svc.request(`/api/v1/clusters?svc_id=${svcId}&min_venues=1`, { headers: { 'x-api-key': key } });
    assert.equal(r.status, 200, r.text);
    const item = r.body.items[0] as Json;
    return { yes_ask: item.best.yes_ask, no_ask: item.best.no_ask, gap: item.gap, gap_after_fees: item.gap_after_fees, fees_complete: item.fees_complete };
  };
  const streamed = (m: Json): Json => {
    const b = m.type === 'snapshot' ? m.best : m;
    return { yes_ask: b.yes_ask, no_ask: b.no_ask, gap: b.gap, gap_after_fees: b.gap_after_fees, fees_complete: b.fees_complete };
  };

  before(async () => {
    svc = await startTestService({ env: { WS_POLL_INTERVAL_MS: '200' } });
    key = await issueKey(svc, 'pro', 10_000);
    const pool = svc.db.pool;
    // YES 0.40 on manifold (no fee: play money), NO 1 - 0.58 = 0.42 on predictit (0.1 x 0.58 = 0.058):
    // gap 0.18, after fees 0.18 - 0.058 = 0.122, both venues publish a model
    await seedCluster(pool, SVC.fees, 'fees', 0.9, 'politics', [market('predictit', '9101', 0.58, 0.6), market('manifold', 'm-fees', 0.37, 0.4)]);
    // opinion's closed market bids 0.70 (a NO ask of 0.30) but takes no order: NO 1 - 0.38 = 0.62 and
    // YES 0.40 both on predictit, gap -0.02; after fees -0.02 - 0.1 x 0.60 - 0.1 x 0.38 = -0.118
    await seedCluster(pool, SVC.closed, 'closed', 0.9, 'politics', [market('predictit', '9102', 0.38, 0.4), market('opinion', 'o-closed', 0.7, 0.72, { status: 'closed' })]);
    // manifold's book is empty, reported as bid 0 / ask 1: no NO side at all (not 1 - 0 = 1, a gap of -0.40)
    await seedCluster(pool, SVC.empty, 'empty side', 0.9, 'politics', [market('predictit', '9103', null, 0.4), market('manifold', 'm-empty', null, null)]);
    await recordTop(pool, 'manifold', 'm-empty', 0, 1);
    // manifold's free probability: NO 1 - 0.4567891 = 0.5432109, YES 0.45 on predictit (fee 0.1 x 0.55
    // = 0.055): gap 0.0067891, after fees -0.0482109 (6 decimals would have said 0.543211 and 0.006789)
    await seedCluster(pool, SVC.fine, 'fine', 0.9, 'politics', [market('predictit', '9104', 0.4, 0.45), market('manifold', 'm-fine', 0.3, 0.5)]);
    await recordTop(pool, 'manifold', 'm-fine', 0.4567891, 0.5);
    // futuur and manifold both ask 0.40 and bid 0.30: the tie goes to the member listed first (venue
    // order: futuur); futuur publishes no fee model
    await seedCluster(pool, SVC.tie, 'tie', 0.9, 'politics', [market('manifold', 'm-tie', 0.3, 0.4), market('futuur', 'f-tie', 0.3, 0.4)]);
  });
  after(async () => {
    client?.close();
    await svc?.destroy();
  });

  it('answers the hand-computed best and gap on the listing', async () => {
    const fees = await listed(SVC.fees);
    assert.deepEqual(fees, { yes_ask: { exchange: 'manifold', market_id: 'm-fees', price: 0.4, fee: 0 }, no_ask: { exchange: 'predictit', market_id: '9101', price: 0.42, fee: 0.058 }, gap: 0.18, gap_after_fees: 0.122, fees_complete: true });
    const closed = await listed(SVC.closed);
    assert.deepEqual([closed.yes_ask.exchange, closed.no_ask.exchange, closed.no_ask.price, closed.gap, closed.gap_after_fees], ['predictit', 'predictit', 0.62, -0.02, -0.118]);
    const empty = await listed(SVC.empty);
    assert.deepEqual([empty.yes_ask?.price, empty.no_ask, empty.gap, empty.gap_after_fees], [0.4, null, null, null]);
    const fine = await listed(SVC.fine);
    assert.deepEqual([fine.no_ask.price, fine.gap, fine.gap_after_fees], [0.5432109, 0.0067891, -0.0482109]);
    const tie = await listed(SVC.tie);
    assert.deepEqual([tie.yes_ask.exchange, tie.no_ask.exchange, tie.gap, tie.fees_complete], ['futuur', 'futuur', -0.1, false]);
  });

  it('streams the same best, gap, gap after fees and fees_complete as the listing, on subscribe and on a change', async () => {
    client = await TestStreamClient.open(`${svc.url.replace(/^http/, 'ws')}/ws/svc`, { headers: { 'X-API-Key': key } });
    const ids = Object.values(SVC);
    client.send({ action: 'subscribe', svc_ids: ids });
    // the snapshots come in any order
    const deadline = Date.now() + 15_000;
    const snapshotOf = (id: string) => client!.received.find((m) => m.type === 'snapshot' && m.svc_id === id);
    while (!ids.every(snapshotOf) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    for (const id of ids) {
      const snap = snapshotOf(id);
      assert.ok(snap, `the snapshot of ${id}`);
      assert.deepEqual(streamed(snap), await listed(id), id);
    }
    // predictit's book moves (the recorder sees it): NO 1 - 0.61 = 0.39, gap 1 - 0.40 - 0.39 = 0.21,
    // after fees 0.21 - 0.1 x 0.61 = 0.149
    await recordTop(svc.db.pool, 'predictit', '9101', 0.61, 0.63);
    const best = await client.next((m) => m.type === 'best' && m.svc_id === SVC.fees, 10_000, 'the best message after the move');
    const now = await listed(SVC.fees);
    assert.deepEqual(streamed(best), now);
    assert.deepEqual([now.gap, now.gap_after_fees], [0.21, 0.149]);
  });
});
