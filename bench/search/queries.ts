// Query workloads drawn from the corpus titles (deterministic for a given corpus).
import { wordTokens } from '../../src/search/query-text.js';

const SKIP_FIRST = new Set(['will', 'who', 'what', 'which', 'how', 'the', 'is', 'does', 'do', 'can']);
const STOP = new Set([...SKIP_FIRST, 'a', 'an', 'of', 'in', 'on', 'by', 'to', 'be', 'at', 'for', 'or', 'and', 'before', 'after']);

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** What people type into an autocomplete box: one to three leading words, the last one cut short. */
export function autocompletePrefixes(titles: string[], n: number, seed = 1): string[] {
  const rand = rng(seed);
  const out: string[] = [];
  while (out.length < n) {
    let words = wordTokens(titles[Math.floor(rand() * titles.length)]);
    if (words.length && SKIP_FIRST.has(words[0]) && rand() < 0.7) words = words.slice(1);
    if (words.length === 0) continue;
    const k = 1 + Math.floor(rand() * Math.min(3, words.length));
    const picked = words.slice(0, k);
    const last = picked[k - 1];
    picked[k - 1] = last.slice(0, Math.max(1, Math.ceil(rand() * last.length)));
    out.push(picked.join(' '));
  }
  return out;
}

/** Keyword searches: one to three content words of a title, one in ten with a transposed letter. */
export function keywordQueries(titles: string[], n: number, seed = 2): string[] {
  const rand = rng(seed);
  const out: string[] = [];
  while (out.length < n) {
    const words = wordTokens(titles[Math.floor(rand() * titles.length)]).filter((w) => !STOP.has(w));
    if (words.length === 0) continue;
    const start = Math.floor(rand() * words.length);
    const picked = words.slice(start, start + 1 + Math.floor(rand() * 3));
    if (rand() < 0.1) {
      const j = picked.findIndex((w) => w.length >= 5);
      if (j >= 0) {
        const w = picked[j];
        const p = 1 + Math.floor(rand() * (w.length - 2));
        picked[j] = w.slice(0, p) + w[p + 1] + w[p] + w.slice(p + 2);
      }
    }
    out.push(picked.join(' '));
  }
  return out;
}

/** A skewed (Zipf, s = 1.07) picker over a pool: rank 1 is asked most, the tail rarely. */
export function zipfPicker<T>(pool: T[], s = 1.07, seed = 3): () => T {
  const weights = pool.map((_, i) => 1 / (i + 1) ** s);
  const cumulative: number[] = [];
  let sum = 0;
  for (const w of weights) cumulative.push((sum += w));
  const rand = rng(seed);
  return () => {
    const x = rand() * sum;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return pool[lo];
  };
}
