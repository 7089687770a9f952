// The shared per-item loop of every adapter's listMarkets: bad items become `skipped` entries and the
// rest of the page survives; group events are added once per key.
import assert from 'node:assert/strict';
import { normaliseListingPage } from '../../src/venues/listing.js';
import { makeEvent, makeMarket } from '../../src/venues/records.js';

type Raw = { id: string; title?: string; price?: number; group?: string };

const market = (raw: Raw) =>
  makeMarket({ exchange: 'kalshi', market_id: raw.id, title: raw.title ?? '', status: 'open', updated_at: '2026-11-01T00:00:00.000Z', yes_price: raw.price, raw });

describe('venue listing pages: normaliseListingPage', () => {
  it('keeps the good items in order and reports each bad one with its id and reason', () => {
    const raws: Raw[] = [
      { id: 'A', title: 'Will A happen?', price: 0.4 },
      { id: 'B', title: 'Price out of range', price: 1.7 },
      { id: 'C', title: 'Will C happen?', price: 0.6 },
      { id: 'D' }, // no title
    ];
    const page = normaliseListingPage(raws, (raw, p) => p.markets.push(market(raw)), (raw) => raw.id);
    assert.deepEqual(page.markets.map((m) => m.market_id), ['A', 'C']);
    assert.deepEqual(page.skipped.map((s) => s.id), ['B', 'D']);
    assert.match(page.skipped[0].reason, /yes_price/);
    assert.equal(page.events.length, 0);
  });

  it('adds a group event once per key, built only for a new key, and keeps what an item added before it failed', () => {
    let built = 0;
    const raws: Raw[] = [
      { id: 'A1', title: 'Group A, first', group: 'GA' },
      { id: 'A2', title: 'Group A, second', group: 'GA' },
      { id: 'B1', title: 'Group B, first', group: 'GB' },
      { id: 'B2', title: 'Group B, broken', group: 'GB', price: -1 },
    ];
    const page = normaliseListingPage(
      raws,
      (raw, p) => {
        p.addEventOnce(raw.group!, () => {
          built++;
          return makeEvent({ exchange: 'kalshi', event_id: raw.group!, title: `Group ${raw.group}`, updated_at: '2026-11-01T00:00:00.000Z', raw });
        });
        p.markets.push(market(raw));
      },
      (raw) => raw.id,
    );
    assert.equal(built, 2);
    assert.deepEqual(page.events.map((e) => e.event_id), ['GA', 'GB']);
    assert.deepEqual(page.markets.map((m) => m.market_id), ['A1', 'A2', 'B1']);
    assert.deepEqual(page.skipped.map((s) => s.id), ['B2']);
  });

  it('adds an item with its event and skipped children in one call', () => {
    const page = normaliseListingPage(
      [{ id: 'G' }],
      (raw, p) =>
        p.add({
          markets: [market({ id: 'G-1', title: 'Child one' })],
          event: makeEvent({ exchange: 'kalshi', event_id: raw.id, title: 'Parent', updated_at: '2026-11-01T00:00:00.000Z', raw }),
          skipped: [{ id: 'G-2', reason: 'no price' }],
        }),
      (raw) => raw.id,
    );
    assert.deepEqual(page.markets.map((m) => m.market_id), ['G-1']);
    assert.deepEqual(page.events.map((e) => e.event_id), ['G']);
    assert.deepEqual(page.skipped, [{ id: 'G-2', reason: 'no price' }]);
  });
});
