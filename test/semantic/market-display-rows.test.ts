// The search service's copy of what answers show of each market (src/search/semantic/market-display-row-repository.ts):
// answers show the live catalog rows, filters re-checked against them, once the copy has been
// dropped for a change (the same answers as a service that never saw the old rows); each market's row is read once
// until then; a read in flight when the copy is dropped keeps nothing; the copy holds at most its size.
// Real embedded database, real model. That the component drops the copy with its cached answers
// when the catalog changes: test/semantic/result-cache.test.ts ("drops cached answers when the
// catalog changes" searches after a market closed, through the route and the watcher).
import assert from 'node:assert/strict';
import type pg from 'pg';
import { Embedder } from '../../src/embeddings/embedder.js';
import { loadFixtureCorpus, marketKey } from '../../scripts/eval/catalog-fixture.js';
import { seedCatalogMarkets } from '../../scripts/lib/catalog-seed.js';
import { MarketDisplayRows } from '../../src/search/semantic/market-display-row-repository.js';
import { SemanticSearchService, type SemanticSearchRequest } from '../../src/search/semantic/semantic-search.js';
import { startSemanticHarness, type SemanticHarness } from './harness.js';

describe('semantic search: the copy of the markets\' rows answers show', function () {
  this.timeout(180_000);
  let h: SemanticHarness;
  /** Its query cache warmed one query at a time: batched and lone searches use the very same vectors. */
  let embedder: Embedder;
  const corpus = loadFixtureCorpus();

  before(async () => {
    h = await startSemanticHarness();
    embedder = new Embedder(h.embedder.pool, undefined, { queryCacheSize: 100 });
    for (const r of requests) await embedder.embedQuery(r.query);
  });
  after(async () => {
    await h?.close();
  });

  const requests: SemanticSearchRequest[] = [
    { query: 'who wins the presidential election', limit: 10 },
    { query: 'bitcoin price at the end of the year', active_only: true, limit: 10 },
    { query: 'championship winner', category: 'Sports', limit: 10 },
    { query: 'interest rates', exchange: ['kalshi', 'polymarket'], limit: 10 },
    { query: 'celtics basketball championship', active_only: true, limit: 10 },
  ];

  type Shown = { exchange: string; market_id: string; title: string; category: string; closed: boolean; svc_id?: string };
  /**
   * Each answer's markets as the catalog holds them now, and whether the request's filters keep
   * them: what an answer shows must be this, whatever the service copied before.
   */
  const assertShowsTheCatalog = async (request: SemanticSearchRequest, results: Shown[]) => {
    const { rows } = await h.db.pool.query<{ exchange: string; market_id: string; title: string; category: string; closed: boolean; svc_id: string | null; removed: boolean }>(
      `SELECT m.exchange, m.market_id, m.title, m.category, m.closed, m.svc_id, m.removed
         FROM unnest($1::text[], $2::text[]) AS k(exchange, market_id) JOIN markets m USING (exchange, market_id)`,
      [results.map((r) => r.exchange), results.map((r) => r.market_id)]);
    const live = new Map(rows.map((r) => [marketKey(r), r]));
    for (const r of results) {
      const m = live.get(marketKey(r));
      assert.ok(m && !m.removed, `${marketKey(r)} is in the catalog`);
      assert.deepEqual({ title: r.title, category: r.category, closed: r.closed, svc_id: r.svc_id ?? null }, { title: m.title, category: m.category, closed: m.closed, svc_id: m.svc_id }, marketKey(r));
      if (request.active_only) assert.equal(m.closed, false, `${marketKey(r)}: active_only`);
      if (request.category) assert.equal(m.category.toLowerCase(), request.category.toLowerCase(), `${marketKey(r)}: category`);
      if (request.exchange) assert.ok(request.exchange.includes(m.exchange), `${marketKey(r)}: exchange`);
    }
  };

  it('reads each market\'s row once, until the copy is dropped', async () => {
    const service = new SemanticSearchService(h.db.pool, embedder);
    const first = await service.search(requests[0]);
    assert.ok(first.count > 0);
    const afterFirst = service.displayRowStats;
    assert.equal(afterFirst.reads, 1);
    assert.ok(afterFirst.kept >= first.count && afterFirst.rowsRead === afterFirst.kept, JSON.stringify(afterFirst));
    assert.deepEqual((await service.search(requests[0])).results, first.results);
    assert.deepEqual(service.displayRowStats, afterFirst, 'the same candidates again: no read');
    service.forgetCatalogCopies();
    assert.equal(service.displayRowStats.kept, 0);
    assert.deepEqual((await service.search(requests[0])).results, first.results);
    assert.equal(service.displayRowStats.reads, 2, 'read again once dropped');
  });

  it('answers with the live rows, alone or batched, after markets closed, moved category or were removed', async () => {
    const service = new SemanticSearchService(h.db.pool, embedder);
    // a service that never saw the rows before the change: its copy is read after it
    const fresh = () => new SemanticSearchService(h.db.pool, embedder);
    const answers = async (s: SemanticSearchService, together: boolean) =>
      together ? (await Promise.all(requests.map((r) => s.search(r)))).map((a) => a.results) : await sequential(s);
    const sequential = async (s: SemanticSearchService) => {
      const out = [];
      for (const r of requests) out.push((await s.search(r)).results);
      return out;
    };
    const before = await answers(service, true);
    assert.deepEqual(before, await answers(fresh(), false));
    for (const [i, r] of requests.entries()) await assertShowsTheCatalog(r, before[i]);
    // three shown markets change in the catalog only (the embedding indexer has not run: the vectors'
    // filter copies still say open, old category, present), so only the re-check can drop them
    const closing = before[1][0];
    const recategorised = before[2][0];
    const removed = before[0][0];
    assert.ok(closing && recategorised && removed, 'each request has answers');
    const row = (r: { exchange: string; market_id: string }) => corpus.find((m) => marketKey(m) === marketKey(r))!;
    await seedCatalogMarkets(h.db.pool, [
      { ...row(closing), closed: true },
      { ...row(recategorised), category: 'Weather' },
      { ...row(removed), removed: true },
    ]);
    try {
      service.forgetCatalogCopies(); // as the component does when it hears of the change
      const after = await answers(service, true);
      assert.deepEqual(after, await answers(fresh(), false));
      for (const [i, r] of requests.entries()) await assertShowsTheCatalog(r, after[i]);
      const keys = (results: { exchange: string; market_id: string }[]) => results.map(marketKey);
      assert.ok(!keys(after[1]).includes(marketKey(closing)), 'closed: out of active_only');
      assert.ok(!keys(after[2]).includes(marketKey(recategorised)), 'another category: out of the category filter');
      assert.ok(!after.some((results) => keys(results).includes(marketKey(removed))), 'removed: out of every answer');
      const closedShown = (await service.search({ ...requests[1], active_only: false })).results.find((r) => marketKey(r) === marketKey(closing));
      assert.equal(closedShown?.closed, true, 'shown closed without active_only');
    } finally {
      await seedCatalogMarkets(h.db.pool, [row(closing), row(recategorised), row(removed)]);
    }
  });

  it('keeps nothing from a read in flight when the copy is dropped, and at most its size', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const slowPool = {
      query: async (config: pg.QueryConfig) => {
        const result = await h.db.pool.query(config);
        await held;
        return result;
      },
    } as unknown as pg.Pool;
    const markets = corpus.slice(0, 5);
    const copy = new MarketDisplayRows(slowPool, { maxRows: 3 });
    const reading = copy.rowsFor(markets);
    copy.clear();
    release();
    const rows = await reading;
    assert.deepEqual(rows.map((r) => r?.title), markets.map((m) => m.title), 'the read answers its caller, in order');
    assert.equal(copy.stats.kept, 0, 'dropped meanwhile: nothing kept');
    await copy.rowsFor([...markets, { exchange: 'kalshi', market_id: 'no-such-market' }]);
    const { kept, reads, rowsRead } = copy.stats;
    assert.ok(kept >= 1 && kept <= 3, `at most maxRows: ${kept}`);
    assert.equal(rowsRead, 10, 'the missing market is not a row');
    assert.deepEqual((await copy.rowsFor(markets)).map((r) => r?.title), markets.map((m) => m.title));
    assert.deepEqual([copy.stats.reads, copy.stats.rowsRead], [reads + 1, rowsRead + 5 - kept], 'one read, of the rows not kept');
  });
});
