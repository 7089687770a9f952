// Scores pairs of markets from a file with the matcher's own pair judge (the logic the matching job
// uses), computing the title and rules embeddings locally. For data teams auditing the matcher.
//
// Usage: npm run match:pairs -- IN.jsonl [OUT.jsonl] [--titles-only]
//   IN.jsonl   one pair per line: {"id", "a": M, "b": M}, M = {"exchange", "title", "market_id"?,
//              "rules"?, "close_time"?, "outcomes"?} (absent fields are null)
//   OUT.jsonl  one verdict per scored line: {"id", "relation", "kind", "confidence", "reasons"}
//              (stdout when absent)
//   --titles-only  ignore rules texts
// Settings: MODEL_DIR (the embedding model, as the service).
//
// A bad line (invalid JSON, missing title or exchange) is reported on stderr with its line number and
// skipped; the other lines are still scored, and the exit code is 1 at the end.
import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import readline from 'node:readline';
import { progressBar } from '../src/util/progress.js';
import { loadConfig } from '../src/config.js';
import { Embedder } from '../src/embeddings/embedder.js';
import { parsePairLine, type PairLine } from '../src/matching/pair-input.js';
import { scorePairs } from '../src/matching/score-pairs.js';
import { exitOnHelp } from './lib/cli-args.js';

exitOnHelp(import.meta.url);

const args = process.argv.slice(2).filter((a) => a !== '--');
const titlesOnly = args.includes('--titles-only');
const [inPath, outPath] = args.filter((a) => !a.startsWith('--'));
if (!inPath) {
  console.error('usage: npm run match:pairs -- IN.jsonl [OUT.jsonl] [--titles-only]');
  process.exit(2);
}

// Progress on stderr only for inputs long enough to be worth watching.
const PROGRESS_FROM = 200;

async function readPairs(path: string): Promise<{ pairs: PairLine[]; bad: number }> {
  const pairs: PairLine[] = [];
  let bad = 0;
  let lineNo = 0;
  const lines = readline.createInterface({ input: createReadStream(path, 'utf8'), crlfDelay: Infinity });
  for await (const line of lines) {
    lineNo++;
    if (!line.trim()) continue;
    const parsed = parsePairLine(line);
    if (parsed.ok) pairs.push(parsed.pair);
    else {
      bad++;
      console.error(`${path}:${lineNo}: skipped: ${parsed.error}`);
    }
  }
  return { pairs, bad };
}

let embedder: Embedder | undefined;
// Stopped on failure too: the error must not follow a half-drawn bar on its line.
let stopBar = (): void => {};
try {
  const { pairs, bad } = await readPairs(inPath);
  const config = loadConfig();
  embedder = await Embedder.start({ modelDir: config.modelDir });
  const model = embedder;
  const bar = pairs.length >= PROGRESS_FROM ? progressBar('pairs |{bar}| {value}/{total} | {rate}/s {time_left}') : null;
  stopBar = () => bar?.stop();
  const started = Date.now();
  bar?.start(pairs.length, 0, { rate: '0' });
  const verdicts = await scorePairs(
    pairs,
    async (texts, kind) => (await model.embedDocuments(texts, kind)).map((d) => d.vector),
    {
      titlesOnly,
      onProgress: (done) => bar?.update(done, { rate: (done / Math.max(0.001, (Date.now() - started) / 1000)).toFixed(1) }),
    },
  );
  bar?.stop();

  const out = outPath ? createWriteStream(outPath) : process.stdout;
  for (let i = 0; i < pairs.length; i++) {
    const v = verdicts[i];
    const line = JSON.stringify({ id: pairs[i].id, relation: v.relation, kind: v.kind, confidence: v.confidence, reasons: v.reasons }) + '\n';
    if (!out.write(line)) await once(out, 'drain');
  }
  if (outPath) {
    out.end();
    await once(out, 'finish');
  }
  const seconds = (Date.now() - started) / 1000;
  console.error(`scored ${pairs.length} pairs in ${seconds.toFixed(1)} s (${(pairs.length / Math.max(seconds, 0.001)).toFixed(1)} pairs/s)${bad ? `; ${bad} bad line(s) skipped` : ''}`);
  if (bad) process.exitCode = 1;
} catch (err) {
  stopBar();
  console.error(`match:pairs failed: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await embedder?.close();
}
