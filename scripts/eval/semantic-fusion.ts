// Other ways of fusing a market's title and rules distances, tried on the judged set before any of
// them goes into the service (scripts/eval-search.ts --fusions). The service scores a candidate by
// the distance to the nearer of its two vectors; a fusion here re-scores the service's own 100 best
// (its boosts, keyword weight and closed penalty kept: score - nearer distance + fused distance) and
// cuts to 10, so a column differs from the service's only by how the two distances are combined.
//   rules-offset:d  min(title, rules - d): a long rules text sits farther from a short query than
//                   a title that says the same, so its distance is taken down by d
//   spread:m        nearer + m x (farther - nearer): a market near on both texts before one near on one
import type pg from 'pg';
import type { Embedder } from '../../src/embeddings/embedder.js';
import { toPgVector } from '../../src/embeddings/vector-codec.js';
import type { SemanticSearchService } from '../../src/search/semantic/semantic-search.js';
import { domainSynonyms } from '../../src/search/synonyms.js';
import { K, type Ranker } from './judged-search.js';

export interface Fusion {
  name: string;
  fuse: (title: number | undefined, rules: number | undefined) => number;
}

export function parseFusion(spec: string): Fusion {
  const [kind, value] = spec.split(':');
  const x = Number(value);
  if (!Number.isFinite(x)) throw new Error(`--fusions: ${spec} has no number (rules-offset:0.05, spread:0.5)`);
  const nearer = (t: number | undefined, r: number | undefined, rulesOffset: number) => Math.min(t ?? Infinity, r === undefined ? Infinity : r - rulesOffset);
  if (kind === 'rules-offset') return { name: spec, fuse: (t, r) => nearer(t, r, x) };
  if (kind === 'spread') {
    return { name: spec, fuse: (t, r) => (t === undefined || r === undefined ? nearer(t, r, 0) : Math.min(t, r) + x * Math.abs(t - r)) };
  }
  throw new Error(`--fusions: ${kind} is not rules-offset or spread`);
}

const POOL = 100;

/** A ranker re-scoring the service's POOL best by `fusion` of their title and rules distances. */
export function fusedRanker(pool: pg.Pool, embedder: Embedder, service: SemanticSearchService, fusion: Fusion): Ranker {
  const synonyms = domainSynonyms();
  return async (q) => {
    const [{ results }, [vector]] = await Promise.all([service.search({ query: q, limit: POOL }), embedder.embedQueries([synonyms.expandText(q)])]);
    const { rows } = await pool.query<{ exchange: string; market_id: string; kind: 'title' | 'rules'; distance: number }>(
      `SELECT e.exchange, e.market_id, e.kind, e.embedding <=> $1::vector AS distance
       FROM unnest($2::text[], $3::text[]) AS m(exchange, market_id)
       JOIN market_embeddings e ON e.exchange = m.exchange AND e.market_id = m.market_id`,
      [toPgVector(vector), results.map((r) => r.exchange), results.map((r) => r.market_id)],
    );
    const by = new Map<string, { title?: number; rules?: number }>();
    for (const r of rows) {
      const k = `${r.exchange}:${r.market_id}`;
      by.set(k, { ...by.get(k), [r.kind]: r.distance });
    }
    return results
      .map((r) => {
        const k = `${r.exchange}:${r.market_id}`;
        const d = by.get(k) ?? {};
        const nearer = Math.min(d.title ?? Infinity, d.rules ?? Infinity);
        return { k, score: r.score - nearer + fusion.fuse(d.title, d.rules) };
      })
      .sort((a, b) => a.score - b.score)
      .slice(0, K)
      .map((r) => r.k);
  };
}
