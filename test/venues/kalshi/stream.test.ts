/**
 * Kalshi's stream client against the simulator: book subscriptions ask for yes-leg pricing of the NO
 * side explicitly, so the announced flip of `use_yes_price`'s default (asyncapi.yaml, Aug 2026) cannot
 * turn the asks upside down. The simulator plays the venue before and after the flip.
 */
import assert from 'node:assert/strict';
import { pino } from 'pino';
import { createKalshiStreamClient } from '../../../src/venues/kalshi/stream.js';
import { startKalshiSimulator } from '../../../src/venues/kalshi/sim/simulator.js';
import type { StreamEvent } from '../../../src/venues/stream.js';
import { venueDrift } from '../../../src/venues/wire.js';
import type { OrderBook } from '../../../src/venues/records.js';

const ticker = 'KXFEDCHAIR-27-KHAS';

async function firstBook(useYesPriceDefault: boolean): Promise<{ book: OrderBook; truth: { bids: { price: number }[]; asks: { price: number }[] } }> {
  const sim = await startKalshiSimulator({ tickMs: 0, seed: 9, useYesPriceDefault });
  const events: StreamEvent[] = [];
  const client = createKalshiStreamClient({ url: sim.baseUrls.ws, onEvent: (e) => events.push(e), logger: pino({ level: 'silent' }) });
  try {
    client.subscribe([{ marketId: ticker, yesOutcomeId: null }]);
    for (let i = 0; i < 200 && !events.some((e) => e.kind === 'book'); i++) await new Promise((r) => setTimeout(r, 10));
    const book = events.find((e): e is Extract<StreamEvent, { kind: 'book' }> => e.kind === 'book')?.book;
    assert.ok(book, 'no book from the stream');
    return { book, truth: sim.activity.book(ticker)! };
  } finally {
    await client.close();
    await sim.stop();
  }
}

describe('kalshi stream client: NO-side book pricing', function () {
  this.timeout(20_000);

  for (const flipped of [false, true]) {
    it(`the YES asks are right with the venue's use_yes_price default ${flipped ? 'flipped to true (announced)' : 'as today (false)'}`, async () => {
      venueDrift.clear();
      const { book, truth } = await firstBook(flipped);
      assert.deepEqual(book.bids.map((l) => l.price), truth.bids.map((l) => l.price));
      assert.deepEqual(book.asks.map((l) => l.price), truth.asks.map((l) => l.price));
      assert.ok(book.bids[0].price < book.asks[0].price, 'the book is not crossed');
      assert.deepEqual(venueDrift.of('kalshi'), [], 'the simulator spoke the published stream schema');
    });
  }
});
