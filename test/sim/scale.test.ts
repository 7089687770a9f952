// Scale mode of the simulators (src/sim/scale.ts): N markets synthesised from the venue's listings,
// each normalised by the venue's own adapter, about one in ten open, titles and dates varied, and the
// same markets for the same seed.
import assert from 'node:assert/strict';
import type { z } from 'zod';
import { ScaledCatalog } from '../../src/sim/scale.js';
import type { RunningSimulator } from '../../src/sim/types.js';
import * as futuur from '../../src/venues/futuur/wire.js';
import * as limitless from '../../src/venues/limitless/wire.js';
import * as opinion from '../../src/venues/opinion/wire.js';
import * as predictit from '../../src/venues/predictit/wire.js';
import * as probable from '../../src/venues/probable/wire.js';
import type { Market } from '../../src/venues/records.js';
import { createAdapter } from '../../src/venues/registry.js';
import { simulatorFor } from '../../src/venues/simulators.js';
import type { ExchangeCode } from '../../src/venues/exchanges.js';

const N = 600;
const HTTP = { retries: 0, timeoutMs: 30_000, rateLimit: { perSecond: 10_000, burst: 10_000 } };

/** A listing page of each venue added to the scale mode, fetched raw, and the venue's wire schema for it. */
const RAW_PAGES: Partial<Record<ExchangeCode, { base: string; paths: string[]; schema: z.ZodType }>> = {
  limitless: { base: 'rest', paths: ['/markets/active?page=1&limit=25', '/markets/active?page=2&limit=25'], schema: limitless.LimitlessActivePageSchema },
  opinion: { base: 'rest', paths: ['/market?page=1&limit=20', '/market?page=7&limit=20&status=resolved'], schema: opinion.OpinionMarketListSchema },
  futuur: { base: 'rest', paths: ['/events/?limit=20&offset=0', '/events/?limit=20&offset=100&resolved_only=true'], schema: futuur.FutuurEventsPageSchema },
  probable: { base: 'market', paths: ['/markets?page=1&limit=100', '/markets?page=3&limit=100'], schema: probable.ProbableMarketsPageSchema },
  predictit: { base: 'rest', paths: ['/marketdata/all'], schema: predictit.PredictItAllSchema },
};
/** Venues whose listing holds only the open markets (the others are reached by id). */
const OPEN_ONLY_LISTING: ExchangeCode[] = ['limitless', 'predictit'];

async function schemaHolds(code: ExchangeCode, sim: RunningSimulator): Promise<void> {
  const raw = RAW_PAGES[code];
  if (!raw) return;
  for (const path of raw.paths) {
    const res = await fetch(`${sim.baseUrls[raw.base]}${path}`);
    assert.equal(res.status, 200, `${code} ${path}`);
    const r = raw.schema.safeParse(await res.json());
    assert.ok(r.success, `${code} ${path}: ${r.success ? '' : r.error.issues.slice(0, 3).map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
}

async function listScaled(code: ExchangeCode, seed: number, checkWire = false): Promise<{ markets: Market[]; skipped: number; served: number; requests: number }> {
  const sim = await (await simulatorFor(code))({ tickMs: 0, seed, scale: N });
  const adapter = createAdapter(code, { baseUrls: sim.baseUrls, http: HTTP });
  try {
    if (checkWire) await schemaHolds(code, sim);
    const before = sim.server.requests.length;
    const markets: Market[] = [];
    let skipped = 0;
    for await (const page of adapter.listMarkets({ status: 'all', pageSize: 500 })) {
      markets.push(...page.markets);
      skipped += page.skipped.length;
    }
    return { markets, skipped, served: sim.marketCount(), requests: sim.server.requests.length - before };
  } finally {
    await adapter.close?.();
    await sim.stop();
  }
}

describe('simulators at scale (--scale N)', function () {
  this.timeout(120_000);
  for (const code of ['kalshi', 'polymarket', 'manifold', 'predictfun', 'limitless', 'opinion', 'futuur', 'probable', 'predictit'] as const) {
    it(`${code}: N markets from its own listings across pages, ~10% open, varied, deterministic by seed, in the venue's wire format`, async () => {
      const a = await listScaled(code, 3, true);
      assert.equal(a.served, N);
      assert.equal(a.skipped, 0, 'every synthetic market normalises');
      assert.equal(new Set(a.markets.map((m) => m.market_id)).size, a.markets.length, 'ids are unique');
      const openOnly = OPEN_ONLY_LISTING.includes(code);
      if (openOnly) {
        // The venue lists its open markets only: about one in ten of the N.
        assert.ok(a.markets.length > N * 0.04 && a.markets.length < N * 0.2, `${a.markets.length} open markets listed of ${N}`);
        assert.ok(a.markets.every((m) => !m.closed), 'the listing holds open markets only');
      } else {
        // (Kalshi's listing leaves out its combo markets, mve_filter=exclude, as the adapter asks)
        assert.ok(a.markets.length >= N * 0.9, `${a.markets.length} markets listed`);
        const open = a.markets.filter((m) => !m.closed).length / a.markets.length;
        assert.ok(open > 0.04 && open < 0.2, `about one in ten open, not ${(open * 100).toFixed(1)}%`);
      }
      if (code !== 'predictit') assert.ok(a.requests > 1, `served across pages (${a.requests} requests)`);
      // (Futuur's multi-outcome events name their outcomes after people: those names do not vary)
      assert.ok(new Set(a.markets.map((m) => m.title)).size > a.markets.length / (code === 'futuur' ? 4 : 3), 'titles vary');
      // (predict.fun's listing states no close time: null for every market)
      if (code !== 'predictfun') assert.ok(new Set(a.markets.map((m) => m.close_time)).size > a.markets.length / (openOnly ? 6 : 3), 'close times vary');

      const again = await listScaled(code, 3);
      assert.deepEqual(again.markets.map((m) => [m.market_id, m.title, m.status]), a.markets.map((m) => [m.market_id, m.title, m.status]), 'the same seed, the same markets');
      const other = await listScaled(code, 4);
      assert.notDeepEqual(other.markets.map((m) => m.title), a.markets.map((m) => m.title), 'another seed, other markets');
    });
  }

  it('a scaled catalog holds no market objects: markets are built from (seed, i), only changed ones are kept', () => {
    let built = 0;
    const catalog = new ScaledCatalog({
      templates: [{ id: 't', title: 'BTC above 100,000 on 2026-12-01?' }],
      n: 300_000,
      seed: 5,
      variant: (t, v) => (built++, { id: `m-s${v.k}`, title: `${t.title} #${v.k}` }),
      idOf: (m) => m.id,
      indexOf: (id) => (/-s(\d+)$/.test(id) ? Number(/-s(\d+)$/.exec(id)![1]) - 1 : null),
    });
    assert.equal(catalog.size, 300_000);
    assert.equal(built, 0, 'nothing built at start');
    const open = catalog.list('open');
    assert.ok(open.length > 27_000 && open.length < 33_000, `${open.length} open`);
    assert.deepEqual(open.slice(5, 8).map((m) => m.id), [...catalog.openIndices.slice(5, 8)].map((i) => `m-s${i + 1}`));
    assert.equal(built, 3, 'a page builds only its own markets');
    assert.equal(catalog.get('m-s42')?.title, catalog.at(41).title);
    assert.equal(catalog.get('m-s300001'), undefined, 'an id past N is unknown');
    catalog.set('m-s42', { id: 'm-s42', title: 'changed' });
    assert.equal(catalog.get('m-s42')?.title, 'changed', 'a change is kept');
    assert.equal(catalog.heldCount, 1, 'only the changed market is held');
  });

  it('a simulator at 200,000 markets does not hold them in memory', async () => {
    const before = process.memoryUsage().heapUsed;
    const sim = await (await simulatorFor('kalshi'))({ tickMs: 0, seed: 1, scale: 200_000 });
    try {
      const res = await fetch(`${sim.baseUrls.rest}/markets?limit=1000&cursor=${Buffer.from('o:150000').toString('base64url')}`);
      assert.equal(((await res.json()) as { markets: unknown[] }).markets.length, 1000, 'a deep page is served');
      const grown = (process.memoryUsage().heapUsed - before) / 1e6;
      // Held as objects, 200k markets are ~400 MB (~2 kB each); built on demand, the open ones' activity entries and the index arrays stay far below.
      assert.ok(grown < 150, `heap grew by ${grown.toFixed(0)} MB`);
    } finally {
      await sim.stop();
    }
  });
});
