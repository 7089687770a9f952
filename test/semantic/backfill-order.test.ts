// The embedding backfill at a large venue's shape, with the real model and a real embedded database:
// the open markets' titles, then their rules, go before any closed market's text, also when open
// markets arrive while the closed tail is being embedded; a rules text repeated across a series runs
// through the model once (counted at the worker pool); and the backlog (all markets', the open
// ones', its rate and end) reads as /health and /metrics report it.
import assert from 'node:assert/strict';
import { Embedder, type DocumentKind, type EmbeddedDocument } from '../../src/embeddings/embedder.js';
import { PgEmbeddingCache } from '../../src/embeddings/embedding-cache-repository.js';
import { EmbeddingIndexer } from '../../src/indexers/embeddings-indexer.js';
import { EmbeddingBacklog } from '../../src/search/semantic/embedding-backlog.js';
import { MarketEmbeddingStore } from '../../src/search/semantic/market-embedding-repository.js';
import { seedCatalogMarkets, type SeedMarket } from '../../scripts/lib/catalog-seed.js';
import { openTestDatabase, type TestDatabase } from '../helpers/database.js';
import { ensureTestModel, TEST_MODEL_DIR } from '../embeddings/model-for-tests.js';

/** A series of markets one per strike; `templated`: every market's rules are the series' one text. */
function series(name: string, size: number, opts: { closed: (k: number) => boolean; templated: boolean }): SeedMarket[] {
  return Array.from({ length: size }, (_, k) => ({
    exchange: 'kalshi', market_id: `${name}-${k}`, category: 'economics', closed: opts.closed(k),
    title: `Will the ${name} index close above ${100 + 10 * k} on Friday?`,
    rules: opts.templated
      ? `The ${name} index is read from the exchange's official close. Resolves Yes above the strike named in the title, else No.`
      : `If the ${name} index closes above ${100 + 10 * k} on Friday, the market resolves to Yes; otherwise No.`,
  }));
}

describe('embedding backfill: order, reuse and backlog', function () {
  this.timeout(300_000);
  let db: TestDatabase;
  let embedder: Embedder;
  /** Every text the indexer asked the embedder for, in order, with its kind. */
  let asked: { kind: DocumentKind; text: string }[];

  beforeEach(async () => {
    await ensureTestModel();
    db = await openTestDatabase();
    embedder = await Embedder.start({ modelDir: TEST_MODEL_DIR, workers: 1 }, new PgEmbeddingCache(db.pool), { queryCacheSize: 0 });
    asked = [];
    const embedDocuments = embedder.embedDocuments.bind(embedder);
    embedder.embedDocuments = (texts: string[], kind: DocumentKind): Promise<EmbeddedDocument[]> => {
      for (const text of texts) asked.push({ kind, text });
      return embedDocuments(texts, kind);
    };
  });
  afterEach(async () => {
    await embedder?.close();
    await db?.destroy();
  });

  const position = (m: SeedMarket, kind: DocumentKind) => asked.findIndex((a) => a.kind === kind && a.text === (kind === 'title' ? m.title : m.rules));

  it('embeds the open markets\' titles, then their rules, before any closed market\'s text', async () => {
    // open markets spread over the change sequence among closed ones, as a venue's listing writes them
    const markets = [
      ...series('ALPHA', 12, { closed: (k) => k % 4 !== 0, templated: false }),
      ...series('BETA', 12, { closed: (k) => k % 5 !== 2, templated: false }),
    ];
    await seedCatalogMarkets(db.pool, markets);
    const indexer = new EmbeddingIndexer({ pool: db.pool, databaseKind: db.kind, embedder, batchSize: 4 });
    const result = await indexer.runOnce();
    assert.equal(result.embedded, 2 * markets.length);
    const open = markets.filter((m) => !m.closed);
    const closed = markets.filter((m) => m.closed);
    assert.ok(open.length >= 4 && closed.length >= 16);
    const lastOpenTitle = Math.max(...open.map((m) => position(m, 'title')));
    const firstOpenRules = Math.min(...open.map((m) => position(m, 'rules')));
    const lastOpenRules = Math.max(...open.map((m) => position(m, 'rules')));
    const firstClosed = Math.min(...closed.flatMap((m) => [position(m, 'title'), position(m, 'rules')]));
    assert.ok(lastOpenTitle < firstOpenRules, 'open titles before open rules');
    assert.ok(lastOpenRules < firstClosed, `every open text (the last at ${lastOpenRules}) before any closed one (the first at ${firstClosed})`);
    // the closed tail: titles, then rules
    const lastClosedTitle = Math.max(...closed.map((m) => position(m, 'title')));
    assert.ok(lastClosedTitle < Math.min(...closed.map((m) => position(m, 'rules'))));
  });

  it('puts open markets that arrive during the closed tail ahead of the rest of it', async () => {
    const tail = series('GAMMA', 20, { closed: () => true, templated: false });
    await seedCatalogMarkets(db.pool, tail);
    const late = series('DELTA', 2, { closed: () => false, templated: false });
    const indexer = new EmbeddingIndexer({ pool: db.pool, databaseKind: db.kind, embedder, batchSize: 4 });
    let seeded = false;
    let askedWhenSeeded = 0;
    await indexer.runOnce((p) => {
      // a sync lands once the closed markets' rules are under way
      if (!seeded && p.phase === 'rules') {
        seeded = true;
        askedWhenSeeded = asked.length;
        void seedCatalogMarkets(db.pool, late);
      }
    });
    assert.ok(seeded);
    // everything got embedded in this one run, the late open markets included
    assert.deepEqual(await new MarketEmbeddingStore(db.pool).counts(), { title: 22, rules: 22 });
    const lateLast = Math.max(...late.flatMap((m) => [position(m, 'title'), position(m, 'rules')]));
    const tailRulesAfter = tail.map((m) => position(m, 'rules')).filter((at) => at > lateLast);
    assert.ok(lateLast > askedWhenSeeded, 'the late markets came after the sync');
    assert.ok(tailRulesAfter.length > 0, `some closed rules were still to do after the late open markets (late done at ${lateLast} of ${asked.length})`);
  });

  it('runs a rules text repeated across a series through the model once, across batches', async () => {
    const templated = series('EPSILON', 12, { closed: () => true, templated: true });
    await seedCatalogMarkets(db.pool, templated);
    const indexer = new EmbeddingIndexer({ pool: db.pool, databaseKind: db.kind, embedder, batchSize: 5 });
    const before = embedder.pool.stats.bulkTexts;
    const result = await indexer.runOnce();
    assert.equal(embedder.pool.stats.bulkTexts - before, 12 + 1, 'twelve titles, one rules text');
    assert.equal(result.embedded, 13);
    assert.equal(embedder.stats.cached, 11, 'the other eleven rules reused the vector by content hash');
    assert.equal((await new MarketEmbeddingStore(db.pool).counts()).rules, 12);
  });

  it('counts the backlog (open markets apart), its rate and its end', async () => {
    const markets = series('ZETA', 10, { closed: (k) => k >= 3, templated: false });
    await seedCatalogMarkets(db.pool, markets);
    const store = new MarketEmbeddingStore(db.pool);
    let clock = 1_000_000;
    const backlog = new EmbeddingBacklog(store, () => embedder.stats.computed + embedder.stats.cached, { minIntervalMs: 0, maxAgeMs: 0, now: () => clock });
    const first = await backlog.snapshot();
    assert.deepEqual(first.missing, { title: 10, rules: 10, open: { title: 3, rules: 3 } });
    assert.equal(first.ratePerSecond, 0);
    assert.equal(first.etaSeconds, null, 'nothing moves yet');
    await new EmbeddingIndexer({ pool: db.pool, databaseKind: db.kind, embedder }).runOnce();
    clock += 10_000;
    const done = await backlog.snapshot();
    assert.deepEqual(done.missing, { title: 0, rules: 0, open: { title: 0, rules: 0 } });
    assert.equal(done.ratePerSecond, 2, '20 texts in 10 s');
    assert.equal(done.etaSeconds, 0);
  });
});
