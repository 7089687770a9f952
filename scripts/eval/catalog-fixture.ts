// The hand-written search-quality corpus (test/fixtures/search-quality/): its markets and judged
// queries. Shared by the semantic tests, the quality evaluation and the benchmarks, which write the
// markets into the catalog with seedCatalogMarkets (scripts/lib/catalog-seed.ts).
import { readFileSync } from 'node:fs';

/** A market of an evaluation corpus (the fields search quality depends on), not a catalog record. */
export interface CorpusMarket {
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

export function loadFixtureCorpus(): CorpusMarket[] {
  return (JSON.parse(readFileSync(new URL('corpus.json', FIXTURES), 'utf8')) as { markets: CorpusMarket[] }).markets;
}

export function loadFixtureQueries(): JudgedQuery[] {
  return (JSON.parse(readFileSync(new URL('queries.json', FIXTURES), 'utf8')) as { queries: JudgedQuery[] }).queries;
}

export function marketKey(m: { exchange: string; market_id: string }): string {
  return `${m.exchange}:${m.market_id}`;
}
