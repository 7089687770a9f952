/**
 * The fan-out benchmark's venue (a child process of fanout.ts): the Kalshi simulator, driven at a fixed
 * rate on request, in its own process so that generating the load does not share the gateway's event
 * loop. Reports its own CPU time so the benchmark can account for it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { simulatorFor } from '../../src/venues/simulators.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const corpus = path.resolve(here, '../../../shared/data/markets/kalshi/markets.jsonl.gz');
const sim = await (await simulatorFor('kalshi'))({ tickMs: 0, seed: 1, corpusFile: fs.existsSync(corpus) ? corpus : undefined });
const active = sim.activity.marketIds.filter((id) => sim.activity.state(id)?.active);

process.on('message', async (m: { type: string; count?: number; markets?: string[]; stepsPerSecond?: number; seconds?: number }) => {
  if (m.type === 'info') {
    process.send!({ type: 'info', ws: sim.baseUrls.ws, active: active.slice(0, m.count), all: sim.activity.marketIds });
  } else if (m.type === 'drive') {
    const markets = m.markets!;
    let steps = 0;
    const cpu0 = process.cpuUsage();
    const t0 = Date.now();
    const driver = setInterval(() => {
      const due = Math.floor(((Date.now() - t0) / 1000) * m.stepsPerSecond!);
      for (; steps < due; steps++) sim.activity.stepMarket(markets[steps % markets.length]);
    }, 10);
    await new Promise((r) => setTimeout(r, m.seconds! * 1000));
    clearInterval(driver);
    const cpu = process.cpuUsage(cpu0);
    process.send!({ type: 'driven', steps, elapsed: (Date.now() - t0) / 1000, cpuUs: cpu.user + cpu.system });
  } else if (m.type === 'stop') {
    await sim.stop();
    process.exit(0);
  }
});
process.send!({ type: 'ready' });
