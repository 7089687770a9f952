// Keyword search on the PostgreSQL engine (no ELASTICSEARCH_URL) over the two databases side by side,
// in one run, same corpus (the real Polymarket listing, ~22k markets, else generated): the catalog
// seeded through the catalog writer, market_search rebuilt from it, then closed-loop keyword search
// (engine directly, distinct queries cut from the titles) at 1, 4 and 20 concurrent callers.
// The embedded database has one connection (one query at a time whatever the callers); the server
// has the service's pool of 10.
//
//   npx tsx bench/db/keyword-search.ts [--seconds 10]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { rebuildSearchIndex } from '../../src/indexers/search-indexer.js';
import { seedCatalogMarkets } from '../../scripts/lib/catalog-seed.js';
import { openDatabase, type Database } from '../../src/db/database.js';
import { serverUrl, startServer, stopServer } from '../../src/db/local-server.js';
import { PostgresSearchEngine } from '../../src/search/postgres/search-repository.js';
import { loadBenchCorpus } from '../search/corpus.js';
import { formatRow, runLoad, TABLE_HEADER, type LoadResult } from '../search/harness.js';
import { keywordQueries } from '../search/queries.js';

const si = process.argv.indexOf('--seconds');
const SECONDS = si >= 0 ? Number(process.argv[si + 1]) : 10;
const { rows, source } = loadBenchCorpus(20_000);
const queries = keywordQueries(rows.map((r) => r.title), 2000, 6);
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-dbkw-'));
const serverDir = path.join(root, 'server');
const out: string[] = [];
const results: LoadResult[] = [];
try {
  const server = await startServer(serverDir);
  const admin = new pg.Pool({ connectionString: server.url, max: 1 });
  await admin.query('CREATE DATABASE bench_kw');
  await admin.end();
  const socketDir = new pg.Client({ connectionString: server.url }).host;
  const runOn = async (label: string, db: Database) => {
    try {
      let t = performance.now();
      await seedCatalogMarkets(db.pool, rows);
      const seedS = (performance.now() - t) / 1000;
      const engine = new PostgresSearchEngine({ pool: db.pool });
      t = performance.now();
      const built = await rebuildSearchIndex({ pool: db.pool, writer: engine });
      out.push(`| ${label} | ${rows.length} | ${seedS.toFixed(1)} | ${built.bulk.written} | ${((performance.now() - t) / 1000).toFixed(1)} |`);
      await runLoad({ label: 'warm-up', concurrency: 4, seconds: 3, request: (i) => engine.searchMarkets({ q: queries[i % queries.length], status: 'all', sort: 'relevance', limit: 20 }) });
      for (const concurrency of [1, 4, 20]) {
        results.push(await runLoad({ label: `${label}: keyword`, concurrency, seconds: SECONDS, request: (i) => engine.searchMarkets({ q: queries[(i * 7 + concurrency) % queries.length], status: 'all', sort: 'relevance', limit: 20 }) }));
        console.error(formatRow(results[results.length - 1]));
      }
    } finally {
      await db.close();
    }
  };
  await runOn('embedded (PGlite)', await openDatabase({ dataDir: path.join(root, 'embedded') }));
  await runOn('server (PostgreSQL 18.6)', await openDatabase({ dataDir: root, databaseUrl: serverUrl(socketDir, 'bench_kw') }));
  console.log([
    `Corpus: ${source}; ${os.availableParallelism()} shared cores, load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')} at end; ${SECONDS} s per row.`,
    '',
    '| database | markets | seed the catalog (s) | search rows built | rebuild market_search (s) |',
    '|---|---:|---:|---:|---:|',
    ...out,
    '',
    TABLE_HEADER,
    ...results.map(formatRow),
  ].join('\n'));
} finally {
  stopServer(serverDir, 'immediate');
  fs.rmSync(root, { recursive: true, force: true });
}
