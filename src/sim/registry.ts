/**
 * The simulator registry: venue code -> simulator factory. A new venue adds one line here (and its
 * `src/venues/<code>/simulator.ts`); the harness, `npm run sim` and the conformance suite pick it up.
 */
import { startKalshiSimulator } from '../venues/kalshi/simulator.js';
import { startPolymarketSimulator } from '../venues/polymarket/simulator.js';
import { startManifoldSimulator } from '../venues/manifold/simulator.js';
import { startPredictItSimulator } from '../venues/predictit/simulator.js';
import { startProbableSimulator } from '../venues/probable/simulator.js';
import { startLimitlessSimulator } from '../venues/limitless/simulator.js';
import { startPredictfunSimulator } from '../venues/predictfun/simulator.js';
import { startOpinionSimulator } from '../venues/opinion/simulator.js';
import { startFutuurSimulator } from '../venues/futuur/simulator.js';
import type { ExchangeCode } from '../venues/exchanges.js';
import type { SimulatorFactory } from './types.js';

export const SIMULATORS: Partial<Record<ExchangeCode, SimulatorFactory>> = {
  kalshi: startKalshiSimulator,
  polymarket: startPolymarketSimulator,
  manifold: startManifoldSimulator,
  predictit: startPredictItSimulator,
  probable: startProbableSimulator,
  limitless: startLimitlessSimulator,
  predictfun: startPredictfunSimulator,
  opinion: startOpinionSimulator,
  futuur: startFutuurSimulator,
};
