// Scores the matcher on the labelled pairs (test/fixtures/matching/labelled-pairs.jsonl): precision,
// recall and F1 of identity links and the identical/related/different confusion matrix, per split, with
// rules and titles-only: `dev` (tune on it), `test` (the first held-out half, looked at once and
// since then tuning data too) and `test2` (a later held-out round: report only, never tune on it).
// Then the families round (test/fixtures/matching/family-round-labels.jsonl, drawn from the shared data
// by family and window, never by the matcher: scripts/eval/draw-family-round.ts): precision, recall and
// F1 per family and overall on its `tune` and `report` splits, and the confusion of relations with the
// related kinds; the same for the rules round (test/fixtures/matching/rules-round-labels.jsonl:
// settlement conventions read from the rules, scripts/eval/draw-rules-round.ts). Then runs the matcher over the bot-asserted pair files of the shared data (reported,
// never tuned to).
//
// Usage: npm run eval:matching [-- --set FILE] [--data DIR] [--splits dev,test,test2] [--misses dev|test|test2|all] [--no-bot]
//                              [--families-only] [--rules-only] [--family-misses tune|report|all] [--family-splits tune|report|tune,report]
//   --families-only  the two rounds drawn from the shared data (families, then rules) only; --rules-only: the rules round only
//   --set     labelled pairs (default test/fixtures/matching/labelled-pairs.jsonl)
//   --data    the shared data folder (default ../shared/data; skipped with a message when absent)
//   --splits  the splits to score (default: every split of the file); tuning runs leave the held-out one out
//   --misses  list the misclassified pairs of a split (default: dev)
// Settings: MODEL_DIR (the embedding model).
import { existsSync, createReadStream } from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import zlib from 'node:zlib';
import { loadConfig } from '../src/config.js';
import { Embedder } from '../src/embeddings/embedder.js';
import type { PairLine } from '../src/matching/pair-input.js';
import { scorePairs, type EmbedTexts } from '../src/matching/score-pairs.js';
import { evaluate, confusionTable, type EvaluationResult } from '../src/matching/evaluation.js';
import type { PairVerdict, Relation } from '../src/matching/types.js';
import { slugTitle } from './eval/polymarket-slug-title.js';
import { evaluateFamilyRound, RULES_ROUND } from './eval/family-round-eval.js';
import { readLabelled, SPLITS, type Split } from './eval/labelled-set.js';
import { exitOnHelp } from './lib/cli-args.js';

exitOnHelp(import.meta.url);

function argValue(flag: string): string | undefined {
  const i = process.argv.indexOf(flag);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const setPath = argValue('--set') ?? 'test/fixtures/matching/labelled-pairs.jsonl';
const dataDir = argValue('--data') ?? path.resolve('../shared/data');
const missesOf = argValue('--misses') ?? 'dev';
const skipBot = process.argv.includes('--no-bot');
const rulesOnly = process.argv.includes('--rules-only');
const familiesOnly = process.argv.includes('--families-only') || rulesOnly;
const familyMissesOf = argValue('--family-misses') ?? 'tune';
// Tuning runs look at the tune split only: `--family-splits tune`.
const familySplits = argValue('--family-splits')?.split(',').map((x) => x.trim());
const SPLIT_NAMES: Record<Split, string> = { dev: 'dev', test: 'test (old held-out half)', test2: 'test2 (held out)' };
const splitsWanted = (argValue('--splits') ?? SPLITS.join(',')).split(',').map((s) => s.trim());
for (const s of splitsWanted) if (!(SPLITS as readonly string[]).includes(s)) throw new Error(`--splits: unknown split '${s}' (known: ${SPLITS.join(', ')})`);

const pct = (x: number) => x.toFixed(3);

function summaryRow(name: string, r: EvaluationResult): string {
  return `| ${name} | ${r.pairs} | ${pct(r.precision)} | ${pct(r.recall)} | ${pct(r.f1)} | ${pct(r.accuracy)} |`;
}

async function evaluateSet(embed: EmbedTexts): Promise<void> {
  const all = readLabelled(setPath);
  console.log(`## Labelled pairs (${setPath}: ${all.length} pairs)\n`);
  const rows: string[] = [];
  const details: string[] = [];
  for (const split of SPLITS) {
    const pairs = all.filter((p) => p.split === split);
    if (!splitsWanted.includes(split) || pairs.length === 0) continue;
    for (const titlesOnly of [false, true]) {
      const verdicts = await scorePairs(pairs, embed, { titlesOnly });
      const r = evaluate(pairs.map((p) => ({ id: p.id, label: p.label })), verdicts);
      const name = `${SPLIT_NAMES[split]}, ${titlesOnly ? 'titles only' : 'with rules'}`;
      rows.push(summaryRow(name, r));
      details.push(`### ${name}\n\n${confusionTable(r)}\n`);
      if (!titlesOnly && (missesOf === 'all' || missesOf === split)) {
        const byId = new Map(pairs.map((p) => [p.id, p]));
        details.push(
          `Misses (${r.misses.length}):\n\n` +
            r.misses
              .map((m) => {
                const p = byId.get(m.id)!;
                return `- ${m.id}: label ${m.label}, predicted ${m.predicted} (${m.reasons.join('; ')})\n  a: ${p.a.title} | b: ${p.b.title} | why labelled: ${p.reason}`;
              })
              .join('\n') +
            '\n',
        );
      }
    }
  }
  console.log('| set | pairs | identity precision | identity recall | F1 | relation accuracy |\n|---|---:|---:|---:|---:|---:|');
  console.log(rows.join('\n') + '\n');
  console.log(details.join('\n'));
}

// ---------------------------------------------------------------------------------------------------
// The bot-asserted pair files (report only).


async function* jsonLines(file: string): AsyncGenerator<Record<string, unknown>> {
  const input = file.endsWith('.gz') ? createReadStream(file).pipe(zlib.createGunzip()) : createReadStream(file);
  for await (const line of readline.createInterface({ input, crlfDelay: Infinity })) if (line.trim()) yield JSON.parse(line) as Record<string, unknown>;
}

function distribution(verdicts: PairVerdict[]): string {
  const n = verdicts.length;
  const count = (r: Relation) => verdicts.filter((v) => v.relation === r).length;
  return (['identical', 'related', 'different'] as const).map((r) => `${r} ${count(r)} (${((100 * count(r)) / Math.max(1, n)).toFixed(1)}%)`).join(', ');
}

const market = (exchange: string, title: string, extra: Partial<PairLine['a']> = {}): PairLine['a'] => ({
  exchange, title, market_id: null, rules: null, close_time: null, outcomes: null, category: null, event_id: null, subtitle: null, ...extra,
});

async function evaluateBotFiles(embed: EmbedTexts): Promise<void> {
  console.log('## Bot-asserted and candidate pair files (report only; the matcher was not tuned to them)\n');
  const pairsDir = path.join(dataDir, 'pairs');
  if (!existsSync(pairsDir)) {
    console.log(`skipped: ${pairsDir} not found (the shared data folder is not on this machine)\n`);
    return;
  }
  // Polymarket questions by conditionId, for the files that carry only a slug.
  const questions = new Map<string, { question: string; end: string | null; description: string | null }>();
  const gamma = path.join(dataDir, 'markets/polymarket/gamma-markets.jsonl.gz');
  if (existsSync(gamma)) {
    for await (const o of jsonLines(gamma)) {
      if (typeof o.conditionId === 'string' && typeof o.question === 'string') {
        questions.set(o.conditionId, { question: o.question, end: (o.endDate as string) ?? null, description: (o.description as string) ?? null });
      }
    }
  }
  const pmSide = (p: Record<string, unknown>): PairLine['a'] => {
    const q = questions.get(p.condition_id as string);
    return market('polymarket', q?.question ?? slugTitle(p.slug as string), { close_time: q?.end ?? null, rules: (p.rules as string) ?? q?.description ?? null });
  };
  const iso = (s: unknown) => (typeof s === 'number' ? new Date(s * 1000).toISOString() : null);

  const rows: string[] = ['| file | pairs | asserted | matcher (with rules) | matcher (titles only) |', '|---|---:|---|---|---|'];
  for (const [file, venue, key] of [
    ['opinion-polymarket.jsonl', 'opinion', 'opinion'],
    ['predictfun-polymarket.jsonl', 'predictfun', 'predictfun'],
  ] as const) {
    const f = path.join(pairsDir, file);
    if (!existsSync(f)) continue;
    const pairs: PairLine[] = [];
    for await (const o of jsonLines(f)) {
      const side = o[key] as Record<string, unknown>;
      pairs.push({
        id: String(pairs.length),
        a: market(venue, side.title as string, { close_time: iso(o.cutoff_at), rules: (side.rules as string) ?? null }),
        b: pmSide(o.polymarket as Record<string, unknown>),
      });
    }
    const withRules = await scorePairs(pairs, embed);
    const titlesOnly = await scorePairs(pairs, embed, { titlesOnly: true });
    rows.push(`| ${file} | ${pairs.length} | identical (bot) | ${distribution(withRules)} | ${distribution(titlesOnly)} |`);
  }
  const cand = path.join(pairsDir, 'kalshi-polymarket-candidates.jsonl.gz');
  if (existsSync(cand)) {
    const pairs: PairLine[] = [];
    for await (const o of jsonLines(cand)) {
      const k = o.kalshi as Record<string, string>;
      const p = o.polymarket as Record<string, string>;
      if (!k?.title || !p?.question) continue;
      pairs.push({ id: String(pairs.length), a: market('kalshi', k.title, { close_time: k.end ?? null }), b: market('polymarket', p.question, { close_time: p.end ?? null }) });
    }
    const verdicts = await scorePairs(pairs, embed, { titlesOnly: true });
    rows.push(`| kalshi-polymarket-candidates.jsonl.gz | ${pairs.length} | unlabelled fuzzy candidates (mostly false) | (no rules in the file) | ${distribution(verdicts)} |`);
  }
  console.log(rows.join('\n'));
  console.log(
    '\nNot scored: kalshi-polymarket-strikes.jsonl and kalshi-polymarket-lookalikes.jsonl carry tickers and ids only (no Kalshi question text to judge), ' +
      'opinion-polymarket-unmatched.jsonl holds event groups, not pairs.\n',
  );
}

let embedder: Embedder | undefined;
try {
  const config = loadConfig();
  embedder = await Embedder.start({ modelDir: config.modelDir });
  const model = embedder;
  const embed: EmbedTexts = async (texts, kind) => (await model.embedDocuments(texts, kind)).map((d) => d.vector);
  const started = Date.now();
  if (!familiesOnly) await evaluateSet(embed);
  if (!rulesOnly) console.log(await evaluateFamilyRound(embed, { dataDir, missesOf: familyMissesOf, splits: familySplits }));
  console.log(await evaluateFamilyRound(embed, { dataDir, missesOf: familyMissesOf, splits: familySplits, round: RULES_ROUND }));
  if (!skipBot && !familiesOnly) await evaluateBotFiles(embed);
  console.error(`eval:matching done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} catch (err) {
  console.error(`eval:matching failed: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await embedder?.close();
}
