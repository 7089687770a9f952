/**
 * The simulator harness and the Kalshi/Polymarket simulators' streams: subscribe, snapshot, live
 * deltas and trades in the venues' own message formats, dropped sockets.
 */
import assert from 'node:assert/strict';
import WebSocket from 'ws';
import { SimActivity } from '../../src/sim/activity.js';
import { simulatedExchanges, startSimulators, type RunningSimulators } from '../../src/venues/simulators.js';
import { NEAR_MISSES, SHARED_QUESTIONS } from '../../src/sim/shared-questions.js';
import { EXCHANGE_CODES } from '../../src/venues/exchanges.js';
import { normaliseWsDelta, normaliseWsSnapshot, normaliseWsTrade } from '../../src/venues/kalshi/normalise.js';
import { normaliseWsBook, normaliseWsLastTrade, normaliseWsPriceChange } from '../../src/venues/polymarket/normalise.js';

function collector(ws: WebSocket): { messages: unknown[]; waitFor: (pred: (m: any) => boolean, ms?: number) => Promise<any> } {
  const messages: unknown[] = [];
  const waiters: { pred: (m: any) => boolean; resolve: (m: any) => void }[] = [];
  ws.on('message', (data) => {
    const text = String(data);
    let m: unknown;
    try {
      m = JSON.parse(text);
    } catch {
      m = text;
    }
    messages.push(m);
    for (const w of [...waiters]) if (w.pred(m)) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(m);
    }
  });
  return {
    messages,
    waitFor: (pred, ms = 5_000) =>
      new Promise((resolve, reject) => {
        const hit = messages.find(pred);
        if (hit) return resolve(hit);
        const t = setTimeout(() => reject(new Error('timed out waiting for a message')), ms);
        waiters.push({ pred, resolve: (m) => (clearTimeout(t), resolve(m)) });
      }),
  };
}

const open = (url: string): Promise<WebSocket> =>
  new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });

describe('simulators', function () {
  this.timeout(20_000);
  let sims: RunningSimulators;
  before(async () => {
    sims = await startSimulators(['kalshi', 'polymarket'], { tickMs: 0, seed: 3 });
  });
  after(() => sims.stop());

  it('the shared question plan: ~40 questions, ~15 near-misses, each pointing at a real question', () => {
    assert.ok(SHARED_QUESTIONS.length >= 40);
    assert.ok(NEAR_MISSES.length >= 15);
    const keys = new Set(SHARED_QUESTIONS.map((q) => q.key));
    for (const n of NEAR_MISSES) assert.ok(n.nearMissOf && keys.has(n.nearMissOf), n.key);
    for (const q of [...SHARED_QUESTIONS, ...NEAR_MISSES]) for (const code of Object.keys(q.venues)) assert.ok((EXCHANGE_CODES as readonly string[]).includes(code), `${q.key}: ${code}`);
    assert.ok(SHARED_QUESTIONS.every((q) => Object.keys(q.venues).length >= 3), 'each shared question is on three or more venues');
  });

  it('startSimulators hands back base URLs per venue; registered venues are listed in x1..x9 order', () => {
    assert.deepEqual(simulatedExchanges().slice(0, 2), ['kalshi', 'polymarket']);
    assert.match(sims.baseUrls.kalshi!.rest, /^http:\/\/127\.0\.0\.1:\d+\/trade-api\/v2$/);
    assert.match(sims.baseUrls.polymarket!.ws, /^ws:\/\/127\.0\.0\.1:\d+\/ws\/market$/);
    assert.ok(sims.simulators.kalshi!.marketCount() >= 30 && sims.simulators.kalshi!.marketCount() <= 80);
    assert.ok(sims.simulators.polymarket!.marketCount() >= 30 && sims.simulators.polymarket!.marketCount() <= 80);
  });

  it('activity is deterministic for a seed and keeps books uncrossed', () => {
    const run = (): string => {
      const a = new SimActivity({ seed: 'x', tickMs: 0, now: () => 1_795_381_200_000 });
      for (let i = 0; i < 5; i++) a.addMarket(`m${i}`, 0.2 + i * 0.1);
      const events: unknown[] = [];
      a.on((e) => events.push(e));
      for (let i = 0; i < 200; i++) a.step();
      for (let i = 0; i < 5; i++) {
        const b = a.book(`m${i}`)!;
        if (b.bids.length && b.asks.length) assert.ok(b.bids[0].price < b.asks[0].price, 'uncrossed');
      }
      return JSON.stringify(events);
    };
    const first = run();
    assert.equal(first, run());
    assert.ok(first.includes('"trade"') && first.includes('"book_delta"'));
  });

  it('kalshi WebSocket: ack, orderbook_snapshot, then deltas and trades as the market moves', async () => {
    const sim = sims.simulators.kalshi!;
    const ws = await open(sim.baseUrls.ws);
    const c = collector(ws);
    const ticker = 'KXFEDCHAIR-27-KHAS';
    ws.send(JSON.stringify({ id: 1, cmd: 'subscribe', params: { channels: ['orderbook_delta', 'trade'], market_tickers: [ticker] } }));
    const ack = await c.waitFor((m) => m.type === 'subscribed');
    assert.equal(ack.id, 1);
    const snap = await c.waitFor((m) => m.type === 'orderbook_snapshot');
    const book = normaliseWsSnapshot(snap, new Date().toISOString(), 'no_leg');
    assert.ok(book.bids.length > 0 && book.asks.length > 0);
    // Move only this market until both a delta and a trade have been sent.
    for (let i = 0; i < 400 && !(c.messages.some((m: any) => m.type === 'trade') && c.messages.some((m: any) => m.type === 'orderbook_delta')); i++) {
      sim.activity.stepMarket(ticker);
      await new Promise((r) => setImmediate(r));
    }
    const delta = await c.waitFor((m) => m.type === 'orderbook_delta');
    assert.equal(normaliseWsDelta(delta, new Date().toISOString(), 'no_leg').market_id, ticker);
    const trade = await c.waitFor((m) => m.type === 'trade');
    assert.equal(normaliseWsTrade(trade).market_id, ticker);
    ws.send(JSON.stringify({ id: 2, cmd: 'subscribe', params: { channels: ['nonsense'], market_ticker: ticker } }));
    const err = await c.waitFor((m) => m.type === 'error');
    assert.equal(err.msg.code, 8);
    ws.close();
  });

  it('polymarket market channel: initial book, price_change and last_trade_price; PING/PONG; dropped sockets', async () => {
    const sim = sims.simulators.polymarket!;
    const res = await fetch(`${sim.baseUrls.gamma}/markets/keyset?limit=50&closed=false`);
    const { markets } = (await res.json()) as { markets: any[] };
    const m = markets.find((x) => x.clobTokenIds && x.acceptingOrders);
    const [yes] = JSON.parse(m.clobTokenIds);
    const ws = await open(sim.baseUrls.ws);
    const c = collector(ws);
    ws.send(JSON.stringify({ assets_ids: [yes], type: 'market' }));
    const dump = await c.waitFor((x) => Array.isArray(x));
    const book = normaliseWsBook(dump[0]);
    assert.equal(book.market_id, m.conditionId);
    ws.send('PING');
    await c.waitFor((x) => x === 'PONG');
    for (let i = 0; i < 400 && !c.messages.some((x: any) => x?.event_type === 'last_trade_price'); i++) {
      sim.activity.stepMarket(m.conditionId);
      await new Promise((r) => setImmediate(r));
    }
    const pc = await c.waitFor((x) => x?.event_type === 'price_change');
    assert.ok(normaliseWsPriceChange(pc).every((d) => d.outcome_id === yes));
    const lt = await c.waitFor((x) => x?.event_type === 'last_trade_price');
    assert.equal(normaliseWsLastTrade(lt).outcome, yes);
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    assert.equal(sim.server.dropWebSockets(), 1);
    assert.equal(await closed, 1006, 'abnormal closure');
  });
});
