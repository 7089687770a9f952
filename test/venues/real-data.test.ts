/**
 * The Kalshi and Polymarket normalisers over real recorded market listings from ../shared/data
 * (skipped when that folder is absent), and the simulators' corpus mode serving such a file.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readCorpus } from '../../src/sim/corpus.js';
import { createKalshiAdapter } from '../../src/venues/kalshi/client.js';
import { normaliseMarket as kalshiMarket, type KalshiMarketWire } from '../../src/venues/kalshi/normalise.js';
import { startKalshiSimulator } from '../../src/venues/kalshi/sim/simulator.js';
import { normaliseMarket as polymarketMarket, type GammaMarketWire } from '../../src/venues/polymarket/normalise.js';
import { MarketSchema } from '../../src/venues/records.js';

const DATA = fileURLToPath(new URL('../../../shared/data/markets/', import.meta.url));
const KALSHI = `${DATA}kalshi/markets.jsonl.gz`;
const POLYMARKET = `${DATA}polymarket/gamma-markets.jsonl.gz`;
const ctx = { fetchedAt: '2026-02-15T00:00:00.000Z' };

/** Skips the test, saying which file is missing (the shared data folder is optional). */
function requireFile(test: Mocha.Context, file: string): void {
  if (existsSync(file)) return;
  console.log(`      skipped: ${file} is not present (the shared data folder is optional)`);
  test.skip();
}

describe('normalisers on real recorded listings (../shared/data)', function () {
  this.timeout(120_000);

  it('kalshi: every raw v2 market of markets.jsonl.gz normalises to a valid record', function () {
    requireFile(this, KALSHI);
    const rows = readCorpus(KALSHI) as KalshiMarketWire[];
    assert.ok(rows.length > 300);
    const failures: string[] = [];
    for (const raw of rows) {
      try {
        const m = kalshiMarket(raw, ctx);
        assert.ok(MarketSchema.safeParse(m).success);
        // Dollar strings and their legacy cent twins must agree when both are sent.
        if (typeof raw.yes_bid === 'number' && m.yes_bid !== null) assert.equal(m.yes_bid, raw.yes_bid / 100);
      } catch (e) {
        failures.push(`${raw.ticker}: ${(e as Error).message}`);
      }
    }
    assert.deepEqual(failures, []);
  });

  it('polymarket: at least 99.9% of 22k Gamma markets normalise; the YES price is the first listed price', function () {
    requireFile(this, POLYMARKET);
    const rows = readCorpus(POLYMARKET) as GammaMarketWire[];
    assert.ok(rows.length > 20_000);
    let ok = 0;
    const failures: string[] = [];
    for (const raw of rows) {
      try {
        const m = polymarketMarket(raw, ctx);
        ok++;
        if (m.outcomes[0]?.label === 'Yes' && m.outcomes[0].price !== null) assert.equal(m.yes_price, m.outcomes[0].price);
        assert.equal(m.market_id, raw.conditionId);
      } catch (e) {
        failures.push(`${raw.id}: ${(e as Error).message}`);
      }
    }
    assert.ok(ok / rows.length >= 0.999, `${failures.length} failures, e.g. ${failures.slice(0, 3).join(' | ')}`);
  });

  it('kalshi simulator in corpus mode serves the recorded markets through the real adapter', async function () {
    requireFile(this, KALSHI);
    const sim = await startKalshiSimulator({ tickMs: 0, corpusFile: KALSHI });
    try {
      const corpusTickers = new Set((readCorpus(KALSHI) as KalshiMarketWire[]).filter((m) => !m.mve_collection_ticker).map((m) => m.ticker));
      const adapter = createKalshiAdapter({ baseUrls: sim.baseUrls });
      const listed = new Set<string>();
      let skipped = 0;
      for await (const page of adapter.listMarkets({ pageSize: 100 })) {
        for (const m of page.markets) listed.add(m.market_id);
        skipped += page.skipped.length;
      }
      assert.equal(skipped, 0);
      for (const t of corpusTickers) assert.ok(listed.has(t), `${t} listed`);
    } finally {
      await sim.stop();
    }
  });
});
