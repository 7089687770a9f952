// Read queries of the catalog, every read of the `markets` table the service makes (a test,
// test/lint/markets-reads.test.ts, holds the other folders to it): for the per-venue routes, markets
// and events by key and lists paged by key (keyset pagination: a page costs the same wherever it
// starts, and rows written meanwhile neither repeat nor vanish; removed (tombstoned) markets are left
// out of every list); for the indexers that follow the catalog (search index, embeddings, matching),
// the change feed in change_seq order; for the other features, markets by key, open markets per venue,
// counts and the inputs versions their caches follow.
import type pg from 'pg';
import type { ExchangeCode } from '../venues/exchanges.js';
import type { MarketStatus, Outcome } from '../venues/records.js';

/** A market as served (docs/api-contract.md §3), with svc_id and cluster_id from the matcher (null until then). */
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
  /** Whether the market is neg-risk; null where the venue has no such notion. */
  neg_risk: boolean | null;
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
  neg_risk, svc_id, cluster_id, updated_at`;

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
    neg_risk: r.neg_risk,
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
  /** ISO time: only markets whose updated_at is at or after it (polling for changes). */
  updatedSince?: string;
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

/**
 * A market as the downstream indexers read it from the change feed: the searchable fields, the
 * change_seq of its last change, and whether it was removed since.
 */
export interface MarketChangeRow {
  exchange: string;
  market_id: string;
  title: string;
  subtitle: string | null;
  category: string;
  tags: string[];
  status: string;
  closed: boolean;
  yes_price: number | null;
  volume: number | null;
  volume_24h: number | null;
  close_time: Date | null;
  svc_id: string | null;
  cluster_id: string | null;
  change_seq: number;
  removed: boolean;
  /** the venue's event of the market (null when it has none) */
  event_id: string | null;
}

const CHANGE_COLUMNS = [
  'exchange', 'market_id', 'title', 'subtitle', 'category', 'tags', 'status', 'closed', 'yes_price', 'volume', 'volume_24h',
  'close_time', 'svc_id', 'cluster_id', 'change_seq', 'removed', 'event_id',
] as const satisfies readonly (keyof MarketChangeRow)[];

/** change_seq is a bigint: pg returns it as a string. */
const withSeq = <T extends { change_seq: number | string }>(r: T): T & { change_seq: number } => ({ ...r, change_seq: Number(r.change_seq) });

/** The catalog's answer fields of one market for a search result (CatalogReader.searchAnswerFields). */
export interface SearchAnswerFields {
  status: string;
  yes_price: number | null;
  yes_bid: number | null;
  yes_ask: number | null;
  volume: number | null;
  /** ISO 8601 UTC */
  close_time: string | null;
  svc_id: string | null;
  venue_category: string | null;
}

/** One venue's market of a grouped search result: its catalog quote and when it was synced. */
export interface GroupMemberQuote {
  /** the cluster the market is in (null for a market alone) */
  svc_id: string | null;
  exchange: string;
  market_id: string;
  title: string;
  status: string;
  yes_price: number | null;
  yes_bid: number | null;
  yes_ask: number | null;
  volume: number | null;
  /** when the venue's data was last synced (ISO 8601 UTC) */
  updated_at: string;
}

/** A market as the matcher reads it: the judge's inputs, and what blocking and the canonical choice use. */
export interface MarketMatchInputs {
  exchange: string;
  market_id: string;
  title: string;
  rules: string;
  close_time: Date | null;
  outcomes: { id?: string; label: string }[];
  category: string;
  event_id: string | null;
  subtitle: string | null;
  removed: boolean;
  volume: number | null;
  change_seq: number;
}

const MATCH_INPUT_COLUMNS = [
  'exchange', 'market_id', 'title', 'rules', 'close_time', 'outcomes', 'category', 'event_id', 'subtitle', 'removed', 'volume', 'change_seq',
] as const satisfies readonly (keyof MarketMatchInputs)[];

/** A live market's blocking fields for the matcher (no texts). */
export interface MarketBlockingFields {
  exchange: string;
  market_id: string;
  category: string;
  close_time: Date | null;
  volume: number | null;
}

/** What names a market where another record lists it (a cluster's members, a pair the judge explains). */
export interface MarketLabel {
  exchange: string;
  market_id: string;
  title: string;
  url: string | null;
  svc_id: string | null;
}

/** A market as the embedding indexer reads it from the change feed: its texts and the filter columns copied next to its vectors. */
export interface MarketTextRow {
  exchange: string;
  market_id: string;
  title: string;
  rules: string;
  category: string;
  closed: boolean;
  removed: boolean;
  change_seq: number;
}

/** What a semantic answer shows of a market and re-checks its filters against (MarketDisplayRows). */
export interface SemanticDisplayFields {
  exchange: string;
  market_id: string;
  title: string;
  category: string;
  /** lower(category) as PostgreSQL computes it: what the category filter of the search statement compares. */
  category_key: string;
  closed: boolean;
  svc_id: string | null;
  removed: boolean;
  event_id: string | null;
  close_time: Date | null;
}

/** Markets of one venue in one status (tombstones as `removed`), for the operator's metrics. */
export interface VenueStatusCount {
  exchange: string;
  /** open | upcoming | closed | resolved | halted, or removed for a tombstone */
  status: string;
  markets: number;
  /** When the newest of these markets was last written by a sync (null when none). */
  newestChangeAt: Date | null;
}

export class CatalogReader {
  constructor(private readonly pool: pg.Pool) {}

  // ---- the change feed (indexers) ---------------------------------------------------------------

  /** The highest change_seq in the catalog (0 when empty). */
  async highWater(): Promise<number> {
    const res = await this.pool.query<{ m: string | null }>('SELECT max(change_seq) AS m FROM markets');
    return Number(res.rows[0]?.m ?? 0);
  }

  /** How many markets (removed ones included) changed after `seq`. */
  async countChangesSince(seq: number): Promise<number> {
    const res = await this.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM markets WHERE change_seq > $1', [seq]);
    return res.rows[0].n;
  }

  /** Up to `limit` markets that changed after `seq` (removed ones included), in change_seq order. */
  async changesSince(seq: number, limit: number): Promise<MarketChangeRow[]> {
    const res = await this.pool.query<MarketChangeRow>(
      `SELECT ${CHANGE_COLUMNS.join(', ')} FROM markets WHERE change_seq > $1 ORDER BY change_seq LIMIT $2`,
      [seq, limit],
    );
    return res.rows.map(withSeq);
  }

  /** Live (not removed) markets per exchange. */
  async countsByExchange(): Promise<Map<string, number>> {
    const res = await this.pool.query<{ exchange: string; n: number }>(
      'SELECT exchange, count(*)::int AS n FROM markets WHERE NOT removed GROUP BY exchange ORDER BY exchange',
    );
    return new Map(res.rows.map((r) => [r.exchange, r.n]));
  }

  /** Live markets with change_seq at most `seq`. */
  async countLiveUpTo(seq: number): Promise<number> {
    const res = await this.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM markets WHERE NOT removed AND change_seq <= $1', [seq]);
    return res.rows[0].n;
  }

  /** The live members of these clusters. */
  async clusterMembers(svcIds: readonly string[]): Promise<MarketChangeRow[]> {
    if (svcIds.length === 0) return [];
    const res = await this.pool.query<MarketChangeRow>(`SELECT ${CHANGE_COLUMNS.join(', ')} FROM markets WHERE svc_id = ANY($1::text[]) AND NOT removed`, [[...svcIds]]);
    return res.rows.map(withSeq);
  }

  /** Every venue of each cluster (its live members'), sorted. */
  async clusterExchanges(svcIds: readonly string[]): Promise<Map<string, string[]>> {
    const out = new Map<string, string[]>();
    if (svcIds.length === 0) return out;
    const res = await this.pool.query<{ svc_id: string; exchanges: string[] }>(
      `SELECT svc_id, array_agg(DISTINCT exchange ORDER BY exchange) AS exchanges
       FROM markets WHERE svc_id = ANY($1::text[]) AND NOT removed GROUP BY svc_id`,
      [[...svcIds]],
    );
    for (const r of res.rows) out.set(r.svc_id, r.exchanges);
    return out;
  }

  /**
   * One page of the live markets with change_seq at most `upToSeq`, after the key
   * [change_seq, exchange, market_id] (keyset: stable under concurrent writes), each with the venues
   * of its cluster (null when unclustered): what a full rebuild of a downstream index reads.
   */
  async liveMarketsUpTo(upToSeq: number, after: [number, string, string], limit: number): Promise<(MarketChangeRow & { cluster_exchanges: string[] | null })[]> {
    const res = await this.pool.query<MarketChangeRow & { cluster_exchanges: string[] | null }>(
      `SELECT ${CHANGE_COLUMNS.map((c) => `m.${c}`).join(', ')}, c.exchanges AS cluster_exchanges
       FROM markets m
       LEFT JOIN (SELECT svc_id, array_agg(DISTINCT exchange ORDER BY exchange) AS exchanges
                  FROM markets WHERE svc_id IS NOT NULL AND NOT removed GROUP BY svc_id) c ON c.svc_id = m.svc_id
       WHERE NOT m.removed AND m.change_seq <= $1 AND (m.change_seq, m.exchange, m.market_id) > ($2, $3, $4)
       ORDER BY m.change_seq, m.exchange, m.market_id
       LIMIT $5`,
      [upToSeq, ...after, limit],
    );
    return res.rows.map(withSeq);
  }

  /** The matcher's inputs of the markets changed in (after, upTo], removed ones included. */
  async matchInputsChangedBetween(after: number, upTo: number): Promise<MarketMatchInputs[]> {
    const { rows } = await this.pool.query<MarketMatchInputs>(`SELECT ${MATCH_INPUT_COLUMNS.join(', ')} FROM markets WHERE change_seq > $1 AND change_seq <= $2`, [after, upTo]);
    return rows;
  }

  /**
   * Up to `limit` markets that changed after `afterSeq` (removed ones included) with their texts, oldest
   * change first: the embedding indexer's feed. With `openOnly`, of the open markets only (through the
   * partial index of migration 170, so that asking costs an index probe however many closed markets
   * follow the cursor).
   */
  async textChangesSince(afterSeq: number, limit: number, openOnly = false): Promise<MarketTextRow[]> {
    const { rows } = await this.pool.query<MarketTextRow>(
      `SELECT exchange, market_id, title, rules, category, closed, removed, change_seq
       FROM markets WHERE change_seq > $1 ${openOnly ? 'AND NOT closed AND NOT removed' : ''} ORDER BY change_seq LIMIT $2`,
      [afterSeq, limit],
    );
    return rows;
  }

  // ---- the per-venue reads ----------------------------------------------------------------------

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
    if (q.updatedSince !== undefined) {
      params.push(q.updatedSince);
      where.push(`updated_at >= $${params.length}::timestamptz`);
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
  /** Listed (not removed) markets per category, and how many of them are open or upcoming. */
  async categoryCounts(exchanges?: readonly string[]): Promise<{ category: string; markets: number; open: number }[]> {
    const res = await this.pool.query<{ category: string; markets: number; open: number }>(
      `SELECT category, count(*)::int AS markets, (count(*) FILTER (WHERE NOT closed))::int AS open
       FROM markets WHERE NOT removed AND ($1::text[] IS NULL OR exchange = ANY($1::text[]))
       GROUP BY category`,
      [exchanges?.length ? [...exchanges] : null],
    );
    return res.rows;
  }

  /** Per venue, markets by status (tombstones as `removed`) and when the newest of them was written: one grouped pass over the catalog, which the metrics cache (never run per scrape). */
  async venueStatusCounts(): Promise<VenueStatusCount[]> {
    const { rows } = await this.pool.query<{ exchange: string; status: string; markets: number; newest: Date | null }>(
      `SELECT exchange, CASE WHEN removed THEN 'removed' ELSE status END AS status, count(*)::int AS markets, max(updated_at) AS newest
       FROM markets GROUP BY 1, 2`,
    );
    return rows.map((r) => ({ exchange: r.exchange, status: r.status, markets: r.markets, newestChangeAt: r.newest }));
  }

  /**
   * What a search answer shows of each market beyond the index's fields: prices, volume, close time,
   * cluster, status and the venue's category word, read from the catalog by key (no venue call).
   * Markets no longer listed are absent from the map.
   */
  async searchAnswerFields(keys: readonly { exchange: string; market_id: string }[]): Promise<Map<string, SearchAnswerFields>> {
    const out = new Map<string, SearchAnswerFields>();
    if (keys.length === 0) return out;
    const res = await this.pool.query<SearchAnswerFields & { exchange: string; market_id: string; close_time: Date | null }>({
      name: 'catalog_search_answer_fields',
      text: `SELECT m.exchange, m.market_id, m.status, m.yes_price, m.yes_bid, m.yes_ask, m.volume, m.close_time, m.svc_id, m.venue_category
       FROM unnest($1::text[], $2::text[]) AS k(exchange, market_id)
       JOIN markets m ON m.exchange = k.exchange AND m.market_id = k.market_id AND NOT m.removed`,
      values: [keys.map((k) => k.exchange), keys.map((k) => k.market_id)],
    });
    for (const r of res.rows) {
      out.set(`${r.exchange}:${r.market_id}`, {
        status: r.status,
        yes_price: r.yes_price,
        yes_bid: r.yes_bid,
        yes_ask: r.yes_ask,
        volume: r.volume,
        close_time: r.close_time ? new Date(r.close_time).toISOString() : null,
        svc_id: r.svc_id,
        venue_category: r.venue_category,
      });
    }
    return out;
  }

  /**
   * The live members of these clusters and the unclustered markets among `alone`, with their catalog
   * quotes: what a search grouped by cluster lists per result (one statement per page).
   */
  async groupMemberQuotes(svcIds: readonly string[], alone: readonly { exchange: string; market_id: string }[]): Promise<GroupMemberQuote[]> {
    if (svcIds.length === 0 && alone.length === 0) return [];
    const res = await this.pool.query<Omit<GroupMemberQuote, 'updated_at'> & { updated_at: Date }>({
      name: 'catalog_group_member_quotes',
      text: `SELECT m.svc_id, m.exchange, m.market_id, m.title, m.status, m.yes_price, m.yes_bid, m.yes_ask, m.volume, m.updated_at
       FROM markets m WHERE m.svc_id = ANY($1::text[]) AND NOT m.removed
       UNION ALL
       SELECT m.svc_id, m.exchange, m.market_id, m.title, m.status, m.yes_price, m.yes_bid, m.yes_ask, m.volume, m.updated_at
       FROM unnest($2::text[], $3::text[]) AS k(exchange, market_id)
       JOIN markets m ON m.exchange = k.exchange AND m.market_id = k.market_id AND NOT m.removed AND m.svc_id IS NULL`,
      values: [[...svcIds], alone.map((k) => k.exchange), alone.map((k) => k.market_id)],
    });
    return res.rows.map((r) => ({ ...r, updated_at: new Date(r.updated_at).toISOString() }));
  }

  /** The live markets of one venue event (at most `limit`), by market id: a search within the event. */
  async eventMarketKeys(exchange: string, eventId: string, limit: number): Promise<{ exchange: string; market_id: string }[]> {
    const res = await this.pool.query<{ exchange: string; market_id: string }>(
      'SELECT exchange, market_id FROM markets WHERE exchange = $1 AND event_id = $2 AND NOT removed ORDER BY market_id LIMIT $3',
      [exchange, eventId, limit],
    );
    return res.rows;
  }

  // ---- markets by key, open markets per venue (recorder, sync, matching, semantic search) --------

  /** The markets of `exchange` among `ids` (any status; removed ones included), with their outcomes. */
  async outcomesByIds(exchange: string, ids: readonly string[]): Promise<{ market_id: string; outcomes: Outcome[] }[]> {
    const r = await this.pool.query<{ market_id: string; outcomes: Outcome[] }>('SELECT market_id, outcomes FROM markets WHERE exchange = $1 AND market_id = ANY($2::text[])', [exchange, ids]);
    return r.rows;
  }

  /** The `limit` open markets of `exchange` with the most volume, with their outcomes. */
  async openMarketsByVolume(exchange: string, limit: number): Promise<{ market_id: string; outcomes: Outcome[] }[]> {
    const r = await this.pool.query<{ market_id: string; outcomes: Outcome[] }>(
      `SELECT market_id, outcomes FROM markets WHERE exchange = $1 AND status = 'open'
       ORDER BY volume DESC NULLS LAST, market_id LIMIT $2`,
      [exchange, limit],
    );
    return r.rows;
  }

  /** Whether the catalog has a row for this market (removed ones included). */
  async hasMarket(exchange: string, marketId: string): Promise<boolean> {
    const r = await this.pool.query('SELECT 1 FROM markets WHERE exchange = $1 AND market_id = $2', [exchange, marketId]);
    return (r.rowCount ?? 0) > 0;
  }

  /** A market's svc_id and the other markets ("exchange:market_id") that share it; null when unknown. */
  async clusterOf(exchange: string, marketId: string): Promise<{ svc_id: string | null; members: string[] } | null> {
    const { rows } = await this.pool.query<{ svc_id: string | null; members: string[] | null }>(
      `SELECT m.svc_id, (SELECT array_agg(o.exchange || ':' || o.market_id ORDER BY o.exchange) FROM markets o
                         WHERE o.svc_id = m.svc_id AND (o.exchange, o.market_id) <> (m.exchange, m.market_id)) AS members
       FROM markets m WHERE m.exchange = $1 AND m.market_id = $2`,
      [exchange, marketId],
    );
    return rows[0] ? { svc_id: rows[0].svc_id, members: rows[0].members ?? [] } : null;
  }

  /** Ids of the venue's markets the catalog holds as open or upcoming (not closed, not removed). */
  async openMarketIds(exchange: string): Promise<string[]> {
    const r = await this.pool.query<{ market_id: string }>("SELECT market_id FROM markets WHERE exchange = $1 AND NOT removed AND NOT closed", [exchange]);
    return r.rows.map((row) => row.market_id);
  }

  /**
   * The matcher's inputs of these markets (the i-th is exchanges[i]:marketIds[i]; removed ones
   * included, unknown ones left out).
   */
  async matchInputsByKeys(exchanges: readonly string[], marketIds: readonly string[]): Promise<MarketMatchInputs[]> {
    const { rows } = await this.pool.query<MarketMatchInputs>(
      `SELECT ${MATCH_INPUT_COLUMNS.map((c) => `m.${c}`).join(', ')} FROM unnest($1::text[], $2::text[]) AS k(exchange, market_id)
       JOIN markets m ON m.exchange = k.exchange AND m.market_id = k.market_id`,
      [exchanges, marketIds],
    );
    return rows;
  }

  /** Every live market's blocking fields for the matcher (category, close time, volume), without texts. */
  async liveMarketBlockingFields(): Promise<MarketBlockingFields[]> {
    const { rows } = await this.pool.query<MarketBlockingFields>('SELECT exchange, market_id, category, close_time, volume FROM markets WHERE NOT removed');
    return rows;
  }

  /** Title, page and svc_id of these markets (removed ones included, unknown ones left out). */
  async labelsByKeys(keys: readonly { exchange: string; market_id: string }[]): Promise<MarketLabel[]> {
    if (keys.length === 0) return [];
    const { rows } = await this.pool.query<MarketLabel>(
      `SELECT m.exchange, m.market_id, m.title, m.url, m.svc_id
       FROM unnest($1::text[], $2::text[]) AS k(exchange, market_id)
       JOIN markets m ON m.exchange = k.exchange AND m.market_id = k.market_id`,
      [keys.map((k) => k.exchange), keys.map((k) => k.market_id)],
    );
    return rows;
  }

  /**
   * What semantic answers show of these markets and re-check their filters against (the i-th is
   * exchanges[i]:marketIds[i]; removed ones included, unknown ones left out). On the search path: a
   * named (prepared) statement, parallel arrays as the caller holds them.
   */
  async semanticDisplayFieldsByKeys(exchanges: readonly string[], marketIds: readonly string[]): Promise<SemanticDisplayFields[]> {
    const { rows } = await this.pool.query<SemanticDisplayFields>({
      name: 'semantic_market_display_rows',
      text: `SELECT m.exchange, m.market_id, m.title, m.category, lower(m.category) AS category_key, m.closed, m.svc_id, m.removed, m.event_id, m.close_time
  FROM unnest($1::text[], $2::text[]) AS k(exchange, market_id)
  JOIN markets m ON m.exchange = k.exchange AND m.market_id = k.market_id`,
      values: [exchanges, marketIds],
    });
    return rows;
  }

  // ---- inputs versions (answer caches of other instances' changes) -----------------------------

  /** What semantic answers depend on: the newest catalog change and the embedding cursors. */
  async semanticInputsVersion(): Promise<string> {
    const { rows } = await this.pool.query<{ v: string | null }>(`SELECT (SELECT coalesce(max(change_seq), 0) FROM markets)::text || '/' ||
  coalesce((SELECT string_agg(name || '=' || last_change_seq, ',' ORDER BY name) FROM embedding_index_state WHERE name LIKE 'cursor:%'), '') AS v`);
    return rows[0]?.v ?? '';
  }

  /**
   * Exactly what semantic answers show or filter on: the catalog row's title, category, status,
   * cluster and tombstone, and each stored vector (by its text hash) with the filter columns copied
   * next to it. Prices and volumes are not in it, so a price-only sync keeps the cached answers. A
   * scan of both tables (75-110 ms for 23,761 markets and title vectors on the embedded database,
   * loaded machine): the semantic result cache runs it only when semanticInputsVersion moved and at
   * most once per its confirm interval.
   */
  async semanticAnswerFingerprint(): Promise<string> {
    const { rows } = await this.pool.query<{ v: string | null }>(`SELECT
  (SELECT count(*) || ':' || coalesce(sum(hashtext(concat_ws('|', exchange, market_id, title, category, closed, svc_id, removed))::numeric), 0)
     FROM markets)
  || '/' ||
  (SELECT count(*) || ':' || coalesce(sum(hashtext(concat_ws('|', exchange, market_id, kind, text_hash, category, closed))::numeric), 0)
     FROM market_embeddings) AS v`);
    return rows[0]?.v ?? '';
  }
}
