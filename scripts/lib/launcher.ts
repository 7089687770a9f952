// Stopping with the command that launched a long-running script. `npx tsx scripts/x.ts` is a chain
// npm -> sh -c -> tsx -> node: a SIGTERM to npx reaches its shell, which dies without passing it on,
// and tsx and the script live on, orphaned (the simulators kept their ports). So the script watches
// the processes of its launch chain, up to the nearest npm/npx, and stops when one of them is gone
// (Linux: /proc; elsewhere only the direct parent, through process.ppid).
import { readFileSync } from 'node:fs';

interface ProcessRef {
  pid: number;
  /** Start time in clock ticks since boot: a pid reused by another process does not count as alive. */
  start: string;
}

/** A process's parent pid and start time, from /proc/<pid>/stat; null when it is gone or /proc is absent. */
function stat(pid: number): { ppid: number; start: string } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (2nd field) may hold spaces and parentheses: fields are read after its last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), start: fields[19] };
  } catch {
    return null;
  }
}

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return '';
  }
}

/** The ancestors of this process up to the nearest npm or npx (inclusive); just the parent when there is none. */
export function launchChain(): ProcessRef[] {
  const chain: ProcessRef[] = [];
  let pid = process.ppid;
  while (pid > 1) {
    const s = stat(pid);
    if (!s) break;
    chain.push({ pid, start: s.start });
    if (/(^|[\s/])(npm|npx)(-cli\.js)?(\s|$)|npm-cli\.js|npx-cli\.js/.test(commandLine(pid))) return chain;
    pid = s.ppid;
  }
  return chain.slice(0, 1);
}

/**
 * Calls `onGone` once when a process of the launch chain exits (checked every `intervalMs`; the timer
 * does not keep the process alive). Returns a function that stops watching.
 */
export function stopWithLauncher(onGone: () => void, intervalMs = 500): () => void {
  const chain = launchChain();
  const parent = process.ppid;
  const timer = setInterval(() => {
    const gone = chain.length ? chain.some((p) => stat(p.pid)?.start !== p.start) : process.ppid !== parent;
    if (gone) {
      clearInterval(timer);
      onGone();
    }
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
