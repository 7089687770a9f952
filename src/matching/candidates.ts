// Candidate pairs for the judge: for each market, the markets of OTHER venues whose title or rules
// embedding is nearest, blocked on category and resolution window. In memory rather than one pgvector
// query per market: on the embedded database's single connection that costs ~5 ms a query (25k
// markets x 2 texts = minutes), while a dot product of two normalised 384-float vectors is ~100 ns.
// Each category block is sorted by close time so that the window is a contiguous run of rows.
//
// A market whose venue gives no category ('other': most of Polymarket's and Kalshi's real listings)
// is compared with every block, not only with the other uncategorised ones: venues categorise
// differently or not at all, and a hard category block would keep Polymarket's uncategorised
// "2028 presidential election" questions away from PredictIt's 'politics' ones (measured on the
// simulators' real listings: bench/README.md, "Matching job over the simulators' real listings").

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

function dot(m: Float32Array, i: number, n: Float32Array, j: number, dims: number): number {
  let s0 = 0, s1 = 0, s2 = 0, s3 = 0;
  const a = i * dims;
  const b = j * dims;
  let d = 0;
  for (; d + 3 < dims; d += 4) {
    s0 += m[a + d] * n[b + d];
    s1 += m[a + d + 1] * n[b + d + 1];
    s2 += m[a + d + 2] * n[b + d + 2];
    s3 += m[a + d + 3] * n[b + d + 3];
  }
  for (; d < dims; d++) s0 += m[a + d] * n[b + d];
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

/** One category's markets (global indices), sorted by close time with the null close times first. */
interface Block {
  idx: Int32Array;
  close: Float64Array;
  nulls: number;
}

/** First position in `b` (past its nulls) whose close time is >= `from`. */
function lowerBound(b: Block, from: number): number {
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
 */
export function findCandidates(markets: readonly CandidateMarket[], only: ReadonlySet<string> | null, opts: CandidateOptions = {}): CandidatePair[] {
  const k = opts.perMarket ?? 10;
  const min = opts.minSimilarity ?? 0.5;
  const windowMs = opts.windowMs ?? 120 * DAY_MS;
  const list = markets.filter((m) => m.title);
  const n = list.length;
  if (n === 0) return [];
  const dims = list[0].title!.length;
  const titles = new Float32Array(n * dims);
  const rules = new Float32Array(n * dims);
  const hasRules = new Uint8Array(n);
  const changed = new Uint8Array(n);
  list.forEach((m, i) => {
    titles.set(m.title!, i * dims);
    if (m.rules) {
      rules.set(m.rules, i * dims);
      hasRules[i] = 1;
    }
    if (only?.has(m.key)) changed[i] = 1;
  });
  const members = new Map<string, number[]>();
  list.forEach((m, i) => {
    const of = members.get(m.category);
    if (of) of.push(i);
    else members.set(m.category, [i]);
  });
  const blocks = new Map<string, Block>();
  for (const [category, idx] of members) {
    idx.sort((x, y) => (list[x].closeMs ?? -Infinity) - (list[y].closeMs ?? -Infinity) || (list[x].key < list[y].key ? -1 : 1));
    blocks.set(category, {
      idx: Int32Array.from(idx),
      close: Float64Array.from(idx.map((i) => list[i].closeMs ?? Number.NaN)),
      nulls: idx.filter((i) => list[i].closeMs === null).length,
    });
  }

  const tops: (TopK | undefined)[] = new Array(n);
  const topOf = (i: number) => (tops[i] ??= new TopK(k));
  const consider = (i: number, j: number): void => {
    if (list[i].venue === list[j].venue) return;
    const t = dot(titles, i, titles, j, dims);
    const s = hasRules[i] && hasRules[j] ? Math.max(t, dot(rules, i, rules, j, dims)) : t;
    if (s < min) return;
    topOf(i).offer(j, s);
    topOf(j).offer(i, s);
  };
  /** Every market of `b` that `i` (close time `ci`, NaN = none) may meet: `b`'s nulls, then its window. */
  const meet = (i: number, ci: number, b: Block, skip: (j: number) => boolean): void => {
    if (Number.isNaN(ci)) {
      for (let p = 0; p < b.idx.length; p++) if (!skip(b.idx[p])) consider(i, b.idx[p]);
      return;
    }
    for (let p = 0; p < b.nulls; p++) if (!skip(b.idx[p])) consider(i, b.idx[p]);
    for (let p = lowerBound(b, ci - windowMs); p < b.idx.length && b.close[p] - ci <= windowMs; p++) if (!skip(b.idx[p])) consider(i, b.idx[p]);
  };

  const unknown = blocks.get(UNKNOWN_CATEGORY);
  for (const [category, b] of blocks) {
    const len = b.idx.length;
    // Within the block: every pair once.
    if (!only) {
      for (let p = 0; p < len; p++) {
        const ci = b.close[p];
        for (let q = p + 1; q < len; q++) {
          if (p >= b.nulls && b.close[q] - ci > windowMs) break;
          consider(b.idx[p], b.idx[q]);
        }
      }
    } else {
      // a changed market meets everyone in its window; a pair of two changed markets is met once
      for (let p = 0; p < len; p++) {
        const i = b.idx[p];
        if (changed[i]) meet(i, b.close[p], b, (j) => j === i || (changed[j] === 1 && j < i));
      }
    }
    // Across: this block against the uncategorised markets (each such pair once, from this side).
    if (!unknown || category === UNKNOWN_CATEGORY) continue;
    for (let p = 0; p < len; p++) {
      const i = b.idx[p];
      if (!only || changed[i]) meet(i, b.close[p], unknown, () => false);
    }
    if (only) {
      for (let p = 0; p < unknown.idx.length; p++) {
        const j = unknown.idx[p];
        if (changed[j]) meet(j, unknown.close[p], b, (i) => changed[i] === 1);
      }
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
        title: dot(titles, ia, titles, ic, dims),
        rules: hasRules[ia] && hasRules[ic] ? dot(rules, ia, rules, ic, dims) : null,
      });
    }
  }
  return [...pairs.values()];
}
