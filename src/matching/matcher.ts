// One matching run: which markets to (re)match, their candidate pairs, the judge's verdicts, the
// operator overrides, clustering on identity links, stable ids, and the write-back (match tables,
// then svc_id/cluster_id on the markets rows through the catalog writer).
//
// Full run: every live market is re-matched and every link recomputed. Incremental run: only markets
// whose judge inputs (title, rules, close time, outcomes...) or embeddings changed since they were
// last matched; the links of the others are kept. Clustering then runs over all identity links (a
// few thousand edges: cheap in memory), so a changed market can join, leave, merge or split clusters
// anywhere. The catalog's change_seq bounds what is looked at; prices moving change nothing here.
import type pg from 'pg';
import type { Logger } from 'pino';
import type { CatalogWriter, ClusterAssignment } from '../catalog/catalog-write-repository.js';
import { ExchangeCodeSchema } from '../venues/exchanges.js';
import { findCandidates, type CandidateMarket, type CandidateOptions, type CandidatePair } from './candidates.js';
import { clusterMarkets, type FoundCluster, type IdentityLink, type PairAgreement } from './clustering.js';
import { cosine } from './score-pairs.js';
import { liveMarketOf, MatchStore, type ClusterWrite, type LiveMarket, type MarketState, type MatchRow, type StoredCluster, type StoredLink } from './match-repository.js';
import { JUDGE_VERSION } from './judge.js';
import { assignIdentities } from './stable-ids.js';
import type { MatchMarket, PairVerdict } from './types.js';
import { VectorCache } from './vector-cache-repository.js';

export type PairJudge = (a: MatchMarket, b: MatchMarket, similarity: { title: number | null; rules: number | null }, options?: { asOfMs?: number | null }) => PairVerdict;

export interface MatcherOptions {
  pool: pg.Pool;
  writer: CatalogWriter;
  judge: PairJudge;
  logger?: Logger;
  candidates?: CandidateOptions;
  /**
   * The version of `judge` (default: the pair judge's JUDGE_VERSION). Links stored by another version
   * are re-judged: the first run under a new version is a full run.
   */
  judgeVersion?: string;
  /** Called as each stage of a run ends, with its milliseconds (progress of long runs). */
  onStage?: (stage: string, ms: number) => void;
}

export interface MatchRunResult {
  mode: 'full' | 'incremental';
  /** Markets whose candidates were searched and pairs judged again. */
  rematched: number;
  pairsJudged: number;
  identityLinks: number;
  relatedLinks: number;
  clusters: number;
  clustersWritten: number;
  created: number;
  merged: number;
  dissolved: number;
  /** Catalog rows whose svc_id/cluster_id changed. */
  marketsAssigned: number;
  ms: number;
  /** Milliseconds per stage (load, candidates, judge, cluster, save). */
  stages: Record<string, number>;
  /** Markets whose clusters were worked out again (every live one in a full run). */
  reclustered: number;
  /** Rows read from the database: markets (catalog rows), match states, links and clusters. */
  read: { markets: number; states: number; links: number; clusters: number };
}

const split = (k: string): [string, string] => {
  const i = k.indexOf(':');
  return [k.slice(0, i), k.slice(i + 1)];
};

export class Matcher {
  readonly store: MatchStore;
  /** Kept between runs: an incremental run loads only the vectors written since the last one. */
  readonly vectors = new VectorCache();
  /** Rows of linked markets, kept between runs (see the clustering stage). */
  private readonly linkedRows = new Map<string, MatchRow>();
  /** Blocking fields of every live market, kept between runs and updated from the catalog's change feed. */
  private live: Map<string, LiveMarket> | null = null;
  /** The catalog cursor `live` is current to (the job's cursor after this instance's last run). */
  private liveSeq = -1;
  /** The overrides of the last run (pair and action): an incremental run re-clusters around those that changed. */
  private lastOverrides: Set<string> | null = null;

  constructor(private readonly opts: MatcherOptions) {
    this.store = new MatchStore(opts.pool);
  }

  /** Cosine similarity of two markets' title or rules embeddings, or null when either has none. */
  private similarity(kind: 'title' | 'rules', a: string, b: string): number | null {
    const x = this.vectors[kind].get(a)?.vector;
    const y = this.vectors[kind].get(b)?.vector;
    return x && y ? cosine(x, y) : null;
  }

  /**
   * The judge's word on two markets a merge would put in one cluster, on the same inputs as a link
   * (titles, rules, close times, embeddings): only `identical` lets them share a cluster. Memoised
   * for the run; an operator force-pair always agrees.
   */
  private judgeAgrees(rows: Map<string, MatchRow>, forced: ReadonlySet<string>, asOfMs: number): PairAgreement {
    const memo = new Map<string, boolean>();
    const sim = (kind: 'title' | 'rules', a: string, b: string) => this.similarity(kind, a, b);
    return (a, b) => {
      const k = pairKey(a, b);
      if (forced.has(k)) return true;
      let ok = memo.get(k);
      if (ok === undefined) {
        const ra = rows.get(a);
        const rb = rows.get(b);
        ok = !!ra && !!rb && this.opts.judge(ra.market, rb.market, { title: sim('title', a, b), rules: sim('rules', a, b) }, { asOfMs }).relation === 'identical';
        memo.set(k, ok);
      }
      return ok;
    };
  }

  async run(mode: { full?: boolean } = {}): Promise<MatchRunResult> {
    try {
      return await this.runOnce(mode);
    } catch (err) {
      // what is in memory may be half-updated: the next run starts as a fresh process would
      this.live = null;
      throw err;
    }
  }

  private async runOnce(mode: { full?: boolean }): Promise<MatchRunResult> {
    const started = Date.now();
    const stages: Record<string, number> = {};
    const read = { markets: 0, states: 0, links: 0, clusters: 0 };
    let t = Date.now();
    const lap = (name: string) => {
      stages[name] = Date.now() - t;
      this.opts.onStage?.(name, stages[name]);
      t = Date.now();
    };
    const store = this.store;
    const cursors = await store.cursors();
    const judgeVersion = this.opts.judgeVersion ?? JUDGE_VERSION;
    const full = mode.full ?? false;
    if (full) this.vectors.clear();
    // Links another judge made are not this judge's verdicts (nor its calibrated confidences): every
    // market is re-matched, as on a first run.
    const rejudgeAll = cursors.judgeVersion !== judgeVersion;
    // Warm state is this instance's only while no other instance ran the job since (the cursor moved
    // without it): else it is rebuilt from the database, as on a fresh start.
    const cold = !this.vectors.loaded || this.live === null || this.liveSeq !== cursors.catalogSeq;
    if (cold) this.linkedRows.clear();
    const vectorsChanged = await this.vectors.refresh(this.opts.pool);
    const highWater = await store.highWater();
    const rows = new Map<string, MatchRow>();

    // ---- which markets to re-match ---------------------------------------------------------------
    // A warm run reads only the catalog's change feed since its cursor and the vectors written since;
    // a cold one (a fresh process, or a full run) reads every live market and every stored state.
    const dirty = new Set<string>();
    const textHashes = (k: string) => ({ title: this.vectors.title.get(k)?.textHash ?? null, rules: this.vectors.rules.get(k)?.textHash ?? null });
    const changedRows = full || rejudgeAll ? [] : await store.changedMarkets(cursors.catalogSeq, highWater);
    read.markets += changedRows.length;
    let live: Map<string, LiveMarket>;
    if (cold || full || rejudgeAll) {
      live = await store.blockingInfo();
      read.markets += live.size;
    } else {
      live = this.live!;
      for (const r of changedRows) {
        if (r.removed) live.delete(r.key);
        else live.set(r.key, liveMarketOf(r));
      }
    }
    this.live = live;
    if (full || rejudgeAll) {
      for (const k of live.keys()) dirty.add(k);
      for (const k of (await store.states()).keys()) dirty.add(k);
      read.states += dirty.size;
    } else {
      // the markets that may have changed: every one on a cold start, else the change feed's and
      // those whose vectors changed
      const states = cold ? await store.states() : await store.statesOf([...new Set([...changedRows.map((r) => r.key), ...vectorsChanged])]);
      read.states += states.size;
      for (const r of changedRows) {
        rows.set(r.key, r);
        const st = states.get(r.key);
        if (r.removed ? !!st : !st || st.inputsHash !== r.inputsHash) dirty.add(r.key);
      }
      for (const k of vectorsChanged) if (live.has(k) || states.has(k)) dirty.add(k);
      for (const k of cold ? live.keys() : changedRows.filter((r) => !r.removed).map((r) => r.key)) {
        const st = states.get(k);
        const h = textHashes(k);
        if (!st || st.titleTextHash !== h.title || st.rulesTextHash !== h.rules) dirty.add(k);
      }
      if (cold) for (const k of states.keys()) if (!live.has(k)) dirty.add(k); // removed since
    }
    lap('load');

    // ---- candidates and verdicts -----------------------------------------------------------------
    const liveDirty = new Set([...dirty].filter((k) => live.has(k)));
    let pairs: CandidatePair[] = [];
    if (full || liveDirty.size) {
      const pool: CandidateMarket[] = [];
      for (const [key, info] of live) {
        const title = this.vectors.title.get(key)?.vector ?? null;
        if (title) pool.push({ key, venue: info.venue, category: info.category, closeMs: info.closeMs, title, rules: this.vectors.rules.get(key)?.vector ?? null });
      }
      pairs = findCandidates(pool, full ? null : liveDirty, this.opts.candidates);
    }
    // A full or re-judging run also judges again every stored identity link between two live markets:
    // incremental runs keep a link of two unchanged markets after a newcomer crowds each out of the
    // other's nearest (a ladder of strikes), and a full run that dropped it would split the cluster
    // and move an svc_id although nothing about the two markets changed. The judge still decides.
    if (full || rejudgeAll) {
      const listed = new Set(pairs.map((p) => pairKey(p.a, p.b)));
      const stored = (await store.links()).filter((l) => l.relation === 'identical' && live.has(l.a) && live.has(l.b) && !listed.has(pairKey(l.a, l.b)));
      read.links += stored.length;
      for (const l of stored) pairs.push({ a: l.a, b: l.b, title: this.similarity('title', l.a, l.b), rules: this.similarity('rules', l.a, l.b) });
    }
    lap('candidates');
    const need = new Set<string>(liveDirty);
    for (const p of pairs) need.add(p.a).add(p.b);
    const needRows = [...need].filter((k) => !rows.has(k));
    for (const r of await store.marketsByKey(needRows)) rows.set(r.key, r);
    read.markets += needRows.length;
    const newLinks: StoredLink[] = [];
    // Judged as of now: a market without a close time is a question of now (see JudgeOptions).
    const asOfMs = Date.now();
    for (const p of pairs) {
      const a = rows.get(p.a);
      const b = rows.get(p.b);
      if (!a || !b) continue;
      const v = this.opts.judge(a.market, b.market, { title: p.title, rules: p.rules }, { asOfMs });
      if (v.relation === 'different') continue;
      newLinks.push({ a: p.a, b: p.b, relation: v.relation, kind: v.relation === 'related' ? v.kind : null, confidence: v.confidence, reasons: v.reasons });
    }
    lap('judge');

    // ---- clustering: kept links + new links + overrides ------------------------------------------
    // Clustering decides each connected part of the identity graph on that part's links alone, so an
    // incremental run re-clusters only the part around what changed (`scope`): the re-matched
    // markets, the ends of overrides added or taken back, and, transitively, every market a stored
    // cluster or an identity link (kept, new or forced) joins to one of them. Outside it the stored
    // clusters are what a full run would find again.
    const overrides = await store.overrides();
    const overrideSignature = new Set(overrides.map((o) => `${pairKey(o.a, o.b)}\n${o.action}`));
    const isLinkable = (a: string, b: string) => live.has(a) && live.has(b);
    const forcedLinks: IdentityLink[] = overrides
      .filter((o) => o.action === 'force' && isLinkable(o.a, o.b))
      .map((o) => ({ a: o.a, b: o.b, confidence: 1, method: 'operator', reasons: [`operator force-pair${o.reason ? `: ${o.reason}` : ''} (${o.created_by})`] }));
    const judgeIdentity = (l: StoredLink): IdentityLink => ({ a: l.a, b: l.b, confidence: l.confidence, method: 'judge', reasons: l.reasons });
    let scope: Set<string> | null = null;
    let identity: IdentityLink[];
    let existing: StoredCluster[];
    if (full) {
      identity = [...newLinks.filter((l) => l.relation === 'identical' && isLinkable(l.a, l.b)).map(judgeIdentity), ...forcedLinks];
      existing = await store.clusters();
    } else {
      const seeds = new Set(dirty);
      for (const o of overrides) {
        // on a cold start the overrides of the last run are unknown: each one's part is looked at again
        if (cold || !this.lastOverrides?.has(`${pairKey(o.a, o.b)}\n${o.action}`)) seeds.add(o.a).add(o.b);
      }
      for (const sig of this.lastOverrides ?? []) {
        if (overrideSignature.has(sig)) continue;
        const [a, b] = sig.split('\n');
        seeds.add(a).add(b);
      }
      const adjacent = new Map<string, string[]>();
      const addEdge = (a: string, b: string) => {
        adjacent.set(a, [...(adjacent.get(a) ?? []), b]);
        adjacent.set(b, [...(adjacent.get(b) ?? []), a]);
      };
      const newIdentity = newLinks.filter((l) => l.relation === 'identical' && isLinkable(l.a, l.b)).map(judgeIdentity);
      for (const l of [...newIdentity, ...forcedLinks]) addEdge(l.a, l.b);
      const keptIdentity = new Map<string, IdentityLink>();
      const clustersById = new Map<string, StoredCluster>();
      scope = new Set<string>();
      let frontier = [...seeds];
      while (frontier.length) {
        for (const k of frontier) scope.add(k);
        const next = new Set<string>();
        const reach = (k: string) => {
          if (!scope!.has(k)) next.add(k);
        };
        for (const k of frontier) for (const o of adjacent.get(k) ?? []) reach(o);
        const links = await store.linksOf(frontier);
        read.links += links.length;
        for (const l of links) {
          if (l.relation !== 'identical' || dirty.has(l.a) || dirty.has(l.b) || !isLinkable(l.a, l.b)) continue;
          keptIdentity.set(pairKey(l.a, l.b), judgeIdentity(l));
          reach(l.a);
          reach(l.b);
        }
        const clusters = await store.clusters(frontier);
        read.clusters += clusters.length;
        for (const c of clusters) {
          clustersById.set(c.cluster_id, c);
          for (const m of c.members.keys()) reach(m);
        }
        frontier = [...next];
      }
      identity = [...keptIdentity.values(), ...newIdentity, ...forcedLinks.filter((l) => scope!.has(l.a))];
      existing = [...clustersById.values()];
    }
    const never = overrides.filter((o) => o.action === 'never').map((o) => [o.a, o.b] as [string, string]);
    // The members a merge may ask the judge about: kept between runs like the vectors (their
    // fingerprints are cached per row object), re-read only when re-matched.
    for (const k of dirty) this.linkedRows.delete(k);
    const linked = new Set(identity.flatMap((l) => [l.a, l.b]));
    for (const k of linked) if (!rows.has(k) && this.linkedRows.has(k)) rows.set(k, this.linkedRows.get(k)!);
    const linkedRows = [...linked].filter((k) => !rows.has(k));
    for (const r of await store.marketsByKey(linkedRows)) rows.set(r.key, r);
    read.markets += linkedRows.length;
    for (const k of linked) {
      const r = rows.get(k);
      if (r && !dirty.has(k)) this.linkedRows.set(k, r);
    }
    const forced = new Set(identity.filter((l) => l.method === 'operator').map((l) => pairKey(l.a, l.b)));
    const found = clusterMarkets(identity, (k) => split(k)[0], never, this.judgeAgrees(rows, forced, asOfMs));
    const plan = assignIdentities(found, existing.map((c) => ({ cluster_id: c.cluster_id, svc_id: c.svc_id, created_at: c.created_at, members: [...c.members.keys()] })));
    const byId = new Map(existing.map((c) => [c.cluster_id, c]));
    const changed: { found: FoundCluster; id: { cluster_id: string; svc_id: string } }[] = [];
    found.forEach((f, i) => {
      const id = plan.identities[i];
      const before = byId.get(id.cluster_id);
      if (!before || clusterChanged(before, f, dirty)) changed.push({ found: f, id });
    });
    const memberRows = changed.flatMap((c) => c.found.members).filter((k) => !rows.has(k));
    for (const r of await store.marketsByKey(memberRows)) rows.set(r.key, r);
    read.markets += memberRows.length;
    const writes = changed.map((c) => clusterRecord(c.found, c.id, byId.get(c.id.cluster_id)?.canonical ?? null, rows, live));
    lap('cluster');

    // ---- write back ------------------------------------------------------------------------------
    const stateOf = (k: string): MarketState | null => {
      const r = rows.get(k);
      if (!live.has(k) || !r) return null;
      const h = textHashes(k);
      return { inputsHash: r.inputsHash, titleTextHash: h.title, rulesTextHash: h.rules };
    };
    await store.saveRun({
      rematched: [...dirty],
      links: newLinks,
      states: [...dirty].map((k) => ({ key: k, state: stateOf(k) })),
      upsertClusters: writes,
      plan,
      cursors: { catalogSeq: Math.max(cursors.catalogSeq, highWater), judgeVersion },
      full,
    });
    const desired = new Map<string, ClusterAssignment>();
    // in scope, a market no found cluster holds leaves its cluster (null ids); a full run's complete
    // assignment does that for every market
    for (const k of scope ?? []) {
      const [exchange, market_id] = split(k);
      desired.set(k, { exchange: ExchangeCodeSchema.parse(exchange), market_id, svc_id: null, cluster_id: null });
    }
    found.forEach((f, i) => {
      for (const k of f.members) {
        const [exchange, market_id] = split(k);
        desired.set(k, { exchange: ExchangeCodeSchema.parse(exchange), market_id, svc_id: plan.identities[i].svc_id, cluster_id: plan.identities[i].cluster_id });
      }
    });
    const assigned = scope ? await this.opts.writer.assignClusters([...desired.values()]) : await this.opts.writer.replaceClusterAssignments([...desired.values()]);
    const totals = await store.totals();
    this.liveSeq = Math.max(cursors.catalogSeq, highWater);
    this.lastOverrides = overrideSignature;
    lap('save');

    const result: MatchRunResult = {
      mode: full ? 'full' : 'incremental',
      rematched: liveDirty.size,
      pairsJudged: pairs.length,
      identityLinks: totals.identityLinks,
      relatedLinks: totals.relatedLinks,
      clusters: totals.clusters,
      clustersWritten: writes.length,
      created: plan.identities.filter((i) => i.isNew).length,
      merged: plan.merged.length,
      dissolved: plan.dissolved.length,
      marketsAssigned: assigned.changed,
      ms: Date.now() - started,
      stages,
      reclustered: scope ? scope.size : live.size,
      read,
    };
    return result;
  }
}

const pairKey = (a: string, b: string): string => (a < b ? `${a}\n${b}` : `${b}\n${a}`);

/** Whether a found cluster differs from what is stored under its identity (members, or a member re-matched). */
function clusterChanged(before: StoredCluster, f: FoundCluster, dirty: ReadonlySet<string>): boolean {
  if (before.members.size !== f.members.length) return true;
  for (const m of f.members) if (!before.members.has(m) || dirty.has(m)) return true;
  const stored = new Set([...before.members.values()].map((m) => `${m.method}|${m.confidence}`));
  return f.links.some((l) => !stored.has(`${l.method}|${l.confidence}`));
}

/**
 * The record of a cluster: the canonical market stays while it is a member (else the member with the
 * most volume), and each member's `match` is the link that joined it, walking the links from the
 * canonical market outwards (the canonical market's own is its strongest link).
 */
function clusterRecord(f: FoundCluster, id: { cluster_id: string; svc_id: string }, priorCanonical: string | null, rows: Map<string, MatchRow>, live: Map<string, { volume: number | null }>): ClusterWrite {
  const canonical = priorCanonical && f.members.includes(priorCanonical)
    ? priorCanonical
    : [...f.members].sort((x, y) => (live.get(y)?.volume ?? -1) - (live.get(x)?.volume ?? -1) || (x < y ? -1 : 1))[0];
  const adjacent = new Map<string, IdentityLink[]>();
  for (const l of f.links) {
    adjacent.set(l.a, [...(adjacent.get(l.a) ?? []), l]);
    adjacent.set(l.b, [...(adjacent.get(l.b) ?? []), l]);
  }
  const joinedBy = new Map<string, IdentityLink>();
  const queue = [canonical];
  const seen = new Set(queue);
  while (queue.length) {
    const k = queue.shift()!;
    for (const l of adjacent.get(k) ?? []) {
      const other = l.a === k ? l.b : l.a;
      if (seen.has(other)) continue;
      seen.add(other);
      joinedBy.set(other, l);
      queue.push(other);
    }
  }
  const strongest = [...(adjacent.get(canonical) ?? [])].sort((x, y) => y.confidence - x.confidence)[0];
  if (strongest) joinedBy.set(canonical, strongest);
  const c = rows.get(canonical)!.market;
  const [cx, cm] = split(canonical);
  return {
    cluster_id: id.cluster_id,
    svc_id: id.svc_id,
    title: c.title,
    canonical: { exchange: cx, market_id: cm },
    category: c.category ?? 'other',
    close_time: c.close_time,
    confidence: Math.min(...f.links.map((l) => l.confidence)),
    members: f.members.map((k) => {
      const [exchange, market_id] = split(k);
      const l = joinedBy.get(k)!;
      return { exchange, market_id, confidence: l.confidence, method: l.method, reasons: l.reasons };
    }),
  };
}
