/**
 * Scores pairs of markets that need not be in the catalog: embeds their titles and rules (batched,
 * each distinct text once) and asks the pair judge. `npm run match:pairs` and `npm run eval:matching`
 * both go through here, so the evaluation measures exactly what the audit tool reports.
 */
import { judgePair } from './judge.js';
import type { PairLine } from './pair-input.js';
import type { PairVerdict } from './types.js';

/** Embeds document texts of one kind; vectors are L2-normalised (the project's Embedder does this). */
export type EmbedTexts = (texts: string[], kind: 'title' | 'rules') => Promise<Float32Array[]>;

export interface ScoreOptions {
  /** Ignore rules texts (the titles-only case). */
  titlesOnly?: boolean;
  /** Pairs per embedding batch (default 256). */
  batchSize?: number;
  /** Called after each batch with the number of pairs scored so far. */
  onProgress?: (done: number) => void;
  /** The time of judgement (default: now); a market without a close time is a question of then. */
  asOfMs?: number | null;
}

export function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  if (na === 0 || nb === 0) return 0;
  return Math.max(0, Math.min(1, dot / Math.sqrt(na * nb)));
}

async function embedDistinct(texts: string[], kind: 'title' | 'rules', embed: EmbedTexts): Promise<Map<string, Float32Array>> {
  const distinct = [...new Set(texts)];
  const vectors = distinct.length ? await embed(distinct, kind) : [];
  return new Map(distinct.map((t, i) => [t, vectors[i]]));
}

/** The verdict for every pair, in input order. */
export async function scorePairs(pairs: PairLine[], embed: EmbedTexts, options: ScoreOptions = {}): Promise<PairVerdict[]> {
  const batchSize = options.batchSize ?? 256;
  const asOfMs = options.asOfMs === undefined ? Date.now() : options.asOfMs;
  const out: PairVerdict[] = [];
  for (let start = 0; start < pairs.length; start += batchSize) {
    const batch = pairs.slice(start, start + batchSize);
    const titles = await embedDistinct(batch.flatMap((p) => [p.a.title, p.b.title]), 'title', embed);
    const withRules = options.titlesOnly ? [] : batch.filter((p) => p.a.rules && p.b.rules);
    const rules = await embedDistinct(withRules.flatMap((p) => [p.a.rules!, p.b.rules!]), 'rules', embed);
    for (const p of batch) {
      const a = options.titlesOnly ? { ...p.a, rules: null } : p.a;
      const b = options.titlesOnly ? { ...p.b, rules: null } : p.b;
      const title = cosine(titles.get(p.a.title)!, titles.get(p.b.title)!);
      const rulesSim = a.rules && b.rules ? cosine(rules.get(a.rules)!, rules.get(b.rules)!) : null;
      out.push(judgePair(a, b, { title, rules: rulesSim }, { asOfMs }));
    }
    options.onProgress?.(Math.min(pairs.length, start + batch.length));
  }
  return out;
}
