// /ws/svc (src/ws/svc) on two real service instances sharing one real PostgreSQL server, fed by the
// Kalshi and Limitless simulators through the stream fan-out (one upstream per venue): the plan gate
// at the upgrade, errors that change nothing, the snapshot of every member, quote and best messages
// numbered without gaps on either instance, a reconnect to the other instance, a merge in the
// matcher's tables (merged, then the survivor followed), and the leader stopping (a fresh snapshot on
// the instance left, numbers continuing). The messages are checked against the schemas of /openapi.json.
import assert from 'node:assert/strict';
import pg from 'pg';
import type { RunningSimulator } from '../../src/sim/types.js';
import { simulatorFor } from '../../src/venues/simulators.js';
import { SvcBestMessage, SvcMerged, SvcQuote, SvcSnapshot } from '../../src/ws/svc/api-doc.js';
import { seedCatalogMarkets } from '../../scripts/lib/catalog-seed.js';
import { createServerDatabase } from '../helpers/postgres-server.js';
import { issueKey, startTestService, type TestService } from '../helpers/service.js';
import { TestStreamClient, type Json } from './client.js';

const HEARTBEAT_MS = 300;
const POLL_MS = 200;

async function until(what: string, probe: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The cluster's messages a client got, in order, and their seqs: consecutive from the first. */
function assertGapFree(messages: Json[], svcId: string): void {
  const seqs = messages.filter((m) => m.svc_id === svcId && typeof m.seq === 'number').map((m) => m.seq as number);
  assert.ok(seqs.length > 0, 'no numbered message');
  for (let i = 1; i < seqs.length; i++) assert.equal(seqs[i], seqs[i - 1] + 1, `seq gap: ${seqs.join(',')}`);
}

function checkSchema(m: Json): void {
  const schema = { snapshot: SvcSnapshot, quote: SvcQuote, best: SvcBestMessage, merged: SvcMerged }[m.type as string];
  if (schema) schema.parse(m);
}

describe('/ws/svc: the cluster stream on two instances', function () {
  this.timeout(180_000);
  let db: { url: string; drop(): Promise<void> };
  let kalshi: RunningSimulator;
  let limitless: RunningSimulator;
  let a: TestService | undefined;
  let b: TestService | undefined;
  let pool: pg.Pool;
  let proKey: string;
  const clients: TestStreamClient[] = [];
  const C1 = 'svc_aaaaaaaaaaaa';
  const C2 = 'svc_bbbbbbbbbbbb';
  const C3 = 'svc_cccccccccccc';
  let k: string[];
  let l: string[];

  const open = async (svc: TestService, key = proKey): Promise<TestStreamClient> => {
    const c = await TestStreamClient.open(`${svc.url.replace(/^http/, 'ws')}/ws/svc`, { headers: { 'X-API-Key': key } });
    clients.push(c);
    return c;
  };
  const start = (): Promise<TestService> =>
    startTestService({
      env: {
        DATABASE_URL: db.url,
        EXCHANGE_MODE: 'live',
        KALSHI_REST_URL: kalshi.baseUrls.rest,
        KALSHI_WS_URL: kalshi.baseUrls.ws,
        LIMITLESS_REST_URL: limitless.baseUrls.rest,
        LIMITLESS_WS_URL: limitless.baseUrls.ws,
        WS_FANOUT_HEARTBEAT_MS: String(HEARTBEAT_MS),
        WS_POLL_INTERVAL_MS: String(POLL_MS),
      },
    });
  const insertCluster = async (svcId: string, members: [string, string][]): Promise<void> => {
    const clusterId = `clu_${svcId.slice(4)}`;
    // The catalog holds the members as open markets (only an open market's quote counts for best).
    await seedCatalogMarkets(pool, members.map(([exchange, marketId]) => ({ exchange, market_id: marketId, title: `${exchange} ${marketId}`, status: 'open' })));
    await pool.query(`INSERT INTO match_clusters (cluster_id, svc_id, title, canonical_exchange, canonical_market_id, category, confidence) VALUES ($1, $2, 'q', $3, $4, 'politics', 0.9)`, [clusterId, svcId, members[0][0], members[0][1]]);
    for (const [exchange, marketId] of members) {
      await pool.query(`INSERT INTO match_cluster_members (exchange, market_id, cluster_id, confidence, method) VALUES ($1, $2, $3, 0.9, 'judge')`, [exchange, marketId, clusterId]);
    }
  };
  const move = async (sim: RunningSimulator, id: string, n: number): Promise<void> => {
    for (let i = 0; i < n; i++) {
      sim.activity.stepMarket(id);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const top = (sim: RunningSimulator, id: string): { bid: number; ask: number } => {
    const book = sim.activity.book(id)!;
    return { bid: Math.max(...book.bids.map((x) => x.price)), ask: Math.min(...book.asks.map((x) => x.price)) };
  };
  const fanout = (svc: TestService): Json => (svc.streams.health() as Json).fanout;

  before(async () => {
    db = await createServerDatabase();
    kalshi = await (await simulatorFor('kalshi'))({ tickMs: 0, seed: 11 });
    limitless = await (await simulatorFor('limitless'))({ tickMs: 0, seed: 12 });
    const active = (sim: RunningSimulator): string[] => sim.activity.marketIds.filter((id) => sim.activity.state(id)?.active).slice(0, 3);
    k = active(kalshi);
    l = active(limitless);
    a = await start();
    b = await start();
    pool = new pg.Pool({ connectionString: db.url, max: 2 });
    await insertCluster(C1, [['kalshi', k[0]], ['limitless', l[0]]]);
    await insertCluster(C2, [['kalshi', k[1]], ['limitless', l[1]]]);
    await insertCluster(C3, [['kalshi', k[2]], ['limitless', l[2]]]);
    proKey = await issueKey(a, 'pro');
    await until('b to follow a', () => fanout(b!).leader === fanout(a!).instance);
  });
  afterEach(() => {
    for (const c of clients.splice(0)) c.close();
  });
  after(async () => {
    await pool?.end();
    await a?.destroy();
    await b?.destroy();
    await kalshi?.stop();
    await limitless?.stop();
    await db?.drop();
  });

  it('asks for an API key whose plan has the svc lookups (401, 403), and answers errors that change nothing', async () => {
    await assert.rejects(TestStreamClient.open(`${a!.url.replace(/^http/, 'ws')}/ws/svc`), /401/);
    await assert.rejects(open(a!, 'pm_not_a_key'), /401/);
    await assert.rejects(open(a!, await issueKey(a!, 'free')), /403/);
    // A browser cannot set headers: the key may come as ?api_key=.
    const viaQuery = await TestStreamClient.open(`${a!.url.replace(/^http/, 'ws')}/ws/svc?api_key=${proKey}`);
    clients.push(viaQuery);
    const c = await open(a!);
    c.send('{not json');
    assert.match((await c.next()).error, /malformed JSON/);
    c.send({ action: 'subscribe', svc_ids: ['svc_nope'] });
    assert.match((await c.next()).error, /svc_id is svc_ followed by 12/);
    c.send({ action: 'subscribe', svc_ids: ['svc_zzzzzzzzzzzz'] });
    assert.equal((await c.next()).error, 'unknown svc_id: svc_zzzzzzzzzzzz');
    c.send({ action: 'subscribe', svc_ids: [C1], message_types: ['prices'] });
    assert.match((await c.next()).error, /unknown field\(s\) message_types/);
    c.send({ action: 'unsubscribe', svc_ids: [C1] });
    assert.match((await c.next()).error, /not subscribed/);
    assert.deepEqual(await c.collect(300), [], 'nothing else arrives: no subscription was made');
    assert.equal((a!.streams.health() as Json).upstream.svc.clusters, 0);
  });

  it('sends a snapshot of every member, then quotes and bests numbered without gaps on both instances', async () => {
    const ca = await open(a!);
    const cb = await open(b!);
    for (const c of [ca, cb]) {
      c.send({ action: 'subscribe', svc_ids: [C1] });
      assert.deepEqual(await c.next(), { event: 'subscribed', svc_ids: [C1] });
      const snap = await c.next((m) => m.type === 'snapshot', 10_000, 'the snapshot');
      checkSchema(snap);
      assert.deepEqual(snap.quotes.map((q: Json) => `${q.exchange}:${q.market_id}`), [`kalshi:${k[0]}`, `limitless:${l[0]}`]);
    }
    // Both members' books reach both instances (the follower's through the leader).
    for (const c of [ca, cb]) {
      await until('live quotes of both members', () => ['kalshi', 'limitless'].every((x) => c.received.some((m) => (m.type === 'quote' || m.type === 'snapshot') && JSON.stringify(m).includes(`"exchange":"${x}","market_id"`) && JSON.stringify(m).includes('"yes_bid":0'))));
    }
    await move(kalshi, k[0], 8);
    await move(limitless, l[0], 8);
    const want = { k: top(kalshi, k[0]), l: top(limitless, l[0]) };
    const latest = (c: TestStreamClient, exchange: string): Json | undefined => c.received.filter((m) => m.type === 'quote' && m.exchange === exchange).at(-1);
    for (const c of [ca, cb]) {
      await until('the latest books as quotes', () => latest(c, 'kalshi')?.yes_bid === want.k.bid && latest(c, 'kalshi')?.yes_ask === want.k.ask && latest(c, 'limitless')?.yes_bid === want.l.bid && latest(c, 'limitless')?.yes_ask === want.l.ask);
      for (const m of c.received) checkSchema(m);
      assertGapFree(c.received, C1);
      assert.equal(latest(c, 'kalshi')!.stale, false);
    }
    // The best follows the books: lowest YES ask, lowest NO ask = 1 - highest YES bid.
    const best = cb.received.filter((m) => m.type === 'best').at(-1)!;
    assert.equal(best.yes_ask.price, Math.min(want.k.ask, want.l.ask));
    const r8 = (x: number): number => Math.round(x * 1e8) / 1e8 || 0;
    assert.equal(best.no_ask.price, r8(1 - Math.max(want.k.bid, want.l.bid)));
    assert.equal(best.gap, r8(1 - best.yes_ask.price - best.no_ask.price));

    // A reconnect (to the other instance): a fresh snapshot, then numbers without gaps from it.
    ca.close();
    const again = await open(b!);
    again.send({ action: 'subscribe', svc_ids: [C1] });
    const snap = await again.next((m) => m.type === 'snapshot', 10_000, 'the snapshot after the reconnect');
    assert.equal(snap.quotes.find((q: Json) => q.exchange === 'kalshi').yes_bid, want.k.bid);
    await move(kalshi, k[0], 5);
    await until('updates after the reconnect', () => again.received.filter((m) => m.type === 'quote').length >= 2);
    assertGapFree(again.received, C1);
    // One upstream connection per venue for the deployment.
    assert.equal(kalshi.server.wsClientCount, 1);
  });

  it('tells a merge (merged, then the survivor\'s snapshot) when the matcher merges a cluster away', async () => {
    const c = await open(b!);
    c.send({ action: 'subscribe', svc_ids: [C3] });
    await c.next((m) => m.type === 'snapshot' && m.svc_id === C3, 10_000, 'C3 snapshot');
    // As the matcher's store writes a merge: the merged-away id points at the survivor's cluster, its rows go.
    await pool.query(`INSERT INTO match_merged_ids (svc_id, cluster_id, merged_into) VALUES ($1, $2, $3)`, [C3, `clu_${C3.slice(4)}`, `clu_${C2.slice(4)}`]);
    await pool.query('DELETE FROM match_clusters WHERE svc_id = $1', [C3]);
    const merged = await c.next((m) => m.type === 'merged', 10_000, 'the merged message');
    checkSchema(merged);
    assert.deepEqual(merged, { type: 'merged', svc_id: C3, merged_into: C2 });
    const snap = await c.next((m) => m.type === 'snapshot', 10_000, 'the survivor\'s snapshot');
    assert.equal(snap.svc_id, C2);
    assert.deepEqual(snap.quotes.map((q: Json) => q.market_id), [k[1], l[1]]);
    await move(kalshi, k[1], 4);
    await c.next((m) => m.type === 'quote' && m.svc_id === C2, 10_000, 'a quote of the survivor');
    // Subscribing the merged-away id now: merged first, then the survivor.
    const d = await open(a!);
    d.send({ action: 'subscribe', svc_ids: [C3] });
    assert.deepEqual(await d.next(), { event: 'subscribed', svc_ids: [C3] });
    assert.deepEqual(await d.next(), { type: 'merged', svc_id: C3, merged_into: C2 });
    assert.equal((await d.next()).svc_id, C2);
    // Unsubscribing the id asked for leaves the survivor too.
    d.send({ action: 'unsubscribe', svc_ids: [C3] });
    assert.deepEqual(await d.next((m) => 'event' in m), { event: 'unsubscribed', svc_ids: [C3] });
  });

  it('sends a fresh snapshot when the leader stops, and numbers go on without a gap', async () => {
    const c = await open(b!);
    c.send({ action: 'subscribe', svc_ids: [C1] });
    await c.next((m) => m.type === 'snapshot', 10_000, 'the snapshot');
    await move(kalshi, k[0], 3);
    await c.next((m) => m.type === 'quote', 10_000, 'a quote');
    const before = c.received.length;
    await a!.destroy();
    a = undefined;
    await until('b to lead', () => fanout(b!).role === 'leader');
    await until('a snapshot after the takeover', () => c.received.slice(before).some((m) => m.type === 'snapshot'));
    await move(kalshi, k[0], 6);
    const want = top(kalshi, k[0]);
    await until('quotes from the new leader', () => c.received.filter((m) => m.type === 'quote' && m.exchange === 'kalshi').at(-1)?.yes_bid === want.bid);
    assertGapFree(c.received, C1);
    assert.equal(kalshi.server.wsClientCount, 1);
  });
});
