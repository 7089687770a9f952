/**
 * Calibrated confidence: the judge's raw confidence (a score of how clearly a pair passed or failed its
 * checks) mapped to the probability that the verdict is right, as measured on the tune splits of the
 * labelled sets (isotonic regression, `npx tsx scripts/eval/fit-calibration.ts`, which writes
 * confidence-calibration.ts and reports the reliability on the report splits).
 *
 * "Right" means, for an `identical` verdict, that the pair is labelled identical (the link may join a
 * cluster); for `related` and `different`, that it is not (the pair is rightly kept apart). The
 * table is data: refitting changes numbers, not code.
 */
import type { CalibrationStep, CalibrationTable } from './calibration-table.js';
import { CONFIDENCE_CALIBRATION } from './confidence-calibration.js';

export type { CalibrationStep, CalibrationTable } from './calibration-table.js';

const TABLE: CalibrationTable = CONFIDENCE_CALIBRATION;

/** The probability that a verdict of this relation with this raw confidence is right. */
export function calibratedConfidence(relation: 'identical' | 'related' | 'different', raw: number, t: CalibrationTable = TABLE): number {
  const steps = relation === 'identical' ? t.identical : t.separate;
  if (!steps.length) return raw;
  const step = steps.find((s) => raw <= s.upTo) ?? steps[steps.length - 1];
  return step.p;
}

/**
 * Isotonic regression (pool adjacent violators) of outcomes on raw scores: a non-decreasing step map.
 * Steps hold at least `minPairs` pairs (a neighbour is pooled in; pooling neighbours keeps the map
 * non-decreasing), so a step is a measurement, not one pair's luck; each step's probability is
 * smoothed by one pseudo-count each way, so it never claims certainty.
 */
export function fitIsotonic(points: { raw: number; right: boolean }[], minPairs = 30): CalibrationStep[] {
  const sorted = [...points].sort((x, y) => x.raw - y.raw);
  const blocks: { upTo: number; right: number; n: number }[] = [];
  for (const p of sorted) {
    const last = blocks[blocks.length - 1];
    // Equal raw scores are one block: the map cannot tell them apart.
    if (last && last.upTo === p.raw) {
      last.right += p.right ? 1 : 0;
      last.n += 1;
    } else blocks.push({ upTo: p.raw, right: p.right ? 1 : 0, n: 1 });
    while (blocks.length > 1) {
      const b = blocks[blocks.length - 1];
      const a = blocks[blocks.length - 2];
      if (a.right / a.n <= b.right / b.n) break;
      blocks.splice(blocks.length - 2, 2, { upTo: b.upTo, right: a.right + b.right, n: a.n + b.n });
    }
  }
  // Pool small steps into the next one up (the last into the one below).
  for (let i = 0; i < blocks.length && blocks.length > 1; ) {
    if (blocks[i].n >= minPairs) {
      i++;
      continue;
    }
    const j = i + 1 < blocks.length ? i + 1 : i - 1;
    const [lo, hi] = j > i ? [blocks[i], blocks[j]] : [blocks[j], blocks[i]];
    blocks.splice(Math.min(i, j), 2, { upTo: hi.upTo, right: lo.right + hi.right, n: lo.n + hi.n });
    i = Math.max(0, Math.min(i, j));
  }
  // Smoothing pulls a small all-right step below a larger almost-all-right one: keep the map non-decreasing.
  let floor = 0;
  return blocks.map((b) => {
    floor = Math.max(floor, Math.round(((b.right + 1) / (b.n + 2)) * 1000) / 1000);
    return { upTo: b.upTo, p: floor, n: b.n };
  });
}

/** Expected calibration error: the pair-weighted mean gap between confidence and the share right, over buckets. */
export function expectedCalibrationError(rows: { confidence: number; right: boolean }[], edges: readonly number[] = [0, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.99, 1.0001]): number {
  if (!rows.length) return 0;
  let sum = 0;
  for (let i = 0; i + 1 < edges.length; i++) {
    const inBucket = rows.filter((r) => r.confidence >= edges[i] && r.confidence < edges[i + 1]);
    if (!inBucket.length) continue;
    const mean = inBucket.reduce((s, r) => s + r.confidence, 0) / inBucket.length;
    const share = inBucket.filter((r) => r.right).length / inBucket.length;
    sum += inBucket.length * Math.abs(mean - share);
  }
  return sum / rows.length;
}
