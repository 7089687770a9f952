// Embedding throughput (texts/s) for short titles and long rules, per worker layout, side by side
// with a baseline of unsorted batches of 16 in the same run; plus the token lengths of rules texts
// and how much cutting them at a budget changes their vectors (to choose the rules token budget).
// Usage: npx tsx bench/embeddings/throughput.ts [--titles 1024] [--rules 256]
// Uses the real Polymarket listing from ../shared/data when present, else the fixture corpus.
import os from 'node:os';
import { mkdirSync, writeFileSync } from 'node:fs';
import { ensureModel } from '../../src/embeddings/fetch-model.js';
import { TOKEN_BUDGETS } from '../../src/embeddings/embedder.js';
import { cosineSimilarity } from '../../src/embeddings/vector-codec.js';
import { EmbeddingWorkerPool } from '../../src/embeddings/worker-pool.js';
import { loadFixtureCorpus, type CorpusMarket } from '../../scripts/eval/catalog-fixture.js';
import { loadPolymarketCorpus, realDataAvailable } from '../../scripts/eval/real-corpus.js';
import { loadConfig } from '../../src/config.js';
import { arg } from '../../scripts/lib/cli-args.js';

const { modelDir } = loadConfig();
await ensureModel({ modelDir, log: (m) => console.error(m) });

let corpus: CorpusMarket[];
let source: string;
if (realDataAvailable()) {
  corpus = loadPolymarketCorpus();
  source = `Polymarket Gamma listing (${corpus.length} markets)`;
} else {
  corpus = loadFixtureCorpus();
  source = `fixture corpus (${corpus.length} markets, repeated)`;
}
// A fixed, spread-out sample (every n-th market) so runs compare.
function sample<T>(items: T[], n: number): T[] {
  const step = Math.max(1, Math.floor(items.length / n));
  const out: T[] = [];
  for (let i = 0; out.length < n; i = (i + step) % items.length) out.push(items[i]);
  return out;
}
const titles = sample(corpus.map((m) => m.title), arg('titles', 1024));
const rules = sample(corpus.filter((m) => m.rules.length > 0).map((m) => m.rules), arg('rules', 256));
const avg = (xs: string[]) => Math.round(xs.reduce((s, x) => s + x.length, 0) / xs.length);

const rows: { layout: string; texts: string; mode: string; n: number; seconds: number; perSecond: number }[] = [];

async function timeIt(label: { layout: string; texts: string; mode: string }, n: number, run: () => Promise<unknown>) {
  const started = performance.now();
  await run();
  const seconds = (performance.now() - started) / 1000;
  rows.push({ ...label, n, seconds, perSecond: n / seconds });
  console.error(`${label.layout} | ${label.texts} | ${label.mode}: ${(n / seconds).toFixed(1)} texts/s`);
}

/** The baseline: batches of 16 in input order (no length sorting), one at a time. */
async function unsortedBatches(pool: EmbeddingWorkerPool, texts: string[], maxTokens: number) {
  for (let i = 0; i < texts.length; i += 16) await pool.embed(texts.slice(i, i + 16), { maxTokens, priority: 'query' });
}

const cores = os.availableParallelism();
// Several ORT workers can abort the process (see worker-pool.ts): opt in with --multi-worker.
const layouts = [
  { name: `1 worker x ${cores} threads`, workers: 1, threadsPerWorker: cores },
  ...(process.argv.includes('--multi-worker') ? [{ name: `${cores} workers x 1 thread`, workers: cores, threadsPerWorker: 1 }] : []),
];

let tokenStats = '';
let budgetStats = '';
const queryLatencies: Record<string, number> = {};
for (const layout of layouts) {
  const pool = await EmbeddingWorkerPool.start({ modelDir, workers: layout.workers, threadsPerWorker: layout.threadsPerWorker });
  await pool.embed(titles.slice(0, 32)); // warm-up
  await timeIt({ layout: layout.name, texts: `titles (avg ${avg(titles)} chars)`, mode: 'baseline: unsorted batches of 16' }, titles.length,
    () => unsortedBatches(pool, titles, TOKEN_BUDGETS.title));
  await timeIt({ layout: layout.name, texts: `titles (avg ${avg(titles)} chars)`, mode: 'pool: length-sorted batches' }, titles.length,
    () => pool.embed(titles, { maxTokens: TOKEN_BUDGETS.title }));
  await timeIt({ layout: layout.name, texts: `rules (avg ${avg(rules)} chars)`, mode: 'baseline: unsorted batches of 16, 512 tokens' }, rules.length,
    () => unsortedBatches(pool, rules, 512));
  for (const budget of [512, 256, 128]) {
    await timeIt({ layout: layout.name, texts: `rules (avg ${avg(rules)} chars)`, mode: `pool: length-sorted, cut at ${budget} tokens` }, rules.length,
      () => pool.embed(rules, { maxTokens: budget }));
  }
  // One query at a time: the latency a lone search pays for its embedding.
  const latencies: number[] = [];
  for (const q of titles.slice(0, 100)) {
    const t = performance.now();
    await pool.embed([q], { priority: 'query' });
    latencies.push(performance.now() - t);
  }
  latencies.sort((a, b) => a - b);
  queryLatencies[layout.name] = latencies[50];

  if (!tokenStats) {
    const counts = (await pool.countTokens(rules)).sort((a, b) => a - b);
    const pct = (p: number) => counts[Math.min(counts.length - 1, Math.floor(p * counts.length))];
    tokenStats = `rules token counts: p50 ${pct(0.5)}, p90 ${pct(0.9)}, p99 ${pct(0.99)}, max ${counts[counts.length - 1]}; ` +
      `over 256: ${(100 * counts.filter((c) => c > 256).length / counts.length).toFixed(1)}%, over 128: ${(100 * counts.filter((c) => c > 128).length / counts.length).toFixed(1)}%`;
    const full = await pool.embed(rules, { maxTokens: 512 });
    for (const budget of [256, 128]) {
      const cut = await pool.embed(rules, { maxTokens: budget });
      const sims = full.map((v, i) => cosineSimilarity(v, cut[i])).sort((a, b) => a - b);
      budgetStats += `cut at ${budget}: cosine to the 512-token vector mean ${(sims.reduce((s, x) => s + x, 0) / sims.length).toFixed(4)}, min ${sims[0].toFixed(4)}; `;
    }
  }
  await pool.close();
}

const table = [
  `Corpus: ${source}; ${titles.length} titles, ${rules.length} rules; ${cores} cores (${os.cpus()[0]?.model ?? 'cpu'}); load average at start ${os.loadavg()[0].toFixed(2)}.`,
  '',
  '| worker layout | texts | mode | texts/s |',
  '|---|---|---|---|',
  ...rows.map((r) => `| ${r.layout} | ${r.texts} | ${r.mode} | ${r.perSecond.toFixed(1)} |`),
  '',
  `Single query embedding, p50: ${Object.entries(queryLatencies).map(([k, v]) => `${k}: ${v.toFixed(1)} ms`).join('; ')}.`,
  '',
  tokenStats,
  '',
  budgetStats,
].join('\n');
console.log(table);
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/embeddings-throughput.json', JSON.stringify({ source, rows, queryLatencies, tokenStats, budgetStats }, null, 2));
