/**
 * Kalshi's static fixtures beyond the adapter's request table (whose answers ./endpoints.ts holds, run
 * by ../endpoint-fixtures.test.ts): the order client, the stream, the combo scan and RFQs. Each
 * fixture says its source (its `_source` key); each must satisfy the wire schema and normalise to the
 * expected unified record; each request the order client builds is checked against what the docs
 * specify. Recorded third-party payloads in ../shared/data are run through the normalisers too, when
 * present.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import type { z } from 'zod';
import { kalshiRequests } from '../../../src/venues/kalshi/client.js';
import { normaliseMarket, normaliseTrade, normaliseWsDelta, normaliseWsSnapshot, normaliseWsTicker, normaliseWsTrade } from '../../../src/venues/kalshi/normalise.js';
import { comboOf, kalshiParlayRequests, tradesCutoffMs } from '../../../src/venues/kalshi/parlays.js';
import { normaliseRfq } from '../../../src/venues/kalshi/rfqs.js';
import { kalshiOrderRequests, kalshiOrderState, kalshiV2OrderBody } from '../../../src/venues/kalshi/trading.js';
import * as wire from '../../../src/venues/kalshi/wire.js';
import { fixture } from '../fixture.js';

const ctx = { fetchedAt: '2026-11-22T21:15:00.000Z' };

function valid(schema: z.ZodType, payload: unknown, name: string): void {
  const r = schema.safeParse(payload);
  assert.ok(r.success, `${name}: ${r.success ? '' : JSON.stringify(r.error.issues.slice(0, 3))}`);
}

describe('kalshi fixtures: responses', () => {
  it('every fixture outside the request table satisfies the published wire schema of its endpoint', () => {
    const table: [string, z.ZodType][] = [
      ['order.json', wire.KalshiOrderDetail],
      ['fills.json', wire.KalshiFillsPage],
      ['positions.json', wire.KalshiPositions],
      ['balance.json', wire.KalshiBalance],
      ['order_cancel_v2.json', wire.KalshiCancelOrderV2Response],
      ['error_retired_order_endpoint.json', wire.KalshiErrorBody],
      ['ws_orderbook_snapshot.json', wire.KalshiWsOrderbookSnapshot],
      ['ws_orderbook_delta.json', wire.KalshiWsOrderbookDelta],
      ['ws_ticker.json', wire.KalshiWsTicker],
      ['ws_trade.json', wire.KalshiWsTrade],
    ];
    for (const [name, schema] of table) valid(schema, fixture('kalshi', name), name);
    // The page's later markets lack fields on purpose (the normaliser's fallbacks); its first is whole.
    valid(wire.KalshiMarketDetail, { market: fixture('kalshi', 'markets_page.json').markets[0] }, 'markets_page.json markets[0]');
    const create = fixture('kalshi', 'order_create_v2.json');
    valid(wire.KalshiCreateOrderV2Request, create.request, 'order_create_v2.json request');
    valid(wire.KalshiCreateOrderV2Response, create.response, 'order_create_v2.json response');
  });

  it('stream trades: (no, ask) is a taker sale of YES', () => {
    const ws = normaliseWsTrade(fixture('kalshi', 'ws_trade.json'));
    assert.deepEqual([ws.market_id, ws.price, ws.size, ws.taker_side, ws.timestamp], ['HIGHNY-22DEC23-B53.5', 0.36, 136, 'sell', '2022-11-22T20:44:01.000Z']);
  });

  it('stream book messages: NO levels read as yes-leg (what the adapter subscribes for) or no-leg', () => {
    const snap = fixture('kalshi', 'ws_orderbook_snapshot.json');
    assert.deepEqual(normaliseWsSnapshot(snap, ctx.fetchedAt, 'yes_leg').asks, [{ price: 0.54, size: 20 }, { price: 0.56, size: 146 }]);
    assert.deepEqual(normaliseWsSnapshot(snap, ctx.fetchedAt, 'no_leg').asks, [{ price: 0.44, size: 146 }, { price: 0.46, size: 20 }]);
    const d = normaliseWsDelta(fixture('kalshi', 'ws_orderbook_delta.json'), ctx.fetchedAt, 'yes_leg');
    assert.deepEqual([d.side, d.price, d.size_delta, d.seq, d.timestamp], ['bid', 0.96, -54, 3, '2022-11-22T20:44:01.000Z']);
    const t = normaliseWsTicker(fixture('kalshi', 'ws_ticker.json'));
    assert.deepEqual([t.price, t.yes_bid, t.yes_ask, t.volume, t.open_interest], [0.48, 0.45, 0.53, 33896, 20422]);
  });

  it('orders: a V2 order read back in the terms of the outcome it was placed on', () => {
    const o = fixture('kalshi', 'order.json').order;
    const fills = fixture('kalshi', 'fills.json').fills.map((f: { count_fp: string; no_price_dollars: string }) => ({ id: 'f', price: Number(f.no_price_dollars), size: Number(f.count_fp), fee: null, at: '' }));
    const asNo = kalshiOrderState(o, fills, 'no');
    assert.deepEqual([asNo.status, asNo.filledSize, asNo.avgFillPrice], ['filled', 10, 0.44]);
    // No fills listed: the cost the order reports, on its own outcome side, turned into the asked one.
    assert.equal(kalshiOrderState(o, [], 'yes').avgFillPrice, 0.56);
  });
});

describe('kalshi fixtures: requests', () => {
  const base = { marketId: 'HIGHNY-24JAN01-T60', type: 'limit' as const, size: 10, timeInForce: 'gtc' as const, expiresAt: null, clientId: '8c35ecb3-328f-4f52-8c7c-0f4b9862f8d1' };

  it('a YES buy is the docs\' example body (bid, fixed-point count and price, self-trade prevention)', () => {
    const body = kalshiV2OrderBody({ ...base, outcome: 'yes', side: 'buy', price: 0.56 });
    const doc = fixture('kalshi', 'order_create_v2.json').request;
    assert.deepEqual(body, { ticker: doc.ticker, client_order_id: doc.client_order_id, side: doc.side, count: doc.count, price: doc.price, time_in_force: doc.time_in_force, self_trade_prevention_type: doc.self_trade_prevention_type });
    valid(wire.KalshiCreateOrderV2Request, body, 'YES buy body');
  });

  it('NO orders go on the YES leg: a NO buy at p is an ask at 1 - p, a NO sell a bid at 1 - p', () => {
    const cases: [string, 'buy' | 'sell', number, string, string][] = [
      ['yes', 'sell', 0.04, 'ask', '0.0400'],
      ['no', 'buy', 0.44, 'ask', '0.5600'],
      ['no', 'sell', 0.97, 'bid', '0.0300'],
    ];
    for (const [outcome, side, price, book, yesPrice] of cases) {
      const body = kalshiV2OrderBody({ ...base, outcome, side, price });
      assert.deepEqual([body.side, body.price], [book, yesPrice], `${side} ${outcome} @ ${price}`);
      valid(wire.KalshiCreateOrderV2Request, body, `${side} ${outcome}`);
    }
  });

  it('an expiry goes with good_till_canceled only, never with IOC (or a market order)', () => {
    const expiresAt = '2030-01-01T00:00:00Z';
    const gtd = kalshiV2OrderBody({ ...base, outcome: 'yes', side: 'buy', price: 0.5, timeInForce: 'gtd', expiresAt });
    assert.deepEqual([gtd.time_in_force, gtd.expiration_time], ['good_till_canceled', 1893456000]);
    for (const order of [{ timeInForce: 'ioc' as const }, { type: 'market' as const, price: null }]) {
      const body = kalshiV2OrderBody({ ...base, outcome: 'yes', side: 'buy', price: 0.5, expiresAt, ...order });
      assert.equal(body.time_in_force, 'immediate_or_cancel');
      assert.equal('expiration_time' in body, false);
      assert.equal('expiration_ts' in body, false);
      valid(wire.KalshiCreateOrderV2Request, body, 'IOC body');
    }
  });

  it('orders are created and cancelled on the V2 paths; the reads stay where they were', () => {
    assert.deepEqual(kalshiOrderRequests.create(), { method: 'POST', path: '/portfolio/events/orders' });
    assert.deepEqual(kalshiOrderRequests.cancel('3b23c1c7'), { method: 'DELETE', path: '/portfolio/events/orders/3b23c1c7' });
    assert.deepEqual(kalshiOrderRequests.order('3b23c1c7'), { method: 'GET', path: '/portfolio/orders/3b23c1c7' });
    assert.deepEqual(kalshiOrderRequests.fills('3b23c1c7'), { method: 'GET', path: '/portfolio/fills?order_id=3b23c1c7&limit=1000' });
    assert.deepEqual(kalshiOrderRequests.positions(), { method: 'GET', path: '/portfolio/positions?limit=1000' });
    assert.deepEqual(kalshiOrderRequests.balance(), { method: 'GET', path: '/portfolio/balance' });
  });

  it('the event lookup filters with `tickers`, a comma list, limit ≤ 200', () => {
    const r = kalshiRequests.events({ limit: 200, eventTickers: ['A-1', 'B-2'] });
    assert.deepEqual(r.query, { limit: 200, cursor: undefined, tickers: ['A-1', 'B-2'] });
  });
});

describe('kalshi fixtures: recorded third-party payloads (../shared/data)', () => {
  const dir = new URL('../../../../shared/data/fixtures/kalshi/', import.meta.url);
  const read = (name: string): any => JSON.parse(readFileSync(new URL(name, dir), 'utf8'));

  it('nautilus_trader\'s recorded trades (legacy `taker_side` only) normalise: taker NO is a sale of YES', function () {
    const rest = 'nautilus_trader__crates__adapters__kalshi__test_data__http_trades.json';
    if (!existsSync(new URL(rest, dir))) return this.skip(); // ../shared/data is not in this checkout
    const t = normaliseTrade(read(rest).trades[0]);
    assert.deepEqual([t.price, t.size, t.taker_side], [0.36, 136, 'sell']);
    const ws = normaliseWsTrade(read('nautilus_trader__crates__adapters__kalshi__test_data__ws_trade.json'));
    assert.equal(ws.taker_side, 'sell');
  });
});

describe('kalshi fixtures: one per endpoint the order client, wire checks and combo scan call (fixtures/endpoints.json)', () => {
  const endpoints = fixture<{ endpoint: string; fixtures: string[] }[]>('kalshi', 'endpoints.json');
  const named = new Set(endpoints.map((e) => e.endpoint));

  it('names a fixture for every read the wire checks know and every path the combo scan asks', () => {
    for (const read of Object.values(wire.KALSHI_READS)) assert.ok(named.has(read.endpoint), `${read.endpoint} has no fixture`);
    for (const tier of ['live', 'historical'] as const) {
      assert.ok(named.has(`GET ${kalshiParlayRequests.trades({ tier, minTs: 0, maxTs: 1, cursor: '', pageSize: 1 }).path}`));
      assert.ok(named.has(`GET ${kalshiParlayRequests.markets(tier, ['T']).path}${tier === 'live' ? '?tickers' : ''}`));
    }
    assert.ok(named.has(`GET ${kalshiParlayRequests.cutoff().path}`));
    for (const e of endpoints) for (const f of e.fixtures) assert.doesNotThrow(() => fixture('kalshi', f), `${e.endpoint}: ${f} is missing`);
  });

  it('the market\'s orders list: a resting YES bid is open with nothing filled; an executed one is filled', () => {
    const page = fixture('kalshi', 'orders_page.json');
    valid(wire.KalshiOrdersPage, page, 'orders_page.json');
    const [executed, resting] = page.orders.map((o: Parameters<typeof kalshiOrderState>[0]) => kalshiOrderState(o, []));
    assert.deepEqual([executed.status, executed.filledSize], ['filled', 10]);
    assert.deepEqual([resting.exchangeOrderId, resting.status, resting.filledSize, resting.avgFillPrice], ['ee587a1c-8b87-4dcf-b721-9f6f790619fa', 'open', 0, null]);
  });

  it('combo lookups (live and historical market lists) tell combos from plain markets; the cutoff is a date-time', () => {
    const [combo, plain] = fixture('kalshi', 'markets_by_tickers.json').markets;
    assert.deepEqual(comboOf(combo), {
      event_ticker: 'KXMVESPORTSMULTIGAMEEXTENDED-S20261129A1B2C3', title: 'yes Kansas City,no Boston', mve_collection_ticker: 'KXMVESPORTSMULTIGAMEEXTENDED-R',
      mve_selected_legs: [{ event_ticker: 'KXNFLGAME-26NOV29KCBUF', market_ticker: 'KXNFLGAME-26NOV29KCBUF-KC', side: 'yes' }, { event_ticker: 'KXNBAGAME-26NOV29LALBOS', market_ticker: 'KXNBAGAME-26NOV29LALBOS-BOS', side: 'no' }],
    });
    assert.equal(comboOf(plain), null);
    const [settled] = fixture('kalshi', 'historical_markets.json').markets;
    valid(wire.KalshiMarketsPage, fixture('kalshi', 'historical_markets.json'), 'historical_markets.json');
    assert.equal(comboOf(settled)?.mve_selected_legs.length, 1);
    assert.equal(normaliseMarket(settled, ctx).result, 'no');
    assert.equal(tradesCutoffMs(fixture('kalshi', 'historical_cutoff.json')), Date.parse('2026-08-01T00:00:00Z'));
    assert.equal(tradesCutoffMs({ trades_created_ts: 1785542400 }), 1785542400_000);
    assert.equal(tradesCutoffMs(null), null);
  });

  it('historical trades read as live ones: (no, ask) is a taker sale', () => {
    const page = fixture('kalshi', 'historical_trades.json');
    valid(wire.KalshiTradesPage, page, 'historical_trades.json');
    const t = normaliseTrade(page.trades[0]);
    assert.deepEqual([t.market_id, t.price, t.size, t.taker_side, t.timestamp], ['KXMVESPORTSMULTIGAMEEXTENDED-S20260705F0E1D2-C3B4A5', 0.22, 40, 'sell', '2026-07-04T18:30:12.000Z']);
  });

  it('RFQs (one, and a page) normalise: fixed-point contracts and target cost, legs, times', () => {
    const r = normaliseRfq(fixture('kalshi', 'rfq.json').rfq);
    assert.deepEqual([r.id, r.market_id, r.contracts, r.target_cost, r.status, r.rest_remainder, r.mve_selected_legs?.length, r.created_at, r.updated_at], ['b7e3c2a1-6f4d-4e8a-9c1b-2d5f7a8e9c30', 'KXMVESPORTSMULTIGAMEEXTENDED-S20261129A1B2C3-D4E5F6', 100, 35, 'open', false, 2, '2026-11-22T20:15:00.000Z', '2026-11-22T20:16:30.000Z']);
    const [, closed] = fixture('kalshi', 'rfqs_page.json').rfqs.map(normaliseRfq);
    assert.deepEqual([closed.contracts, closed.target_cost, closed.status, closed.rest_remainder, closed.mve_selected_legs, closed.updated_at], [250, null, 'closed', null, null, null]);
  });
});
