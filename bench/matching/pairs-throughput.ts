// Throughput of `match:pairs` on titles-only pairs (target: at least 50 pairs/s), and the cost of
// one judgePair call on cached fingerprints (the job calls it ~250k times per full run; budget well
// under 0.1 ms per call).
//
// Usage: npx tsx bench/matching/pairs-throughput.ts [--pairs 2000] [--end-to-end]
//   --end-to-end  also time the real script (model start included) on the same pairs
// Pairs: the Kalshi/Polymarket candidate rows of ../shared/data (all distinct titles) when present,
// else the labelled fixture's pairs (fewer distinct titles, so the embedding part is smaller).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config.js';
import zlib from 'node:zlib';
import { ensureModel } from '../../src/embeddings/fetch-model.js';
import { Embedder } from '../../src/embeddings/embedder.js';
import { parsePairLine, type PairLine } from '../../src/matching/pair-input.js';
import { scorePairs } from '../../src/matching/score-pairs.js';
import { judgePair } from '../../src/matching/judge.js';
import { arg } from '../../scripts/lib/cli-args.js';

const modelDir = loadConfig().modelDir;
await ensureModel({ modelDir, log: (m) => console.error(m) });

const wanted = arg('pairs', 2000);
const candidates = path.resolve('../shared/data/pairs/kalshi-polymarket-candidates.jsonl.gz');
const lines: string[] = [];
let source: string;
if (existsSync(candidates)) {
  for (const line of zlib.gunzipSync(readFileSync(candidates)).toString('utf8').split('\n')) {
    if (!line.trim() || lines.length >= wanted) continue;
    const o = JSON.parse(line) as { kalshi?: { title?: string; end?: string }; polymarket?: { question?: string; end?: string } };
    if (!o.kalshi?.title || !o.polymarket?.question) continue;
    lines.push(JSON.stringify({ id: lines.length, a: { exchange: 'kalshi', title: o.kalshi.title, close_time: o.kalshi.end }, b: { exchange: 'polymarket', title: o.polymarket.question, close_time: o.polymarket.end } }));
  }
  source = 'Kalshi/Polymarket candidate rows (shared data)';
} else {
  const fixture = readFileSync('test/fixtures/matching/labelled-pairs.jsonl', 'utf8').split('\n').filter((l) => l.trim());
  for (let i = 0; lines.length < Math.min(wanted, fixture.length); i++) lines.push(fixture[i]);
  source = 'labelled fixture pairs';
}
const pairs: PairLine[] = lines.map((l) => {
  const p = parsePairLine(l);
  if (!p.ok) throw new Error(p.error);
  return p.pair;
});
const distinctTitles = new Set(pairs.flatMap((p) => [p.a.title, p.b.title])).size;
console.log(`pairs: ${pairs.length} from ${source}, ${distinctTitles} distinct titles; ${os.cpus().length} CPUs`);

const startModel = Date.now();
const embedder = await Embedder.start({ modelDir });
const modelMs = Date.now() - startModel;
try {
  const t0 = Date.now();
  await scorePairs(pairs, async (texts, kind) => (await embedder.embedDocuments(texts, kind)).map((d) => d.vector), { titlesOnly: true });
  const seconds = (Date.now() - t0) / 1000;
  console.log(`model start: ${(modelMs / 1000).toFixed(1)} s`);
  console.log(`titles-only scoring (embed + judge): ${seconds.toFixed(1)} s = ${(pairs.length / seconds).toFixed(1)} pairs/s`);
} finally {
  await embedder.close();
}

// judgePair alone, fingerprints cached (the job's situation): many rounds over the same pairs.
const rounds = Math.max(1, Math.ceil(200_000 / pairs.length));
for (const p of pairs) judgePair(p.a, p.b, { title: 0.8, rules: null }); // warm the fingerprint cache and the JIT
const j0 = process.hrtime.bigint();
let identical = 0;
for (let r = 0; r < rounds; r++) for (const p of pairs) if (judgePair(p.a, p.b, { title: 0.8, rules: null }).relation === 'identical') identical++;
const perCallUs = Number(process.hrtime.bigint() - j0) / 1000 / (rounds * pairs.length);
console.log(`judgePair (cached fingerprints): ${perCallUs.toFixed(2)} µs per call over ${rounds * pairs.length} calls (${identical} identical)`);

if (process.argv.includes('--end-to-end')) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pairs-bench-'));
  try {
    const input = path.join(dir, 'in.jsonl');
    writeFileSync(input, lines.join('\n') + '\n');
    const t = Date.now();
    execFileSync(path.resolve('node_modules/.bin/tsx'), ['scripts/match-pairs.ts', input, path.join(dir, 'out.jsonl'), '--titles-only'], { stdio: ['ignore', 'ignore', 'inherit'] });
    const s = (Date.now() - t) / 1000;
    console.log(`end to end (npm run match:pairs, model start included): ${s.toFixed(1)} s = ${(pairs.length / s).toFixed(1)} pairs/s`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
