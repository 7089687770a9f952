/**
 * The start/stop lifecycle every venue simulator shares: listen, start the background activity,
 * and hand back a `RunningSimulator` whose `stop` undoes both (activity first, so no tick runs
 * against a closed server).
 */
import type { SimActivity } from './activity.js';
import type { SimServer } from './server.js';
import type { RunningSimulator } from './types.js';

export interface SimulatorParts {
  /** The venue code the simulator stands for. */
  exchange: string;
  /** The simulator's server with its routes registered, not yet listening. */
  server: SimServer;
  activity: SimActivity;
  /** Fixed port; absent = a random free port. */
  port?: number;
  /** The adapter-shaped base URLs; called once the server listens (its URLs carry the port). */
  baseUrls: () => Record<string, string>;
  marketCount: () => number;
}

export async function launchSimulator(parts: SimulatorParts): Promise<RunningSimulator> {
  const { exchange, server, activity } = parts;
  await server.start(parts.port ?? 0);
  activity.start();
  return {
    exchange,
    server,
    activity,
    baseUrls: parts.baseUrls(),
    marketCount: parts.marketCount,
    stop: async () => {
      activity.stop();
      await server.stop();
    },
  };
}
