/**
 * Where the catalog writer's time goes, page by page, as the catalog fills: the whole Gamma corpus is
 * listed into memory first (so no HTTP time is mixed in), then written page by page with
 * CatalogWriter into a fresh embedded database while every statement it issues is timed (round
 * trips per page included). Optionally, at chosen catalog sizes, the writer's statements for the
 * next page are run under EXPLAIN (ANALYZE, BUFFERS) in a transaction that is rolled back.
 * With --through-sync the pages are not listed beforehand: VenueSync runs against the simulator as in
 * bench/sync/run.ts (listing and writing alternate), with the same per-statement timings.
 *   npx tsx bench/sync/profile-writes.ts [--corpus FILE] [--limit N] [--explain-at 0,20000] [--every 20] [--through-sync]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { CatalogWriter } from '../../src/catalog/catalog-write-repository.js';
import { openDatabase } from '../../src/db/database.js';
import { simulatorFor } from '../../src/venues/simulators.js';
import type { MarketPage } from '../../src/venues/adapter.js';
import { createAdapter } from '../../src/venues/registry.js';
import { systemClock } from '../../src/util/clock.js';
import { VenueSync } from '../../src/indexers/venue-sync.js';
import { arg } from '../../scripts/lib/cli-args.js';
import { formatTable } from '../../src/util/progress.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const corpusArg = arg('corpus') ?? path.resolve(here, '../../../shared/data/markets/polymarket/gamma-markets.jsonl.gz');
const corpusFile = fs.existsSync(corpusArg) ? corpusArg : undefined;
const limit = Number(arg('limit') ?? Infinity);
const explainAt = (arg('explain-at') ?? '').split(',').filter(Boolean).map(Number);
const every = Number(arg('every') ?? 20);
const throughSync = process.argv.includes('--through-sync');
const HTTP = { retries: 2, timeoutMs: 60_000, rateLimit: { perSecond: 100_000, burst: 100_000 } };

/** The statement's kind, for grouping timings: first words of the SQL. */
function label(sql: string): string {
  const s = sql.replace(/\s+/g, ' ').trim();
  if (/^(BEGIN|COMMIT|ROLLBACK)/i.test(s)) return s.split(' ')[0];
  const m = /^(INSERT INTO \w+|DELETE FROM \w+|UPDATE \w+|SELECT .*? FROM \w+)/i.exec(s);
  return (m ? m[1] : s.slice(0, 40)).replace(/SELECT .*? FROM/i, 'SELECT FROM');
}

/** A pool whose clients time every query into `sink`. */
function timedPool(pool: pg.Pool, sink: Map<string, { n: number; ms: number }>): pg.Pool {
  const connect = async () => {
    const c = await pool.connect();
    const query = c.query.bind(c) as (...a: unknown[]) => Promise<unknown>;
    const timed = async (...a: unknown[]) => {
      const t = performance.now();
      try {
        return await query(...a);
      } finally {
        const k = label(typeof a[0] === 'string' ? a[0] : String((a[0] as { text?: string }).text));
        const e = sink.get(k) ?? { n: 0, ms: 0 };
        e.n += 1;
        e.ms += performance.now() - t;
        sink.set(k, e);
      }
    };
    return Object.assign(Object.create(c), { query: timed, release: c.release.bind(c) }) as pg.PoolClient;
  };
  const query = async (...a: unknown[]) => {
    const c = await connect();
    try {
      return await (c.query as (...x: unknown[]) => Promise<unknown>)(...a);
    } finally {
      c.release();
    }
  };
  return { connect, query } as unknown as pg.Pool;
}

/** One line of timings: pages per window, statement means, round trips per page. */
function report(rows: number, pagesInWindow: number, marketsInWindow: number, ms: number, sink: Map<string, { n: number; ms: number }>): void {
  const per = [...sink.entries()].map(([k, v]) => `${k} ${(v.ms / v.n).toFixed(1)}ms`).join(' | ');
  const trips = [...sink.values()].reduce((s, v) => s + v.n, 0) / pagesInWindow;
  const dbMs = [...sink.values()].reduce((s, v) => s + v.ms, 0) / pagesInWindow;
  console.log(`rows ${String(rows).padStart(6)}: ${(marketsInWindow / (ms / 1000)).toFixed(0).padStart(5)} markets/s, ${(ms / pagesInWindow).toFixed(0)} ms/page (${dbMs.toFixed(0)} in SQL), ${trips.toFixed(1)} round trips/page :: ${per}`);
  sink.clear();
}

if (throughSync) {
  const sim = await (await simulatorFor('polymarket'))({ tickMs: 0, seed: 1, corpusFile });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-sync-profile-'));
  const db = await openDatabase({ dataDir });
  try {
    const sink = new Map<string, { n: number; ms: number }>();
    const adapter = createAdapter('polymarket', { baseUrls: sim.baseUrls, http: HTTP });
    const sync = new VenueSync({ pool: timedPool(db.pool, sink), adapter, clock: systemClock, pageSize: 500 });
    let windowStart = performance.now();
    let lastMarkets = 0;
    let lastPages = 0;
    const res = await sync.run({
      onProgress: (p) => {
        if (p.pages % every !== 0) return;
        report(p.markets, p.pages - lastPages, p.markets - lastMarkets, performance.now() - windowStart, sink);
        lastMarkets = p.markets;
        lastPages = p.pages;
        windowStart = performance.now();
      },
    });
    console.log(`first sync through VenueSync: ${res.markets} markets in ${(res.durationMs / 1000).toFixed(2)} s: ${(res.markets / (res.durationMs / 1000)).toFixed(0)} markets/s`);
  } finally {
    await db.close();
    await sim.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(0);
}

/**
 * A pool whose client shows the plan of every statement the writer issues: each one is first run
 * under EXPLAIN ANALYZE inside a savepoint that is rolled back, then for real; the page's COMMIT
 * becomes a ROLLBACK, so the catalog is left as it was.
 */
function explainingPool(pool: pg.Pool, out: { statement: string; plan: string }[]): pg.Pool {
  const connect = async () => {
    const c = await pool.connect();
    const query = async (text: string, values?: unknown[]) => {
      if (/^\s*COMMIT/i.test(text)) return c.query('ROLLBACK');
      if (/^\s*(BEGIN|ROLLBACK)/i.test(text)) return c.query(text);
      await c.query('SAVEPOINT explain');
      const plan = await c.query(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, values);
      await c.query('ROLLBACK TO SAVEPOINT explain');
      out.push({ statement: text.replace(/\s+/g, ' ').trim().slice(0, 160), plan: plan.rows.map((r) => String(r['QUERY PLAN']).replace(/'\{[^}]{60,}\}'/g, "'{...}'")).join('\n') });
      return c.query(text, values);
    };
    return Object.assign(Object.create(c), { query, release: c.release.bind(c) }) as pg.PoolClient;
  };
  return { connect } as unknown as pg.Pool;
}

const sim = await (await simulatorFor('polymarket'))({ tickMs: 0, seed: 1, corpusFile });
const pages: MarketPage[] = [];
try {
  const adapter = createAdapter('polymarket', { baseUrls: sim.baseUrls, http: HTTP });
  let n = 0;
  for await (const page of adapter.listMarkets({ pageSize: 500, status: 'all' })) {
    pages.push(page);
    n += page.markets.length;
    if (n >= limit) break;
  }
} finally {
  await sim.stop();
}
const total = pages.reduce((s, p) => s + p.markets.length, 0);
console.log(`${total} markets in ${pages.length} pages listed into memory ${corpusFile ? '(corpus)' : '(seed only: corpus not found)'}`);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-sync-profile-'));
const db = await openDatabase({ dataDir });
try {
  const sink = new Map<string, { n: number; ms: number }>();
  const writer = new CatalogWriter(timedPool(db.pool, sink));
  const explainQueue = [...explainAt].sort((a, b) => a - b);
  let rows = 0;
  let windowStart = performance.now();
  let windowMarkets = 0;
  const t0 = performance.now();
  for (let i = 0; i < pages.length; i++) {
    const page = pages[i];
    while (explainQueue.length && rows >= explainQueue[0]) {
      explainQueue.shift();
      console.log(`\n--- EXPLAIN ANALYZE of the writer's statements for the next page at ${rows} rows ---`);
      const plans: { statement: string; plan: string }[] = [];
      await new CatalogWriter(explainingPool(db.pool, plans)).writePage('polymarket', page, { cursor: 'explain', started_at: new Date().toISOString(), pages: 0 });
      for (const { statement, plan } of plans) console.log(`# ${statement}\n${plan}\n`);
      windowStart = performance.now();
    }
    await writer.writePage('polymarket', page, i + 1 < pages.length ? { cursor: `p${i + 1}`, started_at: new Date().toISOString(), pages: i + 1 } : null);
    rows += page.markets.length;
    windowMarkets += page.markets.length;
    if ((i + 1) % every === 0 || i + 1 === pages.length) {
      report(rows, (i % every) + 1, windowMarkets, performance.now() - windowStart, sink);
      windowStart = performance.now();
      windowMarkets = 0;
    }
  }
  const allMs = performance.now() - t0;
  console.log(`\nwrote ${rows} markets in ${(allMs / 1000).toFixed(2)} s: ${(rows / (allMs / 1000)).toFixed(0)} markets/s (writes only, no listing)`);
  const sizes = await db.pool.query(
    `SELECT relname, pg_size_pretty(pg_total_relation_size(oid)) AS total, n_live_tup, n_dead_tup FROM pg_class
     JOIN pg_stat_user_tables USING (relname) WHERE relname IN ('markets','outcomes','events','venue_sync_status') ORDER BY relname`,
  );
  console.log(formatTable(sizes.rows as Record<string, string | number | null>[]));
} finally {
  await db.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
