// Filters must not starve the results: over a few thousand stored vectors, a filtered query still
// returns `k` rows when that many match, on every path of semantic_search: the
// iterative HNSW scan for broad filters, the exact scan for selective ones, the open markets' partial
// index for `active_only` alone, the plain index scan without filters; and those rows are (nearly)
// the true nearest. Vectors are synthetic (clustered, like real embeddings) so no model is needed;
// the markets are in the catalog too, because semantic_search re-checks the filters against it.
import assert from 'node:assert/strict';
import type pg from 'pg';
import { toPgVector } from '../../src/embeddings/vector-codec.js';
import { seedCatalogMarkets } from '../../scripts/lib/catalog-seed.js';
import { openTestDatabase, type TestDatabase } from '../helpers/database.js';

const DIMENSIONS = 384;
const MARKETS = 2000;
const CLUSTERS = 40;

/** Deterministic pseudo-random numbers (tests must not depend on luck). */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function unit(v: Float32Array): Float32Array {
  const n = Math.hypot(...v);
  return v.map((x) => x / n);
}

interface Row { id: string; exchange: string; category: string; closed: boolean; vector: Float32Array }

function syntheticRows(): Row[] {
  const random = rng(7);
  const centers = Array.from({ length: CLUSTERS }, () => unit(Float32Array.from({ length: DIMENSIONS }, () => random() - 0.5)));
  return Array.from({ length: MARKETS }, (_, i) => {
    const center = centers[i % CLUSTERS];
    return {
      id: `m${i}`,
      // 2 of 3 on polymarket, a handful on predictit: a broad and a selective filter.
      exchange: i % 100 === 0 ? 'predictit' : i % 3 === 0 ? 'kalshi' : 'polymarket',
      category: i % 10 === 0 ? 'sports' : 'politics',
      closed: i % 4 !== 0,
      vector: unit(center.map((x) => x + (random() - 0.5) * 0.08)),
    };
  });
}

/**
 * Calls semantic_search (title embeddings only here, so its distance is the title distance).
 * `exactBelow` is its threshold for the exact path (default 1000); `knownRows`, the counts of rows
 * the filters keep as the caller last read them (null: counted at the call). The
 * planner is kept off sequential scans and sorts, as it is on a full-size catalog, so that the
 * HNSW path really walks the index here (at this size it would otherwise rank every row exactly).
 */
async function nearest(
  pool: pg.Pool, query: Float32Array, k: number,
  filters: { exchanges?: string[]; activeOnly?: boolean; category?: string }, exactBelow = 1000,
  knownRows: { title: number; rules: number } | null = null,
) {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SET LOCAL enable_seqscan = off');
    await client.query('SET LOCAL enable_sort = off');
    const { rows } = await client.query<{ market_id: string; distance: number }>(
      'SELECT market_id, distance FROM semantic_search($1::vector, $2, $3::text[], $4, $5, $6, $7, $8)',
      [toPgVector(query), k, filters.exchanges ?? null, filters.activeOnly ?? false, filters.category ?? null, exactBelow, knownRows?.title ?? null, knownRows?.rules ?? null],
    );
    await client.query('COMMIT');
    return rows;
  } finally {
    client.release();
  }
}

describe('semantic_search: filtered queries are not starved', function () {
  this.timeout(180_000);
  let db: TestDatabase;
  const rows = syntheticRows();
  // A query near cluster 3: its neighbours are mostly closed kalshi/polymarket politics markets.
  const query = unit(rows[3].vector.map((x, i) => x + (i % 7 === 0 ? 0.01 : 0)));

  function exact(filter: (r: Row) => boolean, k: number): string[] {
    const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i], 0);
    return rows.filter(filter).map((r) => ({ id: r.id, d: 1 - dot(r.vector, query) })).sort((a, b) => a.d - b.d).slice(0, k).map((r) => r.id);
  }

  before(async () => {
    db = await openTestDatabase();
    await seedCatalogMarkets(db.pool, rows.map((r) => ({ exchange: r.exchange, market_id: r.id, title: `market ${r.id}`, rules: '', category: r.category, closed: r.closed })));
    for (let i = 0; i < rows.length; i += 500) {
      const chunk = rows.slice(i, i + 500);
      await db.pool.query(
        `INSERT INTO market_embeddings (exchange, market_id, kind, text_hash, embedding, category, closed, change_seq)
         SELECT e, id, 'title', id, v::vector, c, cl, 0 FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::boolean[]) AS u(e, id, v, c, cl)`,
        [chunk.map((r) => r.exchange), chunk.map((r) => r.id), chunk.map((r) => toPgVector(r.vector)), chunk.map((r) => r.category), chunk.map((r) => r.closed)],
      );
    }
  });
  after(async () => {
    await db?.destroy();
  });

  it('a plain HNSW scan with a filter comes back short; the iterative scan fills it (pgvector >= 0.8)', async () => {
    const scan = async (iterative: string) => {
      const client = await db.pool.connect();
      try {
        await client.query('BEGIN');
        await client.query(`SET LOCAL hnsw.iterative_scan = ${iterative}`);
        await client.query('SET LOCAL hnsw.ef_search = 40');
        // At 2,000 rows the planner would rather sort them all (exact); make it use the HNSW index,
        // as it does on a full-size catalog.
        await client.query('SET LOCAL enable_seqscan = off');
        await client.query('SET LOCAL enable_sort = off');
        const { rows: found } = await client.query(
          `SELECT market_id FROM market_embeddings WHERE kind = 'title' AND NOT closed
           ORDER BY embedding <=> $1::vector LIMIT 40`,
          [toPgVector(query)],
        );
        await client.query('COMMIT');
        return found.length;
      } finally {
        client.release();
      }
    };
    const plain = await scan('off');
    assert.ok(plain < 40, `plain scan returned ${plain}`);
    assert.equal(await scan('relaxed_order'), 40);
  });

  it('active_only alone (the open markets\' partial index): k rows, and nearly the exact nearest ones', async () => {
    const filter = (r: Row) => !r.closed; // 500 of 2000, scattered through every cluster
    for (const k of [20, 100]) {
      const got = await nearest(db.pool, query, k, { activeOnly: true }, 100);
      assert.equal(got.length, k);
      const truth = new Set(exact(filter, k));
      const recall = got.filter((r) => truth.has(r.market_id)).length / k;
      assert.ok(recall >= 0.9, `recall ${recall} at k=${k}`);
    }
  });

  it('broad filter (iterative scan): k rows, and nearly the exact nearest ones', async () => {
    const filter = (r: Row) => !r.closed && r.exchange !== 'predictit'; // 495 of 2000
    for (const k of [20, 100]) {
      // exact_below = 100 < 495 matching rows: the iterative HNSW path.
      const got = await nearest(db.pool, query, k, { exchanges: ['polymarket', 'kalshi'], activeOnly: true }, 100);
      assert.equal(got.length, k);
      const truth = new Set(exact(filter, k));
      const recall = got.filter((r) => truth.has(r.market_id)).length / k;
      assert.ok(recall >= 0.9, `recall ${recall} at k=${k}`);
    }
  });

  it('broad filter above the exact-scan threshold goes through the index and still fills k', async () => {
    // 80 rows match (open sports markets off predictit, 4% of all) and exact_below = 50, so the
    // HNSW path is taken and, with k = 60, must walk far past non-matching neighbours.
    const got = await nearest(db.pool, query, 60, { exchanges: ['polymarket', 'kalshi'], activeOnly: true, category: 'sports' }, 50);
    const matching = rows.filter((r) => r.exchange !== 'predictit' && !r.closed && r.category === 'sports').length;
    assert.equal(got.length, Math.min(60, matching));
    const truth = new Set(exact((r) => r.exchange !== 'predictit' && !r.closed && r.category === 'sports', 60));
    assert.ok(got.filter((r) => truth.has(r.market_id)).length >= 0.9 * got.length);
  });

  it('selective filter (exact scan): every matching row, exactly ranked', async () => {
    const filter = (r: Row) => r.exchange === 'predictit';
    const got = await nearest(db.pool, query, 100, { exchanges: ['predictit'] }); // 20 rows
    assert.equal(got.length, rows.filter(filter).length, 'fewer match than k: all of them');
    const sorted = [...got].sort((a, b) => a.distance - b.distance).map((r) => r.market_id);
    assert.deepEqual(sorted, exact(filter, 100));
  });

  // The caller's counts choose the path, so that a search need not count its filter's rows; a stale count above zero must cost time, never rows.
  it('counts passed in choose the path, and stale ones in either direction still give every row', async () => {
    const broad = { exchanges: ['polymarket', 'kalshi'], activeOnly: true };
    const broadTruth = exact((r) => !r.closed && r.exchange !== 'predictit', 40);
    // 495 rows match; a count of 10 (stale, too low) takes the exact scan: the true nearest, in order
    const exactPath = await nearest(db.pool, query, 40, broad, 100, { title: 10, rules: 0 });
    assert.deepEqual(exactPath.map((r) => r.market_id), broadTruth);
    // the right count takes the walk: k rows, nearly the true nearest
    const walked = await nearest(db.pool, query, 40, broad, 100, { title: 495, rules: 0 });
    assert.equal(walked.length, 40);
    assert.ok(walked.filter((r) => broadTruth.includes(r.market_id)).length >= 36);
    // 20 rows match; a count of 5,000 (stale, too high) walks, comes back short, and the exact scan fills in
    const selective = (r: Row) => r.exchange === 'predictit';
    const got = await nearest(db.pool, query, 100, { exchanges: ['predictit'] }, 100, { title: 5000, rules: 5000 });
    assert.deepEqual([...got].sort((a, b) => a.distance - b.distance).map((r) => r.market_id), exact(selective, 100));
    // a count of 0 means none: the kind's search ends there (callers pass only fresh zeros)
    assert.equal((await nearest(db.pool, query, 100, { exchanges: ['predictit'] }, 100, { title: 0, rules: 0 })).length, 0);
    assert.equal((await nearest(db.pool, query, 100, { exchanges: ['predictit'] }, 100, { title: 20, rules: 0 })).length, 20);
  });

  it('semantic_filter_rows counts what the filters keep, up to its bound', async () => {
    const count = async (kind: string, exchanges: string[] | null, open: boolean, category: string | null, bound: number) =>
      (await db.pool.query<{ n: number }>('SELECT semantic_filter_rows($1, $2::text[], $3, $4, $5) AS n', [kind, exchanges, open, category, bound])).rows[0].n;
    const expected = (f: (r: Row) => boolean) => rows.filter(f).length;
    assert.equal(await count('title', ['predictit'], false, null, 1000), expected((r) => r.exchange === 'predictit'));
    assert.equal(await count('title', ['polymarket', 'kalshi'], true, 'sports', 1000), expected((r) => r.exchange !== 'predictit' && !r.closed && r.category === 'sports'));
    assert.equal(await count('title', ['polymarket'], false, null, 101), 101, 'stops at the bound');
    assert.equal(await count('rules', ['polymarket'], false, null, 1000), 0, 'no rules vectors here');
  });

  it('no filter: k rows from the index', async () => {
    const got = await nearest(db.pool, query, 50, {});
    assert.equal(got.length, 50);
    const truth = new Set(exact(() => true, 50));
    assert.ok(got.filter((r) => truth.has(r.market_id)).length >= 45);
  });
});
