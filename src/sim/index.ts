/**
 * The simulator library every venue's simulator (`src/venues/<code>/sim/simulator.ts`) is built with: an
 * HTTP/WebSocket server with fault injection, background market activity, and the start/stop
 * lifecycle. It names no venue; starting the venues' simulators is `src/venues/simulators.ts`.
 */
export type { RunningSimulator, SimulatorOptions, SimulatorFactory } from './types.js';
export { SimServer } from './server.js';
export { SimActivity } from './activity.js';
export { launchSimulator, type SimulatorParts } from './launch.js';
