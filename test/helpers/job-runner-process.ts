// A job-runner process for the several-processes tests: the real service (`src/main.ts` under tsx,
// RUN_JOBS=true, simulated venues, debug logs) on a given database, its output kept line by line so a
// test can read when each job started and finished.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');

export interface JobRunnerProcess {
  child: ChildProcess;
  /** stdout by line (JSON log records) and stderr chunks, as they arrive */
  lines: string[];
  exited: Promise<number | null>;
}

/** Starts one; `env` adds to or overrides the defaults (e.g. SYNC_SCHEDULE, MODEL_DIR). */
export function startJobRunner(databaseUrl: string, dataDir: string, env: Record<string, string> = {}): JobRunnerProcess {
  const child = spawn(TSX, ['src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'debug',
      RUN_JOBS: 'true', EXCHANGE_MODE: 'sim', SYNC_ON_START: 'true', MODEL_SOURCE: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let buffered = '';
  child.stdout!.on('data', (d: Buffer) => {
    buffered += d.toString();
    const parts = buffered.split('\n');
    buffered = parts.pop() ?? '';
    lines.push(...parts);
  });
  child.stderr!.on('data', (d: Buffer) => lines.push(d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, lines, exited };
}
