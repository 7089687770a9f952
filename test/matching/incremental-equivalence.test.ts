// An incremental matching run re-matches and re-clusters only around what changed; its results must be
// what a full run from scratch finds on the same catalog. Two databases get the same catalog writes,
// embeddings (the real model and indexer) and operator overrides, round after round of seeded random
// changes: one keeps a Matcher that runs incrementally, the other wipes the matching tables and runs
// a full run each round. Links, clusters and the markets' cluster memberships must agree every round,
// and the incremental run must read only around the change.
//
// Both matchers keep every candidate above the similarity floor (perMarket 1000): with a bounded list
// per market, a changed market that enters an unchanged market's list pushes another pair out of a
// full run's candidates, while an incremental run keeps that pair's stored link (the candidate
// search's incremental contract is "the pairs of the changed markets", test/matching/candidates.test.ts).
import assert from 'node:assert/strict';
import { judgePair } from '../../src/matching/judge.js';
import { Matcher, type MatchRunResult } from '../../src/matching/matcher.js';
import type { ExchangeCode } from '../../src/venues/exchanges.js';
import type { Market } from '../../src/venues/records.js';
import { ALL_QUESTIONS, openMatchingSetup, sharedQuestionMarkets, stopTestEmbedder, type MatchingSetup } from './support.js';

const CANDIDATES = { perMarket: 1000 };
const keyOf = (m: Market) => `${m.exchange}:${m.market_id}`;

/** What a run leaves behind that does not depend on the history of runs (ids and canonical choice do). */
async function outcome(s: MatchingSetup): Promise<{ links: string[]; clusters: string[]; assigned: string[] }> {
  const links = await s.db.pool.query<{ l: string }>(
    `SELECT concat_ws('|', exchange_a, market_id_a, exchange_b, market_id_b, relation, kind, round(confidence::numeric, 9), array_to_string(reasons, ';')) AS l FROM match_links ORDER BY 1`,
  );
  const clusters = await s.db.pool.query<{ m: string }>(
    `SELECT string_agg(exchange || ':' || market_id || '@' || round(confidence::numeric, 9) || '/' || method, ' ' ORDER BY exchange, market_id) AS m
     FROM match_cluster_members GROUP BY cluster_id ORDER BY 1`,
  );
  const assigned = await s.db.pool.query<{ m: string }>(
    `SELECT string_agg(exchange || ':' || market_id, ' ' ORDER BY exchange, market_id) AS m FROM markets WHERE svc_id IS NOT NULL GROUP BY svc_id ORDER BY 1`,
  );
  // a member's `match` is the link that joined it walking from the canonical market, which depends on
  // the canonical choice (kept while a member): compare the member sets and the cluster's links apart
  return { links: links.rows.map((r) => r.l), clusters: clusters.rows.map((r) => r.m.replace(/@[^ ]+/g, '')), assigned: assigned.rows.map((r) => r.m) };
}

async function wipeMatching(s: MatchingSetup): Promise<void> {
  await s.db.pool.query('DELETE FROM match_links; DELETE FROM match_cluster_members; DELETE FROM match_clusters; DELETE FROM match_merged_ids; DELETE FROM match_market_state; DELETE FROM match_job_state');
}

describe('matching: an incremental run finds what a full run from scratch finds', function () {
  this.timeout(2_400_000);
  after(stopTestEmbedder);

  let inc: MatchingSetup;
  let scratch: MatchingSetup;
  let incremental: Matcher;
  before(async () => {
    inc = await openMatchingSetup();
    scratch = await openMatchingSetup();
    incremental = new Matcher({ pool: inc.db.pool, writer: inc.writer, judge: judgePair, candidates: CANDIDATES });
  });
  after(async () => {
    await inc?.close();
    await scratch?.close();
  });

  // seeded pseudo-random numbers (mulberry32)
  let seed = 2811;
  const rand = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];

  const catalog = new Map(sharedQuestionMarkets().map((m) => [keyOf(m), m]));
  const removed = new Set<string>();
  const overrides = new Map<string, { a: string; b: string; action: 'force' | 'never' }>();

  const both = async (f: (s: MatchingSetup) => Promise<void>) => {
    await f(inc);
    await f(scratch);
  };
  const write = (ms: Market[]) => both((s) => s.put(ms));
  const tombstone = (exchange: ExchangeCode) =>
    both((s) => s.removeExcept(exchange, [...catalog.values()].filter((m) => m.exchange === exchange && !removed.has(keyOf(m))).map((m) => m.market_id)));

  /** One random change of the catalog or the overrides; returns what it did. */
  async function change(): Promise<string> {
    const live = [...catalog.values()].filter((m) => !removed.has(keyOf(m)));
    const m = pick(live);
    const kind = pick(['reword', 'swap', 'year', 'remove', 'restore', 'force', 'never', 'unoverride', 'price'] as const);
    if (kind === 'reword' || kind === 'swap') {
      // another venue's wording of its own question, or a look-alike question's wording and terms
      const own = ALL_QUESTIONS.find((q) => q.key === m.market_id)!;
      const q = kind === 'swap' ? (ALL_QUESTIONS.find((x) => x.key === own.nearMissOf || x.nearMissOf === own.key) ?? own) : own;
      const wordings = [q.title, ...Object.values(q.venues).filter((w): w is string => typeof w === 'string')];
      const next = { ...m, title: pick(wordings), rules: q.rules, close_time: q.closeTime };
      catalog.set(keyOf(m), next);
      await write([next]);
      return `${kind} ${keyOf(m)} -> "${next.title}"`;
    }
    if (kind === 'year') {
      const next = { ...m, title: m.title.replace(/\b(20\d\d)\b/g, (y) => String(Number(y) + 1)), close_time: m.close_time ? new Date(Date.parse(m.close_time) + 366 * 86_400_000).toISOString() : null };
      catalog.set(keyOf(m), next);
      await write([next]);
      return `year ${keyOf(m)}`;
    }
    if (kind === 'remove') {
      removed.add(keyOf(m));
      await tombstone(m.exchange);
      return `remove ${keyOf(m)}`;
    }
    if (kind === 'restore') {
      const back = [...removed];
      if (back.length === 0) return 'restore: none removed';
      const k = pick(back);
      removed.delete(k);
      await write([catalog.get(k)!]);
      return `restore ${k}`;
    }
    if (kind === 'force' || kind === 'never') {
      const other = pick(live.filter((o) => o.exchange !== m.exchange));
      const [a, b] = [keyOf(m), keyOf(other)].sort();
      overrides.set(`${a}\n${b}`, { a, b, action: kind });
      await both((s) => s.matcher.store.putOverride({ a, b, action: kind, reason: 'test', created_by: 'test' }));
      return `${kind} ${a} ${b}`;
    }
    if (kind === 'unoverride') {
      const all = [...overrides.keys()];
      if (all.length === 0) return 'unoverride: none';
      const k = pick(all);
      const o = overrides.get(k)!;
      overrides.delete(k);
      await both(async (s) => void (await s.matcher.store.removeOverride(o.a, o.b)));
      return `unoverride ${o.a} ${o.b}`;
    }
    const next = { ...m, yes_price: m.yes_price === 0.4 ? 0.6 : 0.4 };
    catalog.set(keyOf(m), next);
    await write([next]);
    return `price ${keyOf(m)}`;
  }

  it('agrees with a full run from scratch after every round of random changes, and reads only around them', async () => {
    await write([...catalog.values()]);
    const first = await incremental.run({ full: true });
    assert.ok(first.clusters > 5, `the shared questions make clusters (got ${first.clusters})`);
    for (let round = 1; round <= 5; round++) {
      const did: string[] = [];
      for (let i = 0; i < 3; i++) did.push(await change());
      const r: MatchRunResult = await incremental.run();
      await wipeMatching(scratch);
      await new Matcher({ pool: scratch.db.pool, writer: scratch.writer, judge: judgePair, candidates: CANDIDATES }).run({ full: true });
      const [got, want] = [await outcome(inc), await outcome(scratch)];
      const what = `round ${round}: ${did.join('; ')}`;
      assert.deepEqual(got.links, want.links, `links, ${what}`);
      assert.deepEqual(got.clusters, want.clusters, `clusters, ${what}`);
      assert.deepEqual(got.assigned, want.assigned, `markets' clusters, ${what}`);
      // proportional: it re-clusters a part of the catalog, not all of it
      assert.ok(r.reclustered < catalog.size, `${what}: re-clustered ${r.reclustered} of ${catalog.size}`);
    }
  });

  it('reads no market, link or cluster row when nothing changed', async () => {
    // the first run reads back, from the change feed, the rows the last run's assignments wrote
    const first = await incremental.run();
    assert.equal(first.rematched, 0);
    assert.equal(first.read.links + first.read.clusters, 0);
    const r = await incremental.run();
    assert.equal(r.rematched, 0);
    assert.deepEqual(r.read, { markets: 0, states: 0, links: 0, clusters: 0 });
    assert.equal(r.reclustered, 0);
  });

  it('after one reworded market, reads the rows of that market\'s part of the catalog only', async () => {
    const m = [...catalog.values()].find((x) => !removed.has(keyOf(x)) && x.exchange === 'polymarket')!;
    const next = { ...m, title: `${m.title.replace(/\?$/, '')} (reworded)?` };
    catalog.set(keyOf(m), next);
    await write([next]);
    const r = await incremental.run();
    assert.equal(r.rematched, 1);
    // the changed row, its candidates (every one above the floor here) and its part's rows
    assert.ok(r.read.markets < catalog.size / 2, `markets read: ${r.read.markets} of ${catalog.size}`);
    assert.ok(r.read.states <= 1, `states read: ${r.read.states}`);
    assert.ok(r.reclustered < catalog.size / 4, `re-clustered: ${r.reclustered} of ${catalog.size}`);
  });
});
