/**
 * The embedded pass of `npm test`: every test file, split into shards of about equal length that run
 * side by side, one mocha process each (default: one shard per core, at most two). Most of the suite
 * waits (on a search node, a browser, a simulator's timers, a child process), so two serial processes
 * on two cores finish sooner than one (measured: bench/HISTORY.md, "the suite in two shards").
 *
 * Each shard is an ordinary serial mocha run of its files (mocha's --parallel mode is not used: it
 * would give every file a fresh worker, and the suite's once-per-process resources, the search node
 * and the PostgreSQL server, would start once per file). Files are assigned longest first to the
 * shard with the least work so far, from the wall times in test/timings.json; a file not listed there
 * counts as the median. Output is streamed live, each line prefixed with its shard; the exit code is
 * non-zero when any shard fails.
 *
 *   npx tsx scripts/test-suite.ts [--jobs N] [--record-timings] [files...]
 *
 * --record-timings rewrites test/timings.json with this run's per-file wall times (run it on a quiet
 * machine after adding or changing slow tests).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { arg, exitOnHelp } from './lib/cli-args.js';
import { splitIntoShards } from './lib/test-shards.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const TIMINGS = path.join(ROOT, 'test', 'timings.json');
const REPORTER = './test/support/timed-spec-reporter.cjs';

function testFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...testFiles(rel));
    else if (entry.name.endsWith('.test.ts')) found.push(rel);
  }
  return found.sort();
}

function readTimings(): Record<string, number> {
  try {
    return JSON.parse(readFileSync(TIMINGS, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

interface ShardResult {
  code: number;
  summary: string[];
}

function runShard(index: number, files: string[], timingsOut: string): Promise<ShardResult> {
  const prefix = `[${index + 1}] `;
  const child = spawn(process.execPath, [path.join(ROOT, 'node_modules', 'mocha', 'bin', 'mocha.js'), '--reporter', REPORTER, '--reporter-option', `timings=${timingsOut}`, ...files], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const summary: string[] = [];
  const relay = (stream: NodeJS.ReadableStream, out: NodeJS.WriteStream) => {
    readline.createInterface({ input: stream }).on('line', (line) => {
      out.write(prefix + line + '\n');
      if (/^\s+\d+ (passing|failing|pending)/.test(line)) summary.push(line.trim());
    });
  };
  relay(child.stdout!, process.stdout);
  relay(child.stderr!, process.stderr);
  return new Promise((resolve) => {
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), summary }));
  });
}

async function main(): Promise<void> {
  exitOnHelp(import.meta.url);
  const args = process.argv.slice(2);
  const record = args.includes('--record-timings');
  const jobs = arg('jobs', Math.min(2, os.availableParallelism()));
  if (!Number.isInteger(jobs) || jobs < 1) throw new Error(`--jobs takes a whole number of at least 1, not ${arg('jobs')}`);
  const jobsAt = args.indexOf('--jobs');
  const named = args.filter((a, i) => !a.startsWith('--') && !(jobsAt >= 0 && i === jobsAt + 1));
  const files = named.length > 0 ? named : testFiles('test');
  const timings = readTimings();
  const shards = splitIntoShards(files, timings, jobs);
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'pm-test-suite-'));
  const started = Date.now();
  console.log(`${files.length} test files in ${shards.length} shard(s): ${shards.map((s, i) => `[${i + 1}] ${s.length} files`).join(', ')}`);
  try {
    const results = await Promise.all(shards.map((s, i) => runShard(i, s, path.join(tmp, `${i}.json`))));
    const minutes = ((Date.now() - started) / 60_000).toFixed(1);
    console.log(`\nembedded pass: ${minutes} min wall`);
    results.forEach((r, i) => console.log(`  [${i + 1}] exit ${r.code}: ${r.summary.join(', ') || 'no summary (the shard did not finish)'}`));
    if (record) {
      // this run's times over the recorded ones: files this run did not finish (or was not asked for) keep theirs
      const merged: Record<string, number> = { ...timings };
      for (let i = 0; i < shards.length; i += 1) {
        try {
          Object.assign(merged, JSON.parse(readFileSync(path.join(tmp, `${i}.json`), 'utf8')) as Record<string, number>);
        } catch {
          console.warn(`[${i + 1}] recorded no timings (it did not finish): test/timings.json keeps their old times`);
        }
      }
      const sorted = Object.fromEntries(Object.entries(merged).sort(([a], [b]) => a.localeCompare(b)));
      writeFileSync(TIMINGS, JSON.stringify(sorted, null, 2) + '\n');
      console.log(`test/timings.json: ${Object.keys(sorted).length} files`);
    }
    process.exitCode = results.some((r) => r.code !== 0) ? 1 : 0;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

await main();
