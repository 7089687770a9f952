// POST /api/v1/search/semantic against docs/interface-spec.md §4.3 "Semantic search", through the real app
// (API-key and plan middleware), a real embedded database with pgvector and the real model.
import assert from 'node:assert/strict';
import { wordTokens } from '../../src/search/query-text.js';
import { EXCHANGE_CODES } from '../../src/venues/exchanges.js';
import { marketCategory } from '../../src/venues/categories.js';
import { loadFixtureCorpus, marketKey } from '../../scripts/eval/catalog-fixture.js';
import { startSemanticHarness, type SemanticHarness } from './harness.js';

const corpus = loadFixtureCorpus();
const byKey = new Map(corpus.map((m) => [marketKey(m), m]));

describe('semantic search API (spec: Semantic search)', function () {
  this.timeout(180_000);
  let h: SemanticHarness;
  let maxKey: string;

  before(async () => {
    h = await startSemanticHarness();
    maxKey = await h.keyFor('max');
  });
  after(async () => {
    await h?.close();
  });

  describe('rule 1: query is required', () => {
    it('400 with an error body when query is missing', async () => {
      const res = await h.post({ limit: 5 }, maxKey);
      assert.equal(res.status, 400);
      assert.deepEqual(Object.keys(res.body), ['error']);
      assert.match(res.body.error, /query/);
    });
    it('400 when query is empty, blank or not a string', async () => {
      for (const query of ['', '   ', 42, null, ['bitcoin']]) {
        const res = await h.post({ query }, maxKey);
        assert.equal(res.status, 400, `query ${JSON.stringify(query)}`);
        assert.equal(typeof res.body.error, 'string');
      }
    });
    it('400 for a body that is not a JSON object', async () => {
      assert.equal((await h.post('[1,2]', maxKey)).status, 400);
      assert.equal((await h.post('{"query": ', maxKey)).status, 400);
    });
  });

  describe('rule 2: plans Max, Admin and Enterprise only', () => {
    for (const plan of ['free', 'pro'] as const) {
      it(`403 with an error body for plan ${plan}`, async () => {
        const res = await h.post({ query: 'bitcoin' }, await h.keyFor(plan));
        assert.equal(res.status, 403);
        assert.deepEqual(Object.keys(res.body), ['error']);
      });
    }
    for (const plan of ['max', 'admin', 'enterprise'] as const) {
      it(`200 for plan ${plan}`, async () => {
        const res = await h.post({ query: 'bitcoin' }, await h.keyFor(plan));
        assert.equal(res.status, 200);
      });
    }
    it('401 without a key', async () => {
      assert.equal((await h.post({ query: 'bitcoin' })).status, 401);
    });
  });

  describe('request fields', () => {
    it('limit defaults to 20', async () => {
      const res = await h.post({ query: 'election' }, maxKey);
      assert.equal(res.status, 200);
      assert.equal(res.body.count, 20);
      assert.equal(res.body.results.length, 20);
    });
    it('limit up to 100 is accepted and honoured; above 100 (and below 1, non-integers) is a 400', async () => {
      const small = await h.post({ query: 'election', limit: 3 }, maxKey);
      assert.equal(small.body.count, 3);
      const max = await h.post({ query: 'election', limit: 100 }, maxKey);
      assert.equal(max.status, 200);
      assert.equal(max.body.count, Math.min(100, corpus.length), 'every market of the corpus, since fewer than 100 exist');
      for (const limit of [101, 1000, 0, -1, 2.5, '20']) {
        const res = await h.post({ query: 'election', limit }, maxKey);
        assert.equal(res.status, 400, `limit ${JSON.stringify(limit)}`);
        assert.match(res.body.error, /limit/);
      }
    });
    it('exchange accepts arrays of the nine codes and restricts to them', async () => {
      const res = await h.post({ query: 'who wins', exchange: ['kalshi', 'predictit'], limit: 100 }, maxKey);
      assert.equal(res.status, 200);
      const expected = corpus.filter((m) => m.exchange === 'kalshi' || m.exchange === 'predictit').length;
      assert.equal(res.body.count, expected);
      assert.ok(res.body.results.every((r: { exchange: string }) => r.exchange === 'kalshi' || r.exchange === 'predictit'));
      for (const code of EXCHANGE_CODES) {
        assert.equal((await h.post({ query: 'x', exchange: [code], limit: 1 }, maxKey)).status, 200, code);
      }
    });
    it('exchange also takes one code (or a comma-separated list), as keyword search does', async () => {
      const one = await h.post({ query: 'who wins', exchange: 'kalshi', limit: 100 }, maxKey);
      assert.equal(one.status, 200);
      assert.equal(one.body.count, corpus.filter((m) => m.exchange === 'kalshi').length);
      const two = await h.post({ query: 'who wins', exchange: 'kalshi,predictit', limit: 100 }, maxKey);
      assert.equal(two.body.count, corpus.filter((m) => m.exchange === 'kalshi' || m.exchange === 'predictit').length);
    });
    it('exchange: anything but the nine codes is a 400', async () => {
      for (const exchange of [['kalshi', 'nyse'], [1], { kalshi: true }, 'nyse', 7]) {
        const res = await h.post({ query: 'bitcoin', exchange }, maxKey);
        assert.equal(res.status, 400, `exchange ${JSON.stringify(exchange)}`);
        assert.match(res.body.error, /exchange/);
      }
    });
    it('active_only returns only markets that are not closed; it must be a boolean', async () => {
      const all = await h.post({ query: 'who will win the championship or election', limit: 100 }, maxKey);
      assert.ok(all.body.results.some((r: { closed: boolean }) => r.closed), 'closed markets appear by default');
      const open = await h.post({ query: 'who will win the championship or election', limit: 100, active_only: true }, maxKey);
      assert.equal(open.body.count, corpus.filter((m) => !m.closed).length);
      assert.ok(open.body.results.every((r: { closed: boolean }) => r.closed === false));
      assert.equal((await h.post({ query: 'x', active_only: 'true' }, maxKey)).status, 400);
    });
    it('category restricts to one category (case-insensitive)', async () => {
      const res = await h.post({ query: 'price above a threshold', category: 'Crypto', limit: 50 }, maxKey);
      assert.equal(res.status, 200);
      assert.equal(res.body.count, corpus.filter((m) => m.category === 'crypto').length);
      assert.ok(res.body.results.every((r: { category: string }) => r.category === 'crypto'));
      const unknown = await h.post({ query: 'x', category: 'no-such-category' }, maxKey);
      assert.equal(unknown.status, 400);
      assert.match(unknown.body.error, /category: must be one of politics, crypto/);
      assert.equal((await h.post({ query: 'x', category: 7 }, maxKey)).status, 400);
    });
    it('an unknown field is a 400 naming it and saying it was in the body; nothing is searched', async () => {
      const searches = h.service.batchStats.database.items;
      const res = await h.post({ query: 'bitcoin', limti: 3 }, maxKey);
      assert.equal(res.status, 400);
      assert.match(res.body.error, /limti: unknown body field/);
      assert.equal(h.service.batchStats.database.items, searches);
    });
    it('status: open is active_only, closed keeps only closed and resolved markets, all both; a contradiction is a 400', async () => {
      const q = 'who will win the championship or election';
      const open = await h.post({ query: q, limit: 100, status: 'open' }, maxKey);
      assert.equal(open.body.count, corpus.filter((m) => !m.closed).length);
      const closed = await h.post({ query: q, limit: 100, status: 'closed' }, maxKey);
      assert.ok(closed.body.count > 0 && closed.body.results.every((r: { closed: boolean }) => r.closed));
      const both = await h.post({ query: q, limit: 100, active_only: true, status: 'closed' }, maxKey);
      assert.equal(both.status, 400);
      assert.match(both.body.error, /active_only/);
      assert.equal((await h.post({ query: q, status: 'pending' }, maxKey)).status, 400);
    });
    it('pages with next_cursor: the pages are the one ranking cut in pieces; a cursor of another request is a 400', async () => {
      const q = 'who will win the championship or election';
      const whole = await h.post({ query: q, limit: 12 }, maxKey);
      const first = await h.post({ query: q, limit: 5 }, maxKey);
      assert.equal(typeof first.body.next_cursor, 'string');
      const second = await h.post({ query: q, limit: 5, cursor: first.body.next_cursor }, maxKey);
      assert.equal(second.status, 200);
      assert.deepEqual([...first.body.results, ...second.body.results].map(marketKey), whole.body.results.slice(0, 10).map(marketKey));
      const other = await h.post({ query: 'bitcoin', limit: 5, cursor: first.body.next_cursor }, maxKey);
      assert.equal(other.status, 400);
      assert.match(other.body.error, /cursor/);
      assert.equal((await h.post({ query: q, limit: 5, cursor: 'garbage' }, maxKey)).status, 400);
    });
    it('filters combine', async () => {
      const res = await h.post({ query: 'election winner', exchange: ['polymarket'], category: 'politics', active_only: true }, maxKey);
      const expected = corpus.filter((m) => m.exchange === 'polymarket' && m.category === 'politics' && !m.closed).length;
      assert.equal(res.body.count, expected);
    });
  });

  describe('response', () => {
    it('is {query, count, results} with the query as sent', async () => {
      const query = '  Will BTC hit 100k?  ';
      const res = await h.post({ query, limit: 5 }, maxKey);
      assert.deepEqual(Object.keys(res.body), ['query', 'count', 'results', 'next_cursor']);
      assert.equal(res.body.query, query);
      assert.equal(res.body.count, res.body.results.length);
    });
    // The result item's fields: docs/interface-spec.md §2.1.
    it('result items carry exactly the spec fields, svc_id only when the market has one', async () => {
      const res = await h.post({ query: 'bitcoin price at the end of 2025', limit: 100 }, maxKey);
      let withSvc = 0;
      let withoutSvc = 0;
      for (const item of res.body.results) {
        const market = byKey.get(marketKey(item))!;
        assert.ok(market, `unknown market ${marketKey(item)}`);
        const expectedKeys = [
          'market_id', 'exchange', 'title', 'category', 'closed', 'score', ...(market.svc_id ? ['svc_id'] : []),
          'status', 'yes_price', 'yes_bid', 'yes_ask', 'volume', 'close_time', 'venue_category',
          // the venue event (more_in_event only with group=event: docs/search.md)
          'event',
        ];
        assert.deepEqual(Object.keys(item).sort(), expectedKeys.sort());
        assert.equal(typeof item.market_id, 'string');
        assert.equal(item.title, market.title);
        assert.equal(item.category, marketCategory(market.category, market.title));
        assert.equal(item.closed, market.closed);
        assert.equal(typeof item.score, 'number');
        if (market.svc_id) {
          assert.equal(item.svc_id, market.svc_id);
          withSvc++;
        } else withoutSvc++;
      }
      assert.ok(withSvc > 0 && withoutSvc > 0);
    });
    it('rule 3: ranks by ascending score, the most relevant market first', async () => {
      const res = await h.post({ query: 'will the price of bitcoin be over one hundred thousand dollars on new year\'s eve', limit: 10 }, maxKey);
      const scores = res.body.results.map((r: { score: number }) => r.score);
      assert.deepEqual(scores, [...scores].sort((a, b) => a - b));
      const top2 = res.body.results.slice(0, 2).map(marketKey).sort();
      assert.deepEqual(top2, ['kalshi:KXBTC-25DEC31-T100000', 'polymarket:0xa001']);
    });
    it('rule 3: the title keyword boost lowers the score below the bare distance', async () => {
      // A cosine distance is never below 0; only the keyword boost (up to 0.2) can take it there.
      const res = await h.post({ query: 'Will Bitcoin reach $100,000 by December 31, 2025?', limit: 3 }, maxKey);
      assert.equal(marketKey(res.body.results[0]), 'polymarket:0xa001');
      assert.ok(res.body.results[0].score < 0, `score ${res.body.results[0].score}`);
      assert.ok(res.body.results[0].score >= -0.2);
      // Rules count too: a market found through its rules text (the title says "Pro football").
      const rules = await h.post({ query: 'NFL championship game', limit: 3 }, maxKey);
      assert.ok(rules.body.results.map(marketKey).includes('kalshi:KXSB-26-KC'));
    });
    it('finds the right market for queries that share no word with its title', async () => {
      const cases = [
        { query: 'bird flu becomes a global outbreak', expected: 'manifold:mf-h5n1-pandemic' },
        { query: 'economic downturn across america this year', expected: 'kalshi:KXRECESSION-25' },
        { query: 'Los Blancos European club title', expected: 'polymarket:0xd002' },
      ];
      for (const { query, expected } of cases) {
        const titleWords = new Set(wordTokens(byKey.get(expected)!.title));
        assert.deepEqual(wordTokens(query).filter((w) => titleWords.has(w)), [], `"${query}" must share no word with the title`);
        const res = await h.post({ query, limit: 3 }, maxKey);
        assert.ok(res.body.results.map(marketKey).includes(expected), `${query} -> ${JSON.stringify(res.body.results.map(marketKey))}`);
      }
    });
    it('reports the time spent embedding and in the database separately (Server-Timing)', async () => {
      const res = await h.post({ query: 'bitcoin' }, maxKey);
      assert.match(res.headers.get('server-timing') ?? '', /^embed;dur=[\d.]+, db;dur=[\d.]+$/);
    });
  });
});
