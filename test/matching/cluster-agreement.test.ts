// Clusters that agree with the pair judge: no cluster holds two markets the judge calls related or
// different, a chain through a third market (here one without a close time) does not override the
// judge's verdict on two, membership and svc_ids stay the same after a restart of the service and a
// re-run, and match/explain says why any two members are together.
import assert from 'node:assert/strict';
import { judgePair } from '../../src/matching/judge.js';
import { Matcher } from '../../src/matching/matcher.js';
import { ClusterReader } from '../../src/matching/cluster-reader.js';
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
