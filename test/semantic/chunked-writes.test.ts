// The embedding indexer's writes on the real embedded database (MarketEmbeddingStore.applyBatch):
// new vectors go in transactions of at most `writeChunkRows`, so a search waits behind one short
// transaction; the cursor moves only with the last one, and a lost lease stops the batch before its
// cursor moves (the batch is then replayed; the rows already written are found unchanged).
import assert from 'node:assert/strict';
import { EMBEDDING_DIMENSIONS } from '../../src/embeddings/model-spec.js';
import { MarketEmbeddingStore, type EmbeddingUpsert } from '../../src/search/semantic/market-embedding-repository.js';
import { openTestDatabase, type TestDatabase } from '../helpers/database.js';

function unitVector(seed: number): Float32Array {
  const v = Float32Array.from({ length: EMBEDDING_DIMENSIONS }, (_, i) => Math.sin(seed * 31 + i));
  const norm = Math.hypot(...v);
  return v.map((x) => x / norm);
}

const upserts = (from: number, n: number): EmbeddingUpsert[] => Array.from({ length: n }, (_, i) => ({
  exchange: 'kalshi', market_id: `M-${from + i}`, kind: 'title', textHash: `h${from + i}`, vector: unitVector(from + i),
  category: 'sports', closed: false, changeSeq: from + i,
}));

describe('embedding indexer: chunked vector writes', function () {
  this.timeout(60_000);
  let db: TestDatabase;
  let store: MarketEmbeddingStore;
  const owner = 'test-owner';
  const rows = async () => Number((await db.pool.query('SELECT count(*) AS n FROM market_embeddings')).rows[0].n);
  const transactions = async () => Number((await db.pool.query('SELECT txid_current() AS t')).rows[0].t);

  before(async () => {
    db = await openTestDatabase();
    store = new MarketEmbeddingStore(db.pool);
    assert.ok(await store.acquireLease(owner, 300));
  });
  after(async () => {
    await db?.destroy();
  });

  it('writes a batch in transactions of writeChunkRows vectors and moves the cursor once', async () => {
    const before = await transactions();
    await store.applyBatch({ owner, kind: 'title', upserts: upserts(1, 10), deletions: [], cursor: 10 }, 3);
    const used = (await transactions()) - before - 1; // the probe itself takes one
    assert.equal(await rows(), 10);
    assert.equal(await store.cursor('title'), 10);
    assert.equal(used, 4, `ceil(10 / 3) write transactions, got ${used}`);
  });

  it('a lost lease stops the batch at its next transaction, before the cursor moves', async () => {
    const other = new MarketEmbeddingStore(db.pool);
    // another instance took the lease over
    await db.pool.query(`UPDATE embedding_index_state SET lease_owner = 'someone-else', lease_until = now() + interval '1 hour' WHERE name = 'lease'`);
    await assert.rejects(
      other.applyBatch({ owner, kind: 'title', upserts: upserts(11, 6), deletions: [], cursor: 16 }, 2),
      /lost its lease/,
    );
    assert.equal(await rows(), 10, 'the first chunk checked the lease too: nothing written');
    assert.equal(await store.cursor('title'), 10, 'the cursor did not move');
  });
});
