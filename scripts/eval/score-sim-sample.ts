// Precision of the identity links the matching job predicted over the simulators' real listings, from
// a hand-labelled random sample of them (test/fixtures/matching/sim-corpus-sample.jsonl, drawn by
// scripts/eval/sim-corpus-matching.ts): every row is a predicted link, `label` is what reading both
// markets says (identical / related / different) and `reason` the one line why.
//
// Usage: npx tsx scripts/eval/score-sim-sample.ts [FILE] [--rejudge]
//   --rejudge  also asks the current judge about the sampled pairs (titles, subtitles and close times
//              as stored; the real embedding model), to see which wrong links a later judge still makes.
//              Optimistic when the judge was fixed on this sample's errors: report a fresh sample then.
import { readFileSync } from 'node:fs';
import { Embedder } from '../../src/embeddings/embedder.js';
import { loadConfig } from '../../src/config.js';
import type { PairLine } from '../../src/matching/pair-input.js';
import { scorePairs } from '../../src/matching/score-pairs.js';

export interface SampleSide {
  exchange: string;
  market_id: string;
  title: string;
  subtitle?: string | null;
  close_time?: string | null;
}

export interface LabelledLink {
  n: number;
  a: SampleSide;
  b: SampleSide;
  label: 'identical' | 'related' | 'different';
  reason: string;
}

export interface SampleScore {
  links: number;
  right: number;
  precision: number;
  /** Wilson 95% interval of the precision. */
  low: number;
  high: number;
  byVenuePair: Map<string, { links: number; right: number }>;
  wrong: LabelledLink[];
}

/** Parses the fixture; a malformed line is an error naming it. */
export function readSample(text: string, file = 'sample'): LabelledLink[] {
  return text.split('\n').flatMap((line, i) => {
    if (!line.trim()) return [];
    const where = `${file}:${i + 1}`;
    const o = JSON.parse(line) as Partial<LabelledLink>;
    if (!o.a?.exchange || !o.a.title || !o.b?.exchange || !o.b.title) throw new Error(`${where}: a and b need exchange and title`);
    if (o.label !== 'identical' && o.label !== 'related' && o.label !== 'different') throw new Error(`${where}: label must be identical, related or different`);
    if (!o.reason?.trim()) throw new Error(`${where}: a one-line reason is required`);
    return [o as LabelledLink];
  });
}

export function scoreSample(rows: readonly LabelledLink[]): SampleScore {
  const right = rows.filter((r) => r.label === 'identical').length;
  const n = rows.length;
  const p = n ? right / n : 0;
  const z = 1.96;
  const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
  const half = (z / (1 + (z * z) / n)) * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n));
  const byVenuePair = new Map<string, { links: number; right: number }>();
  for (const r of rows) {
    const k = [r.a.exchange, r.b.exchange].sort().join('-');
    const e = byVenuePair.get(k) ?? { links: 0, right: 0 };
    e.links++;
    if (r.label === 'identical') e.right++;
    byVenuePair.set(k, e);
  }
  return { links: n, right, precision: p, low: n ? Math.max(0, centre - half) : 0, high: n ? Math.min(1, centre + half) : 0, byVenuePair, wrong: rows.filter((r) => r.label !== 'identical') };
}

async function main(): Promise<void> {
  const file = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 'test/fixtures/matching/sim-corpus-sample.jsonl';
  const rows = readSample(readFileSync(file, 'utf8'), file);
  const s = scoreSample(rows);
  console.log(`${file}: ${s.links} predicted identity links, ${s.right} labelled identical: precision ${s.precision.toFixed(3)} (95% interval ${s.low.toFixed(3)}-${s.high.toFixed(3)})`);
  for (const [k, e] of [...s.byVenuePair].sort((x, y) => y[1].links - x[1].links)) console.log(`  ${k}: ${e.right}/${e.links}`);
  for (const w of s.wrong) console.log(`  wrong #${w.n} (${w.label}): [${w.a.exchange}] ${w.a.title}${w.a.subtitle ? ` | ${w.a.subtitle}` : ''}  <->  [${w.b.exchange}] ${w.b.title}${w.b.subtitle ? ` | ${w.b.subtitle}` : ''}: ${w.reason}`);

  if (process.argv.includes('--rejudge')) {
    const embedder = await Embedder.start({ modelDir: loadConfig().modelDir });
    try {
      const side = (m: SampleSide) => ({ exchange: m.exchange, market_id: m.market_id, title: m.title, subtitle: m.subtitle ?? null, close_time: m.close_time ?? null, rules: null, outcomes: null, category: null, event_id: null });
      const pairs = rows.map((r) => ({ id: String(r.n), a: side(r.a), b: side(r.b) }) as PairLine);
      const verdicts = await scorePairs(pairs, async (texts, kind) => (await embedder.embedDocuments(texts, kind)).map((d) => d.vector), { titlesOnly: true });
      const still = rows.filter((_, i) => verdicts[i].relation === 'identical');
      const again = scoreSample(still);
      console.log(`current judge (titles only): links ${still.length} of the ${rows.length}; precision on them ${again.precision.toFixed(3)}; wrong links still made: ${again.wrong.map((w) => `#${w.n}`).join(', ') || 'none'}; right links lost: ${rows.filter((r, i) => r.label === 'identical' && verdicts[i].relation !== 'identical').map((r) => `#${r.n}`).join(', ') || 'none'}`);
    } finally {
      await embedder.close();
    }
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
