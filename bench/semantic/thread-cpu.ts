// Where the CPU of a semantic search goes, by thread: a closed loop of distinct searches straight
// on SemanticSearchService (no HTTP), and the CPU time each thread of
// this process used meanwhile (/proc/self/task/*/stat: the main thread, the embedding worker with
// its ONNX threads, the PGlite worker), divided by the searches served. On a saturated machine the
// throughput is the process's CPU share divided by the CPU a search costs, whatever overlaps; on a
// quiet one the busiest thread bounds it. Linux only. (The same before searches were batched is
// in bench/HISTORY.md; an earlier revision is measured by running this file from a checkout of it,
// bench/support/revision.ts.)
//
//   npx tsx bench/semantic/thread-cpu.ts [--data-dir ./data/bench-semantic] [--seconds 8] [--clients 20] [--max-batch 32]
import path from 'node:path';
import { readdirSync, readFileSync } from 'node:fs';
import { openDatabase } from '../../src/db/database.js';
import { SemanticSearchService } from '../../src/search/semantic/semantic-search.js';
import { Embedder } from '../../src/embeddings/embedder.js';
import { PgEmbeddingCache } from '../../src/embeddings/embedding-cache-repository.js';
import { loadConfig } from '../../src/config.js';
import { benchmarkQueries, withFilters } from './load.js';
import { arg } from '../../scripts/lib/cli-args.js';

const dataDir = path.resolve(arg('data-dir', './data/bench-semantic'));
const seconds = Number(arg('seconds', '8'));
const clients = Number(arg('clients', '20'));
const maxBatch = Number(arg('max-batch', '32'));

/** CPU seconds per thread (name:tid). */
function threadCpu(): Map<string, number> {
  const out = new Map<string, number>();
  for (const tid of readdirSync('/proc/self/task')) {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const name = `${stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))}:${tid}`;
      const ticks = Number(fields[11]) + Number(fields[12]); // utime + stime
      out.set(name, (out.get(name) ?? 0) + ticks / 100);
    } catch { /* thread ended */ }
  }
  return out;
}

const db = await openDatabase({ dataDir });
const embedder = await Embedder.start({ modelDir: loadConfig().modelDir, workers: 1 }, new PgEmbeddingCache(db.pool), { queryCacheSize: 0 });
const queries = benchmarkQueries();
const service = new SemanticSearchService(db.pool, embedder, { maxBatch });
let next = 0;

async function run(label: string, svc: SemanticSearchService, s: number): Promise<void> {
  const cpu0 = threadCpu();
  const t0 = performance.now();
  const deadline = t0 + s * 1000;
  let served = 0;
  let embedMs = 0;
  let dbMs = 0;
  await Promise.all(Array.from({ length: clients }, async () => {
    while (performance.now() < deadline) {
      const n = next++;
      const r = await svc.search(withFilters(queries[n % queries.length], Math.floor(n / queries.length)) as never);
      served++;
      embedMs += r.timings.embedMs;
      dbMs += r.timings.databaseMs;
    }
  }));
  const wall = (performance.now() - t0) / 1000;
  const cpu1 = threadCpu();
  const perThread = [...cpu1].map(([name, c]) => [name, c - (cpu0.get(name) ?? 0)] as const).filter(([, c]) => c > 0.005).sort((a, b) => b[1] - a[1]).slice(0, 6);
  const total = perThread.reduce((a, [, c]) => a + c, 0);
  console.log(`${label}: ${served} searches in ${wall.toFixed(1)} s = ${(served / wall).toFixed(1)}/s; mean embed ${(embedMs / served).toFixed(1)} ms, db ${(dbMs / served).toFixed(1)} ms; ` +
    `CPU ${((1000 * total) / served).toFixed(2)} ms a search (${perThread.map(([n, c]) => `${n} ${((1000 * c) / served).toFixed(2)}`).join(', ')}); batches ${JSON.stringify(svc.batchStats)}`);
}

await run('warm-up', service, 2);
await run('batched searches', service, seconds);
await run('batched searches, again', service, seconds);
await embedder.close();
await db.close();
