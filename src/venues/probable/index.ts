/** Probable: the venue's descriptor (see ../descriptor.ts). */
import { defineVenue, type AdapterFactory } from '../descriptor.js';
import type { SimulatorFactory } from '../../sim/types.js';
import { probableFacts } from './facts.js';

export const probable = defineVenue({
  ...probableFacts,
  adapter: async (): Promise<AdapterFactory> => (await import('./client.js')).createProbableAdapter,
  simulator: async (): Promise<SimulatorFactory> => (await import('./sim/simulator.js')).startProbableSimulator,
  conformance: async () => (await import('./wire.js')).conformanceChecks,
});
