// POST /api/v1/search/semantic grouped: with group=event one result per venue event (a
// strike ladder's markets are each other's nearest neighbours and would fill the page), `event` to
// rank an event's markets, `group: "cluster"` with every venue's market of a cluster and the best
// prices, `group: "none"`, the default, every market; cursors count results as grouped. Real app, embedded database, real model.
import assert from 'node:assert/strict';
import { seedCatalogMarkets, type SeedMarket } from '../../scripts/lib/catalog-seed.js';
import { startSemanticHarness, type SemanticHarness } from './harness.js';

const LADDER: SeedMarket[] = Array.from({ length: 6 }, (_, i) => ({
  exchange: 'kalshi', market_id: `KXCOPPER-26DEC-T${4 + i}`, event_id: 'KXCOPPER-26DEC', title: `Copper price above $${4 + i} per pound on December 31?`,
  status: 'open', yes_price: 0.9 - 0.1 * i, yes_bid: 0.85 - 0.1 * i, yes_ask: 0.9 - 0.1 * i, volume: 1000 - 100 * i, category: 'Commodities',
  ...(i === 2 ? { svc_id: 'svc_copper000006', cluster_id: 'c-copper' } : {}),
}));
const CLUSTER: SeedMarket[] = [
  { exchange: 'polymarket', market_id: '0xcopper6', title: 'Will copper close above $6 a pound this year?', status: 'open', yes_bid: 0.69, yes_ask: 0.72, svc_id: 'svc_copper000006', cluster_id: 'c-copper' },
  { exchange: 'manifold', market_id: 'copper-6', title: 'Copper over 6 dollars per pound by year end?', status: 'open', yes_bid: 0.55, yes_ask: 0.65, svc_id: 'svc_copper000006', cluster_id: 'c-copper' },
];
// a price ladder of 30 strikes of one event
const LONG_LADDER: SeedMarket[] = Array.from({ length: 30 }, (_, i) => ({
  exchange: 'kalshi', market_id: `KXNICKEL-26DEC-T${10 + i}`, event_id: 'KXNICKEL-26DEC', title: `Nickel price above $${10 + i} per pound on December 31?`,
  status: 'open', yes_price: 0.5, volume: 1000 - i, category: 'Commodities',
}));
const QUERY = 'copper price per pound at the end of the year';

describe('semantic search grouped by event or cluster', function () {
  this.timeout(300_000);
  let h: SemanticHarness;
  let key: string;
  const post = async (body: Record<string, unknown>) => {
    const r = await h.post({ query: QUERY, ...body }, key);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    return r.body;
  };

  before(async () => {
    h = await startSemanticHarness();
    key = await h.keyFor('max');
    await seedCatalogMarkets(h.db.pool, [...LADDER, ...CLUSTER, ...LONG_LADDER]);
    await h.indexer.runOnce();
  });
  after(async () => {
    await h?.close();
  });

  it('400s name a bad group or event', async () => {
    for (const [body, message] of [
      [{ group: 'ladder' }, /group: .*cluster/],
      [{ event: 'KXCOPPER-26DEC' }, /event: must be <exchange>:<event id>/],
      [{ event: 'nyse:KXCOPPER-26DEC' }, /event: must be <exchange>:<event id>/],
    ] as const) {
      const r = await h.post({ query: QUERY, ...body }, key);
      assert.equal(r.status, 400, JSON.stringify(r.body));
      assert.match(r.body.error, message);
    }
  });

  it('with group event a ladder of 30 is one result of a page of 20; with group none, the default, its markets fill the page', async () => {
    const query = 'nickel price per pound at the end of December';
    const none = await h.post({ query, group: 'none', limit: 20 }, key);
    assert.ok(none.body.results.filter((r: { event: string }) => r.event === 'kalshi:KXNICKEL-26DEC').length >= 15, JSON.stringify(none.body.results.map((r: { market_id: string }) => r.market_id)));
    const byDefault = await h.post({ query, limit: 20 }, key);
    assert.deepEqual(byDefault.body.results.map((r: { market_id: string }) => r.market_id), none.body.results.map((r: { market_id: string }) => r.market_id), 'none is the default');
    const grouped = await h.post({ query, group: 'event', limit: 20 }, key);
    assert.equal(grouped.status, 200, JSON.stringify(grouped.body));
    const ladder = grouped.body.results.filter((r: { event: string }) => r.event === 'kalshi:KXNICKEL-26DEC');
    assert.equal(ladder.length, 1, JSON.stringify(grouped.body.results.map((r: { market_id: string }) => r.market_id)));
    // the ladder's other markets among the ranked candidates: at least those it would have shown
    assert.ok(ladder[0].more_in_event >= 14 && ladder[0].more_in_event <= 29, String(ladder[0].more_in_event));
    assert.equal(grouped.body.count, 20);
  });

  it('group event makes the ladder one result with more_in_event; with group none its markets come one by one', async () => {
    const none = await post({ group: 'none', limit: 10 });
    assert.ok(none.results.filter((r: { event: string }) => r.event === 'kalshi:KXCOPPER-26DEC').length >= 4, JSON.stringify(none.results.map((r: { market_id: string }) => r.market_id)));
    const grouped = await post({ group: 'event', limit: 10 });
    const ladder = grouped.results.filter((r: { event: string }) => r.event === 'kalshi:KXCOPPER-26DEC');
    assert.equal(ladder.length, 1);
    assert.equal(ladder[0].more_in_event, 5);
    // it stands for the ladder: its best-ranked market
    assert.equal(ladder[0].market_id, none.results.find((r: { event: string }) => r.event === 'kalshi:KXCOPPER-26DEC').market_id);
    assert.equal(grouped.count, 10);
  });

  it('pages of a grouped search neither repeat nor skip a result', async () => {
    const one = await post({ group: 'event', limit: 12 });
    const paged: string[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 4; i++) {
      const page = await post({ group: 'event', limit: 3, ...(cursor ? { cursor } : {}) });
      paged.push(...page.results.map((r: { exchange: string; market_id: string }) => `${r.exchange}:${r.market_id}`));
      cursor = page.next_cursor;
      if (!cursor) break;
    }
    assert.deepEqual(paged, one.results.map((r: { exchange: string; market_id: string }) => `${r.exchange}:${r.market_id}`));
  });

  it('event ranks every market of the event', async () => {
    const r = await post({ event: 'kalshi:KXCOPPER-26DEC' });
    assert.equal(r.count, 6);
    assert.deepEqual(r.results.map((x: { market_id: string }) => x.market_id).sort(), LADDER.map((m) => m.market_id).sort());
  });

  it('group cluster: one result for the cluster, with its venues and the best prices', async () => {
    const r = await post({ group: 'cluster', limit: 20 });
    const cluster = r.results.filter((x: { svc_id?: string }) => x.svc_id === 'svc_copper000006');
    assert.equal(cluster.length, 1);
    assert.deepEqual(cluster[0].venues.map((v: { exchange: string }) => v.exchange), ['kalshi', 'manifold', 'polymarket']);
    assert.deepEqual([cluster[0].best.yes_ask.exchange, cluster[0].best.yes_ask.price], ['manifold', 0.65]);
    assert.deepEqual([cluster[0].best.no_ask.exchange, cluster[0].best.no_ask.price], ['polymarket', 0.31]);
    // the ladder's markets outside the cluster are results of their own (clusters of one)
    const ids = new Set(r.results.map((x: { market_id: string }) => x.market_id));
    assert.ok(LADDER.filter((m) => !m.svc_id).every((m) => ids.has(m.market_id)), JSON.stringify([...ids]));
  });
});
