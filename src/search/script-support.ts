// What the search scripts (scripts/create-indices, reindex, check-index) share: config, database, engine,
// and a progress bar that degrades to plain lines when the output is not a terminal.
import cliProgress from 'cli-progress';
import { loadConfig } from '../config.js';
import { openDatabase, type Database } from '../db/database.js';
import { createSearchBackend, type SearchBackend } from './create-engine.js';
import { elasticNodeUrls } from './elastic/client.js';

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
  const bar = new cliProgress.SingleBar(
    { format: '{label} [{bar}] {percentage}% | {value}/{total} | {eta_formatted} left', noTTYOutput: true, notTTYSchedule: 2000 },
    cliProgress.Presets.shades_classic,
  );
  let running = false;
  return {
    start(total, label) {
      if (running) bar.stop();
      bar.start(Math.max(total, 1), 0, { label });
      running = true;
    },
    update(done, total) {
      if (total !== undefined) bar.setTotal(Math.max(total, 1));
      bar.update(done);
    },
    stop() {
      if (running) bar.stop();
      running = false;
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
