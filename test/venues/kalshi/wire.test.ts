/**
 * The Kalshi simulator held to Kalshi's published wire schemas (src/venues/kalshi/wire.ts): every
 * endpoint and stream message the adapter and the order client use is driven here and its answer
 * validated, so the simulator cannot send what the venue never sends (a (no, bid) trade, a market
 * without its required fields, an order answer of the retired shape). The schemas themselves are
 * shown to refuse such payloads.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import WebSocket from 'ws';
import type { z } from 'zod';
import { signKalshiRequest } from '../../../src/venues/kalshi/signing.js';
import { startKalshiSimulator } from '../../../src/venues/kalshi/sim/simulator.js';
import * as wire from '../../../src/venues/kalshi/wire.js';
import { venueDrift } from '../../../src/venues/wire.js';
import { formatConformance, runVenueConformance } from '../../../src/venues/conformance.js';
import { VENUES } from '../../../src/venues/index.js';
import type { RunningSimulator } from '../../../src/sim/types.js';

const PEM = readFileSync(new URL('../../trading/fixtures/kalshi-test-private.pem', import.meta.url), 'utf8');
const PUBLIC = readFileSync(new URL('../../trading/fixtures/kalshi-test-public.pem', import.meta.url), 'utf8');
const KEY_ID = 'wire-test-key';

function valid(schema: z.ZodType, payload: unknown, what: string): void {
  const r = schema.safeParse(payload);
  assert.ok(r.success, `${what}: ${r.success ? '' : JSON.stringify(r.error.issues.slice(0, 3))}\n${JSON.stringify(payload).slice(0, 400)}`);
}

describe('kalshi simulator against the published wire schemas', function () {
  this.timeout(30_000);
  let sim: RunningSimulator;
  let rest: string;
  const ticker = 'KXFEDCHAIR-27-KHAS';

  const get = async (path: string): Promise<{ status: number; body: any }> => {
    const res = await fetch(`${rest}${path}`);
    return { status: res.status, body: await res.json() };
  };
  const signed = async (method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> => {
    const headers = signKalshiRequest(KEY_ID, PEM, method, new URL(`${rest}${path}`).pathname, Date.now());
    const res = await fetch(`${rest}${path}`, { method, headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
    return { status: res.status, body: await res.json() };
  };

  before(async () => {
    sim = await startKalshiSimulator({ tickMs: 0, seed: 3 });
    rest = sim.baseUrls.rest;
    const reg = await fetch(`${sim.server.baseUrl}/_sim/api_keys`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ key_id: KEY_ID, public_key: PUBLIC }) });
    assert.equal(reg.status, 201);
    // Some tape, so trades and candles have something to show.
    for (let i = 0; i < 200; i++) sim.activity.stepMarket(ticker);
  });
  after(() => sim?.stop());

  it('public reads: markets (every page), a market, events by tickers, an event, book, trades, candles', async () => {
    let cursor = '';
    let pages = 0;
    const events = new Set<string>();
    do {
      const page = await get(`/markets?limit=50&mve_filter=exclude${cursor ? `&cursor=${cursor}` : ''}`);
      valid(wire.KalshiMarketsPage, page.body, `GET /markets page ${pages}`);
      for (const m of page.body.markets) events.add(m.event_ticker);
      cursor = page.body.cursor;
      pages++;
    } while (cursor);
    valid(wire.KalshiMarketDetail, (await get(`/markets/${ticker}`)).body, 'GET /markets/{ticker}');
    const byTickers = await get(`/events?limit=200&tickers=${encodeURIComponent([...events].slice(0, 5).join(','))}`);
    valid(wire.KalshiEventsPage, byTickers.body, 'GET /events?tickers=');
    assert.deepEqual(byTickers.body.events.map((e: { event_ticker: string }) => e.event_ticker).sort(), [...events].slice(0, 5).sort(), 'the tickers filter returns exactly those events');
    valid(wire.KalshiEventsPage, (await get('/events?limit=200&with_nested_markets=true')).body, 'GET /events with nested markets');
    valid(wire.KalshiEventDetail, (await get('/events/KXFEDCHAIR-27')).body, 'GET /events/{event_ticker}');
    valid(wire.KalshiOrderbook, (await get(`/markets/${ticker}/orderbook`)).body, 'GET /markets/{ticker}/orderbook');
    const trades = await get(`/markets/trades?ticker=${ticker}&limit=1000`);
    valid(wire.KalshiTradesPage, trades.body, 'GET /markets/trades');
    const sides = new Set(trades.body.trades.map((t: { taker_outcome_side: string; taker_book_side: string }) => `${t.taker_outcome_side},${t.taker_book_side}`));
    assert.deepEqual([...sides].sort(), ['no,ask', 'yes,bid'], 'both directions on the tape, each as one bit');
    const end = Math.floor(Date.now() / 1000);
    valid(wire.KalshiCandlesticks, (await get(`/series/KXFEDCHAIR/markets/${ticker}/candlesticks?start_ts=${end - 86_400}&end_ts=${end}&period_interval=60`)).body, 'candlesticks');
  });

  it('orders: V2 create and cancel, the order and order list reads, fills, positions, balance, the errors', async () => {
    const buyYes = await signed('POST', '/portfolio/events/orders', { ticker, client_order_id: 'w-1', side: 'bid', count: '2.00', price: '0.9900', time_in_force: 'good_till_canceled', self_trade_prevention_type: 'taker_at_cross' });
    assert.equal(buyYes.status, 201);
    valid(wire.KalshiCreateOrderV2Response, buyYes.body, 'POST /portfolio/events/orders (filled)');
    const resting = await signed('POST', '/portfolio/events/orders', { ticker, client_order_id: 'w-2', side: 'ask', count: '3', price: '0.9800', time_in_force: 'good_till_canceled', self_trade_prevention_type: 'maker' });
    valid(wire.KalshiCreateOrderV2Response, resting.body, 'POST /portfolio/events/orders (resting)');
    assert.equal(resting.body.remaining_count, '3.00');
    const order = await signed('GET', `/portfolio/orders/${resting.body.order_id}`);
    valid(wire.KalshiOrderDetail, order.body, 'GET /portfolio/orders/{id}');
    assert.deepEqual([order.body.order.outcome_side, order.body.order.book_side], ['no', 'ask']);
    valid(wire.KalshiOrdersPage, (await signed('GET', `/portfolio/orders?ticker=${ticker}&min_ts=0&limit=1000`)).body, 'GET /portfolio/orders');
    valid(wire.KalshiFillsPage, (await signed('GET', `/portfolio/fills?order_id=${buyYes.body.order_id}&limit=1000`)).body, 'GET /portfolio/fills');
    const cancel = await signed('DELETE', `/portfolio/events/orders/${resting.body.order_id}`);
    assert.equal(cancel.status, 200);
    valid(wire.KalshiCancelOrderV2Response, cancel.body, 'DELETE /portfolio/events/orders/{id}');
    valid(wire.KalshiPositions, (await signed('GET', '/portfolio/positions?limit=1000')).body, 'GET /portfolio/positions');
    valid(wire.KalshiBalance, (await signed('GET', '/portfolio/balance')).body, 'GET /portfolio/balance');

    const unknown = await signed('DELETE', '/portfolio/events/orders/00000000-0000-4000-8000-000000000000');
    assert.equal(unknown.status, 404);
    valid(wire.KalshiErrorBody, unknown.body, 'cancel of an unknown id');
    // A body the published request schema refuses (no self_trade_prevention_type) is a 400.
    const noStp = await signed('POST', '/portfolio/events/orders', { ticker, side: 'bid', count: '1', price: '0.5000', time_in_force: 'good_till_canceled' });
    assert.equal(noStp.status, 400);
    valid(wire.KalshiErrorBody, noStp.body, 'a refused create');
    // The retired mutations answer as Kalshi does since June 2026, signed or not.
    for (const [method, path] of [['POST', '/portfolio/orders'], ['DELETE', `/portfolio/orders/${buyYes.body.order_id}`]] as const) {
      const res = await signed(method, path, method === 'POST' ? { ticker, side: 'yes', action: 'buy', count: 1, yes_price_dollars: '0.5000' } : undefined);
      assert.equal(res.status, 410, `${method} ${path}`);
      assert.deepEqual(wire.kalshiErrorOf(res.body), { code: 'deprecated_v1_order_endpoint', message: 'Please switch to the V2 endpoints', envelope: 'wrapped' });
    }
  });

  it('stream: subscribed, snapshot, delta, ticker and trade messages (and a command error)', async () => {
    const ws = new WebSocket(sim.baseUrls.ws);
    const seen: any[] = [];
    ws.on('message', (d) => seen.push(JSON.parse(String(d))));
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const subscribe = { id: 1, cmd: 'subscribe', params: { channels: ['orderbook_delta'], market_tickers: [ticker], use_yes_price: true } };
    valid(wire.KalshiWsSubscribe, subscribe, 'the subscribe command');
    ws.send(JSON.stringify(subscribe));
    ws.send(JSON.stringify({ id: 2, cmd: 'subscribe', params: { channels: ['ticker'], market_tickers: [ticker] } }));
    ws.send(JSON.stringify({ id: 3, cmd: 'subscribe', params: { channels: ['trade'], market_tickers: [ticker] } }));
    ws.send(JSON.stringify({ id: 4, cmd: 'subscribe', params: { channels: ['nonsense'], market_tickers: [ticker] } }));
    const types = (): Set<string> => new Set(seen.map((m) => m.type));
    for (let i = 0; i < 2_000 && !['orderbook_snapshot', 'orderbook_delta', 'ticker', 'trade', 'error'].every((t) => types().has(t)); i++) {
      sim.activity.stepMarket(ticker);
      await new Promise((r) => setImmediate(r));
    }
    ws.close();
    for (const t of ['subscribed', 'orderbook_snapshot', 'orderbook_delta', 'ticker', 'trade', 'error']) assert.ok(types().has(t), `no ${t} message`);
    for (const m of seen) if (wire.KALSHI_WS_MESSAGES[m.type]) valid(wire.KALSHI_WS_MESSAGES[m.type], m, `ws ${m.type}`);
    const trades = seen.filter((m) => m.type === 'trade');
    assert.ok(trades.every((m) => (m.msg.taker_outcome_side === 'yes') === (m.msg.taker_book_side === 'bid')));
  });

  it('the conformance run with the account\'s key: every check ok against the simulator, the signed ones included', async () => {
    const venue = { descriptor: VENUES.find((v) => v.code === 'kalshi')!, baseUrls: sim.baseUrls, keys: { marketData: {}, credentials: { key_id: KEY_ID, private_key: PEM } } };
    const { results } = await runVenueConformance(venue, { timeoutMs: 5_000, withCredentials: true });
    assert.deepEqual(results.filter((r) => r.outcome !== 'ok'), [], formatConformance({ results, noNetwork: false }));
    assert.deepEqual(results.map((r) => r.endpoint), wire.conformanceChecks.map((c) => c.endpoint));
    // A key the venue does not know: every signed check fails with the venue's 401, none is taken for ok.
    const stranger = await runVenueConformance({ ...venue, keys: { marketData: {}, credentials: { key_id: 'unknown-key', private_key: PEM } } }, { timeoutMs: 5_000, withCredentials: true });
    const signedChecks = wire.conformanceChecks.filter((c) => c.authenticated).map((c) => c.endpoint);
    for (const r of stranger.results.filter((x) => signedChecks.includes(x.endpoint))) assert.ok((r.outcome === 'failed' && /HTTP 401/.test(r.detail)) || r.outcome === 'skipped', `${r.endpoint}: ${r.outcome} ${r.detail}`);
    // A private key that does not parse: each signed check fails saying so, and nothing is sent unsigned.
    sim.server.requests.length = 0;
    const unparsable = await runVenueConformance({ ...venue, keys: { marketData: {}, credentials: { key_id: KEY_ID, private_key: 'not a key' } } }, { timeoutMs: 5_000, withCredentials: true });
    for (const r of unparsable.results.filter((x) => signedChecks.includes(x.endpoint))) assert.ok((r.outcome === 'failed' && /could not sign/.test(r.detail)) || r.outcome === 'skipped', `${r.endpoint}: ${r.outcome} ${r.detail}`);
    assert.deepEqual(sim.server.requests.filter((r) => r.path.includes('/portfolio/')), []);
  });

  it('a live answer unlike the schema is noted as drift for /health, naming the endpoint and the field', async () => {
    venueDrift.clear();
    const page = (await get(`/markets/trades?ticker=${ticker}&limit=1`)).body;
    const bad = { ...page, trades: [{ ...page.trades[0], taker_outcome_side: 'no', taker_book_side: 'bid' }] };
    assert.equal(wire.checkKalshiWire(wire.KALSHI_READS.trades, bad), false);
    const [notice] = venueDrift.of('kalshi');
    assert.deepEqual([notice.endpoint, notice.kind], ['GET /markets/trades', 'shape']);
    assert.match(notice.detail, /^trades\[0\]\.taker_book_side: \(no, bid\) is not a direction Kalshi sends/);
    venueDrift.clear();
  });

  it('the schemas refuse what Kalshi never sends: a (no, bid) or (yes, ask) trade, an order without self-trade prevention', async () => {
    const page = (await get(`/markets/trades?ticker=${ticker}&limit=5`)).body;
    const t = page.trades[0];
    for (const [outcome, book] of [['no', 'bid'], ['yes', 'ask']]) {
      const bad = { ...page, trades: [{ ...t, taker_outcome_side: outcome, taker_side: outcome, taker_book_side: book }] };
      const r = wire.KalshiTradesPage.safeParse(bad);
      assert.equal(r.success, false, `(${outcome}, ${book}) passed`);
      assert.match(JSON.stringify(r.error?.issues), /not a direction Kalshi sends/);
      const ws = { type: 'trade', sid: 1, msg: { trade_id: t.trade_id, market_ticker: ticker, yes_price_dollars: t.yes_price_dollars, no_price_dollars: t.no_price_dollars, count_fp: t.count_fp, taker_side: outcome, taker_outcome_side: outcome, taker_book_side: book, is_block_trade: false, ts: 1, ts_ms: 1000 } };
      assert.equal(wire.KalshiWsTrade.safeParse(ws).success, false, `ws (${outcome}, ${book}) passed`);
    }
    assert.equal(wire.KalshiCreateOrderV2Request.safeParse({ ticker, side: 'bid', count: '1', price: '0.50', time_in_force: 'good_till_canceled' }).success, false);
    assert.equal(wire.KalshiCreateOrderV2Request.safeParse({ ticker, side: 'bid', count: '1', price: '0.50', time_in_force: 'immediate_or_cancel', self_trade_prevention_type: 'maker', expiration_time: 1 }).success, false);
  });
});
