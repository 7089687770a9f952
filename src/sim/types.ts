/**
 * What a venue simulator is to the harness: a factory that starts one (in-process) and hands back its
 * base URLs, in the same keys the venue's adapter takes (`rest`, `gamma`, `clob`, `ws`...).
 */
import type { SimActivity } from './activity.js';
import type { SimServer } from './server.js';

export interface SimulatorOptions {
  /** Seed of fixtures-derived randomness (books, trades, histories). */
  seed?: number | string;
  /** Milliseconds between activity ticks (default 1000); 0 = no background activity (call `activity.step()`). */
  tickMs?: number;
  /**
   * Extra markets to serve, from a file in the venue's own wire format (JSON array, JSONL, or
   * gzipped JSONL, e.g. ../shared/data/markets/<venue>/...), for benchmarks.
   */
  corpusFile?: string;
  /**
   * Scale mode: serve this many markets in all, synthesised from the venue's listings (src/sim/scale.ts),
   * for benchmarks at a venue's real size. Venues without a scale mode ignore it.
   */
  scale?: number;
  /** Fixed port (default: a random free port). */
  port?: number;
}

export interface RunningSimulator {
  /** The venue code the simulator stands for (src/sim is a library below the venues: it names none). */
  exchange: string;
  server: SimServer;
  activity: SimActivity;
  /** Base URLs keyed like the adapter's `baseUrls` (e.g. kalshi `{ rest, ws }`). */
  baseUrls: Record<string, string>;
  /** How many markets the simulator serves. */
  marketCount(): number;
  stop(): Promise<void>;
}

export type SimulatorFactory = (opts?: SimulatorOptions) => Promise<RunningSimulator>;
