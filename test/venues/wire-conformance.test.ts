// The venues' wire schemas (src/venues/<code>/wire.ts, taken from the venues' published specs, official
// SDKs and recorded payloads) held against the simulators, and the conformance command's logic:
// - every simulator answers every conformance check within its venue's schemas (REST), and its
//   stream messages fit them too, so a simulator cannot send what the venue never sends;
// - the adapters' own reads against the simulators note no drift;
// - the run says ok / drifted (naming the field) / failed, and "no network" when no venue resolves.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { WebSocket } from 'ws';
import { conformanceExitCode, formatConformance, runConformance, runSimulatorConformance, runVenueConformance } from '../../src/venues/conformance.js';
import { EXCHANGE_CODES } from '../../src/venues/exchanges.js';
import { VENUES } from '../../src/venues/index.js';
import { createAdapter } from '../../src/venues/registry.js';
import { simulatorFor } from '../../src/venues/simulators.js';
import { l1Headers, l2Headers, polymarketOrderDomain, POLYMARKET_ORDER_TYPES } from '../../src/venues/polymarket/signing.js';
import { startPolymarketSimulator } from '../../src/venues/polymarket/sim/simulator.js';
import { createPolymarketTradingClient } from '../../src/venues/polymarket/trading.js';
import type { RunningSimulator } from '../../src/sim/types.js';
import { WsMarketMessageSchema } from '../../src/venues/polymarket/wire.js';
import { PredictWsBookMessageSchema } from '../../src/venues/predictfun/wire.js';
import { PREDICTFUN_SIM_API_KEY } from '../../src/venues/predictfun/sim/simulator.js';
import { FUTUUR_SIM_CREDENTIALS } from '../../src/venues/futuur/sim/simulator.js';
import { venueDrift } from '../../src/venues/wire.js';
import { Wallet } from 'ethers';

const ZERO32 = `0x${'0'.repeat(64)}`;
const FAST_HTTP = { retries: 0, timeoutMs: 5_000, rateLimit: { perSecond: 1_000, burst: 1_000 } };
const descriptor = (code: string) => VENUES.find((v) => v.code === code)!;
const WITH_CHECKS = VENUES.filter((v) => v.conformance).map((v) => v.code);

/**
 * A venue that changed: a proxy in front of a simulator (`origin`) passing every request through and
 * handing each JSON answer to `change` (by path) before it goes back. Returns the proxy's origin and its stop.
 */
async function changedVenue(origin: string, change: (path: string, body: any) => void): Promise<{ via: string; close: () => void }> {
  const proxy = http.createServer((req, res) => {
    void (async () => {
      const upstream = await fetch(origin + req.url!, { headers: Object.fromEntries(Object.entries(req.headers).filter(([k]) => k !== 'host').map(([k, v]) => [k, String(v)])) });
      let text = await upstream.text();
      if (upstream.ok) {
        const body = JSON.parse(text) as unknown;
        change(req.url!.split('?')[0], body);
        text = JSON.stringify(body);
      }
      res.writeHead(upstream.status, { 'content-type': 'application/json' }).end(text);
    })();
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  return { via: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`, close: () => proxy.close() };
}
const rebased = (baseUrls: Record<string, string>, origin: string, via: string) => Object.fromEntries(Object.entries(baseUrls).map(([k, v]) => [k, v.replace(origin, via)]));

describe('venue wire schemas and the conformance command', function () {
  this.timeout(120_000);

  it('every simulator answers every check of its venue within the venue\'s schemas', async () => {
    const report = await runSimulatorConformance(EXCHANGE_CODES, { timeoutMs: 10_000 });
    const bad = report.results.filter((r) => r.outcome === 'drifted' || r.outcome === 'failed');
    assert.deepEqual(bad, [], formatConformance(report));
    for (const code of WITH_CHECKS) assert.ok(report.results.some((r) => r.venue === code && r.outcome === 'ok'), `${code} was checked`);
    assert.equal(report.noNetwork, false);
    assert.equal(conformanceExitCode(report), 0);
  });

  for (const code of WITH_CHECKS) {
    it(`${code}: the adapter's reads against the simulator note no drift`, async () => {
      const sim = await (await simulatorFor(code))({ tickMs: 0, seed: 3 });
      venueDrift.clear();
      try {
        const adapter = createAdapter(code, { baseUrls: sim.baseUrls, http: FAST_HTTP });
        const first = (await adapter.listMarkets({ pageSize: 10 })[Symbol.asyncIterator]().next()).value;
        const market = first?.markets.find((m) => m.status === 'open') ?? first?.markets[0];
        assert.ok(market, 'the simulator lists markets');
        await adapter.getMarket(market.market_id);
        if (adapter.capabilities.reads.orderbook) await adapter.getOrderBook!(market.market_id);
        if (adapter.capabilities.reads.trades) await adapter.getTrades!(market.market_id, { limit: 5 });
        if (adapter.capabilities.reads.prices) await adapter.getPriceHistory!(market.market_id, { interval: '1h' });
        await adapter.close?.();
        const drift = venueDrift.of(code).filter((n) => n.endpoint !== 'envelope');
        assert.deepEqual(drift, []);
      } finally {
        await sim.stop();
      }
    });
  }

  it('polymarket: the simulator\'s market-channel messages fit the wire schema', async () => {
    const sim = await startPolymarketSimulator({ tickMs: 0, seed: 5 });
    try {
      const list = (await (await fetch(`${sim.baseUrls.gamma}/markets?limit=20&closed=false`)).json()) as { clobTokenIds?: string }[];
      const assets = list.flatMap((m) => (m.clobTokenIds ? (JSON.parse(m.clobTokenIds) as string[]) : [])).slice(0, 8);
      const ws = new WebSocket(sim.baseUrls.ws);
      const messages: unknown[] = [];
      ws.on('message', (data) => {
        const text = String(data);
        if (text === 'PONG') return;
        const parsed = JSON.parse(text) as unknown;
        messages.push(...(Array.isArray(parsed) ? parsed : [parsed]));
      });
      await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
      ws.send(JSON.stringify({ assets_ids: assets, type: 'market', initial_dump: true }));
      await new Promise((r) => setTimeout(r, 200));
      for (let i = 0; i < 40; i++) sim.activity.step();
      await new Promise((r) => setTimeout(r, 300));
      ws.close();
      const kinds = new Set(messages.map((m) => (m as { event_type?: string }).event_type));
      assert.ok(kinds.has('book') && kinds.has('price_change'), `kinds seen: ${[...kinds].join(', ')}`);
      for (const m of messages) {
        const r = WsMarketMessageSchema.safeParse(m);
        assert.ok(r.success, `${JSON.stringify(m).slice(0, 200)}: ${r.success ? '' : r.error.message}`);
      }
    } finally {
      await sim.stop();
    }
  });

  it('predictfun: the simulator\'s book-topic messages fit the wire schema', async () => {
    const sim = await (await simulatorFor('predictfun'))({ tickMs: 0, seed: 5 });
    try {
      const page = (await (await fetch(`${sim.baseUrls.rest}/markets?first=10`)).json()) as { data: { id: number }[] };
      const topics = page.data.slice(0, 5).map((m) => `predictOrderbook/${m.id}`);
      const ws = new WebSocket(sim.baseUrls.ws);
      const books: unknown[] = [];
      ws.on('message', (data) => {
        const m = JSON.parse(String(data)) as { type?: string; topic?: string };
        if (m.type === 'M' && m.topic?.startsWith('predictOrderbook/')) books.push(m);
      });
      await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
      ws.send(JSON.stringify({ requestId: 1, method: 'subscribe', params: topics }));
      await new Promise((r) => setTimeout(r, 200));
      for (let i = 0; i < 20; i++) sim.activity.step();
      await new Promise((r) => setTimeout(r, 300));
      ws.close();
      assert.ok(books.length >= topics.length, `${books.length} book messages`);
      for (const m of books) {
        const r = PredictWsBookMessageSchema.safeParse(m);
        assert.ok(r.success, `${JSON.stringify(m).slice(0, 200)}: ${r.success ? '' : r.error.message}`);
      }
    } finally {
      await sim.stop();
    }
  });

  describe('polymarket: the signed checks with the account\'s credentials', () => {
    const wallet = new Wallet(`0x${'41'.repeat(32)}`);
    let sim: RunningSimulator;
    let credentials: { api_key: string; secret: string; passphrase: string; address: string };
    const signedChecks = ['GET /balance-allowance', 'GET /data/trades', 'GET /data/order/{id}', 'GET /positions'];
    const run = (baseUrls: Record<string, string>, creds: Record<string, unknown> = credentials) => runVenueConformance({ descriptor: descriptor('polymarket'), baseUrls, keys: { marketData: {}, credentials: creds } }, { timeoutMs: 5_000, withCredentials: true });

    before(async () => {
      sim = await startPolymarketSimulator({ tickMs: 0 });
      sim.activity.stop();
      const key = (await (await fetch(`${sim.baseUrls.clob}/auth/derive-api-key`, { headers: { ...(await l1Headers(wallet, Math.floor(Date.now() / 1000))) } })).json()) as { apiKey: string; secret: string; passphrase: string };
      credentials = { api_key: key.apiKey, secret: key.secret, passphrase: key.passphrase, address: wallet.address };
      // A buy through the best ask, so the account has a trade, an order and a holding to be read.
      const list = (await (await fetch(`${sim.baseUrls.gamma}/markets?limit=50&closed=false`)).json()) as { conditionId: string; clobTokenIds?: string; outcomes?: string; negRisk?: boolean; acceptingOrders?: boolean }[];
      const m = list.find((x) => x.clobTokenIds && x.acceptingOrders !== false && (x.outcomes ?? '["Yes","No"]').startsWith('["Yes"') && (sim.activity.book(x.conditionId)?.asks.length ?? 0) >= 1)!;
      const token = (JSON.parse(m.clobTokenIds!) as string[])[0];
      const ask = sim.activity.book(m.conditionId)!.asks[0];
      const size = Math.min(ask.size, 5);
      const o = { salt: String(Date.now()), maker: wallet.address, signer: wallet.address, tokenId: token, makerAmount: String(Math.round(ask.price * size * 1e6)), takerAmount: String(Math.round(size * 1e6)), side: 0, signatureType: 0, timestamp: String(Date.now()), metadata: ZERO32, builder: ZERO32 };
      const signedOrder = { ...o, negRisk: !!m.negRisk, signature: await wallet.signTypedData(polymarketOrderDomain(!!m.negRisk), POLYMARKET_ORDER_TYPES, o) };
      const placed = await createPolymarketTradingClient({ baseUrls: sim.baseUrls, timeoutMs: 5_000 }).place(credentials, { marketId: m.conditionId, outcome: token, side: 'buy', type: 'limit', price: ask.price, size, timeInForce: 'gtc', expiresAt: null, clientId: o.salt, signedOrder });
      assert.ok(placed.filledSize > 0, `the buy filled (${placed.status})`);
    });
    after(async () => {
      await sim?.stop();
    });

    it('every signed check runs and fits the schemas: the balance, the account\'s trades, its order, its positions', async () => {
      const { results } = await run(sim.baseUrls);
      const signed = results.filter((r) => signedChecks.includes(r.endpoint));
      assert.deepEqual(signed, signedChecks.map((endpoint) => ({ venue: 'polymarket', endpoint, outcome: 'ok', detail: '' })), formatConformance({ results, noNetwork: false }));
      const trades = sim.server.requests.filter((r) => r.path === '/clob/data/trades').at(-1)!;
      assert.equal(new URLSearchParams(trades.search).get('maker_address'), wallet.address, 'asked for the account\'s wallet');
      // The schemas were held to rows, not to empty lists.
      const page = (await (await fetch(`${sim.baseUrls.clob}${trades.path.replace(/^\/clob/, '')}?${trades.search}`, { headers: l2Headers(credentials, Math.floor(Date.now() / 1000), 'GET', '/data/trades') })).json()) as { data: unknown[] };
      const held = (await (await fetch(`${sim.baseUrls.data}/positions?user=${wallet.address}&sizeThreshold=0`)).json()) as unknown[];
      assert.deepEqual([page.data.length > 0, held.length > 0], [true, true]);
    });

    it('a wrong passphrase is the venue\'s 401 on each signed CLOB read; a proxy account without its funder is skipped, saying why', async () => {
      const wrong = await run(sim.baseUrls, { ...credentials, passphrase: 'nope' });
      for (const endpoint of ['GET /balance-allowance', 'GET /data/trades']) assert.match(wrong.results.find((r) => r.endpoint === endpoint)!.detail, /HTTP 401/, endpoint);
      assert.equal(wrong.results.find((r) => r.endpoint === 'GET /data/order/{id}')?.outcome, 'skipped');
      const proxy = await run(sim.baseUrls, { ...credentials, signature_type: 1 });
      const trades = proxy.results.find((r) => r.endpoint === 'GET /data/trades')!;
      assert.deepEqual([trades.outcome, /funder/.test(trades.detail)], ['skipped', true], trades.detail);
    });

    it('a trades answer without a field the order client reads is reported drifted, naming it', async () => {
      // The venue as it would be if it dropped the maker orders' price.
      const origin = new URL(sim.baseUrls.clob).origin;
      const venue = await changedVenue(origin, (path, body) => {
        if (path === '/clob/data/trades') delete body.data[0].maker_orders[0].price;
      });
      try {
        const { results } = await run(rebased(sim.baseUrls, origin, venue.via));
        const trades = results.find((r) => r.endpoint === 'GET /data/trades')!;
        assert.equal(trades.outcome, 'drifted');
        assert.match(trades.detail, /data\[0\]\.maker_orders\[0\]\.price/);
        assert.equal(results.find((r) => r.endpoint === 'GET /balance-allowance')?.outcome, 'ok', 'the proxy passes the rest through');
      } finally {
        venue.close();
      }
    });
  });

  it('limitless: the account\'s checks run with its API key and fit the schemas; an unknown key is a 401; a positions answer without a field is drifted', async () => {
    const sim = await (await simulatorFor('limitless'))({ tickMs: 0, seed: 2 });
    try {
      const credentials = { api_key: 'conformance-key', address: new Wallet(`0x${'42'.repeat(32)}`).address };
      assert.equal((await fetch(`${sim.server.baseUrl}/_sim/api_keys`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(credentials) })).status < 300, true);
      const run = (baseUrls: Record<string, string>, creds: Record<string, unknown>) => runVenueConformance({ descriptor: descriptor('limitless'), baseUrls, keys: { marketData: {}, credentials: creds } }, { timeoutMs: 5_000, withCredentials: true });
      const signed = ['GET /markets/{slug}/user-orders', 'GET /portfolio/positions'];
      const ok = await run(sim.baseUrls, credentials);
      assert.deepEqual(ok.results.filter((r) => signed.includes(r.endpoint)), signed.map((endpoint) => ({ venue: 'limitless', endpoint, outcome: 'ok', detail: '' })), formatConformance({ results: ok.results, noNetwork: false }));
      const stranger = await run(sim.baseUrls, { ...credentials, api_key: 'unknown' });
      for (const endpoint of signed) assert.match(stranger.results.find((r) => r.endpoint === endpoint)!.detail, /HTTP 401/, endpoint);
      const origin = new URL(sim.baseUrls.rest).origin;
      const venue = await changedVenue(origin, (path, body) => {
        if (path === '/portfolio/positions') delete body.clob;
      });
      try {
        const positions = (await run(rebased(sim.baseUrls, origin, venue.via), credentials)).results.find((r) => r.endpoint === 'GET /portfolio/positions')!;
        assert.deepEqual([positions.outcome, /clob/.test(positions.detail)], ['drifted', true], positions.detail);
      } finally {
        venue.close();
      }
    } finally {
      await sim.stop();
    }
  });

  it('predictfun: the positions check runs with the key and the stored wallet; a wrong key is a 401; no stored wallet is skipped, saying why', async () => {
    const sim = await (await simulatorFor('predictfun'))({ tickMs: 0, seed: 2 });
    try {
      const credentials = { api_key: PREDICTFUN_SIM_API_KEY, address: new Wallet(`0x${'43'.repeat(32)}`).address };
      const run = (creds: Record<string, unknown>) => runVenueConformance({ descriptor: descriptor('predictfun'), baseUrls: sim.baseUrls, keys: { marketData: {}, credentials: creds } }, { timeoutMs: 5_000, withCredentials: true });
      const find = (r: Awaited<ReturnType<typeof run>>) => r.results.find((x) => x.endpoint === 'GET /positions/{address}')!;
      assert.deepEqual(find(await run(credentials)), { venue: 'predictfun', endpoint: 'GET /positions/{address}', outcome: 'ok', detail: '' });
      assert.match(find(await run({ ...credentials, api_key: 'wrong' })).detail, /HTTP 401/);
      const noWallet = find(await run({ api_key: PREDICTFUN_SIM_API_KEY }));
      assert.deepEqual([noWallet.outcome, /address/.test(noWallet.detail)], ['skipped', true], noWallet.detail);
    } finally {
      await sim.stop();
    }
  });

  it('futuur: the account\'s checks run HMAC-signed with its key pair and fit the schemas, an unknown order id is the expected 404; a wrong private key is a 401; a balances answer without a field is drifted', async () => {
    const sim = await (await simulatorFor('futuur'))({ tickMs: 0, seed: 2 });
    try {
      const credentials = { public_key: FUTUUR_SIM_CREDENTIALS.publicKey, private_key: FUTUUR_SIM_CREDENTIALS.privateKey };
      const run = (baseUrls: Record<string, string>, creds: Record<string, unknown>) => runVenueConformance({ descriptor: descriptor('futuur'), baseUrls, keys: { marketData: {}, credentials: creds } }, { timeoutMs: 5_000, withCredentials: true });
      const signed = ['GET /me/balances/', 'GET /wagers/', 'GET /orders/{unknown id}/ (expects 404)'];
      const ok = await run(sim.baseUrls, credentials);
      assert.deepEqual(ok.results.filter((r) => signed.includes(r.endpoint)), signed.map((endpoint) => ({ venue: 'futuur', endpoint, outcome: 'ok', detail: '' })), formatConformance({ results: ok.results, noNetwork: false }));
      const forged = await run(sim.baseUrls, { ...credentials, private_key: 'not-the-key' });
      for (const endpoint of signed) {
        const r = forged.results.find((x) => x.endpoint === endpoint)!;
        assert.deepEqual([r.outcome, /HTTP 401/.test(r.detail)], ['failed', true], `${endpoint}: ${r.detail}`);
      }
      const origin = new URL(sim.baseUrls.rest).origin;
      const venue = await changedVenue(origin, (path, body) => {
        if (path.endsWith('/me/balances/')) delete body[1].amount;
      });
      try {
        const balances = (await run(rebased(sim.baseUrls, origin, venue.via), credentials)).results.find((r) => r.endpoint === 'GET /me/balances/')!;
        assert.deepEqual([balances.outcome, /\[1\]\.amount/.test(balances.detail)], ['drifted', true], balances.detail);
      } finally {
        venue.close();
      }
    } finally {
      await sim.stop();
    }
  });

  it('opinion: a read of an order id the account has none of runs with its key and answers an error code; an unknown key is a 401; a success code there is drifted', async () => {
    const sim = await (await simulatorFor('opinion'))({ tickMs: 0, seed: 2 });
    try {
      const credentials = { api_key: 'conformance-key' };
      const registered = await fetch(`${sim.server.baseUrl}/_sim/api_keys`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...credentials, signer: new Wallet(`0x${'44'.repeat(32)}`).address, multi_sig_addr: new Wallet(`0x${'45'.repeat(32)}`).address }) });
      assert.equal(registered.status < 300, true);
      const endpoint = 'GET /order/{unknown id} (expects an error code)';
      const run = async (baseUrls: Record<string, string>, creds: Record<string, unknown>) =>
        (await runVenueConformance({ descriptor: descriptor('opinion'), baseUrls, keys: { marketData: {}, credentials: creds } }, { timeoutMs: 5_000, withCredentials: true })).results.find((r) => r.endpoint === endpoint)!;
      assert.deepEqual(await run(sim.baseUrls, credentials), { venue: 'opinion', endpoint, outcome: 'ok', detail: '' });
      const stranger = await run(sim.baseUrls, { api_key: 'unknown' });
      assert.deepEqual([stranger.outcome, /HTTP 401/.test(stranger.detail)], ['failed', true], stranger.detail);
      const origin = new URL(sim.baseUrls.rest).origin;
      const venue = await changedVenue(origin, (path, body) => {
        if (path.includes('/order/')) body.errno = 0;
      });
      try {
        const changed = await run(rebased(sim.baseUrls, origin, venue.via), credentials);
        assert.deepEqual([changed.outcome, /errno/.test(changed.detail)], ['drifted', true], changed.detail);
      } finally {
        venue.close();
      }
    } finally {
      await sim.stop();
    }
  });

  it('reports the drifted field, a failed endpoint, and what it could not ask', async () => {
    // An Opinion that changed a status word and breaks its book.
    const server = http.createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      if (req.url?.startsWith('/market?')) res.end(JSON.stringify({ code: 0, msg: 'success', result: { total: 1, list: [{ marketId: 7, marketTitle: 'x', status: 9, marketType: 0, yesTokenId: '1', noTokenId: '2' }] } }));
      else res.writeHead(500).end('{"code":500,"msg":"boom"}');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const report = await runConformance([{ descriptor: descriptor('opinion'), baseUrls: { rest: base }, keys: { marketData: {}, credentials: null } }], { timeoutMs: 5_000, withCredentials: false });
      const by = new Map(report.results.map((r) => [r.endpoint, r]));
      assert.equal(by.get('GET /market')?.outcome, 'drifted');
      assert.match(by.get('GET /market')!.detail, /result\.list\[0\]\.status/);
      assert.equal(by.get('GET /market/{id}')?.outcome, 'skipped', 'the drifted listing gave no id to ask about');
      assert.equal(report.noNetwork, false);
      assert.equal(conformanceExitCode(report), 1);
      assert.match(formatConformance(report), /opinion\s+GET \/market\s+drifted\s+result\.list\[0\]\.status/);
    } finally {
      server.close();
    }
  });

  it('says "no network" when every venue fails on DNS or connect, and exits non-zero', async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const venues = WITH_CHECKS.map((code, i) => {
      const d = descriptor(code);
      // One venue's hosts do not resolve, the others refuse connections.
      const base = i === 0 ? 'http://venue-host.invalid' : `http://127.0.0.1:${port}`;
      return { descriptor: d, baseUrls: Object.fromEntries(Object.keys(d.baseUrls).map((k) => [k, base])), keys: { marketData: {}, credentials: null } };
    });
    const report = await runConformance(venues, { timeoutMs: 5_000, withCredentials: false });
    assert.equal(report.noNetwork, true, formatConformance({ ...report, noNetwork: false }));
    assert.match(formatConformance(report), /^no network/);
    assert.equal(conformanceExitCode(report), 1);
  });

  it('--help prints the usage and starts nothing', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/conformance.ts', '--help'], { timeout: 60_000 });
    assert.match(stdout, /^usage: npm run conformance -- \[--live \| --sim\]/);
    assert.doesNotMatch(stdout, / ok|no network/);
  });
});
