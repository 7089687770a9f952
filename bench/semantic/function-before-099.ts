// semantic_search() as it was before migration 099 (096's definition calling 098's
// semantic_search_kind(), which counted the rows a filter keeps at every filtered search and planned
// the filtered walk at each call), installed in a benchmark's database under other names, so that
// bench/db/semantic-cpu.ts (path http-098) and bench/db/semantic-statement-cpu.ts can measure the
// two in one run on one catalog.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';

export const BEFORE_099 = 'bench_semantic_search_098';
const KIND_BEFORE_099 = 'bench_semantic_search_kind_098';

const migration = (name: string) => readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../../src/db/migrations', name), 'utf8');

export async function installFunctionBefore099(pool: pg.Pool | pg.Client): Promise<void> {
  const m098 = migration('098_semantic_search_kind_static_statements.sql');
  const start = m098.indexOf('CREATE OR REPLACE FUNCTION semantic_search_kind(');
  const end = m098.indexOf('$$;', start) + 3;
  await pool.query(m098.slice(start, end).replace('FUNCTION semantic_search_kind(', `FUNCTION ${KIND_BEFORE_099}(`));
  const m096 = migration('096_semantic_search_rescoring_by_primary_key.sql');
  const search = m096.slice(m096.indexOf('CREATE OR REPLACE FUNCTION semantic_search('));
  await pool.query(search.replace('FUNCTION semantic_search(', `FUNCTION ${BEFORE_099}(`).replaceAll('semantic_search_kind(', `${KIND_BEFORE_099}(`));
}
