// Typo tolerance for the PostgreSQL engine, the way Elasticsearch does it: each query word is
// expanded to the indexed words within an edit distance (1 for 3-5 letters, 2 for longer, same
// first letter), transpositions counting as one edit. Trigram similarity alone misses common typos
// ("lakres" vs "lakers" share 3 of 11 trigrams), so the words of the index are held in memory here
// and refreshed in the background.

/** Edits allowed for a word, as Elasticsearch's fuzziness AUTO. */
export function allowedEdits(word: string): number {
  const n = [...word].length;
  return n <= 2 ? 0 : n <= 5 ? 1 : 2;
}

/** Optimal-string-alignment distance (Damerau-Levenshtein without repeated edits), capped. */
export function editDistance(a: string, b: string, max: number): number {
  const s = [...a];
  const t = [...b];
  if (Math.abs(s.length - t.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= s.length; i++) {
    rows.push(new Array<number>(t.length + 1).fill(0));
    rows[i][0] = i;
  }
  for (let j = 0; j <= t.length; j++) rows[0][j] = j;
  for (let i = 1; i <= s.length; i++) {
    let rowMin = Infinity;
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) d = Math.min(d, rows[i - 2][j - 2] + 1);
      rows[i][j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return max + 1;
  }
  return rows[s.length][t.length];
}

export class Vocabulary {
  private byFirst = new Map<string, string[]>();
  private known = new Set<string>();

  constructor(words: Iterable<string> = []) {
    this.add(words);
  }

  get size(): number {
    return this.known.size;
  }

  add(words: Iterable<string>): void {
    for (const w of words) {
      if (!w || this.known.has(w)) continue;
      this.known.add(w);
      const first = [...w][0];
      const list = this.byFirst.get(first);
      if (list) list.push(w);
      else this.byFirst.set(first, [w]);
    }
  }

  /** Indexed words within the allowed edits of `term` (closest first, the term itself excluded). */
  expand(term: string, maxExpansions = 20): string[] {
    const max = allowedEdits(term);
    if (max === 0) return [];
    const candidates = this.byFirst.get([...term][0]) ?? [];
    const found: { w: string; d: number }[] = [];
    for (const w of candidates) {
      if (w === term) continue;
      const d = editDistance(term, w, max);
      if (d <= max) found.push({ w, d });
    }
    found.sort((x, y) => x.d - y.d || (x.w < y.w ? -1 : 1));
    return found.slice(0, maxExpansions).map((f) => f.w);
  }
}
