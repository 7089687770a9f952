// Where the time of one request goes, for the `Server-Timing` response header (SERVER_TIMING=true,
// a benchmark setting: off in production, where it costs nothing). Code on the request's path marks
// a phase with `recordTiming(name, ms)` (or `timed`) wherever it sits (the trading service, a venue's
// signing, the API-key gate); the marks land in the current request's collector, found through
// AsyncLocalStorage, so no layer passes a timer along. Without a collector (the setting off, a job,
// a test) recording is a no-op.
import { AsyncLocalStorage } from 'node:async_hooks';

/** Phase name -> total milliseconds and count within one request (a phase may run twice, e.g. two order writes). */
export type RequestTimings = Map<string, { ms: number; count: number }>;

const current = new AsyncLocalStorage<RequestTimings>();

/** Runs `fn` with a fresh collector (handed to it); every `recordTiming` under it, sync or async, adds to it. */
export function withRequestTimings<T>(fn: (timings: RequestTimings) => T): T {
  const timings: RequestTimings = new Map();
  return current.run(timings, () => fn(timings));
}

/** True when a collector is listening (callers can skip measuring work otherwise). */
export function timingsActive(): boolean {
  return current.getStore() !== undefined;
}

export function recordTiming(name: string, ms: number): void {
  const t = current.getStore();
  if (!t) return;
  const e = t.get(name);
  if (e) {
    e.ms += ms;
    e.count += 1;
  } else t.set(name, { ms, count: 1 });
}

/** Times a synchronous step under `name` (just runs it when nothing listens). */
export function timedSync<T>(name: string, fn: () => T): T {
  if (!current.getStore()) return fn();
  const t0 = performance.now();
  try {
    return fn();
  } finally {
    recordTiming(name, performance.now() - t0);
  }
}

/** The `Server-Timing` header value: `name;dur=1.234` per phase, with `desc="xN"` when it ran N > 1 times. */
export function serverTimingHeader(t: RequestTimings): string {
  return [...t.entries()].map(([name, e]) => `${name};dur=${e.ms.toFixed(3)}${e.count > 1 ? `;desc="x${e.count}"` : ''}`).join(', ');
}

/** Reads `Server-Timing` (`name;dur=ms, ...`) into name -> ms; unknown parts are ignored. */
export function parseServerTiming(header: string | null | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  if (!header) return out;
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().split(';');
    const dur = params.map((p) => p.trim()).find((p) => p.startsWith('dur='));
    if (name && dur) {
      const ms = Number(dur.slice(4));
      if (Number.isFinite(ms)) out[name.trim()] = (out[name.trim()] ?? 0) + ms;
    }
  }
  return out;
}
