// GET /api/v1/clusters and GET /api/v1/svc/{svc_id}/prices through the real service (real database,
// real HTTP server, the nine venue simulators for the venue price history). The clusters and their
// members' prices are written as the service's own writers would leave them: markets through the
// catalog writer (with the time of their last sync), clusters in the matching tables, the recorder's
// top of book and one-minute candles in its tables. The expected gaps and fees are computed by hand
// in the comments beside them.
import assert from 'node:assert/strict';
import { VENUES } from '../../src/venues/index.js';
import { feeKnown, takerFeePerContract } from '../../src/venues/fees.js';
import { memberQuote, type HeldTop } from '../../src/cross-venue/cluster-quotes.js';
import type { SeedMarket } from '../../scripts/lib/catalog-seed.js';
import { recordCandle, recordTop as recordTopOfBook, seedCluster } from '../helpers/cross-venue.js';
import { issueKey, startTestService, type TestService } from '../helpers/service.js';

const pricing = Object.fromEntries(VENUES.map((v) => [v.code, v.pricing]));
const MIN = 60_000;

describe('cross-venue fee arithmetic (each venue\'s descriptor)', () => {
  it('computes each venue\'s taker fee per contract as its published model says', () => {
    // Kalshi: 0.07 x 100 x 0.40 x 0.60 = $1.68 for 100 contracts (already whole cents) -> 0.0168 each
    assert.equal(takerFeePerContract(pricing.kalshi.takerFee, 0.4), 0.0168);
    // 0.07 x 100 x 0.5 x 0.5 = $1.75 exactly: not rounded up to $1.76 by binary noise
    assert.equal(takerFeePerContract(pricing.kalshi.takerFee, 0.5), 0.0175);
    // 0.07 x 100 x 0.33 x 0.67 = $1.5477 -> rounded up to $1.55 -> 0.0155 each
    assert.equal(takerFeePerContract(pricing.kalshi.takerFee, 0.33), 0.0155);
    // predict.fun: 0.005 x min(0.3, 0.7) = 0.0015, the same on the complement
    assert.equal(takerFeePerContract(pricing.predictfun.takerFee, 0.3), 0.0015);
    assert.equal(takerFeePerContract(pricing.predictfun.takerFee, 0.7), 0.0015);
    // PredictIt: 10% of the profit of a winning share bought at 0.40: 0.1 x 0.60 = 0.06
    assert.equal(takerFeePerContract(pricing.predictit.takerFee, 0.4), 0.06);
    // Manifold: play money, no fee; the venues without a published model count 0 and say so
    assert.equal(takerFeePerContract(pricing.manifold.takerFee, 0.4), 0);
    assert.equal(feeKnown(pricing.manifold.takerFee), true);
    for (const code of ['polymarket', 'limitless', 'opinion', 'futuur', 'probable'] as const) {
      assert.equal(takerFeePerContract(pricing[code].takerFee, 0.4), 0, code);
      assert.equal(feeKnown(pricing[code].takerFee), false, code);
    }
  });

  it('dates a member\'s quote by its newest book, and a live stream\'s book is current at any age', () => {
    const now = Date.parse('2026-11-28T10:00:00Z');
    const holdings = (tops: HeldTop[]) =>
      ({ exchange: 'kalshi', market_id: 'KX-1', title: 't', url: null, status: 'open', catalog: { bid: 0.38, ask: 0.4, last: null, volume: 10, ts: now - 11 * MIN }, tops, trade: null });
    // the catalog's 11 minutes (bound 10): stale; a recorded top 1 minute old: fresh, and the quote
    assert.equal(memberQuote(holdings([]), now).stale, true);
    const recorded = memberQuote(holdings([{ bid: 0.39, ask: 0.41, ts: now - MIN, source: 'recorded' }]), now);
    assert.deepEqual([recorded.source, recorded.yes_bid, recorded.stale], ['recorded', 0.39, false]);
    // the gateway's stream book, 20 minutes quiet: the venue would have pushed a change; current, and
    // preferred over an older-dated or newer-dated other book (as /ws/svc takes a live member)
    const stream = memberQuote(holdings([{ bid: 0.36, ask: 0.42, ts: now - 20 * MIN, source: 'stream' }, { bid: 0.39, ask: 0.41, ts: now - MIN, source: 'recorded' }]), now);
    assert.deepEqual([stream.source, stream.yes_bid, stream.stale, stream.age_seconds], ['stream', 0.36, false, 1200]);
  });
});

describe('GET /api/v1/clusters and /svc/{svc_id}/prices (real service)', function () {
  this.timeout(180_000);
  let svc: TestService;
  let pro: string;
  let free: string;
  const get = (path: string, key = pro) => svc.request(path, { headers: { 'x-api-key': key } });
  const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
  // five clusters: svc ids in base32 (svc_ + 12 of a-z2-7)
  const SVC = { a: 'svc_aaaaaaaaaaaa', b: 'svc_bbbbbbbbbbbb', c: 'svc_cccccccccccc', d: 'svc_dddddddddddd', e: 'svc_eeeeeeeeeeee' };
  let simMarketId = '';

  const market = (exchange: string, id: string, title: string, bid: number | null, ask: number | null, o: Partial<SeedMarket> = {}): SeedMarket =>
    ({ exchange, market_id: id, title, yes_bid: bid, yes_ask: ask, last_price: ask, volume: 1000, category: 'politics', updated_at: ago(MIN), ...o });

  const cluster = (svcId: string, title: string, confidence: number, category: string, members: SeedMarket[]) => seedCluster(svc.db.pool, svcId, title, confidence, category, members);
  const recordTop = (exchange: string, marketId: string, bid: number, ask: number) => recordTopOfBook(svc.db.pool, exchange, marketId, bid, ask);

  before(async () => {
    svc = await startTestService({ env: { EXCHANGE_MODE: 'sim' } });
    pro = await issueKey(svc, 'pro', 100_000);
    free = await issueKey(svc, 'free', 100_000);
    // gap 0.18 before fees (kalshi ask 0.40, predictit bid 0.58)
    await cluster(SVC.a, 'Will the Senate pass the budget bill?', 0.95, 'politics', [market('kalshi', 'KX-A', 'Senate passes budget bill', 0.38, 0.4), market('predictit', '9001', 'Budget bill passes the Senate?', 0.58, 0.6, { volume: 50 })]);
    // gap 1 - 0.50 - 0.49 = 0.01
    await cluster(SVC.b, 'Will Bitcoin reach $150k in 2026?', 0.9, 'crypto', [market('kalshi', 'KX-B', 'Bitcoin above 150k', 0.48, 0.5, { category: 'crypto', volume: 9000 }), market('polymarket', '0xb', 'Bitcoin $150k in 2026', 0.51, 0.53, { category: 'crypto' })]);
    // three venues, gap -0.02
    await cluster(SVC.c, 'Will the Fed cut rates in December?', 0.8, 'economics', [market('kalshi', 'KX-C', 'Fed cuts in December', 0.3, 0.32, { category: 'economics' }), market('polymarket', '0xc', 'Fed rate cut December', 0.29, 0.31, { category: 'economics' }), market('predictit', '9003', 'Fed cut in Dec?', 0.28, 0.33, { category: 'economics' })]);
    // one member's quote 20 minutes old (stale): no fresh pair, no gap
    await cluster(SVC.d, 'Will the governor sign the climate law?', 0.7, 'politics', [market('kalshi', 'KX-D', 'Governor signs climate law', 0.2, 0.22), market('predictit', '9004', 'Climate law signed?', 0.4, 0.42, { updated_at: ago(20 * MIN) })]);
    // one member closed: counts toward min_venues only without active_only
    await cluster(SVC.e, 'Will the mayor resign?', 0.6, 'politics', [market('kalshi', 'KX-E', 'Mayor resigns', 0.1, 0.12), market('predictit', '9005', 'Mayor resigns?', 0.1, 0.12, { status: 'closed' })]);
    const adapter = svc.venues.liveAdapters.polymarket!;
    for await (const page of adapter.listMarkets({ pageSize: 5 })) {
      simMarketId = page.markets[0].market_id;
      break;
    }
  });
  after(async () => svc?.destroy());

  const svcIds = (body: { items: { svc_id: string }[] }) => body.items.map((i) => i.svc_id);

  it('lists clusters by gap with quotes, best legs, gap and gap after fees', async () => {
    const r = await get('/api/v1/clusters');
    assert.equal(r.status, 200, r.text);
    // by gap: a 0.18, b 0.01, c -0.02; d and e have no fresh pair (no gap) and come last by svc_id
    assert.deepEqual(svcIds(r.body), [SVC.a, SVC.b, SVC.c, SVC.d, SVC.e]);
    const a = r.body.items[0];
    assert.equal(a.gap, 0.18);
    // kalshi 0.0168 at 0.40 + predictit 0.1 x (1 - 0.42) = 0.058 on the NO leg
    assert.equal(a.gap_after_fees, 0.1052);
    assert.deepEqual(a.best.yes_ask, { exchange: 'kalshi', market_id: 'KX-A', price: 0.4, fee: 0.0168 });
    assert.deepEqual(a.best.no_ask, { exchange: 'predictit', market_id: '9001', price: 0.42, fee: 0.058 });
    assert.deepEqual(a.exchanges, ['kalshi', 'predictit']);
    assert.equal(a.market_count, 2);
    for (const q of a.quotes) {
      assert.equal(q.source, 'catalog');
      assert.equal(q.stale, false);
      assert.ok(q.age_seconds >= 55 && q.age_seconds < 600, `age ${q.age_seconds}`);
    }
    const b = r.body.items[1];
    assert.equal(b.gap, 0.01);
    // YES 0.50 on kalshi, NO 1 - 0.51 = 0.49 on polymarket, whose fee model is not published
    assert.equal(b.best.no_ask.exchange, 'polymarket');
    assert.equal(b.fees_complete, false);
    // 0.01 - kalshi's 0.0175 at 0.50
    assert.equal(b.gap_after_fees, -0.0075);
  });

  it('never uses a stale quote for best and says it is stale', async () => {
    const r = await get('/api/v1/clusters?q=climate');
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(svcIds(r.body), [SVC.d]);
    const d = r.body.items[0];
    const predictit = d.quotes.find((q: { exchange: string }) => q.exchange === 'predictit');
    assert.equal(predictit.stale, true);
    assert.ok(predictit.age_seconds >= 20 * 60 - 5);
    // only kalshi's fresh quote: YES ask 0.22 and NO ask 1 - 0.20, both on kalshi: gap 1 - 0.22 - 0.80 = -0.02
    assert.equal(d.best.yes_ask.exchange, 'kalshi');
    assert.equal(d.best.no_ask.exchange, 'kalshi');
    assert.equal(d.gap, -0.02);
  });

  it('uses the recorder\'s newer top of book over the catalog, dated by it', async () => {
    await recordTop('predictit', '9004', 0.41, 0.43);
    const r = await get('/api/v1/clusters?q=climate');
    const predictit = r.body.items[0].quotes.find((q: { exchange: string }) => q.exchange === 'predictit');
    assert.equal(predictit.source, 'recorded');
    assert.equal(predictit.stale, false);
    assert.equal(predictit.yes_bid, 0.41);
    // YES 0.22 on kalshi, NO 1 - 0.41 = 0.59 on predictit: gap 0.19
    assert.equal(r.body.items[0].gap, 0.19);
  });

  it('applies every filter and sort', async () => {
    const ids = async (qs: string) => {
      const r = await get(`/api/v1/clusters?${qs}`);
      assert.equal(r.status, 200, `${qs}: ${r.text}`);
      return svcIds(r.body);
    };
    assert.deepEqual(await ids('category=crypto'), [SVC.b]);
    assert.deepEqual(await ids('category=ECONOMICS'), [SVC.c]);
    assert.deepEqual(await ids('exchange=polymarket&exchange=predictit'), [SVC.c]);
    assert.deepEqual(await ids('exchange=kalshi,polymarket&sort=confidence'), [SVC.b, SVC.c]);
    assert.deepEqual(await ids('min_venues=3'), [SVC.c]);
    assert.deepEqual((await ids('active_only=true')).includes(SVC.e), false);
    assert.deepEqual((await ids('active_only=false')).includes(SVC.e), true);
    assert.deepEqual(await ids('min_confidence=0.85&sort=confidence'), [SVC.a, SVC.b]);
    // d's recorded top (previous test) gives it 0.19
    assert.deepEqual(await ids('min_gap=0.01'), [SVC.d, SVC.a, SVC.b]);
    assert.deepEqual(await ids('q=bitcoin'), [SVC.b]);
    assert.deepEqual(await ids(`svc_id=${SVC.c}`), [SVC.c]);
    assert.deepEqual(await ids('q=passes%20senate'), [SVC.a], 'member titles and stems count');
    assert.deepEqual(await ids('sort=volume'), [SVC.b, SVC.c, SVC.d, SVC.e, SVC.a]);
    assert.deepEqual((await ids('sort=venues'))[0], SVC.c);
    assert.deepEqual(await ids('sort=confidence'), [SVC.a, SVC.b, SVC.c, SVC.d, SVC.e]);
    assert.equal((await ids('sort=updated'))[0], SVC.d, 'the recorded top is the freshest quote');
  });

  it('pages with cursors that neither repeat nor skip while quotes move', async () => {
    const first = await get('/api/v1/clusters?sort=gap&limit=2');
    assert.equal(first.status, 200, first.text);
    assert.equal(first.body.total, 5);
    const seen = svcIds(first.body);
    assert.deepEqual(seen, [SVC.d, SVC.a]);
    // the fed cluster's gap jumps to the top between two pages: 1 - 0.10 - (1 - 0.9) = 0.8
    await recordTop('kalshi', 'KX-C', 0.29, 0.1);
    await recordTop('polymarket', '0xc', 0.9, 0.95);
    const now = await get('/api/v1/clusters?sort=gap&limit=2');
    assert.equal(svcIds(now.body)[0], SVC.c, 'a new listing sees the move');
    let cursor = first.body.next_cursor;
    while (cursor) {
      const r = await get(`/api/v1/clusters?sort=gap&limit=2&cursor=${cursor}`);
      assert.equal(r.status, 200, r.text);
      seen.push(...svcIds(r.body));
      cursor = r.body.next_cursor;
    }
    assert.deepEqual([...seen].sort(), Object.values(SVC).sort(), 'every cluster once');
    assert.equal(new Set(seen).size, seen.length);
    // the moved cluster is served with its current quotes at its snapshot place
    const c = (await get(`/api/v1/clusters?sort=gap&limit=2&cursor=${first.body.next_cursor}`)).body.items.find((i: { svc_id: string }) => i.svc_id === SVC.c);
    assert.equal(c.gap, 0.8);
  });

  it('answers bad filters, cursors and unknown ids with a 400/404 naming the field', async () => {
    const bad: [string, RegExp][] = [
      ['category=weather', /^category: must be one of politics/],
      ['sort=price', /^sort: /],
      ['limit=0', /^limit: /],
      ['limit=101', /^limit: /],
      ['min_gap=abc', /^min_gap: must be a number/],
      ['min_confidence=2', /^min_confidence: /],
      ['min_venues=x', /^min_venues: /],
      ['active_only=yes', /^active_only: /],
      ['exchange=nowhere', /^exchange: unknown exchange "nowhere"/],
      ['svc_id=svc_1', /^svc_id: must be svc_ followed by 12/],
      ['min_gaps=0.1', /^min_gaps: unknown query parameter/],
      ['cursor=notacursor', /^cursor: not a cursor/],
      [`cursor=${Buffer.from(JSON.stringify({ s: 'gone', o: 2 })).toString('base64url')}`, /^cursor: unknown or expired/],
    ];
    for (const [qs, message] of bad) {
      const r = await get(`/api/v1/clusters?${qs}`);
      assert.equal(r.status, 400, qs);
      assert.match(r.body.error, message, qs);
    }
    const first = await get('/api/v1/clusters?limit=1');
    const other = await get(`/api/v1/clusters?limit=1&sort=volume&cursor=${first.body.next_cursor}`);
    assert.equal(other.status, 400);
    assert.match(other.body.error, /^cursor: it was made for other filters/);
    assert.equal((await get('/api/v1/clusters', free)).status, 403);
    const p = await get('/api/v1/svc/svc_zzzzzzzzzzzz/prices');
    assert.equal(p.status, 404);
    assert.match(p.body.error, /unknown svc_id: svc_zzzzzzzzzzzz/);
    assert.match((await get('/api/v1/svc/nope/prices')).body.error, /^svc_id: /);
    assert.match((await get(`/api/v1/svc/${SVC.a}/prices?interval=5m`)).body.error, /^interval: /);
    assert.match((await get(`/api/v1/svc/${SVC.a}/prices?start=yesterday`)).body.error, /^start: must be an ISO 8601 time/);
    assert.match((await get(`/api/v1/svc/${SVC.a}/prices?start=2026-01-02T00:00:00Z&end=2026-01-01T00:00:00Z`)).body.error, /^start: must not be after end/);
    assert.match((await get(`/api/v1/svc/${SVC.a}/prices?interval=1m&start=2026-01-01T00:00:00Z&end=2026-01-05T00:00:00Z`)).body.error, /^interval: 5761 points of 1m/);
    assert.equal((await get(`/api/v1/svc/${SVC.a}/prices`, free)).status, 403);
  });

  it('serves every member\'s prices on one grid: recorded where held, the venue\'s history otherwise', async () => {
    const svcId = 'svc_ffffffffffff';
    await cluster(svcId, 'Recorded and venue history', 0.9, 'politics', [market('kalshi', 'KX-F', 'Recorded member', 0.4, 0.42), market('polymarket', simMarketId, 'Sim member', 0.4, 0.42)]);
    const hour = 3_600_000;
    const end = Math.floor(Date.now() / hour) * hour;
    const start = end - 5 * hour;
    // recorded one-minute candles of the kalshi member in two of the hours: 0.41 then 0.45
    for (const [ts, close] of [[start + hour + 5 * MIN, 0.41], [start + 3 * hour + 10 * MIN, 0.45]] as const) await recordCandle(svc.db.pool, 'kalshi', 'KX-F', ts, close);
    const r = await get(`/api/v1/svc/${svcId}/prices?interval=1h&start=${new Date(start).toISOString()}&end=${new Date(end).toISOString()}`);
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.timestamps.length, 6);
    assert.equal(r.body.timestamps[0], new Date(start).toISOString());
    const kalshi = r.body.series.find((s: { exchange: string }) => s.exchange === 'kalshi');
    assert.equal(kalshi.source, 'recorded');
    assert.deepEqual(kalshi.prices, [null, 0.41, 0.41, 0.45, 0.45, 0.45]);
    const poly = r.body.series.find((s: { exchange: string }) => s.exchange === 'polymarket');
    assert.equal(poly.source, 'venue', poly.note);
    assert.equal(poly.prices.length, 6);
    assert.ok(poly.prices.some((p: number | null) => p !== null), 'the simulator\'s price history lands on the grid');
  });
});
