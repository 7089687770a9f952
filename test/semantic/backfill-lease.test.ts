// The embedding backfill's lease (src/indexers/embedding-lease.ts): a lease left by a process that died
// never holds the backfill up, a live holder still keeps a second runner out, and /health tells who
// holds it until when and how many markets really lack a vector. Runs on both databases
// (TEST_DATABASE=server for the server pass). A killed process is exercised for real in
// test/db/crash-safety.test.ts (the restart completes the backfill at once).
import { strict as assert } from 'node:assert';
import { Embedder } from '../../src/embeddings/embedder.js';
import { PgEmbeddingCache } from '../../src/embeddings/embedding-cache-repository.js';
import { EmbeddingBackfillLease } from '../../src/indexers/embedding-lease.js';
import { EmbeddingIndexer } from '../../src/indexers/embeddings-indexer.js';
import { loadFixtureCorpus } from '../../scripts/eval/catalog-fixture.js';
import { seedCatalogMarkets } from '../../scripts/lib/catalog-seed.js';
import { openTestDatabase, type TestDatabase } from '../helpers/database.js';
import { startTestService, type TestService } from '../helpers/service.js';
import { ensureTestModel, TEST_MODEL_DIR } from '../embeddings/model-for-tests.js';

const corpus = loadFixtureCorpus().slice(0, 6);

/** What a runner killed mid-run leaves: the lease row naming it, for the next five minutes. */
async function leaveDeadRunnersLease(db: TestDatabase): Promise<void> {
  await db.pool.query(
    `INSERT INTO embedding_index_state (name, lease_owner, lease_until) VALUES ('lease', 'other-host/pid 4242/dead0000', now() + interval '300 seconds')
     ON CONFLICT (name) DO UPDATE SET lease_owner = EXCLUDED.lease_owner, lease_until = EXCLUDED.lease_until`,
  );
}

const titleVectors = async (db: TestDatabase) =>
  (await db.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM market_embeddings WHERE kind = 'title'")).rows[0].n;

describe('embedding backfill lease', function () {
  this.timeout(120_000);
  let db: TestDatabase;
  let embedder: Embedder;

  before(async () => {
    await ensureTestModel();
    db = await openTestDatabase();
    embedder = await Embedder.start({ modelDir: TEST_MODEL_DIR, workers: 1 }, new PgEmbeddingCache(db.pool), { queryCacheSize: 0 });
  });
  after(async () => {
    await embedder?.close();
    await db?.destroy();
  });
  beforeEach(async () => {
    await db.pool.query('TRUNCATE market_embeddings');
    await db.pool.query('DELETE FROM embedding_index_state');
  });

  it('a lease left by a runner that died does not stop a new one: it embeds at once', async () => {
    await seedCatalogMarkets(db.pool, corpus);
    await leaveDeadRunnersLease(db);
    const indexer = new EmbeddingIndexer({ pool: db.pool, databaseKind: db.kind, embedder, batchSize: 4 });
    const result = await indexer.runOnce();
    assert.equal(result.ran, true, 'the dead runner\'s lease kept the backfill out');
    assert.equal(await titleVectors(db), corpus.length);
    const { rows } = await db.pool.query<{ lease_owner: string | null }>("SELECT lease_owner FROM embedding_index_state WHERE name = 'lease'");
    assert.equal(rows[0].lease_owner, null, 'released after the run');
  });

  it('a live holder keeps another runner out until it lets go', async () => {
    await seedCatalogMarkets(db.pool, corpus);
    const holder = new EmbeddingBackfillLease(db.pool, db.kind, 300);
    assert.equal(await holder.take(), true);
    const indexer = new EmbeddingIndexer({ pool: db.pool, databaseKind: db.kind, embedder, batchSize: 4 });
    try {
      assert.equal((await indexer.runOnce()).ran, false);
      assert.equal(await titleVectors(db), 0);
    } finally {
      await holder.release();
    }
    assert.equal((await indexer.runOnce()).ran, true);
    assert.equal(await titleVectors(db), corpus.length);
  });
});

describe('/health: the embedding backlog and who holds the backfill lease', function () {
  this.timeout(180_000);
  let svc: TestService;

  before(async () => {
    await ensureTestModel();
    // no jobs: nothing embeds but what the test runs
    svc = await startTestService({ env: { MODEL_DIR: TEST_MODEL_DIR, MODEL_SOURCE: 'off' } });
  });
  after(() => svc?.destroy());

  async function embeddingsHealth(): Promise<Record<string, unknown>> {
    for (let i = 0; i < 600; i++) {
      const res = await svc.request('/health');
      const embeddings = res.body.components.embeddings as Record<string, unknown>;
      if (embeddings.status === 'ok') return embeddings;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the model did not load');
  }

  it('titles_pending counts the markets without a vector, not the rows changed since the cursor', async () => {
    await seedCatalogMarkets(svc.db.pool, corpus);
    let health = await embeddingsHealth();
    assert.equal(health.titles_pending, corpus.length);
    assert.equal(health.rules_pending, corpus.filter((m) => m.rules.trim()).length);

    const embedder = await Embedder.start({ modelDir: TEST_MODEL_DIR, workers: 1 }, new PgEmbeddingCache(svc.db.pool), { queryCacheSize: 0 });
    try {
      await new EmbeddingIndexer({ pool: svc.db.pool, databaseKind: svc.db.kind, embedder }).runOnce();
    } finally {
      await embedder.close();
    }
    // a price move changes every row's change_seq and nothing the model reads
    await seedCatalogMarkets(svc.db.pool, corpus.map((m) => ({ ...m, volume: 123_456 })));
    // the backlog is a pass over the catalog: recounted at most every 5 s, kept up to 15 s
    const deadline = Date.now() + 30_000;
    do {
      health = await embeddingsHealth();
      if (health.titles_pending === 0) break;
      await new Promise((r) => setTimeout(r, 500));
    } while (Date.now() < deadline);
    assert.equal(health.titles_pending, 0);
    assert.equal(health.rules_pending, 0);
    assert.equal(health.titles_to_check, corpus.length, 'the next run will look at the changed rows');
    assert.equal(health.backfill_lease, null);
  });

  it('names the lease holder and until when', async () => {
    const lease = new EmbeddingBackfillLease(svc.db.pool, svc.db.kind, 120);
    assert.equal(await lease.take(), true);
    try {
      const health = await embeddingsHealth();
      const shown = health.backfill_lease as { holder: string; until: string };
      assert.equal(shown.holder, lease.owner);
      const untilMs = Date.parse(shown.until) - Date.now();
      assert.ok(untilMs > 100_000 && untilMs <= 120_000, `until ${shown.until}`);
    } finally {
      await lease.release();
    }
    assert.equal((await embeddingsHealth()).backfill_lease, null);
  });
});
