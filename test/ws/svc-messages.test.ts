// /ws/svc reads the venue streams' own messages (src/ws/svc/svc-messages.ts): Kalshi's bare objects
// (books as sizes on the cent grid) and the {type, data} envelopes, as src/ws/messages.ts writes them.
import assert from 'node:assert/strict';
import { orderbookMessage, pricesMessage } from '../../src/ws/messages.js';
import { readVenueMessage } from '../../src/ws/svc/svc-messages.js';

const T = '2026-11-28T10:00:00.000Z';
const book = { bids: [{ price: 0.41, size: 5 }, { price: 0.4, size: 9 }], asks: [{ price: 0.44, size: 3 }, { price: 0.5, size: 1 }], outcomeId: 'yes', timestamp: T };
const ticker = { exchange: 'kalshi' as const, market_id: 'K', price: 0.42, yes_bid: 0.41, yes_ask: 0.44, volume: 10, open_interest: 3, last_update: T };

describe('/ws/svc reading the venue streams\' messages', () => {
  it('reads the top of a Kalshi cent-grid book and of an envelope book', () => {
    const kalshi = orderbookMessage({ exchange: 'kalshi', marketId: 'K', style: 'bare', maxBytes: 512 * 1024 }, book, 3)!;
    assert.deepEqual(readVenueMessage(kalshi), { kind: 'book', yes_bid: 0.41, yes_ask: 0.44, at: T });
    const envelope = orderbookMessage({ exchange: 'limitless', marketId: 's', style: 'envelope', maxBytes: 16 * 1024 }, book, 3)!;
    assert.deepEqual(readVenueMessage(envelope), { kind: 'book', yes_bid: 0.41, yes_ask: 0.44, at: T });
    const empty = orderbookMessage({ exchange: 'kalshi', marketId: 'K', style: 'bare', maxBytes: 512 * 1024 }, { ...book, asks: [] }, 4)!;
    assert.equal((readVenueMessage(empty) as { yes_ask: number | null }).yes_ask, null);
  });

  it('reads prices messages in both styles, and ignores trades and junk', () => {
    for (const style of ['bare', 'envelope'] as const) {
      const text = pricesMessage({ exchange: 'kalshi', marketId: 'K', style, maxBytes: 16 * 1024 }, ticker, 2);
      assert.deepEqual(readVenueMessage(text), { kind: 'prices', yes_bid: 0.41, yes_ask: 0.44, last_price: 0.42, at: T });
    }
    assert.equal(readVenueMessage('{"type":"trades","data":{}}'), null);
    assert.equal(readVenueMessage('not json'), null);
  });
});
