// The CPU one query embedding costs at each size of a query pass (Embedder.embedQueries, the pass
// semantic search's micro-batching sends), distinct queries, one pass at a time, this process's CPU
// (process.cpuUsage: the worker thread and its ONNX Runtime threads) divided by the queries. Says
// whether smaller passes (as when searches spend part of their time in the database) cost the model
// more per query than the ~20-query passes of the embedding-only floor (bench/db/semantic.ts).
// With --threads N the worker's ONNX Runtime session runs N intra-op threads instead of the default
// (cores / workers): run it once with 1 and once with 2 to see what the second thread costs in CPU
// and buys in wall time (bench/HISTORY.md, "Semantic search on the server at 20 clients").
//
//   npx tsx bench/embeddings/query-batch-cpu.ts [--queries 480] [--rounds 2] [--sizes 1,4,8,12,20] [--threads N]
import os from 'node:os';
import { Embedder } from '../../src/embeddings/embedder.js';
import { loadConfig } from '../../src/config.js';
import { benchmarkQueries } from '../semantic/load.js';
import { arg } from '../../scripts/lib/cli-args.js';

const total = Number(arg('queries', '480'));
const rounds = Number(arg('rounds', '2'));
const sizes = arg('sizes', '1,4,8,12,20').split(',').map(Number);
const threads = process.argv.includes('--threads') ? Number(arg('threads', '2')) : undefined;
if (threads !== undefined && !(Number.isInteger(threads) && threads >= 1)) throw new Error(`--threads must be a whole number >= 1, got ${arg('threads', '')}`);

const noCache = { get: () => Promise.resolve(new Map<string, Float32Array>()), put: () => Promise.resolve() };
const embedder = await Embedder.start({ modelDir: loadConfig().modelDir, workers: 1, threadsPerWorker: threads }, noCache, { queryCacheSize: 0 });
const queries = benchmarkQueries();
let next = 0;
console.log(`${os.availableParallelism()} cores, ${threads ?? 'default'} ONNX threads, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}; ${total} queries a row`);
try {
  for (let round = 1; round <= rounds; round++) {
    for (const size of sizes) {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      // a numbered suffix keeps every query distinct (no two alike in a pass or across passes)
      for (let i = 0; i < Math.ceil(total / size); i++) await embedder.embedQueries(Array.from({ length: size }, () => `${queries[next % queries.length]} ${next++}`));
      const c = process.cpuUsage(c0);
      const n = Math.ceil(total / size) * size;
      console.log(`round ${round}, passes of ${size}: CPU ${((c.user + c.system) / 1000 / n).toFixed(2)} ms a query, wall ${((performance.now() - t0) / n).toFixed(2)} ms a query`);
    }
  }
} finally {
  await embedder.close();
}
