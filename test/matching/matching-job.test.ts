// The matching job over a real catalog (embedded database, catalog writer, the real embedding model
// and indexer, the real pair judge): clusters of the simulators' shared questions, near-misses kept
// apart, stable ids across re-runs, merges and splits, incremental runs, operator overrides and the
// scheduler's advisory lock.
import assert from 'node:assert/strict';
import { AdvisoryLocks, jobLockId } from '../../src/db/advisory-locks.js';
import { JobScheduler } from '../../src/indexers/scheduler.js';
import { MATCHING_JOB } from '../../src/indexers/matching-job.js';
import { SVC_ID_PATTERN } from '../../src/matching/ids.js';
import { judgePair } from '../../src/matching/judge.js';
import { ALL_QUESTIONS, market, openMatchingSetup, sharedQuestionMarkets, stopTestEmbedder, type MatchingSetup } from './support.js';

const byKey = (ids: Map<string, string | null>, key: string) => ids.get(key);

describe('matching job', function () {
  this.timeout(300_000);
  after(stopTestEmbedder);

  describe('over the simulators\' shared questions', () => {
    let s: MatchingSetup;
    before(async () => {
      s = await openMatchingSetup();
      await s.put(sharedQuestionMarkets());
      await s.run(true);
    });
    after(async () => s?.close());

    it('clusters the wordings of each shared question the judge links, and keeps a near-miss away from its look-alike', async () => {
      const ids = await s.svcIds();
      const rows = new Map((await s.matcher.store.marketsByKey([...ids.keys()])).map((r) => [r.key, r.market]));
      const cosine = (kind: 'title' | 'rules', a: string, b: string): number | null => {
        const x = s.matcher.vectors[kind].get(a)?.vector;
        const y = s.matcher.vectors[kind].get(b)?.vector;
        return x && y ? x.reduce((sum, v, i) => sum + v * y[i], 0) : null;
      };
      let multiVenue = 0;
      const missed: string[] = [];
      const notLinked: string[] = [];
      for (const q of ALL_QUESTIONS) {
        const keys = [...ids.keys()].filter((k) => k.endsWith(`:${q.key}`)).sort();
        if (keys.length < 2) continue;
        multiVenue++;
        // What the judge itself says of every pair of wordings (same inputs as the job): two wordings it
        // calls identical share one cluster (none lost by the candidate search) unless their clusters
        // hold two markets the judge does not call identical: a cluster holds only markets the judge
        // calls identical two by two, so a chain never joins what it keeps apart.
        const identical = (x: string, y: string) =>
          judgePair(rows.get(x)!, rows.get(y)!, { title: cosine('title', x, y), rules: cosine('rules', x, y) }, { asOfMs: Date.now() }).relation === 'identical';
        const clusterOf = (k: string) => (ids.get(k) ? keys.filter((o) => ids.get(o) === ids.get(k)) : [k]);
        for (let i = 0; i < keys.length; i++) {
          let linked = false;
          for (let j = 0; j < keys.length; j++) {
            if (i === j || !identical(keys[i], keys[j])) continue;
            linked = true;
            if (ids.get(keys[i]) && ids.get(keys[i]) === ids.get(keys[j])) continue;
            const vetoed = clusterOf(keys[i]).some((x) => clusterOf(keys[j]).some((y) => !identical(x, y)));
            assert.ok(vetoed, `${keys[i]} and ${keys[j]}: one cluster, or their clusters hold two markets the judge does not call identical (got ${ids.get(keys[i])}, ${ids.get(keys[j])})`);
          }
          if (!linked) notLinked.push(keys[i]);
          if (ids.get(keys[i])) assert.match(String(ids.get(keys[i])), SVC_ID_PATTERN);
        }
        const clustered = new Set(keys.map((k) => ids.get(k) ?? null).filter((id): id is string => id !== null));
        if (clustered.size === 0) missed.push(q.key);
        if (q.nearMissOf) {
          const other = new Set([...ids].filter(([k]) => k.endsWith(`:${q.nearMissOf}`)).map(([, v]) => v ?? null));
          for (const id of clustered) assert.ok(!other.has(id), `${q.key} (${q.differs}) kept apart from ${q.nearMissOf}`);
        }
      }
      // Which wordings the judge links is its own precision/recall (eval:matching); logged for the record.
      if (notLinked.length) console.log(`      wordings the judge linked to no other: ${notLinked.join(', ')}`);
      assert.ok(multiVenue >= 40, `${multiVenue} multi-venue questions`);
      assert.ok(missed.length <= multiVenue * 0.1, `${missed.length} of ${multiVenue} questions not clustered at all: ${missed.join(', ')}`);
      // no cluster mixes two questions
      const members = await s.db.pool.query<{ cluster_id: string; keys: string[] }>(
        'SELECT cluster_id, array_agg(DISTINCT market_id) AS keys FROM match_cluster_members GROUP BY cluster_id HAVING count(DISTINCT market_id) > 1');
      assert.deepEqual(members.rows, []);
    });

    it('holds at most one market per venue per cluster, and stores related links typed', async () => {
      const dup = await s.db.pool.query('SELECT cluster_id, exchange FROM match_cluster_members GROUP BY cluster_id, exchange HAVING count(*) > 1');
      assert.equal(dup.rowCount, 0);
      const related = await s.db.pool.query<{ kind: string; n: number }>("SELECT kind, count(*)::int AS n FROM match_links WHERE relation = 'related' GROUP BY kind");
      assert.ok(related.rows.length > 0 && related.rows.every((r) => r.kind), 'related links carry a kind');
      // a threshold near-miss is linked as related, never identical
      const strike = await s.db.pool.query<{ relation: string; kind: string | null }>(
        "SELECT relation, kind FROM match_links WHERE exchange_a = 'kalshi' AND market_id_a = 'btc-150k-2026' AND exchange_b = 'kalshi' AND market_id_b = 'btc-200k-2026'");
      for (const r of strike.rows) assert.equal(r.relation, 'related');
    });

    it('changes no svc_id when it runs again over unchanged data, full or incremental', async () => {
      const before = await s.svcIds();
      const incremental = await s.run(false);
      assert.equal(incremental.rematched, 0);
      assert.equal(incremental.marketsAssigned, 0);
      const full = await s.run(true);
      assert.equal(full.created, 0, 'no new cluster ids');
      assert.equal(full.marketsAssigned, 0);
      assert.deepEqual(await s.svcIds(), before);
    });

    it('re-matches only the markets whose texts changed (a price move re-matches nothing)', async () => {
      const before = await s.svcIds();
      const q = ALL_QUESTIONS.find((x) => x.key === 'btc-150k-2026')!;
      const moved = sharedQuestionMarkets(['eth-5k-2026']).map((m) => ({ ...m, yes_price: 0.33, volume: 5000 }));
      await s.put(moved);
      const priceOnly = await s.run(false);
      assert.equal(priceOnly.rematched, 0);
      const untouchedLinks = async () => (await s.db.pool.query(
        "SELECT exchange_a, market_id_a, exchange_b, market_id_b, relation, updated_at FROM match_links WHERE NOT ('manifold:btc-150k-2026' IN (exchange_a || ':' || market_id_a, exchange_b || ':' || market_id_b)) ORDER BY 1, 2, 3, 4")).rows;
      const linksBefore = await untouchedLinks();
      const reworded = market({ exchange: 'manifold', market_id: 'btc-150k-2026', title: 'Will Bitcoin trade at $150k or more before 2027?', rules: q.rules, close_time: q.closeTime, category: 'crypto', volume: 1000 });
      await s.put([reworded]);
      const r = await s.run(false);
      assert.equal(r.rematched, 1, 'only the reworded market');
      // its pairs only (its nearest, and the markets it is among the nearest of), not a full run's ~1,500
      assert.ok(r.pairsJudged > 0 && r.pairsJudged < 60, `judged ${r.pairsJudged} pairs`);
      assert.deepEqual(await untouchedLinks(), linksBefore, 'the links of every other market are kept as they were');
      assert.deepEqual(await s.svcIds(), before, 'it stays in its cluster, every id unchanged');
    });

    it('clears the svc_id of a market that left the venue, and the cluster keeps its id', async () => {
      const before = await s.svcIds();
      const keep = sharedQuestionMarkets().filter((m) => m.exchange === 'predictit' && m.market_id !== 'gov-shutdown-jan-2027').map((m) => m.market_id);
      await s.removeExcept('predictit', keep);
      const r = await s.run(false);
      assert.ok(r.rematched === 0 && r.marketsAssigned >= 1, JSON.stringify(r));
      const row = await s.db.pool.query("SELECT svc_id, cluster_id FROM markets WHERE exchange = 'predictit' AND market_id = 'gov-shutdown-jan-2027'");
      assert.deepEqual(row.rows[0], { svc_id: null, cluster_id: null });
      const after = await s.svcIds();
      assert.equal(after.get('kalshi:gov-shutdown-jan-2027'), before.get('kalshi:gov-shutdown-jan-2027'));
    });
  });

  describe('stable ids under merges and splits (operator overrides)', () => {
    let s: MatchingSetup;
    // Unrelated questions: only the operator's force-pairs link them.
    const markets = [
      market({ exchange: 'kalshi', market_id: 'A1', title: 'Will the Louvre announce a new director in 2027?', category: 'culture' }),
      market({ exchange: 'polymarket', market_id: 'A2', title: 'Will it snow in Madrid on Christmas Day 2026?', category: 'climate' }),
      market({ exchange: 'limitless', market_id: 'B1', title: 'Will SpaceX land humans on Mars by 2030?', category: 'science' }),
      market({ exchange: 'manifold', market_id: 'B2', title: 'Will Norway win the 2027 Eurovision Song Contest?', category: 'culture' }),
      market({ exchange: 'opinion', market_id: 'B3', title: 'Will a Category 5 hurricane hit Florida in 2027?', category: 'climate' }),
    ];
    const force = (a: string, b: string) => s.matcher.store.putOverride({ a, b, action: 'force', reason: 'test', created_by: 'test' });
    const svcOf = async (key: string) => byKey(await s.svcIds(), key);

    before(async () => {
      s = await openMatchingSetup();
      await s.put(markets);
    });
    after(async () => s?.close());

    it('keeps the oldest id when clusters merge, and the merged-away id points at the survivor', async () => {
      await force('kalshi:A1', 'polymarket:A2');
      await s.run(false);
      const a = await svcOf('kalshi:A1');
      assert.ok(a && (await svcOf('polymarket:A2')) === a);
      await new Promise((r) => setTimeout(r, 20));
      await force('limitless:B1', 'manifold:B2');
      await force('manifold:B2', 'opinion:B3');
      await s.run(false);
      const b = await svcOf('limitless:B1');
      assert.ok(b && b !== a);
      await force('polymarket:A2', 'limitless:B1');
      const merged = await s.run(false);
      assert.equal(merged.merged, 1);
      const ids = await s.svcIds();
      for (const k of ['kalshi:A1', 'polymarket:A2', 'limitless:B1', 'manifold:B2', 'opinion:B3']) assert.equal(ids.get(k), a, `${k} in the oldest cluster`);
      const history = await s.db.pool.query('SELECT m.merged_into, c.svc_id FROM match_merged_ids m JOIN match_clusters c ON c.cluster_id = m.merged_into WHERE m.svc_id = $1', [b]);
      assert.equal(history.rows[0]?.svc_id, a);
    });

    it('gives the id to the largest part when a cluster splits', async () => {
      const a = await svcOf('kalshi:A1');
      assert.ok(await s.matcher.store.removeOverride('polymarket:A2', 'limitless:B1'));
      const split = await s.run(false);
      assert.equal(split.created, 1);
      const ids = await s.svcIds();
      assert.equal(ids.get('limitless:B1'), a, 'the three-market part keeps the id');
      assert.equal(ids.get('opinion:B3'), a);
      const other = ids.get('kalshi:A1');
      assert.ok(other && other !== a && ids.get('polymarket:A2') === other, 'the two-market part has a new id');
    });

    it('never puts two markets of one venue in a cluster, whatever the links say', async () => {
      await s.put([market({ exchange: 'kalshi', market_id: 'C1', title: 'Will the Tour de France 2027 start in Scotland?', category: 'sports' })]);
      await force('kalshi:C1', 'polymarket:A2'); // A2's cluster already holds kalshi:A1
      await s.run(false);
      const dup = await s.db.pool.query('SELECT cluster_id FROM match_cluster_members GROUP BY cluster_id, exchange HAVING count(*) > 1');
      assert.equal(dup.rowCount, 0);
      assert.equal((await s.svcIds()).get('kalshi:C1'), null, 'the weaker (later) link is left out');
    });

    it('applies a never-pair override over the judge and the operator\'s own force-pairs', async () => {
      const before = await svcOf('manifold:B2');
      await s.matcher.store.putOverride({ a: 'manifold:B2', b: 'limitless:B1', action: 'never', reason: 'test', created_by: 'test' });
      await s.matcher.store.putOverride({ a: 'manifold:B2', b: 'opinion:B3', action: 'never', reason: 'test', created_by: 'test' });
      await s.run(false);
      const ids = await s.svcIds();
      assert.equal(ids.get('manifold:B2'), null);
      assert.equal(ids.get('limitless:B1'), null, 'B1 and B3 were only linked through B2');
      assert.ok(before);
    });
  });

  describe('stable ids when the judge itself merges and splits clusters (rewordings, no overrides)', () => {
    let s: MatchingSetup;
    const btc = (exchange: 'kalshi' | 'polymarket' | 'manifold' | 'opinion', title: string) =>
      market({ exchange, market_id: 'BTC', title, category: 'crypto', close_time: '2026-12-31T00:00:00Z' });
    before(async () => {
      s = await openMatchingSetup();
    });
    after(async () => s?.close());

    it('a reworded market that makes two clusters one question merges them into the older id; a strike change splits it off', async () => {
      await s.put([btc('kalshi', 'Will Bitcoin reach $150,000 in 2026?'), btc('polymarket', 'Will Bitcoin reach $150,000 in 2026?')]);
      await s.run(false);
      const older = byKey(await s.svcIds(), 'kalshi:BTC');
      assert.ok(older && byKey(await s.svcIds(), 'polymarket:BTC') === older, 'the 2026 pair is one cluster');
      await new Promise((r) => setTimeout(r, 20));
      // Another year: another question, another cluster.
      await s.put([btc('manifold', 'Will Bitcoin reach $150,000 in 2027?'), btc('opinion', 'Will Bitcoin reach $150,000 in 2027?')]);
      await s.run(false);
      const younger = byKey(await s.svcIds(), 'manifold:BTC');
      assert.ok(younger && younger !== older && byKey(await s.svcIds(), 'opinion:BTC') === younger, 'the 2027 pair is its own cluster');
      // Both venues correct their year: the judge links all four; the older id survives.
      await s.put([btc('manifold', 'Will Bitcoin reach $150,000 in 2026?'), btc('opinion', 'Will Bitcoin reach $150,000 in 2026?')]);
      const merged = await s.run(false);
      assert.equal(merged.merged, 1);
      const ids = await s.svcIds();
      for (const k of ['kalshi:BTC', 'polymarket:BTC', 'manifold:BTC', 'opinion:BTC']) assert.equal(ids.get(k), older, `${k} in the older cluster`);
      const history = await s.db.pool.query('SELECT c.svc_id FROM match_merged_ids m JOIN match_clusters c ON c.cluster_id = m.merged_into WHERE m.svc_id = $1', [younger]);
      assert.equal(history.rows[0]?.svc_id, older, 'the merged-away id points at the survivor');
      // One venue moves its strike: that market leaves; the three that remain keep the id.
      await s.put([btc('kalshi', 'Will Bitcoin reach $200,000 in 2026?')]);
      await s.run(false);
      const after = await s.svcIds();
      assert.equal(after.get('polymarket:BTC'), older);
      assert.equal(after.get('opinion:BTC'), older);
      assert.equal(after.get('kalshi:BTC'), null, 'the other strike is no longer in the cluster');
      const link = await s.db.pool.query("SELECT relation, kind FROM match_links WHERE (exchange_a, market_id_a) = ('kalshi', 'BTC') OR (exchange_b, market_id_b) = ('kalshi', 'BTC')");
      assert.ok(link.rows.length > 0 && link.rows.every((r) => r.relation === 'related'), `kept as related links: ${JSON.stringify(link.rows)}`);
    });
  });

  describe('one runner at a time', () => {
    let s: MatchingSetup;
    before(async () => {
      s = await openMatchingSetup();
      await s.put(sharedQuestionMarkets(['btc-150k-2026']));
    });
    after(async () => s?.close());

    it('runs under the scheduler\'s advisory lock; a second trigger while it runs is skipped', async () => {
      const locks = await AdvisoryLocks.open(s.db.pool, false);
      const scheduler = new JobScheduler(locks);
      let heldDuringRun = 0;
      scheduler.add({
        name: MATCHING_JOB,
        schedule: null,
        run: async () => {
          heldDuringRun = (await s.db.pool.query("SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND granted AND objid = $1::oid", [jobLockId(MATCHING_JOB) >>> 0])).rows[0].n;
          return s.run(false);
        },
      });
      const [first, second] = await Promise.all([scheduler.trigger(MATCHING_JOB), scheduler.trigger(MATCHING_JOB)]);
      assert.equal(first.ran, true);
      assert.deepEqual(second, { ran: false, reason: 'running' });
      assert.equal(heldDuringRun, 1, 'the job lock is held while the job runs');
      const after = (await s.db.pool.query("SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND granted")).rows[0].n;
      assert.equal(after, 0, 'and released after');
      await scheduler.stop();
      assert.ok([...(await s.svcIds()).values()].some((v) => v), 'the run clustered the markets');
    });
  });
});
