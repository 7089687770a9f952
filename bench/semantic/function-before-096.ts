// The semantic_search() of migration 041 (before 096 pinned its rescoring lookups to the primary
// key), installed in a benchmark's database under another name, so that a benchmark can measure
// the code before searches were batched and lookups pinned next to the current code in one run.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';

export const BEFORE_096 = 'bench_semantic_search_041';

export async function installFunctionBefore096(pool: pg.Pool): Promise<void> {
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../src/db/migrations/041_semantic_search_function_and_open_market_hnsw.sql');
  const sql = readFileSync(file, 'utf8');
  const definition = sql.slice(sql.indexOf('CREATE OR REPLACE FUNCTION semantic_search('));
  await pool.query(definition.replace('FUNCTION semantic_search(', `FUNCTION ${BEFORE_096}(`));
}
