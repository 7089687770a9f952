// The command-line options of the project's scripts and benchmarks: `--name value` pairs, read
// where they are needed (flags without a value are `process.argv.includes('--name')`), and `--help`.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The value after `--name`, or `fallback` when the option is absent. A number fallback makes the
 * value a number (`Number(value)`: NaN when it is not one, for the caller to refuse).
 */
export function arg(name: string): string | undefined;
export function arg(name: string, fallback: string): string;
export function arg(name: string, fallback: number): number;
export function arg(name: string, fallback?: string | number): string | number | undefined {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const value = process.argv[i + 1];
  return typeof fallback === 'number' ? Number(value) : value;
}

/**
 * `--help` (or `-h`): prints the script's usage, its leading comment, and exits 0 before the script
 * does anything else (every script calls this first, so asking for help never opens a database,
 * starts a simulator or touches a file). `scriptUrl` is the caller's `import.meta.url`.
 */
export function exitOnHelp(scriptUrl: string): void {
  if (!process.argv.slice(2).some((a) => a === '--help' || a === '-h')) return;
  console.log(usageOf(readFileSync(fileURLToPath(scriptUrl), 'utf8')) || 'No usage is written for this script: read its source.');
  process.exit(0);
}

/** The leading comment of a script's source (a `/** ... *\/` block or `//` lines), as plain text. */
export function usageOf(source: string): string {
  const text = source.replace(/^#!.*\n/, '').trimStart();
  const block = /^\/\*\*?([\s\S]*?)\*\//.exec(text);
  if (block) return block[1].split('\n').map((l) => l.replace(/^\s*\* ?/, '')).join('\n').trim();
  const lines: string[] = [];
  for (const l of text.split('\n')) {
    if (!l.startsWith('//')) break;
    lines.push(l.replace(/^\/\/ ?/, ''));
  }
  return lines.join('\n').trim();
}
