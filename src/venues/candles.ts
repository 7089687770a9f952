/**
 * Building candles the venue does not serve natively: resampling finer candles into coarser ones
 * (Kalshi 1m -> 5m/10m), and candles from trades (1s).
 */
import { makeCandle, type Candle, type Trade } from './records.js';

export const INTERVAL_MS: Record<string, number> = { '1s': 1_000, '1m': 60_000, '5m': 300_000, '10m': 600_000, '1h': 3_600_000, '1d': 86_400_000 };

/** Candle timestamps are period ends (as Kalshi's `end_period_ts`). */
function bucketEnd(tsMs: number, periodMs: number): number {
  return Math.ceil(tsMs / periodMs) * periodMs;
}

export function resampleCandles(candles: Candle[], periodMs: number): Candle[] {
  const buckets = new Map<number, Candle[]>();
  for (const c of [...candles].sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp))) {
    const end = bucketEnd(Date.parse(c.timestamp), periodMs);
    const list = buckets.get(end) ?? [];
    list.push(c);
    buckets.set(end, list);
  }
  return [...buckets.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([end, cs]) =>
      makeCandle({
        timestamp: new Date(end).toISOString(),
        open: cs[0].open,
        close: cs[cs.length - 1].close,
        high: Math.max(...cs.map((c) => c.high)),
        low: Math.min(...cs.map((c) => c.low)),
        volume: cs.reduce((v, c) => v + c.volume, 0),
      }),
    );
}

export function candlesFromTrades(trades: Trade[], periodMs: number): Candle[] {
  const buckets = new Map<number, Trade[]>();
  for (const t of [...trades].sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp))) {
    const end = bucketEnd(Date.parse(t.timestamp), periodMs);
    const list = buckets.get(end) ?? [];
    list.push(t);
    buckets.set(end, list);
  }
  return [...buckets.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([end, ts]) =>
      makeCandle({
        timestamp: new Date(end).toISOString(),
        open: ts[0].price,
        close: ts[ts.length - 1].price,
        high: Math.max(...ts.map((t) => t.price)),
        low: Math.min(...ts.map((t) => t.price)),
        volume: ts.reduce((v, t) => v + t.size, 0),
      }),
    );
}
