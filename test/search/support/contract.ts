// The one contract every SearchEngine passes (run against Elasticsearch/OpenSearch and PostgreSQL).
import assert from 'node:assert/strict';
import { eventKey, groupKey, type MarketHit, type MarketSearchQuery, type SearchEngine, type SearchIndexWriter } from '../../../src/search/engine.js';
import { CORPUS, CORPUS_SIZE, LADDERS, SEASONS } from './corpus.js';

export interface EngineUnderTest {
  engine: SearchEngine;
  writer: SearchIndexWriter;
  cleanup(): Promise<void>;
}

const SYNTAX = [
  '"', '""', '"unbalanced', '(', ')', '((election', '*', '?', 'elect*', 'el?ction', ':', 'title:election',
  '~', 'election~2', '^', 'election^10', '\\', '\\\\', '/', '/regex/', '[1 TO 5]', '{a TO b}', '!', '!election',
  '&&', '||', 'AND', 'OR NOT', 'election AND NOT fed', '+election -fed', '-', '&', '|', '<->', 'a <-> b', ':*',
  "'", "''", '%', '_', '%_%', '$1', ';', '--', "'; DROP TABLE markets; --", '\u0000', '\u200b', '<script>', '#', '@', '=', ',,,,', '.',
];

export function searchContract(name: string, open: (ctx: Mocha.Context) => Promise<EngineUnderTest>): void {
  describe(`search contract: ${name}`, function () {
    let e: EngineUnderTest | undefined;
    const engine = () => e!.engine;
    const search = (q: string, o: Partial<MarketSearchQuery> = {}) =>
      engine().searchMarkets({ q, status: 'all', sort: 'relevance', limit: 20, ...o });
    const ids = (hits: { market_id: string }[]) => hits.map((h) => h.market_id);

    before(async function () {
      e = await open(this);
      await e.writer.ensureIndex();
      const res = await e.writer.upsert(CORPUS);
      assert.equal(res.failed.length, 0, JSON.stringify(res.failed));
      assert.equal(res.written, CORPUS_SIZE);
      await e.writer.refresh();
    });

    after(async () => {
      await e?.cleanup();
    });

    describe('ranking', () => {
      it('puts the exact title first, then whole words, then prefixes, then typos, whatever the volumes', async () => {
        const page = await search('ethereum');
        assert.deepEqual(ids(page.hits).slice(0, 4), ['ETH-EXACT', '0xeth-word', 'eth-prefix', 'eth-typo']);
        assert.ok(page.hits[0].score > page.hits[1].score);
      });

      it('matches an exact title regardless of case, accents and punctuation', async () => {
        const page = await search('  will ZURICH’S mayor resign  ');
        assert.equal(page.hits[0].market_id, '0xzurich');
        const sp = await search('s&p 500 above 6 000 by friday');
        assert.equal(sp.hits[0].market_id, 'SP500-6000');
      });

      it('tolerates a typo', async () => {
        const page = await search('etherem');
        assert.ok(ids(page.hits).includes('0xeth-word'), JSON.stringify(page.hits));
        const two = await search('lakres win');
        assert.ok(ids(two.hits).includes('LAKERS-OPEN-LOW'));
      });

      it('matches word prefixes as typed', async () => {
        const page = await search('ethere');
        for (const id of ['ETH-EXACT', '0xeth-word', 'eth-prefix']) assert.ok(ids(page.hits).includes(id), id);
        const multi = await search('will the lak');
        assert.ok(ids(multi.hits).includes('lakers-open-high'));
      });

      it('breaks ties with open before closed, then volume', async () => {
        const page = await search('will the lakers win tonight?');
        assert.deepEqual(ids(page.hits).slice(0, 3), ['lakers-open-high', 'LAKERS-OPEN-LOW', '0xlakers-closed']);
      });

      it('expands domain synonyms and abbreviations (mappings/synonyms.txt): a title with any of the names matches', async () => {
        for (const [q, expected] of [
          ['btc', '0xeth-word'],
          ['fomc', 'FEDCUT-MAR'],
          ['spx above 6,000', 'SP500-6000'],
          ['federal reserve cuts rates', 'FEDCUT-MAR'],
        ] as const) {
          const page = await search(q);
          assert.ok(ids(page.hits).includes(expected), `${q}: ${JSON.stringify(ids(page.hits))}`);
        }
      });

      it('stems: "cut" finds "cuts"', async () => {
        const page = await search('fed cut rates');
        for (const id of ['FEDCUT-MAR', '0xfedcut-mar']) assert.ok(ids(page.hits).includes(id), id);
        assert.ok(!ids(page.hits).includes('eth-typo'));
      });
    });

    describe('queries as people type them (widened when the strict match finds less than a page)', () => {
      const first = async (q: string) => ids((await search(q)).hits)[0];

      it('questions with stop words and filler find the market with their content words', async () => {
        assert.equal(await first('Is Trump going to pardon Ghislaine Maxwell?'), 'maxwell-pardon');
        assert.equal(await first('Will Elon Musk ever set foot on Mars?'), 'musk-mars');
        assert.equal(await first('Is GTA 6 going to be delayed again?'), 'gta-delay');
      });

      it('extra words: most of the content words are enough, ranked by how many match', async () => {
        const page = await search('Justin Fields next team');
        assert.equal(page.hits[0]?.market_id, 'fields-traded');
        // two of four content words is not "most": the busier look-alikes stay out
        assert.ok(!ids(page.hits).includes('fields-bears'), JSON.stringify(page.hits));
        assert.ok(!ids(page.hits).includes('team-usa-medals'));
        assert.equal(await first('next Rambo movie casting'), 'rambo-movie');
      });

      it('small typos and partial names count as matches', async () => {
        assert.equal(await first('Justin Feilds next team'), 'fields-traded');
        assert.equal(await first('will trump pardon ghislaine maxw'), 'maxwell-pardon');
      });

      it('strict matches first, then widened ones; words matched in neither stay out', async () => {
        const page = await search('Ghislaine Maxwell pardon');
        assert.deepEqual(ids(page.hits), ['maxwell-pardon', 'maxwell-release']);
        assert.equal(page.total, 2);
        assert.ok(page.hits[0].score > page.hits[1].score);
      });

      it('never an empty page while a content word matches some title', async () => {
        const page = await search('Sylvester Stallone Rambo reboot');
        assert.equal(page.hits[0]?.market_id, 'rambo-movie');
        assert.equal(page.total, 1);
        const none = await search('Is it going to be like that?');
        assert.equal(none.total, 0, 'no title has any of its content words ("like")');
      });

      it('pages through a widened search in the one-shot order', async () => {
        const q = 'Will Elon Musk ever set foot on Mars?';
        const all = await search(q, { limit: 100 });
        assert.ok(all.total >= 3, JSON.stringify(all.hits));
        const seen: string[] = [];
        let after: MarketSearchQuery['after'];
        for (let pages = 0; pages < 10; pages++) {
          const page = await search(q, { limit: 1, after });
          assert.equal(page.total, all.total);
          seen.push(...ids(page.hits));
          if (!page.next) break;
          after = page.next;
        }
        assert.deepEqual(seen, ids(all.hits));
      });
    });

    describe('filters', () => {
      it('filters by one or several exchanges', async () => {
        const one = await search('election', { exchanges: ['kalshi'] });
        assert.ok(one.hits.length > 0);
        assert.ok(one.hits.every((h) => h.exchange === 'kalshi'));
        const two = await search('election', { exchanges: ['kalshi', 'manifold'], limit: 100 });
        assert.deepEqual([...new Set(two.hits.map((h) => h.exchange))].sort(), ['kalshi', 'manifold']);
      });

      it('filters by category (case-insensitive) and status', async () => {
        const cat = await search('', { category: 'Sports', limit: 100 });
        assert.equal(cat.total, 5);
        const open = await search('election', { status: 'open', limit: 100 });
        const closed = await search('election', { status: 'closed', limit: 100 });
        assert.ok(open.hits.every((h) => !h.closed) && closed.hits.every((h) => h.closed));
        assert.equal(open.total + closed.total, 23);
        assert.equal(closed.total, 8);
      });
    });

    describe('pagination', () => {
      for (const sort of ['relevance', 'volume', 'close_time'] as const) {
        it(`pages through every match exactly once, in the one-shot order (sort=${sort})`, async () => {
          const all = await search('election', { sort, limit: 100 });
          assert.equal(all.total, 23);
          assert.equal(all.next, null);
          const seen: string[] = [];
          let after: MarketSearchQuery['after'];
          for (let pages = 0; pages < 10; pages++) {
            const page = await search('election', { sort, limit: 5, after });
            assert.equal(page.total, 23);
            seen.push(...ids(page.hits));
            if (!page.next) break;
            after = page.next;
          }
          assert.deepEqual(seen, ids(all.hits));
        });
      }

      it('sorts by volume descending with missing volumes last', async () => {
        const page = await search('election', { sort: 'volume', limit: 100 });
        const volumes = page.hits.map((h) => CORPUS.find((d) => d.market_id === h.market_id)!.volume);
        const firstNull = volumes.indexOf(null);
        assert.ok(firstNull > 0 && volumes.slice(firstNull).every((v) => v === null));
        const present = volumes.slice(0, firstNull) as number[];
        assert.deepEqual(present, [...present].sort((a, b) => b - a));
      });
    });

    describe('awkward input', () => {
      it('an empty query browses everything (filters and sort still apply)', async () => {
        const page = await search('', { limit: 100 });
        assert.equal(page.total, CORPUS_SIZE);
        assert.ok(!page.hits[0].closed, 'open markets first when browsing');
        assert.deepEqual(await engine().autocomplete({ q: '   ', limit: 8 }), []);
      });

      it('a one-character query answers', async () => {
        const page = await search('e');
        assert.ok(page.total >= 0);
        const s = await engine().autocomplete({ q: 'e', limit: 8 });
        assert.ok(s.length > 0 && s.length <= 8);
      });

      it('a 1,000-character query answers', async () => {
        const long = ('ethereum election lakers fed ' + 'x'.repeat(30) + ' ').repeat(20).slice(0, 1000);
        assert.equal(long.length, 1000);
        const page = await search(long);
        assert.ok(Array.isArray(page.hits));
        await engine().autocomplete({ q: long, limit: 8 });
      });

      it('query-syntax characters are plain text, never errors', async () => {
        for (const q of SYNTAX) {
          await search(q).catch((err: Error) => assert.fail(`search ${JSON.stringify(q)}: ${err.message}`));
          await engine()
            .autocomplete({ q, limit: 5 })
            .catch((err: Error) => assert.fail(`autocomplete ${JSON.stringify(q)}: ${err.message}`));
        }
      });

      it('finds accented, non-Latin and emoji titles', async () => {
        assert.equal((await search('pokemon')).hits[0]?.market_id, 'pokemon');
        assert.equal((await search('Pokémon')).hits[0]?.market_id, 'pokemon');
        assert.equal((await search('zurich mayor')).hits[0]?.market_id, '0xzurich');
        assert.equal((await search('москва')).hits[0]?.market_id, 'moscow');
        assert.equal((await search('starship orbit')).hits[0]?.market_id, '0xrocket');
        assert.equal((await search('u.s. cpi')).hits[0]?.market_id, 'CPI-Q');
      });
    });

    describe('open markets first', () => {
      it('an open market outranks a closed or resolved one of the same relevance, whatever their volumes', async () => {
        const page = await search('super bowl champion');
        assert.deepEqual(ids(page.hits).slice(0, 2), ['SB-THIS-SEASON', '0xsb-last-season']);
        const suggestions = await engine().autocomplete({ q: 'super bo', limit: 5 });
        assert.deepEqual(suggestions.map((s) => s.market_id).slice(0, 2), ['SB-THIS-SEASON', '0xsb-last-season']);
      });

      it('every suggestion says whether it is closed, and status and category filter suggestions', async () => {
        const all = await engine().autocomplete({ q: 'super bo', limit: 5 });
        assert.deepEqual(all.map((s) => [s.market_id, s.closed]).slice(0, 2), [['SB-THIS-SEASON', false], ['0xsb-last-season', true]]);
        const open = await engine().autocomplete({ q: 'super bo', status: 'open', limit: 5 });
        assert.equal(open[0]?.market_id, 'SB-THIS-SEASON');
        assert.ok(open.every((s) => !s.closed) && !open.some((s) => s.market_id === '0xsb-last-season'), JSON.stringify(open));
        const closed = await engine().autocomplete({ q: 'super bo', status: 'closed', limit: 5 });
        assert.equal(closed[0]?.market_id, '0xsb-last-season');
        assert.ok(closed.every((s) => s.closed), JSON.stringify(closed));
        const sports = await engine().autocomplete({ q: 'super bo', category: 'sports', limit: 5 });
        assert.deepEqual(sports.map((s) => s.market_id).slice(0, 2), ['SB-THIS-SEASON', '0xsb-last-season']);
        assert.ok(!(await engine().autocomplete({ q: 'super bo', category: 'crypto', limit: 5 })).some((s) => s.market_id.includes('sb-') || s.market_id.startsWith('SB')));
      });
    });

    describe('autocomplete', () => {
      it('suggests by prefix, best first, within the limit', async () => {
        const s = await engine().autocomplete({ q: 'ether', limit: 3 });
        assert.equal(s.length, 3);
        // all four "ether..." titles are prefix matches: popularity decides (open, then volume)
        assert.deepEqual(s.map((x) => x.market_id), ['eth-typo', 'eth-prefix', '0xeth-word']);
        const exact = await engine().autocomplete({ q: 'ethereum', limit: 3 });
        assert.equal(exact[0].text, 'Ethereum');
        const words = await engine().autocomplete({ q: 'will the lak', limit: 8 });
        assert.equal(words[0]?.market_id, 'lakers-open-high');
      });

      it('gives one suggestion per cluster, with every venue of the cluster', async () => {
        const s = await engine().autocomplete({ q: 'fed', limit: 8 });
        const cluster = s.filter((x) => x.svc_id === 'svc_aaaaaaaaaaaa');
        assert.equal(cluster.length, 1, JSON.stringify(s));
        assert.deepEqual(cluster[0].exchanges, ['kalshi', 'polymarket']);
        assert.ok(s.some((x) => x.market_id === 'fed-chair'));
        const lone = s.find((x) => x.market_id === 'fed-chair')!;
        assert.deepEqual(lone.exchanges, ['manifold']);
      });

      it('one suggestion per cluster even when the cluster fills the first hits', async () => {
        const s = await engine().autocomplete({ q: 'quokka', limit: 2 });
        assert.deepEqual(s.map((x) => x.svc_id ?? x.market_id), ['svc_bbbbbbbbbbbb', 'quokka-sanctuary']);
        assert.equal(s[0].exchanges.length, 7);
      });

      it('filters by exchange', async () => {
        const s = await engine().autocomplete({ q: 'election', exchanges: ['predictit'], limit: 20 });
        assert.ok(s.length > 0 && s.every((x) => x.exchange === 'predictit'));
      });

      it('tolerates a typo', async () => {
        const s = await engine().autocomplete({ q: 'etherium', limit: 8 });
        assert.ok(s.some((x) => x.market_id === 'eth-typo'));
        assert.ok(s.some((x) => x.market_id === 'ETH-EXACT' || x.market_id === '0xeth-word'));
      });
    });

    describe('writes', () => {
      it('an older change_seq never overwrites a newer one; deletes remove', async () => {
        const target = CORPUS.find((d) => d.market_id === 'fed-chair')!;
        const newer = { ...target, title: 'Fed chair Powell replaced before 2027?', change_seq: 10_000 };
        assert.equal((await e!.writer.upsert([newer])).written, 1);
        const stale = await e!.writer.upsert([{ ...target, title: 'stale title', change_seq: 9_000 }]);
        assert.equal(stale.written, 0);
        assert.equal(stale.stale, 1);
        await e!.writer.refresh();
        assert.equal((await search('powell')).hits[0]?.market_id, 'fed-chair');
        assert.equal((await search('stale title')).hits.some((h) => h.market_id === 'fed-chair'), false);

        const clusters = await e!.writer.indexedClusterIds([target, CORPUS[7]]);
        assert.equal(clusters.get('manifold:fed-chair'), null);
        assert.equal(clusters.get('kalshi:FEDCUT-MAR'), 'svc_aaaaaaaaaaaa');

        assert.equal(await e!.writer.remove([{ exchange: 'manifold', market_id: 'fed-chair', change_seq: 10_001 }]), 1);
        await e!.writer.refresh();
        assert.equal((await search('powell')).total, 0);
        assert.equal(await e!.writer.count(), CORPUS_SIZE - 1);
      });
    });
    describe('one result per event or per cluster (collapse), and the event filter', () => {
      before(async () => {
        const res = await e!.writer.upsert(LADDERS);
        assert.equal(res.failed.length, 0, JSON.stringify(res.failed));
        await e!.writer.refresh();
      });

      /** Every page of a search, following its cursors. */
      const allPages = async (q: string, o: Partial<MarketSearchQuery>) => {
        const pages = [];
        let after: MarketSearchQuery['after'];
        do {
          const page = await search(q, { ...o, after });
          pages.push(page);
          after = page.next ?? undefined;
        } while (after && pages.length < 50);
        return pages;
      };
      const byId = (hits: MarketHit[]) => new Map(hits.map((h) => [h.market_id, h]));

      it('without collapse every market of a ladder is a result of its own (unchanged)', async () => {
        const page = await search('zinc', { limit: 50 });
        assert.equal(page.total, 14);
        assert.equal(page.hits.filter((h) => h.event_id === 'KXZINC-26DEC').length, 8);
        assert.ok(page.hits.every((h) => h.collapsed === 0));
      });

      it('collapse=event: one result per event (its first match), the others counted, pages and total in events', async () => {
        const plain = await search('zinc', { limit: 50 });
        for (const sort of ['relevance', 'volume', 'close_time'] as const) {
          const pages = await allPages('zinc', { collapse: 'event', sort, limit: 2 });
          const hits = pages.flatMap((p) => p.hits);
          // the ladder (8), the brackets (4) and the two markets without an event
          assert.equal(hits.length, 4, `${sort}: ${JSON.stringify(hits)}`);
          assert.equal(new Set(hits.map(eventKey)).size, 4, sort);
          assert.ok(pages.every((p) => p.total === 4 && p.hits.length <= 2), sort);
          const ladder = hits.find((h) => h.event_id === 'KXZINC-26DEC')!;
          assert.equal(ladder.collapsed, 7);
          assert.equal(hits.find((h) => h.event_id === '9001')!.collapsed, 3);
          assert.equal(byId(hits).get('zinc-mine')!.collapsed, 0);
          assert.equal(byId(hits).get('0xzinc-2600')!.collapsed, 0);
          if (sort === 'relevance') {
            // the ladder's kept market is the ladder's first in the uncollapsed order
            assert.equal(ladder.market_id, plain.hits.find((h) => h.event_id === 'KXZINC-26DEC')!.market_id);
          }
        }
      });

      it('the event filter lists one event\'s markets, paged without repeats', async () => {
        const pages = await allPages('zinc', { event: { exchange: 'kalshi', event_id: 'KXZINC-26DEC' }, limit: 3 });
        const hits = pages.flatMap((p) => p.hits);
        assert.equal(pages[0].total, 8);
        assert.deepEqual(new Set(hits.map((h) => h.market_id)).size, 8);
        assert.ok(hits.every((h) => h.exchange === 'kalshi' && h.event_id === 'KXZINC-26DEC'));
        // browsing an event (no words) and another venue's event of the same id find nothing else
        assert.equal((await search('', { event: { exchange: 'predictit', event_id: '9001' } })).total, 4);
        assert.equal((await search('', { event: { exchange: 'polymarket', event_id: '9001' } })).total, 0);
      });

      it('collapse=cluster: one result per cluster, unclustered markets alone, pages and total in clusters', async () => {
        const pages = await allPages('quokka', { collapse: 'cluster', limit: 1 });
        const hits = pages.flatMap((p) => p.hits);
        assert.deepEqual(hits.map((h) => h.svc_id ?? h.market_id), ['svc_bbbbbbbbbbbb', 'quokka-sanctuary']);
        assert.ok(pages.every((p) => p.total === 2));
        assert.equal(hits[0].collapsed, 6);
        const zinc = (await allPages('zinc', { collapse: 'cluster', limit: 5 })).flatMap((p) => p.hits);
        assert.equal(zinc.length, 13);
        assert.equal(new Set(zinc.map(groupKey)).size, 13);
        assert.equal(zinc.find((h) => h.svc_id === 'svc_zzzzzzzzzzzz')!.collapsed, 1);
      });
    });
    describe('a query naming a year ranks that year\'s markets first, open or not', () => {
      before(async () => {
        const res = await e!.writer.upsert(SEASONS);
        assert.equal(res.failed.length, 0, JSON.stringify(res.failed));
        await e!.writer.refresh();
      });

      it('the 2021-22 markets of "quidditch cup 2022" come before the open 2026 ones with a thousand times the volume', async () => {
        for (const q of ['quidditch cup 2022', 'who wins the quidditch cup in 2022']) {
          const hits = ids((await search(q)).hits);
          assert.deepEqual(hits.slice(0, 2), ['0xquidditch-2122-a', '0xquidditch-2122-b'], `${q}: ${JSON.stringify(hits)}`);
        }
        // a season as the titles write it names its second year too
        assert.deepEqual(ids((await search('quidditch cup 2021-22')).hits).slice(0, 2), ['0xquidditch-2122-a', '0xquidditch-2122-b']);
        // the year named picks its own markets: 2024's before the open ones
        assert.equal(ids((await search('quidditch cup 2024')).hits)[0], '0xquidditch-2024');
      });

      it('without a year the open markets still come first; with the open season\'s year, open ones first as well', async () => {
        const plain = ids((await search('quidditch cup')).hits);
        assert.deepEqual(plain.slice(0, 4).sort(), SEASONS.filter((d) => !d.closed).map((d) => d.market_id).sort(), JSON.stringify(plain));
        const open = ids((await search('quidditch cup 2026')).hits);
        assert.deepEqual(open.slice(0, 4).sort(), SEASONS.filter((d) => !d.closed).map((d) => d.market_id).sort(), JSON.stringify(open));
      });

      it('autocomplete ranks the named year\'s markets first too', async () => {
        const s = await engine().autocomplete({ q: 'quidditch cup 2022', limit: 8 });
        assert.deepEqual(s.slice(0, 2).map((x) => x.market_id), ['0xquidditch-2122-a', '0xquidditch-2122-b'], JSON.stringify(s));
      });
    });
  });
}
