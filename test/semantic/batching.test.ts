// Semantic searches that arrive together are served together (src/search/semantic/semantic-search.ts):
// one statement for several query vectors on the real embedded database, answering each search
// exactly as a search that arrives alone (one statement of its own) is answered, and one embedding
// pass for several queries.
import assert from 'node:assert/strict';
import type pg from 'pg';
import { Embedder } from '../../src/embeddings/embedder.js';
import { SemanticSearchService, type SemanticResultItem, type SemanticSearchRequest } from '../../src/search/semantic/semantic-search.js';
import { startSemanticHarness, type SemanticHarness } from './harness.js';

const requests: SemanticSearchRequest[] = [
  { query: 'who will win the next presidential election' },
  { query: 'bitcoin price at the end of the year', active_only: true, limit: 5 },
  { query: 'super bowl winner', exchange: ['kalshi', 'polymarket'], limit: 50 },
  { query: 'interest rate cut by the fed', category: 'Economics' },
  { query: 'will it rain in london', exchange: ['manifold'] },
  { query: 'who wins the election', active_only: true, exchange: ['polymarket'], limit: 3 },
  { query: 'oscar for best picture' },
  { query: 'recession this year', category: 'no-such-category' },
];

describe('semantic search: batched searches', function () {
  this.timeout(180_000);
  let h: SemanticHarness;

  before(async () => {
    h = await startSemanticHarness();
  });
  after(async () => {
    await h?.close();
  });

  it('answers searches that go to the database together exactly as one statement each', async () => {
    // one embedder with its query cache warmed one query at a time, so that both services search
    // with the very same vectors and only the database side differs
    const embedder = new Embedder(h.embedder.pool, undefined, { queryCacheSize: 100 });
    for (const r of requests) await embedder.embedQuery(r.query);
    // searches one after the other: each arrives alone and goes to the database in its own statement
    const oneByOne = new SemanticSearchService(h.db.pool, embedder);
    // one statement in flight at a time, as on the embedded database's one connection: on the
    // server's pool the searches would each find a free connection and never share a statement
    const batched = new SemanticSearchService(h.db.pool, embedder, { databaseConcurrency: 1 });
    const expected: SemanticResultItem[][] = [];
    for (const r of requests) expected.push((await oneByOne.search(r)).results);
    assert.deepEqual(oneByOne.batchStats.database, { calls: requests.length, items: requests.length, largest: 1 }, 'one statement a search');
    const together = await Promise.all(requests.map((r) => batched.search(r)));
    const { database } = batched.batchStats;
    assert.equal(database.items, requests.length);
    assert.ok(database.largest > 1 && database.calls < requests.length, `statements: ${JSON.stringify(database)}`);
    together.forEach((answer, i) => assert.deepEqual(answer.results, expected[i], `search ${i}: ${requests[i].query}`));
    assert.ok(expected.some((r) => r.length > 0) && expected.at(-1)!.length === 0, 'the set has answers and an empty one');
  });

  it('passes each filter\'s kept row counts once counted, with the same answers as counting at the call', async () => {
    const embedder = new Embedder(h.embedder.pool, undefined, { queryCacheSize: 100 });
    for (const r of requests) await embedder.embedQuery(r.query);
    // the pool as the service uses it, with the values of each search statement noted (not the
    // reads of the markets' rows its copy lacks)
    const statements: { name?: string; values: unknown[] }[] = [];
    const pool = {
      options: h.db.pool.options,
      query: (config: string | pg.QueryConfig, values?: unknown[]) => {
        if (typeof config === 'object' && config.name?.startsWith('semantic_search_candidates')) statements.push({ name: config.name, values: config.values ?? [] });
        return typeof config === 'string' ? h.db.pool.query(config, values) : h.db.pool.query(config);
      },
    } as unknown as pg.Pool;
    // searched one after the other, each search goes alone in its own (single-search) statement
    const oneByOne = new SemanticSearchService(pool, embedder);
    const batched = new SemanticSearchService(pool, embedder);
    // first round: no counts yet, the statement counts at the call (and the service counts in the background)
    const counted: SemanticResultItem[][] = [];
    for (const r of requests) counted.push((await oneByOne.search(r)).results);
    assert.ok(statements.length === requests.length && statements.every((s) => s.name === 'semantic_search_candidates'), 'one single-search statement a search');
    assert.ok(statements.every((s) => s.values[6] === null && s.values[7] === null), 'no counts on the first round');
    await oneByOne.filterRowsSettled();
    statements.length = 0;
    for (const [i, r] of requests.entries()) {
      assert.deepEqual((await oneByOne.search(r)).results, counted[i], `one by one, search ${i}: ${r.query}`);
    }
    // the counts passed for the filtered searches are what semantic_filter_rows says
    const filtered = requests.map((r, i) => ({ r, values: statements[i].values })).filter(({ r }) => r.exchange || r.category);
    assert.ok(filtered.length >= 4);
    for (const { r, values } of filtered) {
      const { rows: [truth] } = await h.db.pool.query<{ title: number; rules: number }>(
        `SELECT semantic_filter_rows('title', $1::text[], $2, $3, $4) AS title, semantic_filter_rows('rules', $1::text[], $2, $3, $4) AS rules`,
        [r.exchange ?? null, r.active_only ?? false, r.category?.toLowerCase() ?? null, 3001]);
      assert.deepEqual([values[6], values[7]], [truth.title, truth.rules], r.query);
    }
    assert.ok(statements.filter((s, i) => !requests[i].exchange && !requests[i].category).every((s) => s.values[6] === null), 'unfiltered searches pass none');
    // batched, once the counts are in: the same answers
    await Promise.all(requests.map((r) => batched.search(r)));
    await batched.filterRowsSettled();
    const together = await Promise.all(requests.map((r) => batched.search(r)));
    together.forEach((answer, i) => assert.deepEqual(answer.results, counted[i], `batched, search ${i}: ${requests[i].query}`));
  });

  it('embeds queries that arrive together in one pass, and a lone search on its own at once', async () => {
    const service = new SemanticSearchService(h.db.pool, h.embedder);
    const passes = h.embedder.pool.stats.queryPasses;
    const answers = await Promise.all(requests.map((r) => service.search(r)));
    assert.equal(answers.length, requests.length);
    const { embedding } = service.batchStats;
    assert.equal(embedding.items, requests.length);
    assert.ok(embedding.largest > 1, `embedding calls: ${JSON.stringify(embedding)}`);
    assert.ok(h.embedder.pool.stats.queryPasses - passes < requests.length, 'fewer forward passes than searches');
    // top hits match a lone search's (vectors of a batch differ from lone ones by float noise only)
    const lone = new SemanticSearchService(h.db.pool, h.embedder);
    const top = (await lone.search(requests[0])).results[0];
    assert.equal(lone.batchStats.embedding.largest, 1, 'embedded alone');
    assert.deepEqual(answers[0].results[0].market_id, top.market_id);
    const before = service.batchStats.embedding;
    await service.search({ query: 'a lone search' });
    assert.deepEqual(service.batchStats.embedding, { calls: before.calls + 1, items: before.items + 1, largest: before.largest });
  });
});
