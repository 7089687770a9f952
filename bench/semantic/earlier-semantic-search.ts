// semantic_search() as it was before migrations 098 and 099, installed in a benchmark's database
// under other names, so that bench/db/semantic-statement-cpu.ts can measure them and the current one
// in one run on one catalog (the statements alone, called directly: no service path):
//   * before 098: 096's semantic_search() calling 041's semantic_search_kind(), which planned every
//     statement at each call;
//   * before 099: 096's semantic_search() calling 098's semantic_search_kind(), which counted the
//     rows a filter keeps at every filtered search and planned the filtered walk at each call.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';

export const BEFORE_098 = 'bench_semantic_search_096';
export const BEFORE_099 = 'bench_semantic_search_098';

const migration = (name: string) => readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../../src/db/migrations', name), 'utf8');

/** 096's semantic_search() as `searchName`, calling the semantic_search_kind() of `kindMigration` as `kindName`. */
async function installEarlier(pool: pg.Pool | pg.Client, kindMigration: string, kindName: string, searchName: string): Promise<void> {
  const kindSql = migration(kindMigration);
  const start = kindSql.indexOf('CREATE OR REPLACE FUNCTION semantic_search_kind(');
  const end = kindSql.indexOf('$$;', start) + 3;
  await pool.query(kindSql.slice(start, end).replace('FUNCTION semantic_search_kind(', `FUNCTION ${kindName}(`));
  const m096 = migration('096_semantic_search_rescoring_by_primary_key.sql');
  const search = m096.slice(m096.indexOf('CREATE OR REPLACE FUNCTION semantic_search('));
  await pool.query(search.replace('FUNCTION semantic_search(', `FUNCTION ${searchName}(`).replaceAll('semantic_search_kind(', `${kindName}(`));
}

export const installFunctionBefore098 = (pool: pg.Pool | pg.Client) =>
  installEarlier(pool, '041_semantic_search_function_and_open_market_hnsw.sql', 'bench_semantic_search_kind_041', BEFORE_098);

export const installFunctionBefore099 = (pool: pg.Pool | pg.Client) =>
  installEarlier(pool, '098_semantic_search_kind_static_statements.sql', 'bench_semantic_search_kind_098', BEFORE_099);
