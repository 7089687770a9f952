// The filters both searches take, one language for keyword search, autocomplete and semantic
// search: `exchange` (one code or several), `status` or the spec's `active_only`, `category` (a word
// of the shared vocabulary), `limit`, `cursor`. Query strings carry lists comma-separated and
// booleans as true/false; the semantic body takes the same names with JSON values.
import { z } from 'zod';
import { CANONICAL_CATEGORIES } from '../../venues/categories.js';
import { ExchangeCodeSchema } from '../../venues/exchanges.js';
import type { Collapse, EventRef, StatusFilter } from '../../search/engine.js';
import { badRequest } from '../errors.js';

export function exchangeCodes(values: string[], ctx: z.RefinementCtx): string[] {
  const codes = [...new Set(values.flatMap((s) => s.split(',')).map((c) => c.trim().toLowerCase()).filter(Boolean))];
  for (const code of codes) {
    if (!ExchangeCodeSchema.safeParse(code).success) {
      ctx.addIssue({ code: 'custom', message: `unknown exchange "${code.slice(0, 40)}"` });
      return z.NEVER;
    }
  }
  return codes;
}

/** `exchange=kalshi,polymarket` in a query string. */
export const exchangeQueryParam = z
  .string()
  .max(200)
  .transform((s, ctx) => exchangeCodes([s], ctx))
  .openapi({ type: 'string', description: 'One exchange code or several, comma-separated (e.g. kalshi,polymarket)' });

/** `"exchange": "kalshi"` or `["kalshi", "polymarket"]` in a JSON body (the spec's array, or one code). */
export const exchangeBodyField = z
  .union([z.string().max(200), z.array(z.string().max(40)).max(20)])
  .transform((v, ctx) => exchangeCodes(Array.isArray(v) ? v : [v], ctx))
  .openapi({
    description: 'One exchange code, or an array of them (the spec\'s form); default, or an empty array: all nine',
    oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string', enum: [...ExchangeCodeSchema.options] } }],
  });

/** A word of the shared vocabulary, any case (GET /api/v1/categories lists them with counts). */
export const categoryParam = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.enum(CANONICAL_CATEGORIES, { message: `must be one of ${CANONICAL_CATEGORIES.join(', ')} (GET /api/v1/categories)` }))
  .openapi({
    type: 'string',
    enum: [...CANONICAL_CATEGORIES],
    description: 'One category of the shared vocabulary (GET /api/v1/categories lists them with counts); each result\'s `venue_category` keeps the venue\'s own word',
  });

export const statusParam = z.enum(['open', 'closed', 'all']).openapi({
  description: 'open: open and upcoming markets; closed: closed and resolved ones; all (default): both, open ones ranked first among results of similar relevance',
});

/** `active_only=true` in a query string (the spec's name for status=open). */
export const activeOnlyQueryParam = z
  .enum(['true', 'false'])
  .transform((v) => v === 'true')
  .openapi({ type: 'boolean', description: 'true: the same as status=open (the name semantic search\'s specification uses)' });

/**
 * One status filter from `status` and `active_only`; asking for both with different meanings
 * (active_only=true with status=closed or all) is a 400 rather than a guess.
 */
export function statusFilter(p: { status?: StatusFilter; active_only?: boolean }, place: 'query parameter' | 'body field'): StatusFilter {
  if (p.active_only === true) {
    if (p.status !== undefined && p.status !== 'open') {
      throw badRequest(`active_only: the ${place} active_only=true asks for open markets, status=${p.status} for others; send one of them`);
    }
    return 'open';
  }
  return p.status ?? 'all';
}

/**
 * How results are grouped. `event` (default): one result per event (the strikes or brackets of a
 * ladder, the markets of one venue event), its best match standing for it with `more_in_event`, so
 * that one event cannot fill a page; `cluster`: one result per cross-venue cluster with its `venues`
 * and `best` prices; `none`: every market. One market per event because it is the one number at which
 * the kept results, the total and the cursors stay exact on every engine (a collapse keeps one row
 * per group). On PostgreSQL the collapse looks among the page's best few candidates first: 1.0-1.4x
 * the time of an ungrouped page (bench/HISTORY.md, "Grouped keyword search on PostgreSQL, cheaper").
 */
export const groupParam = z.enum(['event', 'cluster', 'none']).openapi({
  description:
    'none (default): every market its own result; event: one result per venue event, so that one event cannot fill a page (a ladder\'s strikes or brackets count as one, the best match stands for them, ' +
    '`more_in_event` says how many more matched; `event=` lists them); cluster: one result per cross-venue cluster (`svc_id`), listing its ' +
    '`venues` with their catalog prices and the `best` prices across them. Pages, `total` and cursors count results as grouped.',
});

/** `event=kalshi:KXBTC-25DEC31`: a result's `event`, the venue's code and its event id. */
export const eventParam = z
  .string()
  .max(300)
  .transform((value, ctx): EventRef => {
    const at = value.indexOf(':');
    const exchange = value.slice(0, at).trim().toLowerCase();
    const eventId = value.slice(at + 1).trim();
    if (at < 1 || !eventId || !ExchangeCodeSchema.safeParse(exchange).success) {
      ctx.addIssue({ code: 'custom', message: 'must be <exchange>:<event id>, as a result\'s `event` says (e.g. kalshi:KXBTCD-25DEC31)' });
      return z.NEVER;
    }
    return { exchange, event_id: eventId };
  })
  .openapi({ type: 'string', description: 'Only the markets of this event: a result\'s `event` (`<exchange>:<event id>`), e.g. to list what `more_in_event` counted' });

/** The engines' collapse for a `group` (none within one event: grouping it by event leaves one market). */
export function collapseFor(group: 'event' | 'cluster' | 'none' | undefined, event: EventRef | undefined): Collapse | undefined {
  const g = group ?? 'none';
  if (g === 'none' || (g === 'event' && event)) return undefined;
  return g;
}

/** A result's `event`: `<exchange>:<event id>`, null for a market without an event. */
export function eventOf(r: { exchange: string; event_id?: string | null }): string | null {
  return r.event_id ? `${r.exchange}:${r.event_id}` : null;
}
