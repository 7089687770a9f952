// Candidate pairs for the judge: for each market, the markets of OTHER venues whose title or rules
// embedding is nearest, blocked on category and resolution window. In memory rather than one pgvector
// query per market: on the embedded database's single connection that costs ~5 ms a query (25k
// markets x 2 texts = minutes), while a dot product of two normalised 384-float vectors is ~100 ns.
// Each category block is sorted by close time so that the window is a contiguous run of rows.

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

/** One category's markets with a title embedding, sorted by close time (nulls first), vectors contiguous. */
interface Block {
  markets: CandidateMarket[];
  close: Float64Array;
  nulls: number;
  titles: Float32Array;
  rules: Float32Array;
  hasRules: Uint8Array;
  venue: string[];
}

function buildBlock(markets: CandidateMarket[], dims: number): Block {
  const sorted = [...markets].sort((x, y) => (x.closeMs ?? -Infinity) - (y.closeMs ?? -Infinity) || (x.key < y.key ? -1 : 1));
  const n = sorted.length;
  const titles = new Float32Array(n * dims);
  const rules = new Float32Array(n * dims);
  const hasRules = new Uint8Array(n);
  const close = new Float64Array(n);
  let nulls = 0;
  sorted.forEach((m, i) => {
    titles.set(m.title!, i * dims);
    if (m.rules) {
      rules.set(m.rules, i * dims);
      hasRules[i] = 1;
    }
    close[i] = m.closeMs ?? Number.NaN;
    if (m.closeMs === null) nulls++;
  });
  return { markets: sorted, close, nulls, titles, rules, hasRules, venue: sorted.map((m) => m.venue) };
}

/**
 * Candidate pairs among `markets`. With `only` (keys of new or changed markets), only pairs with at
 * least one of them; without it, every market's nearest (a full run). A pair appears once.
 */
export function findCandidates(markets: readonly CandidateMarket[], only: ReadonlySet<string> | null, opts: CandidateOptions = {}): CandidatePair[] {
  const k = opts.perMarket ?? 10;
  const min = opts.minSimilarity ?? 0.5;
  const windowMs = opts.windowMs ?? 120 * DAY_MS;
  const byCategory = new Map<string, CandidateMarket[]>();
  let dims = 0;
  for (const m of markets) {
    if (!m.title) continue;
    dims = m.title.length;
    const list = byCategory.get(m.category) ?? [];
    list.push(m);
    byCategory.set(m.category, list);
  }
  const pairs = new Map<string, CandidatePair>();
  for (const list of byCategory.values()) {
    if (only && !list.some((m) => only.has(m.key))) continue;
    const b = buildBlock(list, dims);
    const n = b.markets.length;
    const tops: (TopK | undefined)[] = new Array(n);
    const topOf = (i: number) => (tops[i] ??= new TopK(k));
    const similarity = (i: number, j: number): number => {
      const t = dot(b.titles, i, b.titles, j, dims);
      return b.hasRules[i] && b.hasRules[j] ? Math.max(t, dot(b.rules, i, b.rules, j, dims)) : t;
    };
    const consider = (i: number, j: number, both: boolean): void => {
      if (b.venue[i] === b.venue[j]) return;
      const s = similarity(i, j);
      if (s < min) return;
      topOf(i).offer(j, s);
      if (both) topOf(j).offer(i, s);
    };
    if (!only) {
      // every pair once (i < j): within the window of close times; null close times meet everyone
      for (let i = 0; i < n; i++) {
        const ci = b.close[i];
        for (let j = i + 1; j < n; j++) {
          if (i >= b.nulls && b.close[j] - ci > windowMs) break;
          consider(i, j, true);
        }
      }
    } else {
      for (let i = 0; i < n; i++) {
        if (!only.has(b.markets[i].key)) continue;
        const ci = b.close[i];
        if (i < b.nulls) {
          for (let j = 0; j < n; j++) if (j !== i) consider(i, j, true);
          continue;
        }
        for (let j = 0; j < b.nulls; j++) consider(i, j, true);
        for (let j = i - 1; j >= b.nulls && ci - b.close[j] <= windowMs; j--) consider(i, j, true);
        for (let j = i + 1; j < n && b.close[j] - ci <= windowMs; j++) consider(i, j, true);
      }
    }
    for (let i = 0; i < n; i++) {
      const t = tops[i];
      if (!t) continue;
      for (const j of t.idx) {
        const x = b.markets[i];
        const y = b.markets[j];
        // in an incremental run, an unchanged market's list only matters for its pairs with changed ones
        if (only && !only.has(x.key) && !only.has(y.key)) continue;
        const [a, c, ia, ic] = x.key < y.key ? [x, y, i, j] : [y, x, j, i];
        const id = `${a.key}\n${c.key}`;
        if (pairs.has(id)) continue;
        pairs.set(id, {
          a: a.key,
          b: c.key,
          title: dot(b.titles, ia, b.titles, ic, dims),
          rules: b.hasRules[ia] && b.hasRules[ic] ? dot(b.rules, ia, b.rules, ic, dims) : null,
        });
      }
    }
  }
  return [...pairs.values()];
}
