// Read side of the matcher for the cluster routes: cluster records by svc_id (following merged-away
// ids to their survivor), by cluster_id and by member market; the members with their `match`; and
// what the judge says of any two catalog markets (match/explain).
import type pg from 'pg';
import { CatalogReader } from '../catalog/catalog-repository.js';
import { cachedFingerprint, judgePair } from './judge.js';
import type { Fingerprint } from './fingerprint.js';
import type { MatchStore } from './match-repository.js';
import type { PairVerdict } from './types.js';

export interface MemberMatch {
  confidence: number;
  method: string;
  reasons: string[];
}

export interface ClusterMember {
  exchange: string;
  market_id: string;
  title: string;
  url: string | null;
  match: MemberMatch;
}

/** The cluster record (docs/api-contract.md §3). */
export interface ClusterRecord {
  svc_id: string;
  cluster_id: string;
  title: string;
  canonical: { exchange: string; market_id: string; url: string | null };
  market_count: number;
  exchanges: string[];
  category: string;
  close_time: string | null;
  confidence: number;
  created_at: string;
  updated_at: string;
  /** Set when the cluster was asked for by a svc_id that merged into this one: this cluster's svc_id. */
  merged_into: string | null;
  members: ClusterMember[];
}

export interface PairExplanation {
  a: { exchange: string; market_id: string; title: string; svc_id: string | null; fingerprint: Fingerprint };
  b: { exchange: string; market_id: string; title: string; svc_id: string | null; fingerprint: Fingerprint };
  similarity: { title: number | null; rules: number | null };
  verdict: PairVerdict;
  /** Whether the two markets are in one cluster now (operator overrides and the one-per-venue rule apply there). */
  same_cluster: boolean;
}

type ClusterRow = {
  cluster_id: string; svc_id: string; title: string; canonical_exchange: string; canonical_market_id: string; category: string;
  close_time: Date | null; confidence: number; created_at: Date; updated_at: Date;
};

const CLUSTER_COLUMNS = 'cluster_id, svc_id, title, canonical_exchange, canonical_market_id, category, close_time, confidence, created_at, updated_at';

export class ClusterReader {
  constructor(
    private readonly pool: pg.Pool,
    private readonly store: MatchStore,
    private readonly catalog = new CatalogReader(pool),
  ) {}

  /** The cluster of a svc_id; a merged-away svc_id answers with its survivor and `merged_into`. Null when unknown or dissolved. */
  async bySvcId(svcId: string): Promise<ClusterRecord | null> {
    const direct = await this.pool.query<ClusterRow>(`SELECT ${CLUSTER_COLUMNS} FROM match_clusters WHERE svc_id = $1`, [svcId]);
    if (direct.rows[0]) return this.record(direct.rows[0], null);
    // Follow merges (a survivor may itself have merged later); a few hops at most in practice.
    let merged = await this.pool.query<{ merged_into: string }>('SELECT merged_into FROM match_merged_ids WHERE svc_id = $1', [svcId]);
    for (let hop = 0; hop < 16 && merged.rows[0]; hop++) {
      const into = merged.rows[0].merged_into;
      const survivor = await this.pool.query<ClusterRow>(`SELECT ${CLUSTER_COLUMNS} FROM match_clusters WHERE cluster_id = $1`, [into]);
      if (survivor.rows[0]) return this.record(survivor.rows[0], survivor.rows[0].svc_id);
      merged = await this.pool.query<{ merged_into: string }>('SELECT merged_into FROM match_merged_ids WHERE cluster_id = $1', [into]);
    }
    return null;
  }

  async byClusterId(clusterId: string): Promise<ClusterRecord | null> {
    const r = await this.pool.query<ClusterRow>(`SELECT ${CLUSTER_COLUMNS} FROM match_clusters WHERE cluster_id = $1`, [clusterId]);
    return r.rows[0] ? this.record(r.rows[0], null) : null;
  }

  async byMarket(exchange: string, marketId: string): Promise<ClusterRecord | null> {
    const r = await this.pool.query<ClusterRow>(
      `SELECT ${CLUSTER_COLUMNS.split(', ').map((c) => `c.${c}`).join(', ')} FROM match_cluster_members m JOIN match_clusters c ON c.cluster_id = m.cluster_id
       WHERE m.exchange = $1 AND m.market_id = $2`,
      [exchange, marketId],
    );
    return r.rows[0] ? this.record(r.rows[0], null) : null;
  }

  /** Member keys of a cluster with their `match`, in venue order of the exchange table. */
  async memberMatches(clusterId: string): Promise<{ exchange: string; market_id: string; match: MemberMatch }[]> {
    const r = await this.pool.query<{ exchange: string; market_id: string; confidence: number; method: string; reasons: string[] }>(
      'SELECT exchange, market_id, confidence, method, reasons FROM match_cluster_members WHERE cluster_id = $1 ORDER BY exchange, market_id',
      [clusterId],
    );
    return r.rows.map((m) => ({ exchange: m.exchange, market_id: m.market_id, match: { confidence: m.confidence, method: m.method, reasons: m.reasons } }));
  }

  /** The judge's verdict on two catalog markets, as the job would reach it; null names the market that is unknown. */
  async explain(a: { exchange: string; market_id: string }, b: { exchange: string; market_id: string }): Promise<PairExplanation | { unknown: 'a' | 'b' }> {
    const ka = `${a.exchange}:${a.market_id}`;
    const kb = `${b.exchange}:${b.market_id}`;
    const rows = new Map((await this.store.marketsByKey([ka, kb])).map((r) => [r.key, r]));
    const ra = rows.get(ka);
    const rb = rows.get(kb);
    if (!ra) return { unknown: 'a' };
    if (!rb) return { unknown: 'b' };
    const sims = await this.pool.query<{ kind: 'title' | 'rules'; similarity: number }>(
      `SELECT x.kind, 1 - (x.embedding <=> y.embedding) AS similarity FROM market_embeddings x
       JOIN market_embeddings y ON y.kind = x.kind AND y.exchange = $3 AND y.market_id = $4
       WHERE x.exchange = $1 AND x.market_id = $2`,
      [a.exchange, a.market_id, b.exchange, b.market_id],
    );
    const similarity = { title: null as number | null, rules: null as number | null };
    for (const s of sims.rows) similarity[s.kind] = s.similarity;
    const svc = await this.catalog.labelsByKeys([a, b]);
    const svcOf = (x: { exchange: string; market_id: string }) => svc.find((r) => r.exchange === x.exchange && r.market_id === x.market_id)?.svc_id ?? null;
    const side = (r: typeof ra) => ({ exchange: r.market.exchange, market_id: r.market.market_id!, title: r.market.title, svc_id: svcOf(r.market as { exchange: string; market_id: string }), fingerprint: cachedFingerprint(r.market) });
    const sa = side(ra);
    const sb = side(rb);
    return { a: sa, b: sb, similarity, verdict: judgePair(ra.market, rb.market, similarity, { asOfMs: Date.now() }), same_cluster: sa.svc_id !== null && sa.svc_id === sb.svc_id };
  }

  private async record(c: ClusterRow, mergedInto: string | null): Promise<ClusterRecord> {
    const members = await this.memberMatches(c.cluster_id);
    // Title and page from the catalog (a member it does not hold shows neither).
    const labels = new Map((await this.catalog.labelsByKeys(members)).map((l) => [`${l.exchange}\u0000${l.market_id}`, l]));
    const list: ClusterMember[] = members.map((m) => {
      const label = labels.get(`${m.exchange}\u0000${m.market_id}`);
      return { exchange: m.exchange, market_id: m.market_id, title: label?.title ?? '', url: label?.url ?? null, match: m.match };
    });
    const canonical = list.find((m) => m.exchange === c.canonical_exchange && m.market_id === c.canonical_market_id);
    return {
      svc_id: c.svc_id,
      cluster_id: c.cluster_id,
      title: c.title,
      canonical: { exchange: c.canonical_exchange, market_id: c.canonical_market_id, url: canonical?.url ?? null },
      market_count: list.length,
      exchanges: [...new Set(list.map((m) => m.exchange))].sort(),
      category: c.category,
      close_time: c.close_time ? c.close_time.toISOString() : null,
      confidence: c.confidence,
      created_at: c.created_at.toISOString(),
      updated_at: c.updated_at.toISOString(),
      merged_into: mergedInto,
      members: list,
    };
  }
}
