// Clusters that agree with the pair judge: no cluster holds two markets the judge calls related or
// different, a chain through a third market (here one without a close time) does not override the
// judge's verdict on two, membership and svc_ids stay the same after a restart of the service and a
// re-run, and match/explain says why any two members are together.
import assert from 'node:assert/strict';
import { judgePair } from '../../src/matching/judge.js';
import { Matcher } from '../../src/matching/matcher.js';
import { ClusterReader } from '../../src/matching/cluster-repository.js';
import { findCandidates } from '../../src/matching/candidates.js';
import { market, openMatchingSetup, stopTestEmbedder, type MatchingSetup } from './support.js';

describe('clusters agree with the pair judge', function () {
  this.timeout(300_000);
  after(stopTestEmbedder);

  let s: MatchingSetup;
  // The shape from the real listings: a resolved 2025 edition, the 2027 edition on two venues, and a
  // venue that lists the question with no close time and no year (a question of now).
  const markets = [
    market({ exchange: 'polymarket', market_id: 'sb-2025-kc', title: 'Kansas City Chiefs to win the Super Bowl 2025?', status: 'resolved', close_time: '2025-02-10T00:00:00Z', category: 'sports', volume: 900_000 }),
    market({ exchange: 'polymarket', market_id: 'sb-2027-kc', title: 'Super Bowl 2027 champion: will it be the Kansas City Chiefs?', close_time: '2027-02-15T00:00:00Z', category: 'sports', volume: 1000 }),
    market({ exchange: 'kalshi', market_id: 'KXSB-27-KC', title: 'Kansas City Chiefs to win the Super Bowl 2027?', close_time: '2027-02-15T00:00:00Z', category: 'sports', volume: 500 }),
    market({ exchange: 'predictit', market_id: 'sb-kc', title: 'Kansas City Chiefs to win the Super Bowl?', close_time: null, category: 'sports', volume: 50 }),
  ];
  const key = (m: { exchange: string; market_id: string }) => `${m.exchange}:${m.market_id}`;

  before(async () => {
    s = await openMatchingSetup();
    await s.put(markets);
    await s.run(true);
  });
  after(async () => s?.close());

  /** Every pair of members of every cluster, with the judge's verdict on the same inputs as the job. */
  async function memberPairs(matcher: Matcher): Promise<{ a: string; b: string; relation: string; reasons: string[] }[]> {
    const ids = await s.svcIds();
    const rows = new Map((await matcher.store.marketsByKey([...ids.keys()])).map((r) => [r.key, r.market]));
    const cosine = (kind: 'title' | 'rules', a: string, b: string): number | null => {
      const x = matcher.vectors[kind].get(a)?.vector;
      const y = matcher.vectors[kind].get(b)?.vector;
      return x && y ? x.reduce((sum, v, i) => sum + v * y[i], 0) : null;
    };
    const out: { a: string; b: string; relation: string; reasons: string[] }[] = [];
    const keys = [...ids.keys()].filter((k) => ids.get(k)).sort();
    for (let i = 0; i < keys.length; i++) {
      for (let j = i + 1; j < keys.length; j++) {
        if (ids.get(keys[i]) !== ids.get(keys[j])) continue;
        const v = judgePair(rows.get(keys[i])!, rows.get(keys[j])!, { title: cosine('title', keys[i], keys[j]), rules: cosine('rules', keys[i], keys[j]) }, { asOfMs: Date.now() });
        out.push({ a: keys[i], b: keys[j], relation: v.relation, reasons: v.reasons });
      }
    }
    return out;
  }

  it('holds no two markets the judge calls related or different, whatever chain joins them', async () => {
    const pairs = await memberPairs(s.matcher);
    assert.ok(pairs.length > 0, 'the 2027 edition is clustered');
    const disagreeing = pairs.filter((p) => p.relation !== 'identical');
    assert.deepEqual(disagreeing, [], 'every two members of a cluster are identical to the judge');
    const ids = await s.svcIds();
    assert.notEqual(ids.get(key(markets[0])), ids.get(key(markets[1])), 'the resolved 2025 edition is not in the 2027 cluster');
    assert.ok(ids.get(key(markets[1])) && ids.get(key(markets[1])) === ids.get(key(markets[2])), 'the 2027 edition of both venues is one cluster');
    assert.equal(ids.get(key(markets[3])), ids.get(key(markets[1])), 'the market with no close time (a question of now) is with the current edition');
  });

  it('keeps membership and svc_ids after a restart (a new matcher, cold caches) and a re-run', async () => {
    const before = await s.svcIds();
    const restarted = new Matcher({ pool: s.db.pool, writer: s.writer, judge: judgePair });
    await restarted.run();
    assert.deepEqual(await s.svcIds(), before, 'after a restart, incremental');
    await restarted.run({ full: true });
    assert.deepEqual(await s.svcIds(), before, 'after a full re-run');
    await restarted.run();
    assert.deepEqual(await s.svcIds(), before, 'after one more incremental run');
  });

  it('re-judges every market once when the judge changes, and keeps the ids', async () => {
    const before = await s.svcIds();
    const live = markets.filter((m) => m.status !== 'resolved').length;
    const same = await new Matcher({ pool: s.db.pool, writer: s.writer, judge: judgePair }).run();
    assert.equal(same.rematched, 0, 'the same judge: nothing to re-judge');
    const newer = new Matcher({ pool: s.db.pool, writer: s.writer, judge: judgePair, judgeVersion: 'a later judge' });
    const first = await newer.run();
    assert.ok(first.rematched >= live, `another judge: every market re-judged (${first.rematched})`);
    assert.equal((await newer.run()).rematched, 0, 'once');
    assert.deepEqual(await s.svcIds(), before);
    // Leave the stored version as the running judge's for the other cases.
    await new Matcher({ pool: s.db.pool, writer: s.writer, judge: judgePair }).run();
  });

  it('explains any two members of a cluster as identical, with the reasons', async () => {
    const reader = new ClusterReader(s.db.pool, s.matcher.store);
    const ids = await s.svcIds();
    const clustered = [...ids].filter(([, id]) => id).map(([k]) => k).sort();
    for (let i = 0; i < clustered.length; i++) {
      for (let j = i + 1; j < clustered.length; j++) {
        if (ids.get(clustered[i]) !== ids.get(clustered[j])) continue;
        const [ea, ma] = clustered[i].split(':');
        const [eb, mb] = clustered[j].split(':');
        const e = await reader.explain({ exchange: ea, market_id: ma }, { exchange: eb, market_id: mb });
        assert.ok(!('unknown' in e));
        assert.equal(e.same_cluster, true);
        assert.equal(e.verdict.relation, 'identical', `${clustered[i]} ~ ${clustered[j]}: ${e.verdict.reasons.join('; ')}`);
        assert.ok(e.verdict.reasons.length > 0);
      }
    }
  });
});

describe('a full or re-judging run keeps an identity link that newcomers crowded out of the nearest lists', function () {
  this.timeout(300_000);
  after(stopTestEmbedder);

  // One nearest market per market (the job keeps 10): the month before, worded alike on the other
  // venue, crowds the identical market out of each list, as ten look-alikes (a ladder of strikes or
  // months) do on the real listings.
  const CANDIDATES = { perMarket: 1 };
  const a = market({ exchange: 'kalshi', market_id: 'btc-150', title: 'Will Bitcoin reach $150,000 in December 2026?', close_time: '2026-12-31T00:00:00Z', category: 'crypto' });
  const b = market({ exchange: 'polymarket', market_id: 'btc-150', title: 'BTC one-touch high of 150k during December 2026?', close_time: '2026-12-31T00:00:00Z', category: 'crypto' });
  const c = market({ exchange: 'polymarket', market_id: 'btc-150-nov', title: 'Will Bitcoin reach $150,000 in November 2026?', close_time: '2026-11-30T00:00:00Z', category: 'crypto' });
  const d = market({ exchange: 'kalshi', market_id: 'btc-150-nov', title: 'BTC one-touch high of 150k during November 2026?', close_time: '2026-11-30T00:00:00Z', category: 'crypto' });
  const key = (m: { exchange: string; market_id: string }) => `${m.exchange}:${m.market_id}`;

  it('judges the stored link again instead of dropping it, so no svc_id moves', async () => {
    const s = await openMatchingSetup();
    try {
      const narrow = (judgeVersion?: string) => new Matcher({ pool: s.db.pool, writer: s.writer, judge: judgePair, candidates: CANDIDATES, judgeVersion });
      await s.put([a, b]);
      const m = narrow();
      await m.run({ full: true });
      const first = await s.svcIds();
      assert.ok(first.get(key(a)) && first.get(key(a)) === first.get(key(b)), 'the two wordings of $150k are one cluster');
      await s.put([c, d]);
      await m.run();
      const before = await s.svcIds();
      assert.equal(before.get(key(a)), first.get(key(a)), 'an incremental run keeps the link');
      // The premise: the newcomers now fill both nearest lists, so a run from the lists alone would not judge a with b.
      const pool = [a, b, c, d].map((x) => ({ key: key(x), venue: x.exchange, category: 'crypto', closeMs: Date.parse(x.close_time!), title: m.vectors.title.get(key(x))!.vector, rules: null }));
      const listed = findCandidates(pool, null, CANDIDATES).map((p) => [p.a, p.b].sort().join(' '));
      assert.ok(!listed.includes([key(a), key(b)].sort().join(' ')), `a and b are in neither list (${listed.join(', ')})`);
      await narrow('a later judge').run();
      assert.deepEqual(await s.svcIds(), before, 'after a re-judging run');
      await narrow('a later judge').run({ full: true });
      assert.deepEqual(await s.svcIds(), before, 'after a full run');
    } finally {
      await s.close();
    }
  });
});
