/** Real recorded PredictIt marketdata (../shared/data, not in the repo) through the normaliser and the simulator's corpus mode. */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readCorpus } from '../../../src/sim/corpus.js';
import { createPredictItAdapter } from '../../../src/venues/predictit/client.js';
import { normaliseContract, type PredictItMarketWire } from '../../../src/venues/predictit/normalise.js';
import { startPredictItSimulator } from '../../../src/venues/predictit/sim/simulator.js';

const FILE = new URL('../../../../shared/data/markets/predictit/markets.jsonl.gz', import.meta.url).pathname;

describe('predictit: recorded marketdata/all markets', function () {
  before(function () {
    if (existsSync(FILE)) return;
    console.log(`      skipped: ${FILE} is not present (the shared data folder is optional)`);
    this.skip();
  });

  it('every recorded contract normalises; Eastern timeStamps become UTC five hours later in January', () => {
    const raws = readCorpus(FILE) as PredictItMarketWire[];
    let n = 0;
    for (const market of raws) {
      for (const c of market.contracts) {
        const m = normaliseContract(market, c, { fetchedAt: '2026-02-01T00:00:00.000Z' });
        n++;
        if (market.timeStamp.startsWith('2026-01-31T13:10')) assert.ok(m.updated_at.startsWith('2026-01-31T18:10'), m.updated_at);
        if (m.yes_bid !== null && m.yes_ask !== null) assert.ok(m.yes_bid <= m.yes_ask);
      }
    }
    assert.ok(n >= 500, `${n} contracts`);
  });

  it('the simulator serves the corpus and the adapter lists every contract', async () => {
    const sim = await startPredictItSimulator({ tickMs: 0, corpusFile: FILE });
    try {
      const adapter = createPredictItAdapter({ baseUrls: sim.baseUrls });
      let n = 0;
      let skipped = 0;
      for await (const p of adapter.listMarkets({ pageSize: 250 })) {
        n += p.markets.length;
        skipped += p.skipped.length;
      }
      assert.equal(skipped, 0);
      assert.equal(n, sim.marketCount());
    } finally {
      await sim.stop();
    }
  });
});
