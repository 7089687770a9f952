// A real matching setup for tests: a fresh embedded database, the real embedding model and indexer,
// the catalog writer, and the Matcher with the real pair judge. Markets are written through the
// catalog writer (as a venue sync does) and embedded by the real indexer before each run.
import { Embedder } from '../../src/embeddings/embedder.js';
import { EmbeddingIndexer } from '../../src/indexers/embeddings-indexer.js';
import { CatalogWriter } from '../../src/catalog/catalog-write-repository.js';
import { judgePair } from '../../src/matching/judge.js';
import { Matcher, type MatchRunResult } from '../../src/matching/matcher.js';
import { SHARED_QUESTIONS, NEAR_MISSES, questionsFor, type SharedQuestion } from '../../src/sim/shared-questions.js';
import { EXCHANGE_CODES, type ExchangeCode } from '../../src/venues/exchanges.js';
import { makeMarket, type Market, type MarketInput } from '../../src/venues/records.js';
import { openTestDatabase, type TestDatabase } from '../helpers/database.js';
import { ensureTestModel, TEST_MODEL_DIR } from '../embeddings/model-for-tests.js';

export interface MatchingSetup {
  db: TestDatabase;
  writer: CatalogWriter;
  matcher: Matcher;
  /** Writes markets (grouped per venue, one page each) and embeds what changed. */
  put(markets: Market[]): Promise<void>;
  /** Tombstones every market of `exchange` not in `keep`. */
  removeExcept(exchange: ExchangeCode, keep: string[]): Promise<void>;
  run(full?: boolean): Promise<MatchRunResult>;
  /** svc_id of each market key (null when unclustered), from the markets rows. */
  svcIds(): Promise<Map<string, string | null>>;
  close(): Promise<void>;
}

let embedder: Promise<Embedder> | undefined;

export async function openMatchingSetup(): Promise<MatchingSetup> {
  await ensureTestModel();
  const db = await openTestDatabase();
  const e = await (embedder ??= Embedder.start({ modelDir: TEST_MODEL_DIR, workers: 1 }, undefined, { queryCacheSize: 0 }));
  const indexer = new EmbeddingIndexer({ pool: db.pool, databaseKind: db.kind, embedder: e });
  const writer = new CatalogWriter(db.pool);
  const matcher = new Matcher({ pool: db.pool, writer, judge: judgePair });
  return {
    db,
    writer,
    matcher,
    async put(markets) {
      for (const code of EXCHANGE_CODES) {
        const page = markets.filter((m) => m.exchange === code);
        if (page.length) await writer.writePage(code, { markets: page, events: [] }, null);
      }
      await indexer.runOnce();
    },
    async removeExcept(exchange, keep) {
      await writer.tombstoneMissing(exchange, new Set(keep));
      await indexer.runOnce();
    },
    run: (full) => matcher.run({ full }),
    async svcIds() {
      const { rows } = await db.pool.query<{ exchange: string; market_id: string; svc_id: string | null }>('SELECT exchange, market_id, svc_id FROM markets WHERE NOT removed');
      return new Map(rows.map((r) => [`${r.exchange}:${r.market_id}`, r.svc_id]));
    },
    async close() {
      await db.destroy();
    },
  };
}

/** Stops the shared embedder (call once, in a root after hook of the file). */
export async function stopTestEmbedder(): Promise<void> {
  if (embedder) await (await embedder).close();
  embedder = undefined;
}

export function market(input: Partial<MarketInput> & { exchange: ExchangeCode; market_id: string; title: string }): Market {
  return makeMarket({ status: 'open', updated_at: '2026-11-01T00:00:00Z', raw: {}, outcomes: [{ id: 'yes', label: 'Yes', price: 0.5 }, { id: 'no', label: 'No', price: 0.5 }], ...input });
}

/** The cross-venue fixture plan as catalog markets: market_id = question key, each venue's own wording. */
export function sharedQuestionMarkets(keys?: readonly string[]): Market[] {
  const out: Market[] = [];
  for (const code of EXCHANGE_CODES) {
    for (const { q, title } of questionsFor(code)) {
      if (keys && !keys.includes(q.key)) continue;
      out.push(market({ exchange: code, market_id: q.key, title, rules: q.rules, close_time: q.closeTime, category: q.category, volume: 1000 }));
    }
  }
  return out;
}

export const ALL_QUESTIONS: readonly SharedQuestion[] = [...SHARED_QUESTIONS, ...NEAR_MISSES];
