// Candidate pairs for the judge: for each market, the markets of OTHER venues whose title or rules
// embedding is nearest, blocked on resolution window and (when both name one) category. In memory rather than one pgvector
// query per market: on the embedded database's single connection that costs ~5 ms a query (25k
// markets x 2 texts = minutes), while a dot product of two normalised 384-float vectors costs tens of
// ns in the SIMD kernel. Each venue's markets are sorted by close time so that the window is a
// contiguous run of vectors (bench/HISTORY.md, "The candidate search made cheap again").
//
// A market whose venue gives no category ('other': most of Polymarket's and Kalshi's real listings)
// is compared with every category, not only with the other uncategorised ones: venues categorise
// differently or not at all, and a hard category block would keep Polymarket's uncategorised
// "2028 presidential election" questions away from PredictIt's 'politics' ones (measured on the
// simulators' real listings: bench/HISTORY.md, "Matching job over the simulators' real listings").

import { DotKernel } from './dot-kernel.js';

export interface CandidateMarket {
  key: string;
  venue: string;
  category: string;
  /** epoch ms, or null (then it is compared with every market of its block) */
  closeMs: number | null;
  /** normalised embeddings, or null when not embedded (yet) */
  title: Float32Array | null;
  rules: Float32Array | null;
}

export interface CandidatePair {
  a: string;
  b: string;
  /** cosine similarity of the titles / rules, or null when either side lacks that embedding */
  title: number | null;
  rules: number | null;
}

export interface CandidateOptions {
  /** Candidates kept per market (default 10). */
  perMarket?: number;
  /** Lowest similarity (of title or rules, whichever is higher) worth judging (default 0.5). */
  minSimilarity?: number;
  /** Largest difference of close times of two candidates (default 120 days). */
  windowMs?: number;
}

const DAY_MS = 86_400_000;
/** The category of a market whose venue names none: it meets every category's block. */
export const UNKNOWN_CATEGORY = 'other';

/** Dot product of the vectors at element offsets `a` and `b` of `m` (the reported similarity). */
function dot(m: Float32Array, a: number, b: number, dims: number): number {
  let s0 = 0, s1 = 0, s2 = 0, s3 = 0;
  let d = 0;
  for (; d + 3 < dims; d += 4) {
    s0 += m[a + d] * m[b + d];
    s1 += m[a + d + 1] * m[b + d + 1];
    s2 += m[a + d + 2] * m[b + d + 2];
    s3 += m[a + d + 3] * m[b + d + 3];
  }
  for (; d < dims; d++) s0 += m[a + d] * m[b + d];
  return s0 + s1 + s2 + s3;
}

/** The best `k` (index, score) of one market, kept as a small unsorted list with its minimum. */
class TopK {
  readonly idx: number[] = [];
  readonly score: number[] = [];
  private minAt = -1;
  constructor(private readonly k: number) {}
  offer(i: number, s: number): void {
    if (this.idx.length < this.k) {
      this.idx.push(i);
      this.score.push(s);
      if (this.idx.length === this.k) this.recomputeMin();
      return;
    }
    if (s <= this.score[this.minAt]) return;
    this.idx[this.minAt] = i;
    this.score[this.minAt] = s;
    this.recomputeMin();
  }
  private recomputeMin(): void {
    let m = 0;
    for (let x = 1; x < this.score.length; x++) if (this.score[x] < this.score[m]) m = x;
    this.minAt = m;
  }
}

/** One venue's markets (global indices), sorted by close time with the null close times first. */
interface VenueBlock {
  idx: Int32Array;
  close: Float64Array;
  nulls: number;
  /** position of its first market in the kernels' memory (a venue's markets lie there in this order) */
  base: number;
}

/** First position in `b` (past its nulls) whose close time is >= `from`. */
function lowerBound(b: VenueBlock, from: number): number {
  let lo = b.nulls;
  let hi = b.idx.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (b.close[mid] < from) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Candidate pairs among `markets`. With `only` (keys of new or changed markets), only pairs with at
 * least one of them; without it, every market's nearest (a full run). A pair appears once.
 *
 * The search runs per pair of venues, so two markets of one venue are never visited: each venue's
 * markets are sorted by close time and laid out in that order in the dot-product kernel's memory, so
 * a market's close-time window in another venue is one contiguous run of vectors, scored by one SIMD
 * call. The category veto is applied per pair: two markets are kept apart only when BOTH name a
 * category and the categories differ.
 */
export function findCandidates(markets: readonly CandidateMarket[], only: ReadonlySet<string> | null, opts: CandidateOptions = {}): CandidatePair[] {
  const k = opts.perMarket ?? 10;
  const min = opts.minSimilarity ?? 0.5;
  const windowMs = opts.windowMs ?? 120 * DAY_MS;
  const list = markets.filter((m) => m.title);
  const n = list.length;
  if (n === 0) return [];
  const dims = list[0].title!.length;
  const hasRules = new Uint8Array(n);
  const changed = new Uint8Array(n);
  /** category id per market; -1 = uncategorised (meets every category) */
  const cat = new Int32Array(n);
  const catIds = new Map<string, number>();
  list.forEach((m, i) => {
    if (m.rules) hasRules[i] = 1;
    if (only?.has(m.key)) changed[i] = 1;
    if (m.category === UNKNOWN_CATEGORY) cat[i] = -1;
    else {
      let id = catIds.get(m.category);
      if (id === undefined) catIds.set(m.category, (id = catIds.size));
      cat[i] = id;
    }
  });
  const byVenue = new Map<string, number[]>();
  list.forEach((m, i) => {
    const of = byVenue.get(m.venue);
    if (of) of.push(i);
    else byVenue.set(m.venue, [i]);
  });
  let base = 0;
  const venues: VenueBlock[] = [...byVenue.keys()].sort().map((venue) => {
    const idx = byVenue.get(venue)!;
    idx.sort((x, y) => (list[x].closeMs ?? -Infinity) - (list[y].closeMs ?? -Infinity) || (list[x].key < list[y].key ? -1 : 1));
    const block = { idx: Int32Array.from(idx), close: Float64Array.from(idx, (i) => list[i].closeMs ?? Number.NaN), nulls: idx.filter((i) => list[i].closeMs === null).length, base };
    base += idx.length;
    return block;
  });
  /** position of market i in the kernels' memory */
  const at = new Int32Array(n);
  for (const b of venues) b.idx.forEach((i, p) => (at[i] = b.base + p));
  const longest = Math.max(...venues.map((b) => b.idx.length));
  const titles = new DotKernel(n, dims, longest);
  const rules = hasRules.some((x) => x === 1) ? new DotKernel(n, dims, longest) : null;
  list.forEach((m, i) => {
    titles.set(at[i], m.title!);
    if (m.rules) rules!.set(at[i], m.rules);
  });

  const tops: (TopK | undefined)[] = new Array(n);
  const topOf = (i: number) => (tops[i] ??= new TopK(k));
  /** Market `i` against positions [from, to) of block `b`; `skip` drops columns already met. */
  const run = (i: number, b: VenueBlock, from: number, to: number, skip: Uint8Array | null): void => {
    if (to <= from) return;
    titles.dots(at[i], b.base + from, to - from);
    const withRules = rules !== null && hasRules[i] === 1;
    if (withRules) rules.dots(at[i], b.base + from, to - from);
    const catI = cat[i];
    for (let p = from; p < to; p++) {
      const j = b.idx[p];
      if (skip && skip[j]) continue;
      if (catI !== cat[j] && catI !== -1 && cat[j] !== -1) continue;
      const t = titles.out[p - from];
      const s = withRules && hasRules[j] ? Math.max(t, rules.out[p - from]) : t;
      if (s < min) continue;
      topOf(i).offer(j, s);
      topOf(j).offer(i, s);
    }
  };
  /** Every market of `b` that `i` (at position `p` of its own block `a`) may meet: nulls, then its window. */
  const meet = (i: number, ci: number, b: VenueBlock, skip: Uint8Array | null): void => {
    if (Number.isNaN(ci)) return run(i, b, 0, b.idx.length, skip);
    run(i, b, 0, b.nulls, skip);
    let end = lowerBound(b, ci - windowMs);
    const from = end;
    while (end < b.idx.length && b.close[end] - ci <= windowMs) end++;
    run(i, b, from, end, skip);
  };

  for (let va = 0; va < venues.length; va++) {
    for (let vb = va + 1; vb < venues.length; vb++) {
      const a = venues[va];
      const b = venues[vb];
      // every row of one side (a full run) or the changed rows of both sides; a pair of two changed
      // markets is met once, from the first side
      for (let p = 0; p < a.idx.length; p++) if (!only || changed[a.idx[p]]) meet(a.idx[p], a.close[p], b, null);
      if (only) for (let p = 0; p < b.idx.length; p++) if (changed[b.idx[p]]) meet(b.idx[p], b.close[p], a, changed);
    }
  }

  const pairs = new Map<string, CandidatePair>();
  for (let i = 0; i < n; i++) {
    const t = tops[i];
    if (!t) continue;
    for (const j of t.idx) {
      const x = list[i];
      const y = list[j];
      // in an incremental run, an unchanged market's list only matters for its pairs with changed ones
      if (only && !changed[i] && !changed[j]) continue;
      const [ia, ic] = x.key < y.key ? [i, j] : [j, i];
      const id = `${list[ia].key}\n${list[ic].key}`;
      if (pairs.has(id)) continue;
      pairs.set(id, {
        a: list[ia].key,
        b: list[ic].key,
        title: dot(titles.vectors, at[ia] * titles.stride, at[ic] * titles.stride, dims),
        rules: rules && hasRules[ia] && hasRules[ic] ? dot(rules.vectors, at[ia] * rules.stride, at[ic] * rules.stride, dims) : null,
      });
    }
  }
  return [...pairs.values()];
}
