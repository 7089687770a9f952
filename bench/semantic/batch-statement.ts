// The database side of batched semantic search alone: N searches as N statements (one
// semantic_search() call each, the path before batching) against the same N as one statement
// (SemanticSearchService's batch: unnest ... CROSS JOIN LATERAL semantic_search), on the embedded
// database's single connection, with stored title vectors as the queries (no model involved), in
// latency.ts's mix of filters.
// Alternates the two, a fresh set of vectors each time (so neither reads pages the other warmed).
//
//   npx tsx bench/semantic/batch-statement.ts [--data-dir ./data/bench-semantic] [--batch 8] [--rounds 5]
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../src/db/database.js';
import { EXACT_SCAN_MAX_ROWS } from '../../src/search/semantic/semantic-search.js';
import { toPgVectorBinary } from '../../src/search/semantic/vector-param.js';
import { arg } from '../../scripts/lib/cli-args.js';

const dataDir = path.resolve(arg('data-dir', './data/bench-semantic'));
const n = Number(arg('batch', '8'));
const rounds = Number(arg('rounds', '5'));

const db = await openDatabase({ dataDir });
const { rows } = await db.pool.query<{ e: string }>(
  `SELECT embedding::text AS e FROM market_embeddings WHERE kind = 'title' ORDER BY md5(market_id) LIMIT $1`, [2 * n * (rounds + 1)],
);
const vectors = rows.map((r) => Float32Array.from(JSON.parse(r.e) as number[]));
// the mix of latency.ts: plain (k 40), active_only (k 40), two exchanges with limit 50 (k 100)
const mix = (i: number) => [
  { k: 40, exchanges: null, open: false },
  { k: 40, exchanges: null, open: true },
  { k: 100, exchanges: ['polymarket', 'kalshi'], open: false },
][i % 3];
const single = (v: Float32Array, i: number) =>
  db.pool.query('SELECT * FROM semantic_search($1::vector, $2, $3::text[], $4, $5, $6)', [toPgVectorBinary(v), mix(i).k, mix(i).exchanges, mix(i).open, null, EXACT_SCAN_MAX_ROWS]);
const batch = (vs: Float32Array[]) =>
  db.pool.query(
    `SELECT q.i::int AS query_index, s.*
     FROM unnest(ARRAY[${vs.map((_, i) => `$${6 + i}::vector`).join(', ')}], $1::int[], $2::text[], $3::boolean[], $4::text[]) WITH ORDINALITY
       AS q(query_vector, k, exchanges, only_open, only_category, i)
     CROSS JOIN LATERAL semantic_search(q.query_vector, q.k, string_to_array(q.exchanges, ','), q.only_open, q.only_category, $5) AS s`,
    [vs.map((_, i) => mix(i).k), vs.map((_, i) => mix(i).exchanges?.join(',') ?? null), vs.map((_, i) => mix(i).open), vs.map(() => null), EXACT_SCAN_MAX_ROWS, ...vs.map(toPgVectorBinary)],
  );

const singles: number[] = [];
const batches: number[] = [];
for (let round = 0; round <= rounds; round++) {
  const set = vectors.slice(round * 2 * n, (round + 1) * 2 * n);
  let t = performance.now();
  for (const [i, v] of set.slice(0, n).entries()) await single(v, i);
  const a = performance.now() - t;
  t = performance.now();
  await batch(set.slice(n));
  const b = performance.now() - t;
  if (round > 0) {
    singles.push(a);
    batches.push(b);
  } // round 0 warms up
  console.error(`round ${round}: ${n} statements ${a.toFixed(1)} ms, one statement for ${n} ${b.toFixed(1)} ms`);
}
const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
console.log(`${n} searches, median of ${rounds} rounds: ${n} statements ${median(singles).toFixed(1)} ms (${(median(singles) / n).toFixed(1)} ms a search), ` +
  `one statement ${median(batches).toFixed(1)} ms (${(median(batches) / n).toFixed(1)} ms a search): ${(median(singles) / median(batches)).toFixed(2)}x; ` +
  `load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
await db.close();
