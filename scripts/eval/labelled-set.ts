// Reads the labelled pairs (test/fixtures/matching/labelled-pairs.jsonl: rounds 1-6, splits dev, test,
// test2), checking each line's pair, split and label.
import { readFileSync } from 'node:fs';
import { parsePairLine, type PairLine } from '../../src/matching/pair-input.js';
import type { Relation } from '../../src/matching/types.js';

export const LABELLED_PAIRS_PATH = 'test/fixtures/matching/labelled-pairs.jsonl';
export const SPLITS = ['dev', 'test', 'test2'] as const;
export type Split = (typeof SPLITS)[number];

export interface Labelled extends PairLine {
  split: Split;
  label: Relation;
  reason: string;
}

export function readLabelled(file: string): Labelled[] {
  const out: Labelled[] = [];
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      if (!line.trim()) return;
      const parsed = parsePairLine(line);
      if (!parsed.ok) throw new Error(`${file}:${i + 1}: ${parsed.error}`);
      const raw = JSON.parse(line) as { split?: string; label?: string; reason?: string };
      if (!(SPLITS as readonly (string | undefined)[]).includes(raw.split)) throw new Error(`${file}:${i + 1}: split must be one of ${SPLITS.join(', ')}`);
      if (raw.label !== 'identical' && raw.label !== 'related' && raw.label !== 'different') throw new Error(`${file}:${i + 1}: label must be identical, related or different`);
      out.push({ ...parsed.pair, split: raw.split as Split, label: raw.label, reason: raw.reason ?? '' });
    });
  return out;
}
