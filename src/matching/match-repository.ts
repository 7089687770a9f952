// Database access of the matching job: what it reads from the catalog (through CatalogReader, read-only;
// svc_id/cluster_id go back through CatalogWriter.replaceClusterAssignments), and its own tables: links,
// clusters, members, merged ids, overrides, per-market state and cursors.
import { createHash } from 'node:crypto';
import type pg from 'pg';
import { CatalogReader, type MarketMatchInputs } from '../catalog/catalog-repository.js';
import { jsonParam } from '../catalog/transaction.js';
import { withTransaction } from '../db/transaction.js';
import type { IdentityPlan } from './stable-ids.js';
import type { MatchMarket, RelatedKind } from './types.js';

/** A catalog market as the matcher reads it: the judge's input plus what blocking and canonical choice use. */
export interface MatchRow {
  key: string;
  market: MatchMarket;
  removed: boolean;
  volume: number | null;
  changeSeq: number;
  inputsHash: string;
}

export interface StoredLink {
  a: string;
  b: string;
  relation: 'identical' | 'related';
  kind: RelatedKind | null;
  confidence: number;
  reasons: string[];
}

/** What the candidate search and the canonical choice need of every live market. */
export interface LiveMarket {
  venue: string;
  /** lower case */
  category: string;
  closeMs: number | null;
  volume: number | null;
}

/** A changed catalog row's blocking fields, as blockingInfo reads them. */
export function liveMarketOf(r: MatchRow): LiveMarket {
  return { venue: r.market.exchange, category: (r.market.category ?? 'other').toLowerCase(), closeMs: r.market.close_time ? Date.parse(r.market.close_time) : null, volume: r.volume };
}

export interface MarketState {
  inputsHash: string;
  titleTextHash: string | null;
  rulesTextHash: string | null;
}

export interface Override {
  a: string;
  b: string;
  action: 'force' | 'never';
  reason: string;
  created_by: string;
  created_at: string;
}

export interface StoredCluster {
  cluster_id: string;
  svc_id: string;
  created_at: number;
  canonical: string;
  members: Map<string, { confidence: number; method: string; reasons: string[] }>;
}

export interface JobCursors {
  catalogSeq: number;
  /** The judge version that made the stored links (null before the first run that recorded one). */
  judgeVersion: string | null;
}

/** A cluster as the job writes it. */
export interface ClusterWrite {
  cluster_id: string;
  svc_id: string;
  title: string;
  canonical: { exchange: string; market_id: string };
  category: string;
  close_time: string | null;
  confidence: number;
  members: { exchange: string; market_id: string; confidence: number; method: string; reasons: string[] }[];
}

const JOB = 'matching';
const key = (exchange: string, marketId: string) => `${exchange}:${marketId}`;
const split = (k: string): [string, string] => {
  const i = k.indexOf(':');
  return [k.slice(0, i), k.slice(i + 1)];
};

/** Keys as (exchanges[], market_ids[]) parameter pairs, at most 5,000 a query. */
function keyChunks(keys: readonly string[]): [string[], string[]][] {
  const out: [string[], string[]][] = [];
  for (let i = 0; i < keys.length; i += 5000) {
    const parts = keys.slice(i, i + 5000).map(split);
    out.push([parts.map((p) => p[0]), parts.map((p) => p[1])]);
  }
  return out;
}

const LINK_COLUMNS = 'exchange_a, market_id_a, exchange_b, market_id_b, relation, kind, confidence, reasons';

type LinkDbRow = { exchange_a: string; market_id_a: string; exchange_b: string; market_id_b: string; relation: 'identical' | 'related'; kind: RelatedKind | null; confidence: number; reasons: string[] };

const toStoredLink = (r: LinkDbRow): StoredLink => ({ a: key(r.exchange_a, r.market_id_a), b: key(r.exchange_b, r.market_id_b), relation: r.relation, kind: r.kind, confidence: r.confidence, reasons: r.reasons });

/** The judge's inputs, hashed: a market is re-matched only when one of them changes (not on price moves). */
export function matchInputsHash(m: MatchMarket): string {
  const outcomes = m.outcomes?.map((o) => o.label) ?? null;
  return createHash('sha1').update(JSON.stringify([m.title, m.rules, m.close_time, m.category, m.event_id, m.subtitle, outcomes])).digest('hex').slice(0, 20);
}

function toMatchRow(r: MarketMatchInputs): MatchRow {
  const market: MatchMarket = {
    exchange: r.exchange,
    market_id: r.market_id,
    title: r.title,
    rules: r.rules ? r.rules : null,
    close_time: r.close_time ? r.close_time.toISOString() : null,
    outcomes: Array.isArray(r.outcomes) ? r.outcomes.map((o) => ({ id: o.id ?? null, label: o.label })) : null,
    category: r.category,
    event_id: r.event_id,
    subtitle: r.subtitle,
  };
  return { key: key(r.exchange, r.market_id), market, removed: r.removed, volume: r.volume, changeSeq: Number(r.change_seq), inputsHash: matchInputsHash(market) };
}

export class MatchStore {
  constructor(
    private readonly pool: pg.Pool,
    private readonly catalog = new CatalogReader(pool),
  ) {}

  /** Catalog rows changed in (after, upTo], removed ones included. */
  async changedMarkets(after: number, upTo: number): Promise<MatchRow[]> {
    return (await this.catalog.matchInputsChangedBetween(after, upTo)).map(toMatchRow);
  }

  /** Catalog rows by key (missing keys are left out). */
  async marketsByKey(keys: readonly string[]): Promise<MatchRow[]> {
    if (keys.length === 0) return [];
    const out: MatchRow[] = [];
    for (const [exchanges, marketIds] of keyChunks(keys)) {
      const rows = await this.catalog.matchInputsByKeys(exchanges, marketIds);
      out.push(...rows.map(toMatchRow));
    }
    return out;
  }

  /** Every live market's blocking fields (category, close time), without texts. */
  async blockingInfo(): Promise<Map<string, LiveMarket>> {
    const rows = await this.catalog.liveMarketBlockingFields();
    return new Map(rows.map((r) => [key(r.exchange, r.market_id), { venue: r.exchange, category: r.category.toLowerCase(), closeMs: r.close_time ? r.close_time.getTime() : null, volume: r.volume }]));
  }

  /** The highest change_seq in the catalog (0 when empty). */
  async highWater(): Promise<number> {
    return this.catalog.highWater();
  }

  async cursors(): Promise<JobCursors> {
    const { rows } = await this.pool.query<{ catalog_seq: number; judge_version: string | null }>('SELECT catalog_seq, judge_version FROM match_job_state WHERE name = $1', [JOB]);
    return { catalogSeq: Number(rows[0]?.catalog_seq ?? 0), judgeVersion: rows[0]?.judge_version ?? null };
  }

  async states(): Promise<Map<string, MarketState>> {
    const { rows } = await this.pool.query<{ exchange: string; market_id: string; inputs_hash: string; title_text_hash: string | null; rules_text_hash: string | null }>(
      'SELECT exchange, market_id, inputs_hash, title_text_hash, rules_text_hash FROM match_market_state',
    );
    return new Map(rows.map((r) => [key(r.exchange, r.market_id), { inputsHash: r.inputs_hash, titleTextHash: r.title_text_hash, rulesTextHash: r.rules_text_hash }]));
  }

  /** The stored state of the named markets (those never matched are left out). */
  async statesOf(keys: readonly string[]): Promise<Map<string, MarketState>> {
    const out = new Map<string, MarketState>();
    for (const chunk of keyChunks(keys)) {
      const { rows } = await this.pool.query<{ exchange: string; market_id: string; inputs_hash: string; title_text_hash: string | null; rules_text_hash: string | null }>(
        `SELECT s.exchange, s.market_id, s.inputs_hash, s.title_text_hash, s.rules_text_hash
         FROM unnest($1::text[], $2::text[]) AS k(exchange, market_id) JOIN match_market_state s ON s.exchange = k.exchange AND s.market_id = k.market_id`,
        chunk,
      );
      for (const r of rows) out.set(key(r.exchange, r.market_id), { inputsHash: r.inputs_hash, titleTextHash: r.title_text_hash, rulesTextHash: r.rules_text_hash });
    }
    return out;
  }

  async links(): Promise<StoredLink[]> {
    const { rows } = await this.pool.query<LinkDbRow>(`SELECT ${LINK_COLUMNS} FROM match_links`);
    return rows.map(toStoredLink);
  }

  /** The stored links with either end among `keys` (each once). */
  async linksOf(keys: readonly string[]): Promise<StoredLink[]> {
    const out = new Map<string, StoredLink>();
    for (const chunk of keyChunks(keys)) {
      const { rows } = await this.pool.query<LinkDbRow>(
        `SELECT ${LINK_COLUMNS.split(', ').map((c) => `l.${c}`).join(', ')} FROM unnest($1::text[], $2::text[]) AS k(exchange, market_id)
         JOIN match_links l ON l.exchange_a = k.exchange AND l.market_id_a = k.market_id
         UNION
         SELECT ${LINK_COLUMNS.split(', ').map((c) => `l.${c}`).join(', ')} FROM unnest($1::text[], $2::text[]) AS k(exchange, market_id)
         JOIN match_links l ON l.exchange_b = k.exchange AND l.market_id_b = k.market_id`,
        chunk,
      );
      for (const l of rows.map(toStoredLink)) out.set(`${l.a}\n${l.b}`, l);
    }
    return [...out.values()];
  }

  /** How many links of each relation are stored, and how many clusters. */
  async totals(): Promise<{ identityLinks: number; relatedLinks: number; clusters: number }> {
    const { rows } = await this.pool.query<{ identical: string; related: string; clusters: string }>(
      `SELECT count(*) FILTER (WHERE relation = 'identical') AS identical, count(*) FILTER (WHERE relation = 'related') AS related,
              (SELECT count(*) FROM match_clusters) AS clusters
       FROM match_links`,
    );
    return { identityLinks: Number(rows[0].identical), relatedLinks: Number(rows[0].related), clusters: Number(rows[0].clusters) };
  }

  async overrides(): Promise<Override[]> {
    const { rows } = await this.pool.query<{ exchange_a: string; market_id_a: string; exchange_b: string; market_id_b: string; action: 'force' | 'never'; reason: string; created_by: string; created_at: Date }>(
      'SELECT exchange_a, market_id_a, exchange_b, market_id_b, action, reason, created_by, created_at FROM match_overrides ORDER BY created_at',
    );
    return rows.map((r) => ({ a: key(r.exchange_a, r.market_id_a), b: key(r.exchange_b, r.market_id_b), action: r.action, reason: r.reason, created_by: r.created_by, created_at: r.created_at.toISOString() }));
  }

  /** Adds or replaces the override of a pair (one per pair: the last decision stands). */
  async putOverride(o: { a: string; b: string; action: 'force' | 'never'; reason: string; created_by: string }): Promise<void> {
    const [x, y] = o.a < o.b ? [o.a, o.b] : [o.b, o.a];
    await this.pool.query(
      `INSERT INTO match_overrides (exchange_a, market_id_a, exchange_b, market_id_b, action, reason, created_by) VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (exchange_a, market_id_a, exchange_b, market_id_b) DO UPDATE SET action = EXCLUDED.action, reason = EXCLUDED.reason, created_by = EXCLUDED.created_by, created_at = now()`,
      [...split(x), ...split(y), o.action, o.reason, o.created_by],
    );
  }

  async removeOverride(a: string, b: string): Promise<boolean> {
    const [x, y] = a < b ? [a, b] : [b, a];
    const r = await this.pool.query('DELETE FROM match_overrides WHERE exchange_a = $1 AND market_id_a = $2 AND exchange_b = $3 AND market_id_b = $4', [...split(x), ...split(y)]);
    return (r.rowCount ?? 0) > 0;
  }

  /** Every stored cluster, or (with `keys`) the clusters that hold one of the named markets. */
  async clusters(keys?: readonly string[]): Promise<StoredCluster[]> {
    if (keys) {
      const out = new Map<string, StoredCluster>();
      for (const chunk of keyChunks(keys)) {
        for (const c of await this.clusterRows(
          `WHERE c.cluster_id IN (SELECT m.cluster_id FROM unnest($1::text[], $2::text[]) AS k(exchange, market_id)
             JOIN match_cluster_members m ON m.exchange = k.exchange AND m.market_id = k.market_id)`,
          chunk,
        )) out.set(c.cluster_id, c);
      }
      return [...out.values()];
    }
    return this.clusterRows('', []);
  }

  private async clusterRows(where: string, params: unknown[]): Promise<StoredCluster[]> {
    const { rows } = await this.pool.query<{ cluster_id: string; svc_id: string; created_at: Date; canonical_exchange: string; canonical_market_id: string; members: { exchange: string; market_id: string; confidence: number; method: string; reasons: string[] }[] }>(
      `SELECT c.cluster_id, c.svc_id, c.created_at, c.canonical_exchange, c.canonical_market_id,
              coalesce(jsonb_agg(jsonb_build_object('exchange', m.exchange, 'market_id', m.market_id, 'confidence', m.confidence, 'method', m.method, 'reasons', m.reasons))
                FILTER (WHERE m.exchange IS NOT NULL), '[]') AS members
       FROM match_clusters c LEFT JOIN match_cluster_members m ON m.cluster_id = c.cluster_id
       ${where}
       GROUP BY c.cluster_id`,
      params,
    );
    return rows.map((r) => ({
      cluster_id: r.cluster_id,
      svc_id: r.svc_id,
      created_at: r.created_at.getTime(),
      canonical: key(r.canonical_exchange, r.canonical_market_id),
      members: new Map(r.members.map((m) => [key(m.exchange, m.market_id), { confidence: m.confidence, method: m.method, reasons: m.reasons }])),
    }));
  }

  /**
   * Writes one run's outcome atomically: the links of the re-matched markets, the clusters that
   * changed, merged and dissolved ids, the re-matched markets' state and the cursors.
   */
  async saveRun(run: {
    /** Markets whose links were recomputed: their old links are replaced by `links`. */
    rematched: string[];
    links: StoredLink[];
    states: { key: string; state: MarketState | null }[];
    upsertClusters: ClusterWrite[];
    plan: Pick<IdentityPlan, 'merged' | 'dissolved'>;
    cursors: JobCursors;
    full: boolean;
  }): Promise<void> {
    await withTransaction(this.pool, async (client) => {
      if (run.full) await client.query('DELETE FROM match_links');
      else if (run.rematched.length) {
        const ks = run.rematched.map(split);
        const params = [ks.map((k) => k[0]), ks.map((k) => k[1])];
        await client.query(
          `DELETE FROM match_links l USING unnest($1::text[], $2::text[]) AS k(exchange, market_id)
           WHERE (l.exchange_a = k.exchange AND l.market_id_a = k.market_id) OR (l.exchange_b = k.exchange AND l.market_id_b = k.market_id)`,
          params,
        );
      }
      if (run.links.length) {
        await client.query(
          `INSERT INTO match_links (exchange_a, market_id_a, exchange_b, market_id_b, relation, kind, confidence, reasons)
           SELECT split_part(a, ':', 1), substr(a, strpos(a, ':') + 1), split_part(b, ':', 1), substr(b, strpos(b, ':') + 1), relation, kind, confidence, reasons
           FROM jsonb_to_recordset($1::jsonb) AS l(a text, b text, relation text, kind text, confidence float8, reasons text[])
           ON CONFLICT (exchange_a, market_id_a, exchange_b, market_id_b) DO UPDATE SET
             relation = EXCLUDED.relation, kind = EXCLUDED.kind, confidence = EXCLUDED.confidence, reasons = EXCLUDED.reasons, updated_at = now()`,
          [jsonParam(run.links.map((l) => (l.a < l.b ? l : { ...l, a: l.b, b: l.a })))],
        );
      }
      // Merged-away ids first (their rows go, their history stays), then dissolved, then the changed clusters.
      for (const m of run.plan.merged) {
        await client.query(
          `INSERT INTO match_merged_ids (svc_id, cluster_id, merged_into) VALUES ($1, $2, $3)
           ON CONFLICT (svc_id) DO UPDATE SET merged_into = EXCLUDED.merged_into, merged_at = now()`,
          [m.svc_id, m.cluster_id, m.into_cluster_id],
        );
      }
      const gone = [...run.plan.merged.map((m) => m.cluster_id), ...run.plan.dissolved];
      if (gone.length) await client.query('DELETE FROM match_clusters WHERE cluster_id = ANY($1::text[])', [gone]);
      if (run.upsertClusters.length) {
        const ids = run.upsertClusters.map((c) => c.cluster_id);
        await client.query('DELETE FROM match_cluster_members WHERE cluster_id = ANY($1::text[])', [ids]);
        // A market moving between clusters: its old membership row must go before the new one is inserted.
        const moving = run.upsertClusters.flatMap((c) => c.members);
        await client.query(
          `DELETE FROM match_cluster_members m USING unnest($1::text[], $2::text[]) AS k(exchange, market_id)
           WHERE m.exchange = k.exchange AND m.market_id = k.market_id`,
          [moving.map((m) => m.exchange), moving.map((m) => m.market_id)],
        );
        await client.query(
          `INSERT INTO match_clusters (cluster_id, svc_id, title, canonical_exchange, canonical_market_id, category, close_time, confidence)
           SELECT cluster_id, svc_id, title, canonical_exchange, canonical_market_id, category, close_time, confidence
           FROM jsonb_to_recordset($1::jsonb) AS c(cluster_id text, svc_id text, title text, canonical_exchange text, canonical_market_id text,
             category text, close_time timestamptz, confidence float8)
           ON CONFLICT (cluster_id) DO UPDATE SET title = EXCLUDED.title, canonical_exchange = EXCLUDED.canonical_exchange,
             canonical_market_id = EXCLUDED.canonical_market_id, category = EXCLUDED.category, close_time = EXCLUDED.close_time,
             confidence = EXCLUDED.confidence, updated_at = now()`,
          [jsonParam(run.upsertClusters.map((c) => ({ ...c, canonical_exchange: c.canonical.exchange, canonical_market_id: c.canonical.market_id, members: undefined })))],
        );
        await client.query(
          `INSERT INTO match_cluster_members (exchange, market_id, cluster_id, confidence, method, reasons)
           SELECT exchange, market_id, cluster_id, confidence, method, reasons
           FROM jsonb_to_recordset($1::jsonb) AS m(exchange text, market_id text, cluster_id text, confidence float8, method text, reasons text[])`,
          [jsonParam(run.upsertClusters.flatMap((c) => c.members.map((m) => ({ ...m, cluster_id: c.cluster_id }))))],
        );
      }
      const keep = run.states.filter((s) => s.state);
      const drop = run.states.filter((s) => !s.state);
      if (keep.length) {
        await client.query(
          `INSERT INTO match_market_state (exchange, market_id, inputs_hash, title_text_hash, rules_text_hash)
           SELECT split_part(k, ':', 1), substr(k, strpos(k, ':') + 1), inputs_hash, title_text_hash, rules_text_hash
           FROM jsonb_to_recordset($1::jsonb) AS s(k text, inputs_hash text, title_text_hash text, rules_text_hash text)
           ON CONFLICT (exchange, market_id) DO UPDATE SET inputs_hash = EXCLUDED.inputs_hash, title_text_hash = EXCLUDED.title_text_hash,
             rules_text_hash = EXCLUDED.rules_text_hash, matched_at = now()`,
          [jsonParam(keep.map((s) => ({ k: s.key, inputs_hash: s.state!.inputsHash, title_text_hash: s.state!.titleTextHash, rules_text_hash: s.state!.rulesTextHash })))],
        );
      }
      if (drop.length) {
        const ks = drop.map((s) => split(s.key));
        await client.query(
          `DELETE FROM match_market_state s USING unnest($1::text[], $2::text[]) AS k(exchange, market_id) WHERE s.exchange = k.exchange AND s.market_id = k.market_id`,
          [ks.map((k) => k[0]), ks.map((k) => k[1])],
        );
      }
      await client.query(
        `INSERT INTO match_job_state (name, catalog_seq, last_full_run_at, judge_version) VALUES ($1, $2, CASE WHEN $3 THEN now() END, $4)
         ON CONFLICT (name) DO UPDATE SET catalog_seq = EXCLUDED.catalog_seq, judge_version = EXCLUDED.judge_version,
           last_full_run_at = coalesce(EXCLUDED.last_full_run_at, match_job_state.last_full_run_at), updated_at = now()`,
        [JOB, run.cursors.catalogSeq, run.full, run.cursors.judgeVersion],
      );
    });
  }
}
