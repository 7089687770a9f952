// Hybrid semantic retrieval: the keyword engine's matches join the vector candidates (names,
// numbers and rare words that vectors blur), scored like any candidate (their own cosine distance)
// minus the reciprocal-rank weight of their keyword rank. Real model, real embedded database.
import assert from 'node:assert/strict';
import { loadFixtureCorpus } from '../../scripts/eval/catalog-fixture.js';
import { HYBRID_RANK_K, SemanticSearchService } from '../../src/search/semantic/semantic-search.js';
import { startSemanticHarness, type SemanticHarness } from './harness.js';

describe('semantic search: hybrid retrieval with the keyword engine', function () {
  this.timeout(600_000);
  let h: SemanticHarness;

  before(async () => {
    h = await startSemanticHarness();
  });
  after(async () => {
    await h?.close();
  });

  it('adds a keyword match the vector walk did not reach, with its own distance minus the rank weight', async () => {
    const corpus = loadFixtureCorpus();
    const target = corpus[corpus.length - 1];
    const query = 'Who wins the Eurovision song contest?';
    // one candidate per kind from the walk: the target is not among them unless it is the nearest
    const vectorsOnly = new SemanticSearchService(h.db.pool, h.embedder, { candidates: () => 1 });
    const before = await vectorsOnly.search({ query, limit: 10 });
    assert.ok(!before.results.some((r) => r.market_id === target.market_id), 'the target must be out of reach of the walk for this test');

    const weight = 0.1;
    const hybrid = new SemanticSearchService(h.db.pool, h.embedder, {
      candidates: () => 1,
      hybridWeight: weight,
      keywordCandidates: async () => [{ exchange: target.exchange, market_id: target.market_id }],
    });
    const after = await hybrid.search({ query, limit: 10 });
    const found = after.results.find((r) => r.market_id === target.market_id);
    assert.ok(found, JSON.stringify(after.results.map((r) => r.market_id)));
    // the full weight at keyword rank 0 (HYBRID_RANK_K makes it (K + 1) / (K + 1 + 0) = 1)
    const plain = new SemanticSearchService(h.db.pool, h.embedder, { candidates: () => 200 });
    const unboosted = (await plain.search({ query, limit: 100 })).results.find((r) => r.market_id === target.market_id);
    assert.ok(unboosted, 'the target is in the corpus');
    assert.ok(Math.abs(found.score - (unboosted.score - weight * ((HYBRID_RANK_K + 1) / (HYBRID_RANK_K + 1)))) < 1e-5, `${found.score} vs ${unboosted.score}`);
  });

  it('answers with the vectors alone when the keyword engine fails', async () => {
    const service = new SemanticSearchService(h.db.pool, h.embedder, { keywordCandidates: async () => { throw new Error('engine down'); } });
    const answer = await service.search({ query: 'Will the Fed cut rates?', limit: 5 });
    assert.equal(answer.count, 5);
  });
});
