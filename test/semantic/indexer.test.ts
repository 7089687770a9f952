// The embedding indexer over a real embedded database and the real model: only changed texts are
// embedded, filter columns follow the catalog, tombstones remove vectors, and after a restart the
// stored embeddings are used as they are (nothing recomputed).
import assert from 'node:assert/strict';
import { openDatabase, type Database } from '../../src/db/database.js';
import { Embedder } from '../../src/embeddings/embedder.js';
import { PgEmbeddingCache } from '../../src/embeddings/embedding-cache-repository.js';
import { EmbeddingIndexer } from '../../src/indexers/embeddings-indexer.js';
import { SemanticSearchService } from '../../src/search/semantic/semantic-search.js';
import { loadFixtureCorpus, marketKey, type CorpusMarket } from '../../scripts/eval/catalog-fixture.js';
import { seedCatalogMarkets } from '../../scripts/lib/catalog-seed.js';
import { freshDataDir } from '../helpers/database.js';
import { ensureTestModel, TEST_MODEL_DIR } from '../embeddings/model-for-tests.js';

describe('embedding indexer', function () {
  this.timeout(180_000);
  const corpus = loadFixtureCorpus();
  let dataDir: { dataDir: string; remove(): void };
  let db: Database;
  let embedder: Embedder;
  let indexer: EmbeddingIndexer;
  let search: SemanticSearchService;

  async function open() {
    db = await openDatabase({ dataDir: dataDir.dataDir });
    embedder = await Embedder.start({ modelDir: TEST_MODEL_DIR, workers: 1 }, new PgEmbeddingCache(db.pool), { queryCacheSize: 0 });
    // vacuums as the service does on the embedded database, at a threshold this small corpus reaches
    indexer = new EmbeddingIndexer({ pool: db.pool, databaseKind: db.kind, embedder, batchSize: 25, vacuumAfterWrites: { minRows: 50 } });
    search = new SemanticSearchService(db.pool, embedder);
  }
  async function shut() {
    await indexer.stop();
    await embedder.close();
    await db.close();
  }
  const topKeys = async (query: string, extra: Record<string, unknown> = {}) =>
    (await search.search({ query, limit: 5, ...extra })).results.map(marketKey);

  before(async () => {
    await ensureTestModel();
    dataDir = await freshDataDir();
    await open();
  });
  after(async () => {
    await shut();
    dataDir.remove();
  });

  it('embeds every title, then every rules text, of a new catalog, in batches, reporting progress', async () => {
    await seedCatalogMarkets(db.pool, corpus);
    const progress: { phase: string; open: boolean; processed: number; total: number }[] = [];
    const result = await indexer.runOnce((p) => progress.push(p));
    assert.equal(result.ran, true);
    assert.equal(result.markets, corpus.length);
    assert.equal(result.embedded, corpus.length * 2);
    assert.deepEqual(await indexer.store.counts(), { title: corpus.length, rules: corpus.length });
    assert.ok(progress.length >= 2 * Math.ceil(corpus.length / 25), 'one progress report per batch and pass');
    const phases = progress.map((p) => `${p.phase}${p.open ? ':open' : ''}`).join(' ');
    assert.match(phases, /^(title:open )+(rules:open )+(title )+(rules ?)+$/, 'the open markets\' titles, their rules, then every title before any rules');
    assert.deepEqual(progress[progress.length - 1], { phase: 'rules', open: false, processed: 2 * corpus.length, total: 2 * corpus.length, embedded: 2 * corpus.length });
    const { rows } = await db.pool.query<{ visible: number }>("SELECT relallvisible::int AS visible FROM pg_class WHERE oid = 'market_embeddings'::regclass");
    assert.ok(rows[0].visible > 0, 'market_embeddings was vacuumed after the writes (the embedded database never autovacuums)');
  });

  it('does nothing when nothing changed', async () => {
    const result = await indexer.runOnce();
    assert.equal(result.markets, 0);
    assert.equal(result.embedded, 0);
  });

  it('re-embeds only the text that changed', async () => {
    const market = corpus.find((m) => m.market_id === 'ft-9000')!;
    await seedCatalogMarkets(db.pool, [{ ...market, title: 'Will the Thames freeze over this winter?' }]);
    const result = await indexer.runOnce();
    assert.equal(result.markets, 1);
    assert.equal(result.embedded, 1, 'the title only; the rules did not change');
    assert.equal((await topKeys('frozen river in the british capital'))[0], 'futuur:ft-9000');
  });

  it('follows a market closing without re-embedding it (active_only sees it as soon as the service hears of it)', async () => {
    const market = corpus.find((m) => m.market_id === 'KXNBA-26-BOS')!;
    assert.equal((await topKeys('celtics basketball championship', { active_only: true }))[0], 'kalshi:KXNBA-26-BOS');
    await seedCatalogMarkets(db.pool, [{ ...market, closed: true }]);
    // as the component does when its watcher, or another instance's notification, reports the
    // change (test/semantic/result-cache.test.ts runs that path)
    search.forgetCatalogCopies();
    // Even before the indexer runs, the catalog re-check keeps the closed market out.
    assert.ok(!(await topKeys('celtics basketball championship', { active_only: true })).includes('kalshi:KXNBA-26-BOS'));
    const result = await indexer.runOnce();
    assert.equal(result.embedded, 0);
    const { rows } = await db.pool.query("SELECT closed FROM market_embeddings WHERE market_id = 'KXNBA-26-BOS'");
    assert.deepEqual(rows.map((r) => r.closed), [true, true]);
    assert.equal((await topKeys('celtics basketball championship'))[0], 'kalshi:KXNBA-26-BOS');
  });

  it('leaves a market\'s vectors untouched when only its price changed (no row rewrite)', async () => {
    const versions = async () =>
      (await db.pool.query<{ kind: string; v: string }>("SELECT kind, ctid::text || '/' || xmin::text AS v FROM market_embeddings WHERE market_id = 'ft-9000' ORDER BY kind")).rows;
    const before = await versions();
    assert.equal(before.length, 2);
    // as a sync writes a price move: through the catalog writer, with a new change_seq (title as changed above)
    const market = corpus.find((m) => m.market_id === 'ft-9000')!;
    await seedCatalogMarkets(db.pool, [{ ...market, title: 'Will the Thames freeze over this winter?', yes_price: 0.42 }]);
    const result = await indexer.runOnce();
    assert.equal(result.markets, 1, 'the indexer saw the change');
    assert.equal(result.embedded, 0);
    assert.deepEqual(await versions(), before, 'same row versions: nothing rewritten');
  });

  it('drops the vectors of removed markets and of emptied rules', async () => {
    const gone = corpus.find((m) => m.market_id === 'pb-44')!;
    const noRules = corpus.find((m) => m.market_id === 'op-700')!;
    await seedCatalogMarkets(db.pool, [{ ...gone, removed: true }, { ...noRules, rules: '' }]);
    const result = await indexer.runOnce();
    assert.equal(result.removed, 1);
    const { rows } = await db.pool.query(
      "SELECT market_id, kind FROM market_embeddings WHERE market_id IN ('pb-44', 'op-700') ORDER BY market_id, kind",
    );
    assert.deepEqual(rows, [{ market_id: 'op-700', kind: 'title' }]);
    assert.ok(!(await topKeys('Augusta golf comeback for Tiger')).includes('probable:pb-44'));
  });

  it('embeds a text shared by several markets once (text-hash cache)', async () => {
    const twins: CorpusMarket[] = ['tw-1', 'tw-2', 'tw-3'].map((id) => ({
      exchange: 'manifold', market_id: id, category: 'science', closed: false,
      title: 'Will a human set foot on Mars before 2035?', rules: `Resolves Yes if a crewed landing on Mars happens before 2035 (${id}).`,
    }));
    await seedCatalogMarkets(db.pool, twins);
    const result = await indexer.runOnce();
    assert.equal(result.markets, 3);
    assert.equal(result.embedded, 1 + 3, 'one title for three markets, three different rules');
  });

  it('keeps the embeddings over a restart and recomputes nothing', async () => {
    const before = await indexer.store.counts();
    const cacheSize = await new PgEmbeddingCache(db.pool).size();
    const query = 'truce in the war in ukraine this year';
    const answerBefore = await search.search({ query, limit: 5 });
    await shut();

    await open();
    assert.deepEqual(await indexer.store.counts(), before, 'vectors are still there');
    assert.equal((await search.search({ query, limit: 5 })).results[0].market_id, answerBefore.results[0].market_id);
    // Even a full re-check of every market (cursor reset) embeds nothing: the hashes match.
    await indexer.store.resetCursors();
    const result = await indexer.runOnce();
    assert.ok(result.markets >= corpus.length);
    assert.equal(result.embedded, 0);
    assert.equal(embedder.stats.computed, 0, 'the model ran for no document');
    assert.equal(await new PgEmbeddingCache(db.pool).size(), cacheSize);
  });
});
