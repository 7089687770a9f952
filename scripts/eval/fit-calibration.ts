// Fits the judge's confidence calibration (src/matching/calibration.ts) on the TUNE splits of the
// labelled sets and reports its reliability on the REPORT splits:
//   tune:   labelled-pairs.jsonl `dev` + `test` (with rules), the families round `tune`, the rules round `tune`
//   report: labelled-pairs.jsonl `test2`, the families round `report`, the rules round `report`
// Isotonic regression of "the verdict is right" on the judge's raw confidence, one map for identical
// verdicts (right = labelled identical) and one for the others (right = not labelled identical).
// Writes src/matching/confidence-calibration.ts unless --dry-run, then prints the reliability table
// and the expected calibration error (ECE) of the calibrated confidence on the report splits.
// The rounds drawn from ../shared/data are skipped with a message when it is absent.
//
// Usage: npx tsx scripts/eval/fit-calibration.ts [--data DIR] [--dry-run]
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../src/config.js';
import { Embedder } from '../../src/embeddings/embedder.js';
import { calibratedConfidence, expectedCalibrationError, fitIsotonic, type CalibrationTable } from '../../src/matching/calibration.js';
import { scorePairs, type EmbedTexts } from '../../src/matching/score-pairs.js';
import type { PairVerdict, Relation } from '../../src/matching/types.js';
import { FAMILIES_ROUND, RULES_ROUND, scoreFamilyRound } from './family-round-eval.js';
import { LABELLED_PAIRS_PATH, readLabelled } from './labelled-set.js';

const argValue = (flag: string) => {
  const i = process.argv.indexOf(flag);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const dataDir = argValue('--data') ?? path.resolve('../shared/data');
const dryRun = process.argv.includes('--dry-run');
const TABLE_PATH = 'src/matching/confidence-calibration.ts';

interface Row {
  set: string;
  side: 'tune' | 'report';
  label: Relation;
  verdict: PairVerdict;
}

async function scoredRows(embed: EmbedTexts): Promise<Row[]> {
  const rows: Row[] = [];
  const labelled = readLabelled(LABELLED_PAIRS_PATH);
  const verdicts = await scorePairs(labelled, embed, {});
  labelled.forEach((p, i) => rows.push({ set: 'labelled pairs', side: p.split === 'test2' ? 'report' : 'tune', label: p.label, verdict: verdicts[i] }));
  for (const round of [FAMILIES_ROUND, RULES_ROUND]) {
    const scored = await scoreFamilyRound(embed, dataDir, round);
    if (!scored) {
      console.error(`${round.name}: skipped (${dataDir} is not on this machine)`);
      continue;
    }
    for (const r of scored) rows.push({ set: round.name, side: r.label.split, label: r.label.label, verdict: r.verdict });
  }
  return rows;
}

const right = (r: Row) => (r.verdict.relation === 'identical') === (r.label === 'identical');
const raw = (r: Row) => r.verdict.rawConfidence ?? r.verdict.confidence;

function fit(rows: Row[]): CalibrationTable {
  const tune = rows.filter((r) => r.side === 'tune');
  const sets = [...new Set(tune.map((r) => r.set))].join(', ');
  return {
    fittedOn: `tune splits of ${sets} (${tune.length} pairs)`,
    identical: fitIsotonic(tune.filter((r) => r.verdict.relation === 'identical').map((r) => ({ raw: raw(r), right: right(r) }))),
    separate: fitIsotonic(tune.filter((r) => r.verdict.relation !== 'identical').map((r) => ({ raw: raw(r), right: right(r) }))),
  };
}

function reliability(rows: Row[], table: CalibrationTable): string {
  const report = rows.filter((r) => r.side === 'report').map((r) => ({ ...r, confidence: calibratedConfidence(r.verdict.relation, raw(r), table) }));
  const out: string[] = [];
  const BUCKETS: [number, number][] = [[0, 0.5], [0.5, 0.7], [0.7, 0.8], [0.8, 0.9], [0.9, 0.95], [0.95, 0.99], [0.99, 1.0001]];
  for (const [name, subset] of [
    ['identity links (verdict identical; right = labelled identical)', report.filter((r) => r.verdict.relation === 'identical')],
    ['all verdicts (right = identical iff labelled identical)', report],
  ] as const) {
    out.push(`\n### Reliability on the report splits: ${name}, ${subset.length} pairs\n`, '| calibrated confidence | pairs | mean confidence | share right |', '|---|---:|---:|---:|');
    for (const [lo, hi] of BUCKETS) {
      const b = subset.filter((r) => r.confidence >= lo && r.confidence < hi);
      if (!b.length) continue;
      const mean = b.reduce((s, r) => s + r.confidence, 0) / b.length;
      out.push(`| [${lo.toFixed(2)}, ${Math.min(hi, 1).toFixed(2)}${hi > 1 ? ']' : ')'} | ${b.length} | ${mean.toFixed(3)} | ${(b.filter(right).length / b.length).toFixed(3)} |`);
    }
    const ece = expectedCalibrationError(subset.map((r) => ({ confidence: r.confidence, right: right(r) })));
    const eceRaw = expectedCalibrationError(subset.map((r) => ({ confidence: raw(r), right: right(r) })));
    out.push(`\nExpected calibration error: **${ece.toFixed(3)}** calibrated (raw judge confidence: ${eceRaw.toFixed(3)}).`);
  }
  return out.join('\n');
}

let embedder: Embedder | undefined;
try {
  embedder = await Embedder.start({ modelDir: loadConfig().modelDir });
  const model = embedder;
  const rows = await scoredRows(async (texts, kind) => (await model.embedDocuments(texts, kind)).map((d) => d.vector));
  const table = fit(rows);
  if (!dryRun) {
    writeFileSync(
      TABLE_PATH,
      `// Generated by \`npx tsx scripts/eval/fit-calibration.ts\` (see calibration.ts): do not edit by hand.\nimport type { CalibrationTable } from './calibration-table.js';\n\nexport const CONFIDENCE_CALIBRATION: CalibrationTable = ${JSON.stringify(table, null, 2)};\n`,
    );
    console.log(`wrote ${TABLE_PATH}: ${table.identical.length} + ${table.separate.length} steps, fitted on the ${table.fittedOn}`);
  }
  console.log(reliability(rows, table));
} catch (err) {
  console.error(`fit-calibration failed: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await embedder?.close();
}
