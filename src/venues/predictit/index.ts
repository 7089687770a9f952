/** PredictIt: the venue's descriptor (see ../descriptor.ts). */
import { defineVenue, type AdapterFactory } from '../descriptor.js';
import type { SimulatorFactory } from '../../sim/types.js';
import { predictitFacts } from './facts.js';

export const predictit = defineVenue({
  ...predictitFacts,
  adapter: async (): Promise<AdapterFactory> => (await import('./client.js')).createPredictItAdapter,
  conformance: async () => (await import('./wire.js')).conformanceChecks,
  simulator: async (): Promise<SimulatorFactory> => (await import('./sim/simulator.js')).startPredictItSimulator,
});
