// semantic_search() as it was before migration 098 (096's definition calling 041's
// semantic_search_kind(), which planned every statement at each call), installed in a benchmark's
// database under other names, so that bench/db/semantic-statement-cpu.ts can measure the two in one
// run on one catalog.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';

export const BEFORE_098 = 'bench_semantic_search_096';
const KIND_BEFORE_098 = 'bench_semantic_search_kind_041';

const migration = (name: string) => readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../../src/db/migrations', name), 'utf8');

export async function installFunctionBefore098(pool: pg.Pool | pg.Client): Promise<void> {
  const m041 = migration('041_semantic_search_function_and_open_market_hnsw.sql');
  const start = m041.indexOf('CREATE OR REPLACE FUNCTION semantic_search_kind(');
  const end = m041.indexOf('$$;', start) + 3;
  await pool.query(m041.slice(start, end).replace('FUNCTION semantic_search_kind(', `FUNCTION ${KIND_BEFORE_098}(`));
  const m096 = migration('096_semantic_search_rescoring_by_primary_key.sql');
  const search = m096.slice(m096.indexOf('CREATE OR REPLACE FUNCTION semantic_search('));
  await pool.query(search.replace('FUNCTION semantic_search(', `FUNCTION ${BEFORE_098}(`).replaceAll('semantic_search_kind(', `${KIND_BEFORE_098}(`));
}
