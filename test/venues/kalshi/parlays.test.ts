/**
 * Kalshi parlay (combo) trades read from the venue, against the Kalshi simulator's wire format: the
 * exchange-wide trade list of a range filtered to combo markets, each with its collection and legs,
 * across venue pages and scan budgets (small pages here, so a few hundred trades cross many of them),
 * resumed exactly where a page stopped; the market lookups made once per ticker; a cursor the venue
 * refuses is the client's bad cursor.
 */
import assert from 'node:assert/strict';
import { MarketDataBadRequestError } from '../../../src/market-data/errors.js';
import { ParlayTradeService } from '../../../src/market-data/parlays.js';
import { stableUuid } from '../../../src/sim/rng.js';
import type { RunningSimulator } from '../../../src/sim/types.js';
import { createKalshiAdapter } from '../../../src/venues/kalshi/client.js';
import { KalshiParlayTrades, type ScanPosition } from '../../../src/venues/kalshi/parlays.js';
import { startKalshiSimulator } from '../../../src/venues/kalshi/sim/simulator.js';

const COMBOS = {
  'KXMVECROSSCATEGORY-S2026ABC123-7F3A9': { collection: 'KXMVECROSSCATEGORY-R', legs: ['KXUSHOUSE2026D-27JAN03-Y:yes', 'KXFEDCUTDEC202-26DEC16-Y:yes'] },
  'KXMVESPORTSMULTIGAMEEXTENDED-S2026DEF456-1B2C3': { collection: 'KXMVESPORTSMULTIGAMEEXTENDED-R', legs: ['KXUSHOUSE2026D-27JAN03-Y:no', 'KXFEDCUTDEC202-26DEC16-Y:yes'] },
} as const;

describe('kalshi parlay trades (venue scan)', () => {
  let sim: RunningSimulator;
  const end = Date.now();
  const start = end - 86_400_000;
  /** The simulator's combo trades in [start, end], newest first. */
  const expected = (from = start, to = end) =>
    Object.keys(COMBOS)
      .flatMap((ticker) => (sim.activity.trades(ticker, { startMs: from, endMs: to }) ?? []).map((t) => ({ ticker, t })))
      .sort((a, b) => b.t.t - a.t.t);

  before(async () => {
    sim = await startKalshiSimulator({ tickMs: 0, seed: 3 });
    sim.activity.stop();
  });
  after(() => sim.stop());

  it('finds every combo trade of the range among all trades, newest first, with collection and legs, across pages and scan budgets', async () => {
    const venue = new KalshiParlayTrades(createKalshiAdapter({ baseUrls: sim.baseUrls }).http, 50);
    const svc = new ParlayTradeService(venue, Date.now, 1);
    const want = expected();
    assert.ok(want.length >= 10, `the simulator's combo markets have trades (${want.length})`);
    sim.server.requests.length = 0;
    const got: { id: string; market_id: string; timestamp: string; mve_collection_ticker: string; legs: string[]; price: number; size: number }[] = [];
    let from: ScanPosition | undefined;
    let pages = 0;
    let short = 0;
    do {
      const page = await svc.trades({ startMs: start, endMs: end, limit: 4, from });
      assert.ok(page.trades.length <= 4);
      if (page.next && page.trades.length < 4) short += 1;
      for (const t of page.trades) got.push({ id: t.id, market_id: t.market_id, timestamp: t.timestamp, mve_collection_ticker: t.mve_collection_ticker, legs: t.mve_selected_legs.map((l) => `${l.market_ticker}:${l.side}`), price: t.price, size: t.size });
      from = page.next ?? undefined;
      pages += 1;
    } while (from && pages < 500);
    assert.equal(from, undefined, 'the scan ends');
    assert.ok(short > 0, 'a budget of one venue page leaves some pages short, with a cursor to go on');
    // The simulator's trade ids on the wire (simulator.ts tradeWire).
    assert.deepEqual(got.map((t) => t.id), want.map((w) => stableUuid(`${w.ticker}:${w.t.id}`)), 'every combo trade once, newest first');
    for (const t of got) {
      const c = COMBOS[t.market_id as keyof typeof COMBOS];
      assert.ok(c, `${t.market_id} is a combo`);
      assert.equal(t.mve_collection_ticker, c.collection);
      assert.deepEqual(t.legs, [...c.legs]);
      assert.ok(t.price > 0 && t.price < 1, 'YES probability');
      assert.ok(Date.parse(t.timestamp) >= start && Date.parse(t.timestamp) <= end);
    }
    // Which markets are combos is asked once per ticker, not once per page.
    const lookups = sim.server.requests.filter((r) => r.path.endsWith('/markets')).flatMap((r) => new URLSearchParams(r.search).get('tickers')!.split(','));
    assert.equal(lookups.length, new Set(lookups).size, 'no ticker looked up twice');
  });

  it('reads the historical tier for the part of a range before the cutoff, with combos settled before it (known to the historical market list only)', async () => {
    const base = sim.baseUrls.rest;
    const cutoff = Date.parse(((await (await fetch(`${base}/historical/cutoff`)).json()) as { trades_created_ts: string }).trades_created_ts);
    const hist = ((await (await fetch(`${base}/historical/trades?limit=1000`)).json()) as { trades: { trade_id: string; ticker: string; created_time: string }[] }).trades;
    const archivedCombo = 'KXMVECROSSCATEGORY-S2026OLD001-AA111';
    const combos = new Set([...Object.keys(COMBOS), archivedCombo]);
    const from = cutoff - 4 * 86_400_000;
    const wantHistorical = hist.filter((t) => combos.has(t.ticker) && Date.parse(t.created_time) >= from).map((t) => t.trade_id);
    assert.ok(hist.some((t) => t.ticker === archivedCombo) && hist.some((t) => !combos.has(t.ticker)), 'the historical tier holds combo and plain trades');
    const wantLive = expected(from, end).map((w) => stableUuid(`${w.ticker}:${w.t.id}`));
    const svc = new ParlayTradeService(new KalshiParlayTrades(createKalshiAdapter({ baseUrls: sim.baseUrls }).http, 50), Date.now, 1);
    const collect = async (startMs: number, endMs: number) => {
      const got: Awaited<ReturnType<typeof svc.trades>>['trades'] = [];
      let pos: ScanPosition | undefined;
      for (let i = 0; i < 500; i++) {
        const page = await svc.trades({ startMs, endMs, limit: 5, from: pos });
        got.push(...page.trades);
        pos = page.next ?? undefined;
        if (!pos) return got;
      }
      throw new Error('the scan did not end');
    };
    const got = await collect(from, end);
    assert.deepEqual(got.map((t) => t.id), [...wantLive, ...wantHistorical], 'the live tier newest first, then the historical one');
    const old = got.find((t) => t.market_id === archivedCombo)!;
    assert.equal(old.mve_collection_ticker, 'KXMVECROSSCATEGORY-R');
    assert.deepEqual(old.mve_selected_legs.map((l) => `${l.market_ticker}:${l.side}`), ['KXUSHOUSE2026D-27JAN03-Y:yes', 'KXFEDCUTDEC202-26DEC16-Y:no']);
    // A range wholly before the cutoff asks the historical tier only.
    sim.server.requests.length = 0;
    assert.deepEqual((await collect(from, cutoff - 1)).map((t) => t.id), wantHistorical);
    assert.ok(!sim.server.requests.some((r) => r.path.endsWith('/markets/trades')), 'no live trade list read');
  });

  it('answers an empty range with no trades and no cursor', async () => {
    const svc = new ParlayTradeService(new KalshiParlayTrades(createKalshiAdapter({ baseUrls: sim.baseUrls }).http));
    const page = await svc.trades({ startMs: Date.parse('2020-01-01T00:00:00Z'), endMs: Date.parse('2020-01-02T00:00:00Z'), limit: 100 });
    assert.deepEqual(page, { trades: [], next: null });
  });

  it('a venue cursor the venue refuses is a bad cursor (400), not a venue failure', async () => {
    const svc = new ParlayTradeService(new KalshiParlayTrades(createKalshiAdapter({ baseUrls: sim.baseUrls }).http));
    await assert.rejects(svc.trades({ startMs: start, endMs: end, limit: 10, from: { tier: 'live', cutoffMs: null, venueCursor: 'not-a-venue-cursor', skip: 0 } }), MarketDataBadRequestError);
  });
});
