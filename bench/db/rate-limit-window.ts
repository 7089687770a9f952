// The backend CPU of one shared rate-limit take on the PostgreSQL server as the key's window fills,
// migration 060's rate_limit_take() (installed under another name: it counted the window at every
// take) side by side with the current one (migration 097: a kept count per key), in one run, on a
// fresh local server. For each window size, a key is given that many rows inside its minute, then
// `--takes` takes are made one after the other on one connection, each accepted (limit 1e9, as a
// busy enterprise key), and the CPU the backend used (/proc/<pid>/stat) is divided by the takes.
//
//   npx tsx bench/db/rate-limit-window.ts [--takes 2000] [--windows 0,1000,5000,15000]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../src/db/database.js';
import { startServer, stopServer } from '../../src/db/local-server.js';
import { arg } from '../../scripts/lib/cli-args.js';

const takes = Number(arg('takes', '2000'));
const windows = arg('windows', '0,1000,5000,15000').split(',').map(Number);

const BEFORE = 'bench_rate_limit_take_060';
const migrations = path.join(import.meta.dirname, '../../src/db/migrations');
const m060 = fs.readFileSync(path.join(migrations, '060_shared_rate_limit_window.sql'), 'utf8');
const before = m060.slice(m060.indexOf('CREATE OR REPLACE FUNCTION rate_limit_take('), m060.indexOf('END $$;') + 'END $$;'.length)
  .replace('FUNCTION rate_limit_take(', `FUNCTION ${BEFORE}(`);

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-ratelimit-window-'));
const server = await startServer(path.join(root, 'pg'));
try {
  const db = await openDatabase({ dataDir: root, databaseUrl: server.url });
  await db.close(); // migrated
  const client = new pg.Client({ connectionString: server.url });
  await client.connect();
  await client.query(before);
  const pid = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid;
  const cpuMs = () => {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * 10;
  };
  console.log(`${os.availableParallelism()} cores, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}; ${takes} accepted takes a row\n`);
  console.log('| rows in the key\'s window | 060: backend CPU ms a take | 097: backend CPU ms a take |');
  console.log('|---:|---:|---:|');
  for (const rows of windows) {
    const cells: string[] = [];
    for (const fn of [BEFORE, 'rate_limit_take']) {
      const key = `bench-${fn}-${rows}`;
      const now = Date.now();
      await client.query(
        'INSERT INTO rate_limit_hits (key, at_ms, window_ms) SELECT $1, $2::bigint - 59000 + (g::bigint * 59000) / greatest($3::int, 1), 60000 FROM generate_series(1, $3::int) g',
        [key, now, rows]);
      for (let i = 0; i < 20; i++) await client.query(`SELECT * FROM ${fn}($1, $2, $3, $4)`, [key, 1e9, 60_000, Date.now()]); // warm
      const c0 = cpuMs();
      for (let i = 0; i < takes; i++) {
        const r = await client.query<{ allowed: boolean }>(`SELECT * FROM ${fn}($1, $2, $3, $4)`, [key, 1e9, 60_000, Date.now()]);
        if (!r.rows[0].allowed) throw new Error('refused');
      }
      cells.push(((cpuMs() - c0) / takes).toFixed(3));
      await client.query('DELETE FROM rate_limit_hits WHERE key = $1', [key]);
      await client.query('DELETE FROM rate_limit_counts WHERE key = $1', [key]);
    }
    console.log(`| ${rows} | ${cells[0]} | ${cells[1]} |`);
  }
  await client.end();
} finally {
  stopServer(path.join(root, 'pg'), 'immediate');
  fs.rmSync(root, { recursive: true, force: true });
}
