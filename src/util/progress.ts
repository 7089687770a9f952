// The operator scripts' progress bars and summary tables. cli-progress draws the bars; the time left
// is computed here, because its own `{eta_formatted}` prints "NFs" (its "INF" cut to two characters)
// whenever the rate is still unknown. A bar shows `{time_left}`: "" until the rate is known, then
// e.g. "ETA 1m05s". Stopping is idempotent and always ends the line, whatever happened in between.
import cliProgress from 'cli-progress';

/** Seconds as 1h02m, 3m05s or 12s. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s >= 3600) return `${Math.floor(s / 3600)}h${String(Math.round((s % 3600) / 60)).padStart(2, '0')}m`;
  if (s >= 60) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${s}s`;
}

/** "ETA 3m05s" from what is left and the rate so far; "" while the rate says nothing (no progress yet). */
export function etaText(remaining: number, perSecond: number): string {
  if (!(remaining > 0)) return '';
  if (!(perSecond > 0) || !Number.isFinite(perSecond)) return '';
  const seconds = remaining / perSecond;
  return Number.isFinite(seconds) ? `ETA ${formatDuration(seconds)}` : '';
}

export interface ProgressBar {
  start(total: number, value?: number, payload?: Record<string, unknown>): void;
  update(value: number, payload?: Record<string, unknown>): void;
  setTotal(total: number): void;
  /** Ends the bar (its last state stays on screen, the line ended); safe to call twice or unstarted. */
  stop(): void;
}

/**
 * A single bar with `format` (cli-progress tokens, plus `{time_left}`), redrawn on a terminal and printed
 * every `notTtyEveryMs` elsewhere (logs), to `stream` (standard error by default, so a script's
 * results on standard output stay clean).
 */
export function progressBar(format: string, opts: { stream?: NodeJS.WriteStream; notTtyEveryMs?: number } = {}): ProgressBar {
  const bar = new cliProgress.SingleBar(
    { format, stream: opts.stream ?? process.stderr, noTTYOutput: true, notTTYSchedule: opts.notTtyEveryMs ?? 10_000, hideCursor: false, clearOnComplete: false, etaBuffer: 50 },
    cliProgress.Presets.shades_classic,
  );
  let running = false;
  let total = 1;
  let startedAt = 0;
  let startValue = 0;
  const timeLeft = (value: number): string => etaText(total - value, (value - startValue) / Math.max(1e-3, (Date.now() - startedAt) / 1000));
  return {
    start(t, value = 0, payload = {}) {
      if (running) bar.stop();
      total = Math.max(t, 1);
      startedAt = Date.now();
      startValue = value;
      bar.start(total, value, { ...payload, time_left: '' });
      running = true;
    },
    update(value, payload = {}) {
      if (running) bar.update(value, { ...payload, time_left: timeLeft(value) });
    },
    setTotal(t) {
      total = Math.max(t, 1);
      if (running) bar.setTotal(total);
    },
    stop() {
      if (running) bar.stop();
      running = false;
    },
  };
}

/** Rows as an aligned text table (a header, a rule, one line per row; numbers right-aligned). */
export function formatTable(rows: readonly Record<string, string | number | null>[]): string {
  if (!rows.length) return '(none)';
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const text = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));
  const width = columns.map((c) => Math.max(c.length, ...rows.map((r) => text(r[c]).length)));
  const numeric = columns.map((c) => rows.every((r) => r[c] === null || r[c] === undefined || typeof r[c] === 'number'));
  const line = (cells: string[]) => cells.map((cell, i) => (numeric[i] ? cell.padStart(width[i]) : cell.padEnd(width[i]))).join('  ').trimEnd();
  return [line(columns), width.map((w) => '-'.repeat(w)).join('  '), ...rows.map((r) => line(columns.map((c) => text(r[c]))))].join('\n');
}
