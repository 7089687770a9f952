/** Futuur's response fixture per request-table call (see ../endpoint-fixture.ts). */
import assert from 'node:assert/strict';
import { actionMarketId, normaliseAction, normaliseBook, normaliseEvent, normaliseEventMarkets, normalisePriceHistory } from '../../../src/venues/futuur/normalise.js';
import * as wire from '../../../src/venues/futuur/wire.js';
import type { EndpointFixture } from '../endpoint-fixture.js';

const ctx = { fetchedAt: '2026-11-28T00:00:00.000Z' };

export const endpoints: readonly EndpointFixture[] = [
  {
    call: 'events',
    fixture: 'events_page.json',
    schema: wire.FutuurEventsPageSchema,
    normalises: (page) => {
      const [one, two] = page.results.map((ev: never) => normaliseEventMarkets(ev, ctx));
      assert.deepEqual(one.markets.map((m: { market_id: string; status: string; yes_price: number | null }) => [m.market_id, m.status, m.yes_price]), [['31012', 'open', 0.693]]);
      assert.deepEqual(two.markets.map((m: { market_id: string }) => m.market_id), ['31040', '31041']);
      // A price outside [0, 1] skips that market, not the page.
      assert.deepEqual(two.skipped.map((s: { id: string | null }) => s.id), ['31042']);
    },
  },
  {
    call: 'event',
    fixture: 'event_resolved.json',
    schema: wire.FutuurEventSchema,
    normalises: (ev) => {
      assert.deepEqual(normaliseEventMarkets(ev, ctx).markets.map((m) => [m.market_id, m.status, m.result, m.yes_price]), [['29001', 'resolved', 'yes', 1]]);
      assert.equal(normaliseEvent(ev, ctx).status, 'resolved');
    },
  },
  {
    call: 'book',
    fixture: 'book.json',
    schema: wire.FutuurBookSchema,
    normalises: (raw) => {
      const b = normaliseBook('31012', raw, ctx);
      assert.deepEqual([b.bids, b.asks], [[{ price: 0.68, size: 250 }, { price: 0.66, size: 1000.5 }], [{ price: 0.71, size: 75 }]]);
    },
  },
  {
    call: 'book',
    fixture: 'book-docs-example.json',
    schema: wire.FutuurBookSchema,
    normalises: (raw) => {
      const b = normaliseBook('501', raw, ctx);
      assert.deepEqual([b.bids, b.asks], [[{ price: 0.62, size: 120 }, { price: 0.6, size: 80 }], [{ price: 0.64, size: 95 }, { price: 0.66, size: 60 }]]);
    },
  },
  {
    call: 'priceHistory',
    fixture: 'price_history.json',
    schema: wire.FutuurPriceHistorySchema,
    // The answer holds every market of the event: only the asked one's points, oldest first.
    normalises: (rows) => assert.deepEqual(normalisePriceHistory('31012', rows).map((p) => [p.timestamp, p.price]), [['2026-11-20T08:00:00.000Z', 0.675], ['2026-11-20T09:00:00.000Z', 0.68]]),
  },
  {
    call: 'actions',
    fixture: 'actions_page.json',
    schema: wire.FutuurActionsPageSchema,
    normalises: (page) => assert.deepEqual(page.results.map((a: never) => [actionMarketId(a), normaliseAction(a).price, normaliseAction(a).size]), [['31012', 0.69, 40], ['31012', 0.69, 12.5]]),
  },
];
