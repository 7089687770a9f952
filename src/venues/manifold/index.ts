/** Manifold Markets: the venue's descriptor (see ../descriptor.ts). */
import { defineVenue, type AdapterFactory } from '../descriptor.js';
import type { SimulatorFactory } from '../../sim/types.js';
import { manifoldFacts } from './facts.js';

export const manifold = defineVenue({
  ...manifoldFacts,
  adapter: async (): Promise<AdapterFactory> => (await import('./client.js')).createManifoldAdapter,
  conformance: async () => (await import('./wire.js')).conformanceChecks,
  simulator: async (): Promise<SimulatorFactory> => (await import('./sim/simulator.js')).startManifoldSimulator,
});
