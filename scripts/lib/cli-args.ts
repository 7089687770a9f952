// The command-line options of the project's scripts and benchmarks: `--name value` pairs, read
// where they are needed (flags without a value are `process.argv.includes('--name')`).

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
