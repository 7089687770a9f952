/**
 * Scores the matcher against labelled pairs: precision, recall and F1 of identity links (a pair
 * predicted `identical` is a link), and the identical/related/different confusion matrix. Pure; the
 * labelled set and the predictions come from the caller (scripts/eval-matching.ts).
 */
import type { PairVerdict, Relation } from './types.js';

export const RELATIONS: readonly Relation[] = ['identical', 'related', 'different'];

export interface LabelledPair {
  id: string;
  label: Relation;
}

export interface EvaluationResult {
  pairs: number;
  /** confusion[label][predicted] = count */
  confusion: Record<Relation, Record<Relation, number>>;
  precision: number;
  recall: number;
  f1: number;
  /** Share of pairs whose predicted relation equals the label. */
  accuracy: number;
  /** The pairs the matcher got wrong, for reading. */
  misses: { id: string; label: Relation; predicted: Relation; reasons: string[] }[];
}

export function evaluate(labelled: readonly LabelledPair[], predicted: readonly PairVerdict[]): EvaluationResult {
  if (labelled.length !== predicted.length) throw new Error(`${labelled.length} labels but ${predicted.length} predictions`);
  const confusion = Object.fromEntries(RELATIONS.map((l) => [l, Object.fromEntries(RELATIONS.map((p) => [p, 0]))])) as EvaluationResult['confusion'];
  const misses: EvaluationResult['misses'] = [];
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let correct = 0;
  labelled.forEach((pair, i) => {
    const p = predicted[i].relation;
    confusion[pair.label][p]++;
    if (p === pair.label) correct++;
    else misses.push({ id: pair.id, label: pair.label, predicted: p, reasons: predicted[i].reasons });
    if (p === 'identical' && pair.label === 'identical') tp++;
    else if (p === 'identical') fp++;
    else if (pair.label === 'identical') fn++;
  });
  // No predicted link at all: precision is undefined; report 1 (no wrong link) only when nothing was expected either.
  const precision = tp + fp === 0 ? (fn === 0 ? 1 : 0) : tp / (tp + fp);
  const recall = tp + fn === 0 ? 1 : tp / (tp + fn);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { pairs: labelled.length, confusion, precision, recall, f1, accuracy: labelled.length ? correct / labelled.length : 1, misses };
}

/** A Markdown table of the confusion matrix (rows: label, columns: predicted). */
export function confusionTable(r: EvaluationResult): string {
  const head = `| label \\ predicted | ${RELATIONS.join(' | ')} |\n|---|${RELATIONS.map(() => '---:').join('|')}|`;
  const rows = RELATIONS.map((l) => `| ${l} | ${RELATIONS.map((p) => r.confusion[l][p]).join(' | ')} |`);
  return [head, ...rows].join('\n');
}
