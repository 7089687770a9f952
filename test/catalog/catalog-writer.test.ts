// The catalog's write and read paths against the real embedded database: idempotent page upserts
// keyed on the content hash, change_seq only on change, outcomes kept in step, tombstones, events,
// keyset pagination and filters.
import assert from 'node:assert/strict';
import { CatalogReader } from '../../src/catalog/catalog-repository.js';
import { CatalogWriter } from '../../src/catalog/catalog-write-repository.js';
import { marketContentHash } from '../../src/catalog/content-hash.js';
import { makeEvent, makeMarket, type Market } from '../../src/venues/records.js';
import { openTestDatabase, TEST_DATABASE, type TestDatabase } from '../helpers/database.js';

const T0 = '2025-01-01T00:00:00.000Z';

function market(id: string, over: Partial<Parameters<typeof makeMarket>[0]> = {}): Market {
  return makeMarket({
    exchange: 'kalshi',
    market_id: id,
    event_id: 'EV-1',
    title: `Will ${id} happen?`,
    status: 'open',
    category: 'politics',
    outcomes: [
      { id: 'yes', label: 'Yes', price: 0.4 },
      { id: 'no', label: 'No', price: 0.6 },
    ],
    yes_price: 0.4,
    updated_at: T0,
    raw: { ticker: id },
    ...over,
  });
}

async function rowsOf(db: TestDatabase): Promise<Map<string, { change_seq: number; content_hash: string; removed: boolean; updated_at: Date }>> {
  const r = await db.pool.query('SELECT market_id, change_seq, content_hash, removed, updated_at FROM markets ORDER BY market_id');
  return new Map(r.rows.map((x) => [x.market_id, x]));
}

describe('catalog writer and reader', function () {
  this.timeout(60_000);
  let db: TestDatabase;
  let writer: CatalogWriter;
  let reader: CatalogReader;

  beforeEach(async () => {
    db = await openTestDatabase();
    writer = new CatalogWriter(db.pool);
    reader = new CatalogReader(db.pool);
  });
  afterEach(async () => db?.destroy());

  it('the content hash ignores raw and updated_at but sees every served field', () => {
    const a = market('A');
    assert.equal(marketContentHash(a), marketContentHash(market('A', { raw: { other: 1 }, updated_at: '2026-01-01T00:00:00Z' })));
    assert.notEqual(marketContentHash(a), marketContentHash(market('A', { yes_price: 0.41 })));
    assert.notEqual(marketContentHash(a), marketContentHash(market('A', { outcomes: [{ id: 'yes', label: 'Yes', price: 0.5 }] })));
    assert.notEqual(marketContentHash(a), marketContentHash(market('A', { rules: 'new rules' })));
  });

  it('writes a page once; an identical page rewrites nothing; a changed market alone gets a new change_seq', async () => {
    const first = await writer.writePage('kalshi', { markets: [market('A'), market('B'), market('C')], events: [] }, null);
    assert.equal(first.changed, 3);
    const before = await rowsOf(db);

    const again = await writer.writePage('kalshi', { markets: [market('A', { updated_at: '2025-06-01T00:00:00Z', raw: { n: 2 } }), market('B'), market('C')], events: [] }, null);
    assert.deepEqual([again.changed, again.unchanged], [0, 3]);
    const same = await rowsOf(db);
    for (const id of ['A', 'B', 'C']) {
      assert.equal(same.get(id)!.change_seq, before.get(id)!.change_seq, `${id} keeps its change_seq`);
      assert.equal(same.get(id)!.updated_at.getTime(), before.get(id)!.updated_at.getTime(), `${id} not rewritten`);
    }

    const changed = await writer.writePage('kalshi', { markets: [market('A'), market('B', { yes_price: 0.55, outcomes: [{ id: 'yes', label: 'Yes', price: 0.55 }] }), market('C')], events: [] }, null);
    assert.equal(changed.changed, 1);
    const after = await rowsOf(db);
    const maxBefore = Math.max(...[...before.values()].map((r) => r.change_seq));
    assert.ok(after.get('B')!.change_seq > maxBefore, 'B took a new change_seq');
    assert.equal(changed.maxChangeSeq, after.get('B')!.change_seq);
    assert.equal(after.get('A')!.change_seq, before.get('A')!.change_seq);
    const outcomes = await db.pool.query("SELECT outcome_id, price FROM outcomes WHERE market_id = 'B' ORDER BY position");
    assert.deepEqual(outcomes.rows, [{ outcome_id: 'yes', price: 0.55 }], 'outcomes replaced with the new ones');
  });

  it('stores and serves neg_risk where the venue says, and keeps the hashes of markets that say nothing', async () => {
    const unsaid = market('A');
    assert.equal(unsaid.neg_risk, null);
    // A market without the notion hashes as it did before the field existed (nothing rewritten for it).
    const { neg_risk: _n, ...withoutField } = unsaid;
    assert.equal(marketContentHash(unsaid), marketContentHash(withoutField as Market));
    assert.notEqual(marketContentHash(market('A', { neg_risk: false })), marketContentHash(market('A', { neg_risk: true })));
    await writer.writePage('polymarket', { markets: [market('NR', { exchange: 'polymarket', neg_risk: true }), market('STD', { exchange: 'polymarket', neg_risk: false })], events: [] }, null);
    await writer.writePage('kalshi', { markets: [unsaid], events: [] }, null);
    assert.equal((await reader.getMarket('polymarket', 'NR'))?.neg_risk, true);
    assert.equal((await reader.getMarket('polymarket', 'STD'))?.neg_risk, false);
    assert.equal((await reader.getMarket('kalshi', 'A'))?.neg_risk, null);
    const page = await reader.listMarkets({ exchange: 'polymarket', limit: 10 });
    assert.deepEqual(page.items.map((m) => [m.market_id, m.neg_risk]), [['NR', true], ['STD', false]]);
  });

  it('keeps the raw payload, survives NUL characters and duplicate ids within a page', async () => {
    const r = await writer.writePage('kalshi', { markets: [market('A', { raw: { note: 'a\u0000b' } }), market('A', { title: 'Second copy wins?' })], events: [] }, null);
    assert.equal(r.changed, 1);
    const row = (await db.pool.query("SELECT title, raw FROM markets WHERE market_id = 'A'")).rows[0];
    assert.equal(row.title, 'Second copy wins?');
    assert.deepEqual(row.raw, { ticker: 'A' });
    await writer.writePage('kalshi', { markets: [market('N', { raw: { note: 'a\u0000b' } })], events: [] }, null);
    assert.deepEqual((await db.pool.query("SELECT raw FROM markets WHERE market_id = 'N'")).rows[0].raw, { note: 'ab' });
  });

  it('stores the resume cursor in the same transaction as the page', async () => {
    await writer.writePage('kalshi', { markets: [market('A')], events: [] }, { cursor: 'c1', started_at: T0, pages: 1 });
    const row = (await db.pool.query("SELECT cursor FROM venue_sync_status WHERE exchange = 'kalshi'")).rows[0];
    assert.deepEqual(row.cursor, { cursor: 'c1', started_at: T0, pages: 1 });
  });

  it('a page that fails to write leaves nothing of itself behind', async () => {
    await writer.writePage('kalshi', { markets: [market('A')], events: [] }, null);
    // Force a failure half-way through a page: a row breaking a constraint (title NOT NULL) after a valid one.
    const broken = { ...market('Z'), title: null } as unknown as Market;
    await assert.rejects(writer.writePage('kalshi', { markets: [market('Y'), broken], events: [] }, { cursor: 'never', started_at: T0, pages: 9 }));
    const ids = [...(await rowsOf(db)).keys()];
    assert.deepEqual(ids, ['A'], 'neither Y nor Z was written');
    const status = (await db.pool.query("SELECT cursor FROM venue_sync_status WHERE exchange = 'kalshi'")).rows[0];
    assert.equal(status, undefined, 'the cursor of the failed page was not stored');
  });

  it('tombstones markets missing from a complete listing, and revives one that comes back', async () => {
    await writer.writePage('kalshi', { markets: [market('A'), market('B')], events: [] }, null);
    const before = await rowsOf(db);
    assert.deepEqual(await writer.tombstoneMissing('kalshi', new Set()), { removed: 0, maxChangeSeq: 0 }, 'an empty listing tombstones nothing');
    const t = await writer.tombstoneMissing('kalshi', new Set(['A']));
    assert.equal(t.removed, 1);
    const after = await rowsOf(db);
    assert.equal(after.get('B')!.removed, true);
    assert.ok(after.get('B')!.change_seq > before.get('B')!.change_seq, 'a tombstone is a change');
    assert.equal(after.get('A')!.change_seq, before.get('A')!.change_seq);
    assert.equal((await reader.listMarkets({ exchange: 'kalshi', limit: 10 })).items.length, 1, 'lists leave removed markets out');

    const back = await writer.writePage('kalshi', { markets: [market('B')], events: [] }, null);
    assert.equal(back.changed, 1, 'same content, but it was removed: rewritten');
    assert.equal((await rowsOf(db)).get('B')!.removed, false);
  });

  it('upserts events by content hash and counts their markets', async () => {
    const ev = makeEvent({ exchange: 'kalshi', event_id: 'EV-1', title: 'Event one', category: 'Politics', updated_at: T0, raw: {} });
    const w1 = await writer.writePage('kalshi', { markets: [market('A'), market('B')], events: [ev] }, null);
    assert.equal(w1.eventsChanged, 1);
    const w2 = await writer.writePage('kalshi', { markets: [], events: [ev] }, null);
    assert.equal(w2.eventsChanged, 0);
    const got = await reader.getEvent('kalshi', 'EV-1');
    assert.equal(got?.market_count, 2);
    assert.equal(got?.title, 'Event one');
    assert.equal((await reader.findEvent('EV-1', ['polymarket', 'kalshi']))?.exchange, 'kalshi');
    assert.equal((await reader.listEvents({ categories: ['politics'], limit: 5 })).items.length, 1, 'category filter is case-insensitive');
  });

  it('pages markets by key with filters, without repeats or gaps', async () => {
    const ms = Array.from({ length: 23 }, (_, i) =>
      market(`M${String(i).padStart(2, '0')}`, { category: i % 2 ? 'sports' : 'politics', status: i % 3 === 0 ? 'closed' : 'open', event_id: i < 5 ? 'EV-5' : 'EV-X' }),
    );
    await writer.writePage('kalshi', { markets: ms, events: [] }, null);
    const seen: string[] = [];
    let after: string[] | undefined;
    do {
      const page = await reader.listMarkets({ exchange: 'kalshi', limit: 5, after });
      seen.push(...page.items.map((m) => m.market_id));
      after = page.nextKey ?? undefined;
    } while (after);
    assert.deepEqual(seen, ms.map((m) => m.market_id));
    const sportsOpen = await reader.listMarkets({ exchange: 'kalshi', categories: ['sports'], statuses: ['open'], limit: 100 });
    assert.ok(sportsOpen.items.length > 0);
    assert.ok(sportsOpen.items.every((m) => m.category === 'sports' && m.status === 'open'));
    assert.equal((await reader.listMarkets({ exchange: 'kalshi', eventId: 'EV-5', limit: 100 })).items.length, 5);
    assert.equal((await reader.listMarkets({ exchange: 'polymarket', limit: 100 })).items.length, 0);
    const one = await reader.getMarket('kalshi', 'M01');
    assert.equal(one?.svc_id, null);
    assert.equal(one?.cluster_id, null);
    assert.equal(typeof one?.updated_at, 'string');
    assert.deepEqual(one?.outcomes.map((o) => o.id), ['yes', 'no']);
  });

  it('with vacuumAfterWrites (embedded database), vacuums the catalog tables once enough rows were written', async function () {
    // A server autovacuums and the service never asks the writers to vacuum there (src/service.ts).
    if (TEST_DATABASE === 'server') this.skip();
    const vacuuming = new CatalogWriter(db.pool, { vacuumAfterWrites: true });
    const visible = async () =>
      (await db.pool.query<{ relname: string; visible: number }>(
        "SELECT relname, relallvisible::int AS visible FROM pg_class WHERE relname IN ('markets', 'outcomes') ORDER BY relname",
      )).rows.map((r) => `${r.relname}:${r.visible > 0}`);
    const page = (from: number, n: number, price: number) =>
      Array.from({ length: n }, (_, i) => market(`M-${from + i}`, { yes_price: price }));
    await vacuuming.writePage('kalshi', { markets: page(0, 400, 0.4), events: [] }, null);
    assert.deepEqual(await visible(), ['markets:false', 'outcomes:false'], 'under 1,000 written rows: no VACUUM yet');
    // 800 outcome rows so far; 400 more markets carry 800 more: both tables cross 1,000 written rows
    // (markets at 1,200 after a price change rewrites the first 400 again)
    await vacuuming.writePage('kalshi', { markets: page(400, 400, 0.4), events: [] }, null);
    assert.deepEqual(await visible(), ['markets:false', 'outcomes:true']);
    await vacuuming.writePage('kalshi', { markets: page(0, 400, 0.45), events: [] }, null);
    assert.deepEqual(await visible(), ['markets:true', 'outcomes:true']);
  });
  it('assigns clusters and removes named markets, each taking a new change_seq only when it changes something', async () => {
    await writer.writePage('kalshi', { markets: [market('A'), market('B'), market('C')], events: [] }, null);
    const before = await rowsOf(db);
    const joined = await writer.assignClusters([
      { exchange: 'kalshi', market_id: 'A', svc_id: 'svc_aaaaaaaaaaaa', cluster_id: 'cl-1' },
      { exchange: 'kalshi', market_id: 'B', svc_id: null, cluster_id: null },
      { exchange: 'kalshi', market_id: 'NOPE', svc_id: 'svc_bbbbbbbbbbbb', cluster_id: 'cl-2' },
    ]);
    assert.equal(joined.changed, 1, 'only A changed (B had no cluster; NOPE is not in the catalog)');
    let after = await rowsOf(db);
    assert.ok(Number(after.get('A')!.change_seq) > Number(before.get('A')!.change_seq));
    assert.equal(Number(after.get('A')!.change_seq), joined.maxChangeSeq);
    assert.equal(after.get('B')!.change_seq, before.get('B')!.change_seq);
    const a = await reader.getMarket('kalshi', 'A');
    assert.deepEqual([a!.svc_id, a!.cluster_id], ['svc_aaaaaaaaaaaa', 'cl-1']);
    assert.equal((await writer.assignClusters([{ exchange: 'kalshi', market_id: 'A', svc_id: 'svc_aaaaaaaaaaaa', cluster_id: 'cl-1' }])).changed, 0, 'the same cluster again changes nothing');

    const removed = await writer.removeMarkets('kalshi', ['B', 'NOPE']);
    assert.equal(removed.removed, 1);
    after = await rowsOf(db);
    assert.equal(after.get('B')!.removed, true);
    assert.equal(after.get('C')!.removed, false);
    assert.equal((await writer.removeMarkets('kalshi', ['B'])).removed, 0, 'removing a removed market changes nothing');
  });

  it('the change feed: changes since a position in change_seq order, counts, cluster members and their venues', async () => {
    await writer.writePage('kalshi', { markets: [market('A'), market('B')], events: [] }, null);
    await writer.writePage('polymarket', { markets: [market('P', { exchange: 'polymarket' })], events: [] }, null);
    await writer.assignClusters([
      { exchange: 'kalshi', market_id: 'A', svc_id: 'svc_aaaaaaaaaaaa', cluster_id: 'cl-1' },
      { exchange: 'polymarket', market_id: 'P', svc_id: 'svc_aaaaaaaaaaaa', cluster_id: 'cl-1' },
    ]);
    await writer.removeMarkets('kalshi', ['B']);
    const high = await reader.highWater();
    const all = await reader.changesSince(0, 100);
    assert.deepEqual(all.map((r) => r.market_id), ['A', 'P', 'B'], 'in change_seq order: the cluster assignment, then the removal');
    assert.ok(all.every((r, i) => i === 0 || r.change_seq > all[i - 1].change_seq));
    assert.equal(all[all.length - 1].change_seq, high);
    assert.equal(all.find((r) => r.market_id === 'B')!.removed, true);
    assert.deepEqual((await reader.changesSince(all[0].change_seq, 1)).map((r) => r.market_id), ['P']);
    assert.equal(await reader.countChangesSince(all[0].change_seq), 2);
    assert.deepEqual([...(await reader.countsByExchange())], [['kalshi', 1], ['polymarket', 1]]);
    assert.equal(await reader.countLiveUpTo(high), 2);
    assert.deepEqual((await reader.clusterMembers(['svc_aaaaaaaaaaaa'])).map((r) => r.market_id).sort(), ['A', 'P']);
    assert.deepEqual([...(await reader.clusterExchanges(['svc_aaaaaaaaaaaa', 'svc_none']))], [['svc_aaaaaaaaaaaa', ['kalshi', 'polymarket']]]);
    const page = await reader.liveMarketsUpTo(high, [-1, '', ''], 1);
    assert.deepEqual(page.map((r) => [r.market_id, r.cluster_exchanges]), [['A', ['kalshi', 'polymarket']]]);
    const rest = await reader.liveMarketsUpTo(high, [page[0].change_seq, page[0].exchange, page[0].market_id], 10);
    assert.deepEqual(rest.map((r) => r.market_id), ['P'], 'removed markets are not part of a rebuild');
  });
});

