// The content hash of a normalised record: what decides whether a catalog row is rewritten and gets
// a new change_seq. It covers every served field of the unified record, in a fixed order, and
// leaves out the raw payload (venues reshuffle keys and add volatile fields) and updated_at (a venue
// that stamps every listing with "now" would otherwise make every sync rewrite every market).
import { createHash } from 'node:crypto';
import type { Market, MarketEvent } from '../venues/records.js';

const MARKET_FIELDS = [
  'event_id', 'title', 'subtitle', 'category', 'tags', 'status', 'closed', 'outcomes', 'yes_price', 'yes_bid', 'yes_ask',
  'last_price', 'volume', 'volume_24h', 'liquidity', 'open_interest', 'open_time', 'close_time', 'resolution_time', 'result',
  'rules', 'url', 'venue_category',
] as const satisfies readonly (keyof Market)[];

const EVENT_FIELDS = ['title', 'subtitle', 'category', 'status', 'venue_status', 'market_ids', 'close_time'] as const satisfies readonly (keyof MarketEvent)[];

function digest(values: unknown[]): string {
  return createHash('sha256').update(JSON.stringify(values)).digest('base64url');
}

/** Normalises a timestamp so that "…Z" and "…+00:00" (same instant) hash alike. */
function instant(v: string | null): string | null {
  if (v === null) return null;
  const t = Date.parse(v);
  return Number.isNaN(t) ? v : new Date(t).toISOString();
}

export function marketContentHash(m: Market): string {
  const values: unknown[] = MARKET_FIELDS.map((f) => {
    if (f === 'outcomes') return m.outcomes.map((o) => [o.id, o.label, o.price]);
    if (f === 'open_time' || f === 'close_time' || f === 'resolution_time') return instant(m[f]);
    return m[f];
  });
  // Only where the venue says: the markets of venues without the notion keep the hashes they had.
  if (m.neg_risk !== null && m.neg_risk !== undefined) values.push(['neg_risk', m.neg_risk]);
  return digest(values);
}

export function eventContentHash(e: MarketEvent): string {
  return digest(EVENT_FIELDS.map((f) => (f === 'close_time' ? instant(e.close_time) : e[f])));
}
