// semantic_search() reads a candidate's other embedding (its rules for a title hit, its title for a
// rules hit) by primary key. Through an index on kind (market_embeddings_kind_change_seq_idx, kind,
// change_seq, which the matching job needs) the planner could send that lookup instead, filtering
// every row of the kind per candidate: about half of a search's database time on the benchmark
// catalog (EXPLAIN ANALYZE in bench/HISTORY.md). The test counts index scans (pg_stat_user_indexes)
// during searches: the kind index may serve a kind's scan (once a search), never a lookup per
// candidate. It also checks that the answers equal those of the earlier definition that looked the
// other embedding up by kind (installed under another name).
// On a catalog this small the planner did not choose the bad plan for the earlier definition either (tried), so the
// first check guards against a regression of the lookups, not a reproduction of the fault.
// Synthetic vectors: no model needed.
import assert from 'node:assert/strict';
import type pg from 'pg';
import { toPgVector } from '../../src/embeddings/vector-codec.js';
import { seedCatalogMarkets } from '../../scripts/lib/catalog-seed.js';
import { openTestDatabase, type TestDatabase } from '../helpers/database.js';
import { BEFORE_096, installFunctionBefore096 } from '../../bench/semantic/function-before-096.js';

const DIMENSIONS = 384;
const MARKETS = 1500;
const WITH_RULES = 80;

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}
const random = rng(11);
const unitVector = () => {
  const v = Float32Array.from({ length: DIMENSIONS }, () => random() - 0.5);
  const n = Math.hypot(...v);
  return v.map((x) => x / n);
};

async function indexScans(pool: pg.Pool): Promise<Map<string, number>> {
  await pool.query('SELECT pg_stat_force_next_flush()');
  await pool.query('SELECT pg_stat_clear_snapshot()');
  const { rows } = await pool.query<{ indexrelname: string; idx_scan: string }>(
    "SELECT indexrelname, idx_scan FROM pg_stat_user_indexes WHERE relname = 'market_embeddings'",
  );
  return new Map(rows.map((r) => [r.indexrelname, Number(r.idx_scan)]));
}

describe('semantic_search: rescoring lookups by primary key (096)', function () {
  this.timeout(300_000);
  let db: TestDatabase;
  const queries = Array.from({ length: 5 }, unitVector);

  before(async () => {
    db = await openTestDatabase();
    const ids = Array.from({ length: MARKETS }, (_, i) => `m${i}`);
    await seedCatalogMarkets(db.pool, ids.map((id) => ({ exchange: 'polymarket', market_id: id, title: `market ${id}`, rules: '', category: 'politics', closed: false })));
    const insert = (kind: string, chosen: string[]) => db.pool.query(
      `INSERT INTO market_embeddings (exchange, market_id, kind, text_hash, embedding, category, closed, change_seq)
       SELECT 'polymarket', id, $1, id || $1, v::vector, 'politics', false, 0 FROM unnest($2::text[], $3::text[]) AS u(id, v)`,
      [kind, chosen, chosen.map(() => toPgVector(unitVector()))],
    );
    await insert('title', ids);
    // statistics taken while rules embeddings were few, the rest written since (a rules backfill in
    // progress: the state of the benchmark catalog where the bad plan was found)
    const rules = ids.filter((_, i) => i % 7 === 0).slice(0, WITH_RULES);
    await insert('rules', rules.slice(0, 2));
    await db.pool.query('ANALYZE market_embeddings');
    await insert('rules', rules.slice(2));
    await installFunctionBefore096(db.pool);
  });
  after(async () => {
    await db?.destroy();
  });

  async function search(fn: string) {
    const answers: { market_id: string; distance: number }[][] = [];
    const before = await indexScans(db.pool);
    for (const q of queries) {
      // k = 20 < both kinds' rows: both lists are cut at k, so every candidate is rescored
      const { rows } = await db.pool.query<{ market_id: string; distance: number }>(
        `SELECT market_id, distance FROM ${fn}($1::vector, 20, NULL, false, NULL, 0) ORDER BY distance, market_id`,
        [toPgVector(q)],
      );
      answers.push(rows);
    }
    const afterScans = await indexScans(db.pool);
    const used = (name: string) => (afterScans.get(name) ?? 0) - (before.get(name) ?? 0);
    return { answers, kindIndex: used('market_embeddings_kind_change_seq_idx'), primaryKey: used('market_embeddings_pkey') };
  }

  it('never scans the (kind, change_seq) index per candidate; reads the primary key instead', async () => {
    const now = await search('semantic_search');
    // at most once per kind and search (the kind scans), never once per candidate (~35 a search)
    assert.ok(now.kindIndex <= 2 * queries.length, `kind index scanned ${now.kindIndex} times`);
    // 5 searches x (20 title + 20 rules candidates, minus those both lists found)
    assert.ok(now.primaryKey >= 5 * 20, `primary key scanned ${now.primaryKey} times`);
  });

  it('gives the same answers as 041\'s definition', async () => {
    const old = await search(BEFORE_096);
    const now = await search('semantic_search');
    assert.ok(now.answers.every((a) => a.length >= 20), JSON.stringify(now.answers.map((a) => a.length)));
    assert.deepEqual(now.answers.map((a) => a.map((r) => r.market_id)), old.answers.map((a) => a.map((r) => r.market_id)));
    now.answers.forEach((a, i) => a.forEach((r, j) => assert.ok(Math.abs(r.distance - old.answers[i][j].distance) < 1e-9)));
  });
});
