// The MCP server driven by the SDK's own client against the real service in sim mode (the nine venue
// simulators, the sync, the real embedding model, the matching job and the search index, as the
// scheduler runs them): every tool's answer is checked against what the API itself answers for the
// same request and key; schema errors, API errors and key problems come back as tool errors.
import assert from 'node:assert/strict';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createPredmarketsClient } from '../../client/src/index.js';
import { createMcpServer } from '../../mcp/server.js';
import { startMatchedSimService } from '../helpers/matched-sim-service.js';
import { issueKey, type TestService } from '../helpers/service.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TOOL_NAMES = ['search_markets', 'semantic_search', 'get_market', 'get_orderbook', 'get_cluster', 'compare_prices', 'list_opportunities'];

describe('MCP server (SDK client, sim-mode service)', function () {
  this.timeout(60_000);
  let svc: TestService;
  const keys: Record<'free' | 'pro' | 'max', string> = { free: '', pro: '', max: '' };
  const clients: Client[] = [];
  let clustered: { exchange: string; market_id: string; svc_id: string };

  /** An SDK client connected in memory to a server over the service with this key (or base address). */
  async function connect(apiKey: string, baseUrl = svc.url): Promise<Client> {
    const server = createMcpServer({ api: createPredmarketsClient({ baseUrl, apiKey }), version: 'test' });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: 'mcp-test', version: '1.0.0' });
    await client.connect(clientSide);
    clients.push(client);
    return client;
  }

  const api = (p: string, key = keys.max, body?: unknown) => svc.request(p, { headers: { 'x-api-key': key }, ...(body ? { method: 'POST', body } : {}) });
  const call = async (client: Client, name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as CallToolResult;
  const textOf = (r: CallToolResult) => (r.content[0] as { type: 'text'; text: string }).text;
  function json(r: CallToolResult): any {
    assert.notEqual(r.isError, true, `tool error: ${textOf(r)}`);
    return JSON.parse(textOf(r));
  }
  function toolError(r: CallToolResult): string {
    assert.equal(r.isError, true, `expected a tool error, got ${textOf(r).slice(0, 300)}`);
    return textOf(r);
  }

  before(async function () {
    this.timeout(600_000); // sync, embeddings and matching of the nine simulators' catalogs
    // A long live-read cache: the order book the tool read is the one the test reads next.
    svc = await startMatchedSimService({ LIVE_CACHE_TTL_MS: '600000' });
    for (const plan of ['free', 'pro', 'max'] as const) keys[plan] = await issueKey(svc, plan, 100_000);
    const row = await svc.db.pool.query("SELECT exchange, market_id, svc_id FROM markets WHERE svc_id IS NOT NULL AND exchange = 'kalshi' ORDER BY market_id LIMIT 1");
    clustered = row.rows[0];
    assert.ok(clustered, 'the matching job clustered some kalshi market');
  });
  after(async () => {
    for (const c of clients) await c.close();
    await svc?.destroy();
  });

  it('lists the seven tools, each with an input schema whose every argument is described, and a description to choose by', async () => {
    const { tools } = await (await connect(keys.free)).listTools();
    assert.deepEqual(tools.map((t) => t.name).sort(), [...TOOL_NAMES].sort());
    for (const t of tools) {
      assert.ok((t.description ?? '').length > 200, `${t.name}: description too thin`);
      assert.equal(t.inputSchema.type, 'object');
      const props = Object.entries(t.inputSchema.properties ?? {}) as [string, { description?: string }][];
      assert.ok(props.length > 0, `${t.name}: no arguments`);
      for (const [arg, schema] of props) assert.ok(schema.description, `${t.name}.${arg} has no description`);
      assert.equal(t.annotations?.readOnlyHint, true);
    }
    const described = Object.fromEntries(tools.map((t) => [t.name, t.description ?? '']));
    assert.match(described.get_market, /0 to 1/, 'units of prices');
    assert.match(described.semantic_search, /plan max/);
    assert.match(described.compare_prices, /gap_after_fees/);
    assert.match(described.list_opportunities, /gap_after_fees/);
  });

  it('search_markets answers what GET /api/v1/search/markets answers, filters included', async () => {
    const client = await connect(keys.free);
    const plain = json(await call(client, 'search_markets', { q: 'fed cut rates', limit: 5 }));
    assert.ok(plain.count > 0, 'the simulators list fed questions');
    assert.deepEqual(plain, (await api('/api/v1/search/markets?q=fed%20cut%20rates&limit=5', keys.free)).body);
    const filtered = json(await call(client, 'search_markets', { q: 'bitcoin', exchange: ['kalshi', 'polymarket'], status: 'open', sort: 'volume', limit: 3 }));
    assert.ok(filtered.count > 0, 'the simulators list bitcoin questions on kalshi or polymarket');
    assert.deepEqual([...new Set(filtered.results.map((r: { exchange: string }) => r.exchange))].filter((e) => !['kalshi', 'polymarket'].includes(e as string)), [], 'only the venues asked for');
    assert.deepEqual(filtered, (await api('/api/v1/search/markets?q=bitcoin&exchange=kalshi,polymarket&status=open&sort=volume&limit=3', keys.free)).body);
  });

  it('semantic_search answers what POST /api/v1/search/semantic answers; below plan max it is a tool error with the API\'s 403 message', async () => {
    const args = { query: 'will the central bank lower borrowing costs', limit: 5 };
    const found = json(await call(await connect(keys.max), 'semantic_search', args));
    assert.equal(found.count, 5);
    assert.deepEqual(found, (await api('/api/v1/search/semantic', keys.max, { ...args, active_only: false })).body);
    const denied = await api('/api/v1/search/semantic', keys.free, args);
    assert.equal(denied.status, 403);
    const text = toolError(await call(await connect(keys.free), 'semantic_search', args));
    assert.ok(text.includes(`403: ${denied.body.error}`), text);
  });

  it('get_market and get_orderbook answer what the market and orderbook routes answer', async () => {
    const client = await connect(keys.free);
    const p = `/api/v1/${clustered.exchange}/${encodeURIComponent(clustered.market_id)}`;
    const market = json(await call(client, 'get_market', { exchange: clustered.exchange, market_id: clustered.market_id }));
    assert.deepEqual(market, (await api(`${p}/market`, keys.free)).body);
    assert.equal(market.svc_id, clustered.svc_id);

    const book = json(await call(client, 'get_orderbook', { exchange: clustered.exchange, market_id: clustered.market_id, depth: 3 }));
    const [snap] = (await api(`${p}/orderbook`, keys.free)).body.snapshots;
    assert.ok(snap.bids.length > 3 && snap.asks.length > 3, 'the simulator\'s book is deeper than the depth asked for');
    assert.deepEqual(book, {
      exchange: clustered.exchange, market_id: clustered.market_id, timestamp: snap.timestamp,
      best_bid: snap.bids[0].price, best_ask: snap.asks[0].price, spread: Math.round((snap.asks[0].price - snap.bids[0].price) * 1e8) / 1e8,
      bids: snap.bids.slice(0, 3), asks: snap.asks.slice(0, 3), levels: { bids: snap.bids.length, asks: snap.asks.length },
    });
  });

  it('get_cluster by svc_id and by member market answers what the cluster routes answer', async () => {
    const client = await connect(keys.pro);
    const bySvc = json(await call(client, 'get_cluster', { svc_id: clustered.svc_id }));
    assert.deepEqual(bySvc, (await api(`/api/v1/svc/${clustered.svc_id}/cluster`, keys.pro)).body);
    assert.ok(bySvc.market_count >= 2, 'a cluster spans venues');
    const byMarket = json(await call(client, 'get_cluster', { exchange: clustered.exchange, market_id: clustered.market_id }));
    assert.deepEqual(byMarket, (await api(`/api/v1/${clustered.exchange}/${encodeURIComponent(clustered.market_id)}/cluster`, keys.pro)).body);
  });

  it('compare_prices: the cluster as GET /api/v1/clusters?svc_id= lists it (the same quotes, best legs and gap as the listing and the page), by member or by svc_id', async () => {
    const client = await connect(keys.pro);
    const cmp = json(await call(client, 'compare_prices', { exchange: clustered.exchange, market_id: clustered.market_id }));
    const cluster = (await api(`/api/v1/svc/${clustered.svc_id}/cluster`, keys.pro)).body;
    const listed = (await api(`/api/v1/clusters?svc_id=${clustered.svc_id}&min_venues=1`, keys.pro)).body;
    assert.equal(listed.items.length, 1);
    const item = listed.items[0];
    assert.equal(cmp.svc_id, clustered.svc_id);
    assert.equal(cmp.title, cluster.title);
    const members = (xs: { exchange: string; market_id: string }[]) => xs.map((m) => `${m.exchange}:${m.market_id}`).sort();
    assert.deepEqual(members(cmp.quotes), members(cluster.members), 'a quote row per member of the cluster');
    // quotes age between the two reads: compare everything but the ages
    const withoutAge = (x: any) => ({ ...x, quoted_at: null, quotes: x.quotes.map((q: any) => ({ ...q, age_seconds: null, stale: null, as_of: null })) });
    assert.deepEqual(withoutAge(cmp), withoutAge(item));
    assert.deepEqual([cmp.best, cmp.gap, cmp.gap_after_fees, cmp.fees_complete], [item.best, item.gap, item.gap_after_fees, item.fees_complete]);
    assert.ok(cmp.best.yes_ask && cmp.best.no_ask, 'the simulators quote both sides on several venues');
    assert.ok(Math.abs(cmp.gap - (1 - cmp.best.yes_ask.price - cmp.best.no_ask.price)) < 1e-8, `gap ${cmp.gap}`);

    assert.deepEqual(json(await call(client, 'compare_prices', { svc_id: clustered.svc_id })).best, cmp.best, 'by svc_id: the same cluster');
    const text = toolError(await call(await connect(keys.free), 'compare_prices', { exchange: clustered.exchange, market_id: clustered.market_id }));
    assert.match(text, /^predmarkets API 403: .*pro/, 'the quotes need plan pro or above');
  });

  it('list_opportunities answers what GET /api/v1/clusters answers, filters and cursor included; below plan pro it is the API\'s 403', async () => {
    const client = await connect(keys.pro);
    const first = json(await call(client, 'list_opportunities', { exchange: ['kalshi'], min_venues: 2, sort: 'confidence', limit: 2 }));
    const direct = (await api('/api/v1/clusters?exchange=kalshi&min_venues=2&sort=confidence&limit=2', keys.pro)).body;
    assert.ok(first.items.length > 0, 'the sim catalog has clusters with a kalshi member');
    assert.deepEqual(first.items.map((i: { svc_id: string }) => i.svc_id), direct.items.map((i: { svc_id: string }) => i.svc_id));
    for (const item of first.items) assert.ok(item.exchanges.includes('kalshi'));
    assert.equal(first.total, direct.total);
    if (first.next_cursor) {
      const next = json(await call(client, 'list_opportunities', { exchange: ['kalshi'], min_venues: 2, sort: 'confidence', limit: 2, cursor: first.next_cursor }));
      const again = (await api(`/api/v1/clusters?exchange=kalshi&min_venues=2&sort=confidence&limit=2&cursor=${first.next_cursor}`, keys.pro)).body;
      assert.deepEqual(next.items.map((i: { svc_id: string }) => i.svc_id), again.items.map((i: { svc_id: string }) => i.svc_id));
    }
    assert.match(toolError(await call(client, 'list_opportunities', { sort: 'price' })), /sort/);
    assert.match(toolError(await call(await connect(keys.free), 'list_opportunities', {})), /^predmarkets API 403: .*pro/);
  });

  it('a bad argument is a tool error naming the field, before any request', async () => {
    const client = await connect(keys.max);
    assert.match(toolError(await call(client, 'get_market', { exchange: 'nyse', market_id: 'X' })), /exchange/);
    assert.match(toolError(await call(client, 'search_markets', { q: 'x', limit: 1000 })), /limit/);
    assert.match(toolError(await call(client, 'semantic_search', {})), /query/);
    assert.match(toolError(await call(client, 'get_cluster', { svc_id: 'svc_nope' })), /svc_id/);
    assert.match(toolError(await call(client, 'compare_prices', { exchange: 'kalshi' })), /give svc_id, or both exchange and market_id/);
    assert.match(toolError(await call(client, 'get_cluster', { svc_id: clustered.svc_id, exchange: 'kalshi', market_id: 'X' })), /not both/);
  });

  it('an unknown market is a tool error carrying the API\'s message', async () => {
    const client = await connect(keys.max);
    const miss = await api('/api/v1/kalshi/NO-SUCH-MARKET-42/market');
    assert.equal(miss.status, 404);
    assert.equal(toolError(await call(client, 'get_market', { exchange: 'kalshi', market_id: 'NO-SUCH-MARKET-42' })), `predmarkets API 404: ${miss.body.error}`);
    const noCluster = await api('/api/v1/kalshi/NO-SUCH-MARKET-42/cluster');
    assert.equal(toolError(await call(client, 'get_cluster', { exchange: 'kalshi', market_id: 'NO-SUCH-MARKET-42' })), `predmarkets API 404: ${noCluster.body.error}`);
  });

  it('an invalid API key is a clear tool error (the API\'s 401 and which setting to fix), never quoting the key', async () => {
    const badKey = 'pm_live_0000000000000000000000000000000000';
    const text = toolError(await call(await connect(badKey), 'search_markets', { q: 'bitcoin' }));
    const direct = await svc.request('/api/v1/search/markets?q=bitcoin', { headers: { 'x-api-key': badKey } });
    assert.equal(direct.status, 401);
    assert.ok(text.startsWith(`predmarkets API 401: ${direct.body.error}`), text);
    assert.match(text, /PREDMARKETS_API_KEY/);
    assert.ok(!text.includes(badKey), 'the key is not quoted');
  });

  it('an unreachable deployment is a tool error saying so', async () => {
    const text = toolError(await call(await connect(keys.free, 'http://127.0.0.1:9'), 'get_market', { exchange: 'kalshi', market_id: 'X' }));
    assert.match(text, /could not reach the predmarkets API/);
  });

  describe('over stdio (npm run -s mcp, as a host starts it)', () => {
    const spawnEnv = (env: Record<string, string>) => ({ PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env });

    it('serves the tools of the configured deployment with the configured key', async () => {
      const transport = new StdioClientTransport({ command: 'npm', args: ['run', '-s', 'mcp'], cwd: ROOT, stderr: 'pipe', env: spawnEnv({ PREDMARKETS_URL: svc.url, PREDMARKETS_API_KEY: keys.free }) });
      const client = new Client({ name: 'mcp-stdio-test', version: '1.0.0' });
      await client.connect(transport);
      clients.push(client);
      assert.deepEqual((await client.listTools()).tools.map((t) => t.name).sort(), [...TOOL_NAMES].sort());
      const market = json(await call(client, 'get_market', { exchange: clustered.exchange, market_id: clustered.market_id }));
      assert.deepEqual(market, (await api(`/api/v1/${clustered.exchange}/${encodeURIComponent(clustered.market_id)}/market`, keys.free)).body);
    });

    it('without PREDMARKETS_API_KEY it does not start, and says which setting is missing', async () => {
      const transport = new StdioClientTransport({ command: 'npm', args: ['run', '-s', 'mcp'], cwd: ROOT, stderr: 'pipe', env: spawnEnv({ PREDMARKETS_URL: svc.url }) });
      let stderr = '';
      transport.stderr!.on('data', (d) => (stderr += String(d)));
      const exited = new Promise<void>((resolve) => (transport.onclose = resolve));
      const client = new Client({ name: 'mcp-stdio-test', version: '1.0.0' });
      await assert.rejects(client.connect(transport));
      await exited;
      assert.match(stderr, /PREDMARKETS_API_KEY is not set/);
    });
  });
});
