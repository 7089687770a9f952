// A benchmark's baseline is an earlier git revision of this repository, not a flag in the production
// code: the revision is checked out as a detached worktree in a temporary directory, with this
// checkout's installed dependencies, model files and database/search binaries linked in, and the
// baseline side of the benchmark runs in a child process from there (its own code, its own
// migrations and SQL functions). The worktree is removed when the benchmark ends.
//
//   const base = checkoutRevision('5073c24');
//   try { const child = base.spawnTsx('bench/search/api-server.ts', [...]); ... } finally { base.remove(); }
import { execFileSync, spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config.js';

/** What a checkout takes from this one: installed, not versioned (git-ignored). */
const LINKED = ['node_modules', 'models', '.db-server', '.search-node'];

export interface RevisionCheckout {
  /** The revision as asked for ("5073c24", "main~3"). */
  rev: string;
  /** Its full commit hash. */
  commit: string;
  /** The worktree's root directory. */
  root: string;
  /** Runs `script` (relative to the worktree's root) with tsx, from the worktree's root. */
  spawnTsx(script: string, args: string[], options?: SpawnOptions): ChildProcess;
  /** Removes the worktree and its temporary directory (also done at exit, if not called). */
  remove(): void;
}

/** The root of the checkout this process runs from. */
export function repositoryRoot(): string {
  return execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
}

export function checkoutRevision(rev: string): RevisionCheckout {
  const here = repositoryRoot();
  const git = (...args: string[]) => execFileSync('git', ['-C', here, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
  const commit = git('rev-parse', '--verify', `${rev}^{commit}`);
  const dir = mkdtempSync(path.join(os.tmpdir(), `bench-rev-${commit.slice(0, 7)}-`));
  const root = path.join(dir, 'tree');
  git('worktree', 'add', '--detach', root, commit);
  for (const name of LINKED) {
    const from = path.join(here, name);
    if (existsSync(from)) symlinkSync(realpathSync(from), path.join(root, name));
  }
  // the default shared-data path (../shared/data, relative to the checkout) is linked beside the
  // worktree, so its children find the same listings without a setting of their own
  const sharedData = loadConfig().sharedDataDir;
  if (existsSync(sharedData)) {
    mkdirSync(path.join(dir, 'shared'), { recursive: true });
    symlinkSync(sharedData, path.join(dir, 'shared', 'data'));
  }
  let removed = false;
  const remove = (): void => {
    if (removed) return;
    removed = true;
    try {
      git('worktree', 'remove', '--force', root);
    } catch {
      git('worktree', 'prune');
    }
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', remove);
  return {
    rev,
    commit,
    root,
    spawnTsx: (script, args, options = {}) =>
      spawn(process.execPath, ['--import', 'tsx', path.join(root, script), ...args], { cwd: root, ...options }),
    remove,
  };
}

export type Side = 'baseline' | 'current';

export interface BothSidesOptions {
  /** The baseline revision. */
  rev: string;
  /** The benchmark script, relative to a checkout's root; each side runs its own revision of it. */
  script: string;
  /** The arguments of a side's run (without anything that would make it compare again). */
  args: (side: Side, checkout: RevisionCheckout) => string[];
  /** Where a run writes its figures (JSON, relative to its checkout's root). */
  resultFile: string;
  /** Runs of each side, alternated (baseline, current, baseline, ...), so both see the same drift. */
  rounds: number;
  /** Called once the baseline is checked out, before any run (to prepare what the sides need). */
  prepare?: (checkout: RevisionCheckout) => void;
}

/**
 * Runs a benchmark script from the baseline revision's checkout and from this one, alternately, each
 * in a child process from its own root (its output shown as it runs), and returns the figures each
 * run wrote, by side, in run order.
 */
export async function runBothSides<T>(options: BothSidesOptions): Promise<{ commit: string; baseline: T[]; current: T[] }> {
  const checkout = checkoutRevision(options.rev);
  const here = repositoryRoot();
  const out: { baseline: T[]; current: T[] } = { baseline: [], current: [] };
  try {
    options.prepare?.(checkout);
    for (let round = 0; round < options.rounds; round++) {
      for (const side of ['baseline', 'current'] as const) {
        const root = side === 'baseline' ? checkout.root : here;
        const resultFile = path.join(root, options.resultFile);
        rmSync(resultFile, { force: true });
        console.error(`\n== ${side} (${side === 'baseline' ? `${options.rev}, ${checkout.root}` : here}), round ${round + 1} of ${options.rounds}`);
        const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, options.script), ...options.args(side, checkout)], {
          cwd: root,
          stdio: 'inherit',
        });
        const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
        if (code !== 0) throw new Error(`${side} run of ${options.script} exited with ${code}`);
        out[side].push(JSON.parse(readFileSync(resultFile, 'utf8')) as T);
      }
    }
  } finally {
    checkout.remove();
  }
  return { commit: checkout.commit, ...out };
}
