// The stream messages' shapes and the size limit: a book too large for its venue's limit is trimmed
// at its far end (the best levels kept, as many as fit), never split and never sent over the limit.
import assert from 'node:assert/strict';
import { orderbookMessage, pricesMessage, tradeMessage, type MessageContext } from '../../src/ws/messages.js';
import { parseClientMessage } from '../../src/ws/protocol.js';
import { EnvelopeOrderbook, EnvelopePrices, EnvelopeTrade, KalshiOrderbook, KalshiPrices, KalshiTrade } from '../../src/ws/api-doc.js';

const ctx = (maxBytes: number, style: 'bare' | 'envelope' = 'envelope'): MessageContext => ({ exchange: 'polymarket', marketId: '0xabc', style, maxBytes });

function deepBook(levels: number) {
  const bids = Array.from({ length: levels }, (_, i) => ({ price: Math.round((0.5 - i * 0.0001) * 1e6) / 1e6, size: 1000 + i }));
  const asks = Array.from({ length: levels }, (_, i) => ({ price: Math.round((0.5001 + i * 0.0001) * 1e6) / 1e6, size: 2000 + i }));
  return { bids, asks, outcomeId: 'tok', timestamp: '2026-11-24T00:00:00.000Z' };
}

describe('stream messages', () => {
  it('sends a small book whole', () => {
    const b = deepBook(5);
    const m = JSON.parse(orderbookMessage(ctx(16 * 1024), b, 7)!);
    assert.equal(m.type, 'orderbook');
    assert.deepEqual(m.data.bid_side, b.bids.map((l) => l.price));
    assert.deepEqual(m.data.ask_sizes, b.asks.map((l) => l.size));
    assert.equal(m.data.seq, 7);
  });

  it('trims a book over 16 KB at its far end: under the limit, best levels kept, one level more would not fit', () => {
    const b = deepBook(2_000);
    const text = orderbookMessage(ctx(16 * 1024), b, 1)!;
    assert.ok(Buffer.byteLength(text) <= 16 * 1024);
    const m = JSON.parse(text);
    const kept = m.data.bid_side.length;
    assert.ok(kept > 50 && kept < 2_000, `kept ${kept}`);
    assert.deepEqual(m.data.bid_side, b.bids.slice(0, kept).map((l) => l.price), 'a prefix of the book, best first');
    assert.deepEqual(m.data.ask_side, b.asks.slice(0, kept).map((l) => l.price));
    const oneMore = orderbookMessage(ctx(Buffer.byteLength(text)), { ...b, bids: b.bids.slice(0, kept + 1), asks: b.asks.slice(0, kept + 1) }, 1);
    assert.notEqual(JSON.parse(oneMore!).data.bid_side.length, kept + 1, 'the fewest levels were dropped');
  });

  it('kalshi books are sizes on the 99-cent grid, index = cents - 1', () => {
    const m = JSON.parse(orderbookMessage(ctx(512 * 1024, 'bare'), { bids: [{ price: 0.42, size: 10 }, { price: 0.01, size: 3 }], asks: [{ price: 0.99, size: 5 }], outcomeId: 'yes', timestamp: '2026-11-24T00:00:00.000Z' }, 3)!);
    assert.equal(m.bid_side.length, 99);
    assert.equal(m.bid_side[41], 10);
    assert.equal(m.bid_side[0], 3);
    assert.equal(m.ask_side[98], 5);
    assert.equal(m.kalshi_id, '0xabc');
    assert.equal(m.type, undefined);
  });

  it('a trade of the NO outcome is reported in YES terms', () => {
    const t = { exchange: 'limitless' as const, market_id: 's', id: 't1', price: 0.3, size: 4.6, taker_side: 'buy' as const, outcome: 'no-token', timestamp: '2026-11-24T00:00:00.000Z' };
    const m = JSON.parse(tradeMessage({ ...ctx(16 * 1024), exchange: 'limitless' }, t, 1, 'yes-token'));
    assert.equal(m.data.yes_price, 0.7);
    assert.equal(m.data.no_price, 0.3);
    assert.equal(m.data.taker_side, 'sell');
    assert.equal(m.data.count, 5);
  });

  it('the messages match the schemas the API reference publishes', () => {
    const ticker = { exchange: 'kalshi' as const, market_id: 'K', price: 0.5, yes_bid: 0.49, yes_ask: 0.51, volume: 10, open_interest: null, last_update: '2026-11-24T00:00:00.000Z' };
    const trade = { exchange: 'kalshi' as const, market_id: 'K', id: 't', price: 0.5, size: 2, taker_side: 'sell' as const, outcome: 'yes', timestamp: '2026-11-24T00:00:00.000Z' };
    const bare = ctx(512 * 1024, 'bare');
    KalshiPrices.parse(JSON.parse(pricesMessage(bare, ticker, 1)));
    KalshiOrderbook.parse(JSON.parse(orderbookMessage(bare, deepBook(3), 1)!));
    KalshiTrade.parse(JSON.parse(tradeMessage({ ...bare, exchange: 'kalshi' }, trade, 1, 'yes')));
    const env = ctx(16 * 1024);
    EnvelopePrices.parse(JSON.parse(pricesMessage(env, { ...ticker, exchange: 'polymarket' }, 1)));
    EnvelopeOrderbook.parse(JSON.parse(orderbookMessage(env, deepBook(3), 1)!));
    EnvelopeTrade.parse(JSON.parse(tradeMessage(env, { ...trade, exchange: 'polymarket' }, 1, 'yes')));
  });

  it('client messages: defaults, and errors that name the field', () => {
    assert.deepEqual(parseClientMessage('{"action":"subscribe","market_ids":["a","a"]}', 'market_ids'), { action: 'subscribe', ids: ['a'], messageTypes: ['prices', 'orderbook'], typesGiven: false });
    assert.match((parseClientMessage('{"action":"subscribe"}', 'kalshi_ids') as { error: string }).error, /kalshi_ids is required/);
    assert.match((parseClientMessage('[1]', 'kalshi_ids') as { error: string }).error, /JSON object/);
    assert.match((parseClientMessage('{"action":"subscribe","market_ids":[]}', 'market_ids') as { error: string }).error, /at least one/);
    assert.match((parseClientMessage('{"action":"subscribe","market_ids":["a"],"extra":1}', 'market_ids') as { error: string }).error, /unknown field/);
  });
});
