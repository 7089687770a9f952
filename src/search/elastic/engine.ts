// Keyword search and autocomplete on Elasticsearch 7/8 or OpenSearch 2, plus the index writer.
//
// Searches go to an alias (default `markets`) that points at one versioned physical index; a full
// rebuild fills a new index and swaps the alias in one atomic `_aliases` call. Writes carry the
// catalog's change_seq as an external version, so an older write never overwrites a newer one
// (two indexers, or a late retry, cannot roll a market back).
import { errors, type Client } from '@elastic/elasticsearch';
import {
  docKey,
  eventKey,
  groupKey,
  SearchUnavailableError,
  type AutocompleteQuery,
  type BulkResult,
  type MarketHit,
  type MarketKey,
  type MarketSearchDoc,
  type MarketSearchPage,
  type MarketSearchQuery,
  type Rebuild,
  type SearchEngine,
  type SearchIndexWriter,
  type SortPosition,
  type Suggestion,
} from '../engine.js';
import { normaliseQuery, type NormalisedQuery } from '../query-text.js';
import { wideCursor, widePlan, wideRequired, type WidePlan } from '../widening.js';
import { loadIndexDefinition, versionedIndexName, type IndexDefinition } from './mapping.js';
import { autocompleteBody, COLLAPSE_FIELD, collapsedAutocompleteBody, groupSizesBody, searchBody, wideAutocompleteBody, widenedAutocompleteBody } from './queries.js';

export interface ElasticEngineOptions {
  client: Client;
  /** the name searches use; physical indices are `<alias>-v<N>-<timestamp>` */
  alias?: string;
  definition?: IndexDefinition;
  /** how long an old index lives after an alias swap, for searches already running on it */
  dropOldIndexAfterMs?: number;
  /** searches fail fast so that the API can answer 503 instead of hanging (writes use the
   * client's own, longer timeout) */
  searchTimeoutMs?: number;
  /** shards and replicas of the indices this engine creates (default: see IndexLayout) */
  layout?: Partial<IndexLayout>;
  /** pauses between retries of bulk items the cluster refused for the moment (429, 5xx) */
  bulkRetryDelaysMs?: number[];
}

/**
 * Shards and replicas of a new physical index. They are index-creation settings, not part of the
 * mapping (mappings/ holds no shard counts): set per deployment (SEARCH_SHARDS, SEARCH_REPLICAS).
 * `replicas: 'auto'` is decided when the index is created, from the cluster's data nodes: one
 * replica when there are two or more (a node can go without losing a shard), none on a single
 * node (a replica could never be placed and the index would stay yellow). A cluster that grows
 * later keeps that number until a reindex or a settings update.
 */
export interface IndexLayout {
  shards: number;
  replicas: number | 'auto';
}

export const DEFAULT_INDEX_LAYOUT: IndexLayout = { shards: 1, replicas: 'auto' };

/** The search cluster as the health check reports it. */
export interface SearchClusterHealth {
  /** green: every copy placed; yellow: some replica missing (no redundancy); red: some data missing */
  status: 'green' | 'yellow' | 'red';
  /** nodes in the cluster now, and how many node URLs this process was given */
  nodes: number;
  configured_nodes: number;
  unassigned_shards: number;
}

interface StoredDoc extends MarketSearchDoc {
  key: string;
  group_key: string;
  event_key: string;
}

// only what the engine reads back: smaller responses, less JSON to parse per search
const SEARCH_FILTER_PATH = ['hits.total', 'hits.hits._source', 'hits.hits._score', 'hits.hits.sort'];
const COLLAPSED_FILTER_PATH = [...SEARCH_FILTER_PATH, 'hits.hits.fields', 'aggregations.groups.value'];

/** Marks the cursor of a collapsed page: `[FROM_OFFSET, offset]`, a widening marker after it. */
const FROM_OFFSET = 'from';
/** How deep `from` may page (the index's max_result_window, mappings/). */
const MAX_RESULT_WINDOW = 10_000;

function isUnavailable(err: unknown): boolean {
  if (err instanceof errors.ConnectionError || err instanceof errors.TimeoutError || err instanceof errors.NoLivingConnectionsError) {
    return true;
  }
  if (err instanceof errors.ResponseError) {
    const status = err.statusCode ?? 0;
    // 404 index_not_found: nothing has been indexed yet; 429/5xx: the cluster is overloaded or down
    return status === 404 || status === 429 || status >= 500;
  }
  return false;
}

export class ElasticSearchEngine implements SearchEngine, SearchIndexWriter {
  readonly kind = 'elasticsearch' as const;
  readonly alias: string;
  private readonly client: Client;
  private readonly definition: IndexDefinition;
  private readonly dropOldIndexAfterMs: number;
  private readonly read: { requestTimeout: number };
  private readonly layout: IndexLayout;
  private readonly bulkRetryDelaysMs: number[];
  /** The live index whose mapping was last checked for missing fields (once per index and process). */
  private checkedMapping: string | null = null;

  constructor(opts: ElasticEngineOptions) {
    this.client = opts.client;
    this.alias = opts.alias ?? 'markets';
    this.definition = opts.definition ?? loadIndexDefinition();
    this.dropOldIndexAfterMs = opts.dropOldIndexAfterMs ?? 2_000;
    this.read = { requestTimeout: opts.searchTimeoutMs ?? 3_000 };
    this.layout = { ...DEFAULT_INDEX_LAYOUT, ...opts.layout };
    this.bulkRetryDelaysMs = opts.bulkRetryDelaysMs ?? [200, 500, 1_000, 2_000, 4_000];
  }

  private async guarded<T>(what: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      if (isUnavailable(err)) throw new SearchUnavailableError(`search engine unavailable (${what}): ${(err as Error).message}`, { cause: err });
      throw err;
    }
  }

  // ---- reading -------------------------------------------------------------------------------

  async searchMarkets(q: MarketSearchQuery): Promise<MarketSearchPage> {
    const nq = normaliseQuery(q.q);
    // a cursor of a widened page continues widened
    const required = wideRequired(q.after);
    if (required !== null) return this.searchOnce(q, nq, widePlan(nq, required));
    const page = await this.searchOnce(q, nq, null);
    if (q.after || nq.terms.length === 0 || page.total >= q.limit) return page;
    // fewer than a page with every word: most content words, else any one (see ../widening.ts);
    // a widened search holds every strict match, ranked first
    const plan = widePlan(nq);
    if (!plan) return page;
    const most = await this.searchOnce(q, nq, plan);
    if (most.total > 0 || plan.required === 1) return most.total > 0 ? most : page;
    const any = await this.searchOnce(q, nq, { ...plan, required: 1 });
    return any.total > 0 ? any : page;
  }

  private async searchOnce(q: MarketSearchQuery, nq: NormalisedQuery, plan: WidePlan | null): Promise<MarketSearchPage> {
    // a widened cursor carries the mode after the engine's sort values
    const after = plan && q.after ? q.after.slice(0, 2) : q.after;
    const from = q.collapse ? collapsedOffset(after) : 0;
    const res = await this.guarded('search', () =>
      this.client
        .search<Pick<MarketSearchDoc, 'exchange' | 'market_id' | 'title' | 'category' | 'closed' | 'svc_id' | 'event_id'>>(
          { index: this.alias, filter_path: q.collapse ? COLLAPSED_FILTER_PATH : SEARCH_FILTER_PATH, ...searchBody(q, nq, plan, after, from) },
          this.read,
        )
        .catch((err: unknown) => {
          // a well-formed cursor whose values do not fit this sort (hand-made): the caller's fault
          if (q.after && err instanceof errors.ResponseError && err.statusCode === 400) {
            throw new RangeError('cursor does not match this search');
          }
          throw err;
        }),
    );
    // filter_path drops `hits.hits` entirely when nothing matched
    const raw = res.hits?.hits ?? [];
    const page = raw.slice(0, q.limit);
    const sizes = q.collapse ? await this.groupSizes({ ...q, collapse: q.collapse }, nq, plan, page) : null;
    const hits: MarketHit[] = page.map((h) => {
      const s = h._source!;
      return {
        exchange: s.exchange,
        market_id: s.market_id,
        title: s.title,
        category: s.category,
        closed: s.closed,
        score: roundScore(h._score ?? 0),
        svc_id: s.svc_id ?? null,
        event_id: s.event_id ?? null,
        collapsed: sizes ? Math.max(0, (sizes.get(collapseValue(h, q.collapse!) ?? '') ?? 1) - 1) : 0,
      };
    });
    const groups = (res.aggregations?.groups as { value?: number } | undefined)?.value;
    const total = q.collapse ? (groups ?? hits.length) : totalOf(res.hits?.total, hits.length);
    const last = page[page.length - 1];
    let position: SortPosition | null = null;
    if (raw.length > q.limit && q.collapse) position = from + q.limit < MAX_RESULT_WINDOW ? [FROM_OFFSET, from + q.limit] : null;
    else if (raw.length > q.limit && last?.sort) position = last.sort as SortPosition;
    const next = position && plan ? wideCursor(position, plan.required) : position;
    return { total, hits, next };
  }

  /** The matches of each kept hit's group (one terms aggregation over the page's groups). */
  private async groupSizes(
    q: MarketSearchQuery & { collapse: NonNullable<MarketSearchQuery['collapse']> },
    nq: NormalisedQuery,
    plan: WidePlan | null,
    page: { fields?: Record<string, unknown> }[],
  ): Promise<Map<string, number>> {
    const keys = [...new Set(page.map((h) => collapseValue(h, q.collapse)).filter((k): k is string => k !== undefined))];
    if (keys.length === 0) return new Map();
    const res = await this.guarded('search', () =>
      this.client.search({ index: this.alias, filter_path: ['aggregations.sizes.buckets'], ...groupSizesBody(q, nq, plan, keys) }, this.read),
    );
    const buckets = (res.aggregations?.sizes as { buckets?: { key: string; doc_count: number }[] } | undefined)?.buckets ?? [];
    return new Map(buckets.map((b) => [b.key, b.doc_count]));
  }

  async autocomplete(q: AutocompleteQuery): Promise<Suggestion[]> {
    const nq = normaliseQuery(q.q);
    if (nq.terms.length === 0) return [];
    type Hit = Pick<MarketSearchDoc, 'exchange' | 'market_id' | 'title' | 'svc_id' | 'cluster_exchanges' | 'closed'> & { group_key?: string };
    const run = (body: Record<string, unknown>) =>
      this.guarded('autocomplete', () => this.client.search<Hit>({ index: this.alias, filter_path: SEARCH_FILTER_PATH, ...body }, this.read));
    const strict = async (): Promise<Hit[]> => {
      // exactly `limit` first; wider only when one cluster's members took places (see queries.ts)
      for (const body of [autocompleteBody(q, nq), widenedAutocompleteBody(q, nq)]) {
        const hits = (await run(body)).hits?.hits ?? [];
        const unique = dedupeByGroup(hits.map((h) => h._source!)).slice(0, q.limit);
        // complete, or fewer matches than asked for: nothing more to find
        if (unique.length >= q.limit || hits.length < (body.size as number)) return unique;
      }
      // a wide page still mostly one cluster's members: let the engine collapse (rare, slower)
      return ((await run(collapsedAutocompleteBody(q, nq))).hits?.hits ?? []).map((h) => h._source!);
    };
    let found = await strict();
    // fewer than asked for with every word: most content words, then any one, after the strict
    // suggestions, one per cluster across all (the keyword search's tiers, ../widening.ts)
    const plan = found.length < q.limit ? widePlan(nq) : null;
    for (const required of plan ? [...new Set([plan.required, 1])] : []) {
      const hits = (await run(wideAutocompleteBody(q, { ...plan!, required }))).hits?.hits ?? [];
      found = dedupeByGroup([...found, ...hits.map((h) => h._source!)]).slice(0, q.limit);
      if (found.length >= q.limit) break;
    }
    return found.map(toSuggestion);
  }

  async ping(): Promise<boolean> {
    try {
      return await this.client.ping(undefined, this.read);
    } catch {
      return false;
    }
  }

  /** The health of the live index (of the whole cluster before one exists), and its node count. */
  async clusterHealth(): Promise<SearchClusterHealth> {
    const index = await this.liveIndex();
    const res = await this.guarded('cluster health', () =>
      this.client.cluster.health(index ? { index, timeout: '0s' } : { timeout: '0s' }, this.read),
    );
    return {
      status: String(res.status).toLowerCase() as SearchClusterHealth['status'],
      nodes: res.number_of_nodes,
      configured_nodes: this.client.connectionPool.size,
      unassigned_shards: res.unassigned_shards,
    };
  }

  /** Shards and replicas a new index gets now (replicas 'auto': from the data nodes at this moment). */
  async indexLayout(): Promise<{ number_of_shards: number; number_of_replicas: number }> {
    let replicas = this.layout.replicas;
    if (replicas === 'auto') {
      const health = await this.guarded('cluster health', () => this.client.cluster.health({ timeout: '0s' }));
      replicas = health.number_of_data_nodes > 1 ? 1 : 0;
    }
    return { number_of_shards: this.layout.shards, number_of_replicas: replicas };
  }

  async close(): Promise<void> {
    await this.client.close();
  }

  // ---- writing -------------------------------------------------------------------------------

  async liveIndex(): Promise<string | null> {
    return this.guarded('alias lookup', async () => {
      try {
        const res = await this.client.indices.getAlias({ name: this.alias });
        const names = Object.keys(res).sort();
        return names[names.length - 1] ?? null;
      } catch (err) {
        if (err instanceof errors.ResponseError && err.statusCode === 404) return null;
        throw err;
      }
    });
  }

  /** All physical indices of this alias's family, live or not (newest last). */
  async listIndices(): Promise<string[]> {
    const res = await this.guarded('list indices', () =>
      this.client.cat.indices({ index: `${this.alias}-v*`, format: 'json', h: 'index' }),
    );
    return (res as { index?: string }[]).map((r) => r.index ?? '').filter(Boolean).sort();
  }

  private async createPhysicalIndex(settingsOverride: Record<string, unknown> = {}): Promise<string> {
    const name = versionedIndexName(this.alias, this.definition.version);
    const layout = await this.indexLayout();
    await this.guarded('create index', () =>
      this.client.indices.create({
        index: name,
        settings: { ...this.definition.settings, ...layout, ...settingsOverride },
        mappings: this.definition.mappings,
      }),
    );
    return name;
  }

  async ensureIndex(): Promise<string> {
    const live = await this.liveIndex();
    if (live) {
      await this.addMissingFields(live);
      return live;
    }
    const name = await this.createPhysicalIndex();
    try {
      await this.client.indices.updateAliases({ actions: [{ add: { index: name, alias: this.alias } }] });
    } catch (err) {
      // another process created the alias at the same moment: keep theirs, drop ours
      await this.client.indices.delete({ index: name }).catch(() => undefined);
      const again = await this.liveIndex();
      if (again) return again;
      throw err;
    }
    return name;
  }

  /**
   * A live index built by an older mapping gets the fields added since (an additive change the engine
   * allows in place), so that the indexer's writes, which carry them, are not refused by the strict
   * mapping. Documents written before keep no value until `npm run reindex` rewrites them: meanwhile
   * a search collapsed by event puts those without an `event_key` together (docs/search.md).
   */
  private async addMissingFields(index: string): Promise<void> {
    const wanted = (this.definition.mappings as { properties?: Record<string, unknown> }).properties ?? {};
    if (this.checkedMapping === index) return;
    const current = await this.guarded('mapping', () => this.client.indices.getMapping({ index }));
    const have = Object.values(current)[0]?.mappings?.properties ?? {};
    const missing = Object.fromEntries(Object.entries(wanted).filter(([name]) => !(name in have)));
    if (Object.keys(missing).length > 0) {
      await this.guarded('mapping update', () => this.client.indices.putMapping({ index, properties: missing as Record<string, never> }));
    }
    this.checkedMapping = index;
  }

  async beginRebuild(): Promise<Rebuild> {
    // no refreshes while bulk loading: much faster, and nobody searches this index yet
    const target = await this.createPhysicalIndex({ refresh_interval: '-1' });
    const finalRefresh = (this.definition.settings as { refresh_interval?: string }).refresh_interval ?? '1s';
    return {
      target,
      commit: async () => {
        await this.guarded('rebuild commit', async () => {
          await this.client.indices.putSettings({ index: target, settings: { refresh_interval: finalRefresh } });
          await this.client.indices.refresh({ index: target });
        });
        const previous = await this.liveIndex();
        const actions: Record<string, unknown>[] = [];
        if (previous) {
          const current = await this.client.indices.getAlias({ name: this.alias });
          for (const name of Object.keys(current)) actions.push({ remove: { index: name, alias: this.alias } });
        }
        actions.push({ add: { index: target, alias: this.alias } });
        // one call: searches see the old index or the new one, never neither
        await this.guarded('alias swap', () => this.client.indices.updateAliases({ actions }));
        if (previous && previous !== target) {
          // searches already running on the old index finish before it goes
          await new Promise((r) => setTimeout(r, this.dropOldIndexAfterMs));
          await this.client.indices.delete({ index: previous }).catch(() => undefined);
        }
        return { previous };
      },
      abort: async () => {
        await this.client.indices.delete({ index: target }).catch(() => undefined);
      },
    };
  }

  async upsert(docs: MarketSearchDoc[], target?: string): Promise<BulkResult> {
    const result: BulkResult = { written: 0, stale: 0, failed: [] };
    if (docs.length === 0) return result;
    const index = target ?? this.alias;
    let pending = docs;
    for (let attempt = 0; ; attempt++) {
      const operations: unknown[] = [];
      for (const d of pending) {
        const stored: StoredDoc = { ...d, event_id: d.event_id ?? null, key: docKey(d), group_key: groupKey(d), event_key: eventKey(d) };
        operations.push({ index: { _index: index, _id: stored.key, version: d.change_seq, version_type: 'external_gte' } });
        operations.push(stored);
      }
      const res = await this.guarded('bulk index', () => this.client.bulk({ operations }));
      const retry = new Set<number>();
      const lastAttempt = attempt >= this.bulkRetryDelaysMs.length;
      res.items.forEach((item, i) => {
        const op = item.index;
        if (op && isTransientItemFailure(op.status) && !lastAttempt) retry.add(i);
        else collectBulk([item], result);
      });
      if (retry.size === 0) return result;
      // a node left or a primary is being promoted: the same writes (idempotent under their
      // external version) succeed once the cluster has settled, usually within a second
      await sleep(this.bulkRetryDelaysMs[attempt]);
      pending = pending.filter((_, i) => retry.has(i));
    }
  }

  async remove(keys: (MarketKey & { change_seq: number })[], target?: string): Promise<number> {
    if (keys.length === 0) return 0;
    const index = target ?? this.alias;
    const operations = keys.map((k) => ({
      delete: { _index: index, _id: docKey(k), version: k.change_seq, version_type: 'external_gte' },
    }));
    let pending = operations;
    let deleted = 0;
    for (let attempt = 0; ; attempt++) {
      const res = await this.guarded('bulk delete', () => this.client.bulk({ operations: pending }));
      const retry = new Set<number>();
      const lastAttempt = attempt >= this.bulkRetryDelaysMs.length;
      res.items.forEach((item, i) => {
        const op = item.delete;
        if (!op) return;
        // 404: was never indexed; 409: a newer version is there (the market came back)
        if (op.status === 200) deleted++;
        else if (isTransientItemFailure(op.status) && !lastAttempt) retry.add(i);
        else if (op.status !== 404 && op.status !== 409) throw new Error(`delete ${op._id} failed: ${JSON.stringify(op.error)}`);
      });
      if (retry.size === 0) return deleted;
      await sleep(this.bulkRetryDelaysMs[attempt]);
      pending = pending.filter((_, i) => retry.has(i));
    }
  }

  async indexedClusterIds(keys: MarketKey[], target?: string): Promise<Map<string, string | null>> {
    const out = new Map<string, string | null>();
    if (keys.length === 0) return out;
    const res = await this.guarded('mget', () =>
      this.client.mget<{ svc_id: string | null }>({
        index: target ?? this.alias,
        ids: keys.map(docKey),
        _source_includes: ['svc_id'],
      }),
    );
    for (const d of res.docs) {
      if ('found' in d && d.found) out.set(d._id, d._source?.svc_id ?? null);
    }
    return out;
  }

  async refresh(target?: string): Promise<void> {
    await this.guarded('refresh', () => this.client.indices.refresh({ index: target ?? this.alias }));
  }

  async count(target?: string): Promise<number> {
    const res = await this.guarded('count', () => this.client.count({ index: target ?? this.alias }));
    return res.count;
  }

  async countByExchange(target?: string): Promise<Map<string, number>> {
    const res = await this.guarded('count by exchange', () =>
      this.client.search({
        index: target ?? this.alias,
        size: 0,
        aggs: { by_exchange: { terms: { field: 'exchange', size: 100 } } },
      }),
    );
    const agg = res.aggregations?.by_exchange as { buckets?: { key: string; doc_count: number }[] } | undefined;
    return new Map((agg?.buckets ?? []).map((b) => [b.key, b.doc_count]));
  }

  /** Drop an index by name (tests and scripts clean up with it). */
  async dropIndex(name: string): Promise<void> {
    await this.client.indices.delete({ index: name }).catch((err: unknown) => {
      if (!(err instanceof errors.ResponseError && err.statusCode === 404)) throw err;
    });
  }
}

function dedupeByGroup<T extends { exchange: string; market_id: string; svc_id: string | null; group_key?: string }>(docs: T[]): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const d of docs) {
    const g = d.group_key ?? groupKey(d);
    if (seen.has(g)) continue;
    seen.add(g);
    out.push(d);
  }
  return out;
}

type SuggestionSource = Pick<MarketSearchDoc, 'exchange' | 'market_id' | 'title' | 'svc_id' | 'cluster_exchanges' | 'closed'>;

function toSuggestion(s: SuggestionSource): Suggestion {
  return {
    text: s.title,
    exchange: s.exchange,
    market_id: s.market_id,
    svc_id: s.svc_id ?? null,
    exchanges: s.cluster_exchanges?.length ? s.cluster_exchanges : [s.exchange],
    closed: s.closed === true,
  };
}

/** A bulk item the cluster refused for now: overloaded (429) or a shard copy unavailable (5xx). */
function isTransientItemFailure(status: number): boolean {
  return status === 429 || status >= 500;
}

async function sleep(ms: number): Promise<void> {
  await new Promise((r) => setTimeout(r, ms));
}

/** The collapse field's value of a collapsed hit (the engine returns it in `fields`). */
function collapseValue(hit: { fields?: Record<string, unknown> }, collapse: NonNullable<MarketSearchQuery['collapse']>): string | undefined {
  const v = hit.fields?.[COLLAPSE_FIELD[collapse]];
  return Array.isArray(v) && typeof v[0] === 'string' ? v[0] : undefined;
}

/** A hits total as the engine reports it (a number, or `{value}`), `otherwise` when absent. */
function totalOf(field: number | { value: number } | undefined, otherwise: number): number {
  return typeof field === 'number' ? field : (field?.value ?? otherwise);
}

/** The `from` of a collapsed page's cursor (0 on the first page). */
function collapsedOffset(after: SortPosition | undefined): number {
  if (!after) return 0;
  const [marker, offset] = after;
  if (marker !== FROM_OFFSET || typeof offset !== 'number' || !Number.isInteger(offset) || offset < 1 || offset >= MAX_RESULT_WINDOW) {
    throw new RangeError('cursor does not match this search');
  }
  return offset;
}

function roundScore(score: number): number {
  return Math.round(score * 1e4) / 1e4;
}

type BulkItem = Partial<Record<'index' | 'create' | 'update' | 'delete', { _id?: string | null; status: number; error?: unknown }>>;

function collectBulk(items: BulkItem[], result: BulkResult): void {
  for (const item of items) {
    const op = item.index ?? item.create ?? item.update;
    if (!op) continue;
    if (op.status === 200 || op.status === 201) result.written++;
    else if (op.status === 409) result.stale++;
    else result.failed.push({ key: op._id ?? '?', reason: JSON.stringify(op.error).slice(0, 300) });
  }
}
