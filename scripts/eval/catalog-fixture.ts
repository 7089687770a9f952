// The hand-written search-quality corpus (test/fixtures/search-quality/) and a loader that writes
// catalog rows the way the catalog does: upsert, with a new change_seq whenever the content changes.
// Shared by the semantic tests, the quality evaluation and the benchmarks.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type pg from 'pg';

export interface CatalogMarket {
  exchange: string;
  market_id: string;
  title: string;
  rules: string;
  category: string;
  closed: boolean;
  svc_id?: string | null;
  removed?: boolean;
}

export interface JudgedQuery {
  kind: 'paraphrase' | 'synonym' | 'no-overlap' | 'keyword';
  query: string;
  /** `exchange:market_id` of the relevant markets */
  relevant: string[];
}

const FIXTURES = new URL('../../test/fixtures/search-quality/', import.meta.url);

export function loadFixtureCorpus(): CatalogMarket[] {
  return (JSON.parse(readFileSync(new URL('corpus.json', FIXTURES), 'utf8')) as { markets: CatalogMarket[] }).markets;
}

export function loadFixtureQueries(): JudgedQuery[] {
  return (JSON.parse(readFileSync(new URL('queries.json', FIXTURES), 'utf8')) as { queries: JudgedQuery[] }).queries;
}

export function marketKey(m: { exchange: string; market_id: string }): string {
  return `${m.exchange}:${m.market_id}`;
}

/** Upserts catalog rows; rows whose content is unchanged keep their change_seq (as the catalog does). */
export async function upsertCatalogMarkets(pool: pg.Pool, markets: CatalogMarket[]): Promise<void> {
  for (let i = 0; i < markets.length; i += 500) {
    const chunk = markets.slice(i, i + 500);
    const hash = (m: CatalogMarket) =>
      createHash('sha256').update(JSON.stringify([m.title, m.rules, m.category, m.closed, m.svc_id ?? null, m.removed ?? false])).digest('hex');
    await pool.query(
      `INSERT INTO markets (exchange, market_id, title, category, status, closed, rules, svc_id, raw, content_hash, removed)
       SELECT exchange, market_id, title, category, CASE WHEN closed THEN 'closed' ELSE 'open' END, closed, rules, svc_id, '{}'::jsonb, content_hash, removed
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::boolean[], $6::text[], $7::text[], $8::text[], $9::boolean[])
         AS u(exchange, market_id, title, category, closed, rules, svc_id, content_hash, removed)
       ON CONFLICT (exchange, market_id) DO UPDATE SET
         title = EXCLUDED.title, category = EXCLUDED.category, status = EXCLUDED.status, closed = EXCLUDED.closed,
         rules = EXCLUDED.rules, svc_id = EXCLUDED.svc_id, content_hash = EXCLUDED.content_hash, removed = EXCLUDED.removed,
         change_seq = nextval('market_change_seq'), updated_at = now()
       WHERE markets.content_hash IS DISTINCT FROM EXCLUDED.content_hash`,
      [
        chunk.map((m) => m.exchange),
        chunk.map((m) => m.market_id),
        chunk.map((m) => m.title),
        chunk.map((m) => m.category),
        chunk.map((m) => m.closed),
        chunk.map((m) => m.rules),
        chunk.map((m) => m.svc_id ?? null),
        chunk.map(hash),
        chunk.map((m) => m.removed ?? false),
      ],
    );
  }
}
