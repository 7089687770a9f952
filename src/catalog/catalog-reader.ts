// Read queries of the catalog for the per-venue routes: markets and events by key, and lists paged
// by key (keyset pagination: a page costs the same wherever it starts, and rows written meanwhile
// neither repeat nor vanish). Removed (tombstoned) markets are left out of every list.
import type pg from 'pg';
import type { ExchangeCode } from '../venues/exchanges.js';
import type { MarketStatus, Outcome } from '../venues/records.js';

/** A market as served (CONTRACT.md §3), with svc_id and cluster_id from the matcher (null until then). */
export interface CatalogMarket {
  exchange: string;
  market_id: string;
  event_id: string | null;
  title: string;
  subtitle: string | null;
  category: string;
  tags: string[];
  status: MarketStatus;
  closed: boolean;
  outcomes: Outcome[];
  yes_price: number | null;
  yes_bid: number | null;
  yes_ask: number | null;
  last_price: number | null;
  volume: number | null;
  volume_24h: number | null;
  liquidity: number | null;
  open_interest: number | null;
  open_time: string | null;
  close_time: string | null;
  resolution_time: string | null;
  result: string | null;
  rules: string;
  url: string | null;
  svc_id: string | null;
  cluster_id: string | null;
  updated_at: string;
}

export interface CatalogEvent {
  exchange: string;
  event_id: string;
  title: string;
  subtitle: string | null;
  category: string;
  /** Unified vocabulary (as markets), or null when neither the venue nor the event's markets said. */
  status: MarketStatus | null;
  /** The venue's own status word. */
  venue_status: string | null;
  close_time: string | null;
  /** Markets of the event in the catalog. */
  market_count: number;
  updated_at: string;
}

export interface Page<T> {
  items: T[];
  /** Key of the last item when more follow, else null. */
  nextKey: string[] | null;
}

const MARKET_SELECT = `exchange, market_id, event_id, title, subtitle, category, tags, status, closed, outcomes, yes_price, yes_bid,
  yes_ask, last_price, volume, volume_24h, liquidity, open_interest, open_time, close_time, resolution_time, result, rules, url,
  svc_id, cluster_id, updated_at`;

type MarketRow = Omit<CatalogMarket, 'open_time' | 'close_time' | 'resolution_time' | 'updated_at'> & {
  open_time: Date | null;
  close_time: Date | null;
  resolution_time: Date | null;
  updated_at: Date;
};

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

function toMarket(r: MarketRow): CatalogMarket {
  return {
    exchange: r.exchange,
    market_id: r.market_id,
    event_id: r.event_id,
    title: r.title,
    subtitle: r.subtitle,
    category: r.category,
    tags: r.tags,
    status: r.status,
    closed: r.closed,
    outcomes: r.outcomes,
    yes_price: r.yes_price,
    yes_bid: r.yes_bid,
    yes_ask: r.yes_ask,
    last_price: r.last_price,
    volume: r.volume,
    volume_24h: r.volume_24h,
    liquidity: r.liquidity,
    open_interest: r.open_interest,
    open_time: iso(r.open_time),
    close_time: iso(r.close_time),
    resolution_time: iso(r.resolution_time),
    result: r.result,
    rules: r.rules,
    url: r.url,
    svc_id: r.svc_id,
    cluster_id: r.cluster_id,
    updated_at: r.updated_at.toISOString(),
  };
}

type EventRow = Omit<CatalogEvent, 'close_time' | 'updated_at'> & { close_time: Date | null; updated_at: Date };

function toEvent(r: EventRow): CatalogEvent {
  return { ...r, close_time: iso(r.close_time), updated_at: r.updated_at.toISOString() };
}

export interface MarketListQuery {
  exchange: ExchangeCode;
  statuses?: MarketStatus[];
  /** Lower-case categories; a market matches any of them. */
  categories?: string[];
  eventId?: string;
  limit: number;
  /** Key of the last market of the previous page ([market_id]). */
  after?: string[];
}

export interface EventListQuery {
  /** One venue, or all of them. */
  exchanges?: ExchangeCode[];
  categories?: string[];
  limit: number;
  /** Key of the last event of the previous page ([exchange, event_id]). */
  after?: string[];
}

/**
 * An event's status is what its venue's normaliser mapped; when that is null (the venue's event has
 * no status word and came without its markets, e.g. Kalshi's events), the catalog's markets of the
 * event decide, by the rule of `eventStatusFromMarkets` (records.ts).
 */
const EVENT_STATUS_FROM_MARKETS = `(SELECT CASE
    WHEN bool_or(m.status = 'open') THEN 'open'
    WHEN bool_or(m.status = 'upcoming') THEN 'upcoming'
    WHEN bool_or(m.status = 'halted') THEN 'halted'
    WHEN bool_and(m.status = 'resolved') THEN 'resolved'
    WHEN count(*) > 0 THEN 'closed' END
  FROM markets m WHERE m.exchange = e.exchange AND m.event_id = e.event_id AND NOT m.removed)`;

const EVENT_SELECT = `e.exchange, e.event_id, e.title, e.subtitle, e.category, COALESCE(e.status, ${EVENT_STATUS_FROM_MARKETS}) AS status,
  e.venue_status, e.close_time, e.updated_at,
  (SELECT count(*)::int FROM markets m WHERE m.exchange = e.exchange AND m.event_id = e.event_id AND NOT m.removed) AS market_count`;

export class CatalogReader {
  constructor(private readonly pool: pg.Pool) {}

  /** A market by id, including one that was tombstoned (its last known state). */
  async getMarket(exchange: ExchangeCode, marketId: string): Promise<CatalogMarket | null> {
    const r = await this.pool.query<MarketRow>(`SELECT ${MARKET_SELECT} FROM markets WHERE exchange = $1 AND market_id = $2`, [exchange, marketId]);
    return r.rows[0] ? toMarket(r.rows[0]) : null;
  }

  async listMarkets(q: MarketListQuery): Promise<Page<CatalogMarket>> {
    const where = ['exchange = $1', 'NOT removed'];
    const params: unknown[] = [q.exchange];
    if (q.statuses?.length) {
      params.push(q.statuses);
      where.push(`status = ANY($${params.length}::text[])`);
    }
    if (q.categories?.length) {
      params.push(q.categories);
      where.push(`lower(category) = ANY($${params.length}::text[])`);
    }
    if (q.eventId !== undefined) {
      params.push(q.eventId);
      where.push(`event_id = $${params.length}`);
    }
    if (q.after) {
      params.push(q.after[0]);
      where.push(`market_id > $${params.length}`);
    }
    params.push(q.limit + 1);
    const r = await this.pool.query<MarketRow>(
      `SELECT ${MARKET_SELECT} FROM markets WHERE ${where.join(' AND ')} ORDER BY market_id LIMIT $${params.length}`,
      params,
    );
    const rows = r.rows.map(toMarket);
    const more = rows.length > q.limit;
    const items = more ? rows.slice(0, q.limit) : rows;
    return { items, nextKey: more ? [items[items.length - 1].market_id] : null };
  }

  async getEvent(exchange: ExchangeCode, eventId: string): Promise<CatalogEvent | null> {
    const r = await this.pool.query<EventRow>(`SELECT ${EVENT_SELECT} FROM events e WHERE e.exchange = $1 AND e.event_id = $2`, [exchange, eventId]);
    return r.rows[0] ? toEvent(r.rows[0]) : null;
  }

  /** Events with this id on any of `exchanges`, in the order given. */
  async findEvent(eventId: string, exchanges: readonly ExchangeCode[]): Promise<CatalogEvent | null> {
    const r = await this.pool.query<EventRow>(`SELECT ${EVENT_SELECT} FROM events e WHERE e.event_id = $1 AND e.exchange = ANY($2::text[])`, [eventId, exchanges]);
    const found = r.rows.map(toEvent);
    found.sort((a, b) => exchanges.indexOf(a.exchange as ExchangeCode) - exchanges.indexOf(b.exchange as ExchangeCode));
    return found[0] ?? null;
  }

  async listEvents(q: EventListQuery): Promise<Page<CatalogEvent>> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (q.exchanges) {
      params.push(q.exchanges);
      where.push(`e.exchange = ANY($${params.length}::text[])`);
    }
    if (q.categories?.length) {
      params.push(q.categories);
      where.push(`lower(e.category) = ANY($${params.length}::text[])`);
    }
    if (q.after) {
      params.push(q.after[0], q.after[1]);
      where.push(`(e.exchange, e.event_id) > ($${params.length - 1}, $${params.length})`);
    }
    params.push(q.limit + 1);
    const r = await this.pool.query<EventRow>(
      `SELECT ${EVENT_SELECT} FROM events e ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
       ORDER BY e.exchange, e.event_id LIMIT $${params.length}`,
      params,
    );
    const rows = r.rows.map(toEvent);
    const more = rows.length > q.limit;
    const items = more ? rows.slice(0, q.limit) : rows;
    const last = items[items.length - 1];
    return { items, nextKey: more ? [last.exchange, last.event_id] : null };
  }
}
