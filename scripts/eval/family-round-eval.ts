// Scores the judge on a labelled round drawn from the shared data (the families round,
// draw-family-round.ts, or the rules round, draw-rules-round.ts): re-draws the pairs, joins the labels
// by id, and reports precision, recall and F1 of identity links per family (shape) and overall on each
// split, the confusion of relations with the related kinds, and the reliability of link confidence.
import { readFileSync } from 'node:fs';
import { drawFamilyRound, FAMILIES, type RoundMarket } from './draw-family-round.js';
import { drawRulesRound, familyRoundIds, RULE_SHAPES } from './draw-rules-round.js';
import { evaluate, type EvaluationResult } from '../../src/matching/evaluation.js';
import { scorePairs, type EmbedTexts } from '../../src/matching/score-pairs.js';
import type { PairVerdict, RelatedKind, Relation } from '../../src/matching/types.js';

export const FAMILY_LABELS_PATH = 'test/fixtures/matching/family-round-labels.jsonl';
export const RULES_LABELS_PATH = 'test/fixtures/matching/rules-round-labels.jsonl';
const SPLITS = ['tune', 'report'] as const;

/** What scoring a round needs: its name, labels, families and how its pairs are drawn. */
export interface LabelledRound {
  name: string;
  labelsPath: string;
  families: readonly string[];
  draw: (dataDir: string) => { id: string; a: RoundMarket; b: RoundMarket }[] | null;
}

export const FAMILIES_ROUND: LabelledRound = { name: 'Families round', labelsPath: FAMILY_LABELS_PATH, families: FAMILIES, draw: (dir) => drawFamilyRound(dir) };
export const RULES_ROUND: LabelledRound = {
  name: 'Rules round', labelsPath: RULES_LABELS_PATH, families: RULE_SHAPES, draw: (dir) => drawRulesRound(dir, familyRoundIds(FAMILY_LABELS_PATH)),
};

export interface FamilyLabel {
  id: string;
  family: string;
  split: (typeof SPLITS)[number];
  label: Relation;
  kind: RelatedKind | null;
  reason: string;
}

export function readFamilyLabels(file = FAMILY_LABELS_PATH): FamilyLabel[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as FamilyLabel);
}

export interface ScoredFamilyPair {
  pair: { id: string; a: RoundMarket; b: RoundMarket };
  label: FamilyLabel;
  verdict: PairVerdict;
}

/** The round's pairs with their labels and the judge's verdicts, or null when the shared data is absent. */
export async function scoreFamilyRound(embed: EmbedTexts, dataDir: string, round: LabelledRound = FAMILIES_ROUND): Promise<ScoredFamilyPair[] | null> {
  const pairs = round.draw(dataDir);
  if (!pairs) return null;
  const labels = new Map(readFamilyLabels(round.labelsPath).map((l) => [l.id, l]));
  const labelled = pairs.filter((p) => labels.has(p.id));
  const unlabelled = pairs.length - labelled.length;
  if (unlabelled > 0) console.error(`${round.name}: ${unlabelled} drawn pairs have no label (the shared data changed?); scored the ${labelled.length} labelled`);
  // The judge sees the markets as the matching job would; time of judgement is each pair's own
  // listing, so a market without a close time is not compared with today.
  const verdicts = await scorePairs(labelled, embed, { asOfMs: null });
  return labelled.map((pair, i) => ({ pair, label: labels.get(pair.id)!, verdict: verdicts[i] }));
}

const pct = (x: number) => x.toFixed(3);
const relationOf = (relation: Relation, kind: RelatedKind | null) => (relation === 'related' ? `related:${kind ?? '?'}` : relation);

function metrics(rows: ScoredFamilyPair[]): EvaluationResult {
  return evaluate(rows.map((r) => ({ id: r.pair.id, label: r.label.label })), rows.map((r) => r.verdict));
}

/** The report as Markdown (tables per split, confusion, the misses of one split). */
export async function evaluateFamilyRound(
  embed: EmbedTexts,
  options: { dataDir: string; missesOf?: string; splits?: readonly string[]; round?: LabelledRound },
): Promise<string> {
  const round = options.round ?? FAMILIES_ROUND;
  const all = await scoreFamilyRound(embed, options.dataDir, round);
  const scored = all && options.splits ? all.filter((r) => options.splits!.includes(r.label.split)) : all;
  if (!scored) return `## ${round.name}\n\nskipped: ${options.dataDir} has no pairs/opinion-polymarket.jsonl or Gamma markets (the shared data folder is not on this machine)\n`;
  const out: string[] = [`## ${round.name} (${round.labelsPath}: ${scored.length} pairs)\n`];
  out.push('| split | family | pairs | identical | identity precision | identity recall | F1 | relation accuracy |', '|---|---|---:|---:|---:|---:|---:|---:|');
  for (const split of SPLITS) {
    if (options.splits && !options.splits.includes(split)) continue;
    const inSplit = scored.filter((r) => r.label.split === split);
    for (const family of [...round.families, 'all']) {
      const rows = family === 'all' ? inSplit : inSplit.filter((r) => r.label.family === family);
      if (!rows.length) continue;
      const m = metrics(rows);
      const identical = rows.filter((r) => r.label.label === 'identical').length;
      out.push(`| ${split} | ${family === 'all' ? '**all**' : family} | ${rows.length} | ${identical} | ${pct(m.precision)} | ${pct(m.recall)} | ${pct(m.f1)} | ${pct(m.accuracy)} |`);
    }
  }
  for (const split of SPLITS) {
    if (options.splits && !options.splits.includes(split)) continue;
    const rows = scored.filter((r) => r.label.split === split);
    const labelKeys = [...new Set(rows.map((r) => relationOf(r.label.label, r.label.kind)))].sort();
    const predictedKeys = [...new Set(rows.map((r) => relationOf(r.verdict.relation, r.verdict.kind)))].sort();
    out.push(`\n### Confusion of relations, ${split} (rows: label, columns: predicted)\n`);
    out.push(`| label \\ predicted | ${predictedKeys.join(' | ')} |`, `|---|${predictedKeys.map(() => '---:').join('|')}|`);
    for (const l of labelKeys) {
      const cells = predictedKeys.map((p) => rows.filter((r) => relationOf(r.label.label, r.label.kind) === l && relationOf(r.verdict.relation, r.verdict.kind) === p).length);
      out.push(`| ${l} | ${cells.join(' | ')} |`);
    }
  }
  // Reliability of the links' confidence: of the pairs the judge links (identical) with a confidence in
  // a bucket, the share labelled identical. Read on the report split; the confidence is not fitted to it.
  const BUCKETS: [number, number][] = [[0, 0.8], [0.8, 0.9], [0.9, 0.95], [0.95, 0.99], [0.99, 1.0001]];
  for (const split of SPLITS) {
    if (options.splits && !options.splits.includes(split)) continue;
    const links = scored.filter((r) => r.label.split === split && r.verdict.relation === 'identical');
    out.push(`\n### Reliability of link confidence, ${split} (${links.length} links)\n`, '| confidence | links | labelled identical | share |', '|---|---:|---:|---:|');
    for (const [lo, hi] of BUCKETS) {
      const inBucket = links.filter((r) => r.verdict.confidence >= lo && r.verdict.confidence < hi);
      const good = inBucket.filter((r) => r.label.label === 'identical').length;
      out.push(`| [${lo.toFixed(2)}, ${Math.min(hi, 1).toFixed(2)}${hi > 1 ? ']' : ')'} | ${inBucket.length} | ${good} | ${inBucket.length ? pct(good / inBucket.length) : '-'} |`);
    }
  }
  const missesOf = options.missesOf ?? 'tune';
  const misses = scored.filter((r) => (missesOf === 'all' || r.label.split === missesOf) && (r.label.label === 'identical') !== (r.verdict.relation === 'identical'));
  out.push(`\n### Identity misses, ${missesOf} (${misses.length})\n`);
  for (const r of misses) {
    out.push(`- ${r.pair.id} [${r.label.family}]: label ${r.label.label}, predicted ${relationOf(r.verdict.relation, r.verdict.kind)} (${r.verdict.reasons.join('; ')})\n  a: ${r.pair.a.title} | b: ${r.pair.b.title} | why labelled: ${r.label.reason}`);
  }
  return out.join('\n') + '\n';
}
