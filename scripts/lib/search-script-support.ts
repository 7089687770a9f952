// What the search scripts (scripts/create-indices, reindex, check-index) share: config, database, engine,
// and a progress bar that degrades to plain lines when the output is not a terminal.
import { loadConfig } from '../../src/config.js';
import { openDatabase, type Database } from '../../src/db/database.js';
import { createSearchBackend, type SearchBackend } from '../../src/search/create-engine.js';
import { elasticNodeUrls } from '../../src/search/elastic/client.js';
import { progressBar as sharedProgressBar } from '../../src/util/progress.js';

export interface ScriptContext {
  db: Database;
  backend: SearchBackend;
  engineLabel: string;
  close(): Promise<void>;
}

export async function openSearchScript(): Promise<ScriptContext> {
  const config = loadConfig();
  const db = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  const backend = createSearchBackend({ elasticsearchUrl: config.elasticsearchUrl, layout: config.searchLayout, pool: db.pool, alias: config.searchAlias });
  const engineLabel = config.elasticsearchUrl
    ? `elasticsearch ${elasticNodeUrls(config.elasticsearchUrl).map((u) => new URL(u).host).join(', ')}`
    : 'postgresql (market_search)';
  return {
    db,
    backend,
    engineLabel,
    async close() {
      await backend.close();
      await db.close();
    },
  };
}

export interface Progress {
  start(total: number, label: string): void;
  update(done: number, total?: number): void;
  stop(): void;
}

export function progressBar(): Progress {
  const bar = sharedProgressBar('{label} [{bar}] {percentage}% | {value}/{total} {time_left}', { stream: process.stdout, notTtyEveryMs: 2000 });
  return {
    start(total, label) {
      bar.start(total, 0, { label });
    },
    update(done, total) {
      if (total !== undefined) bar.setTotal(total);
      bar.update(done);
    },
    stop() {
      bar.stop();
    },
  };
}

export function printSummary(title: string, rows: [string, string | number][]): void {
  const width = Math.max(...rows.map(([k]) => k.length));
  console.log(`\n${title}`);
  for (const [k, v] of rows) console.log(`  ${k.padEnd(width)}  ${v}`);
}

export function runScript(main: () => Promise<number | void>): void {
  main().then(
    (code) => process.exit(typeof code === 'number' ? code : 0),
    (err: unknown) => {
      console.error(`failed: ${(err as Error).message}`);
      process.exit(1);
    },
  );
}
