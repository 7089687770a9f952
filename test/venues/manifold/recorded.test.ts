/** Real recorded Manifold listings (../shared/data, not in the repo) through the normaliser and the simulator's corpus mode. */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readCorpus } from '../../../src/sim/corpus.js';
import { createManifoldAdapter } from '../../../src/venues/manifold/client.js';
import { normaliseMarket, type ManifoldMarketWire } from '../../../src/venues/manifold/normalise.js';
import { startManifoldSimulator } from '../../../src/venues/manifold/sim/simulator.js';

const FILE = new URL('../../../../shared/data/markets/manifold/markets.jsonl.gz', import.meta.url).pathname;

describe('manifold: recorded /v0/markets objects', function () {
  before(function () {
    if (existsSync(FILE)) return;
    console.log(`      skipped: ${FILE} is not present (the shared data folder is optional)`);
    this.skip();
  });

  it('every recorded LiteMarket normalises, with 2020s times and 0..1 prices', () => {
    const raws = readCorpus(FILE) as ManifoldMarketWire[];
    assert.ok(raws.length >= 100);
    for (const raw of raws) {
      const m = normaliseMarket(raw, { fetchedAt: '2026-02-01T00:00:00.000Z' });
      assert.ok(m.open_time! > '2015' && m.open_time! < '2030', `${raw.id} open_time ${m.open_time}`);
      if (raw.outcomeType === 'BINARY' && !raw.isResolved) assert.notEqual(m.yes_price, null, raw.id);
    }
  });

  it('the simulator serves the corpus and the adapter lists all of it', async () => {
    const sim = await startManifoldSimulator({ tickMs: 0, corpusFile: FILE });
    try {
      const adapter = createManifoldAdapter({ baseUrls: sim.baseUrls, http: { rateLimit: { perSecond: 1000, burst: 1000 } } });
      let n = 0;
      let skipped = 0;
      for await (const p of adapter.listMarkets({ pageSize: 1000 })) {
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
