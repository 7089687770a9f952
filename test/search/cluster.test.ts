// Keyword search on a real three-node OpenSearch cluster (one JVM per node): new indices take their
// shards and replicas from the config (one replica by default on a cluster), and a node that dies
// while searches and an indexing pass run costs nothing: no search fails or comes back empty (the
// client retries on another node, OpenSearch promotes the replica), no document is lost, and
// /health says the search component is degraded, not down.
import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import { generateCorpus } from '../../bench/search/corpus.js';
import { catalogCounts, catalogHighWater, indexChangedMarkets, rebuildSearchIndex } from '../../src/indexers/search-indexer.js';
import { seedCatalogMarkets } from '../../scripts/lib/catalog-seed.js';
import { loadConfig } from '../../src/config.js';
import { createElasticClient } from '../../src/search/elastic/client.js';
import { ElasticSearchEngine } from '../../src/search/elastic/engine.js';
import { clusterVerdict } from '../../src/search/setup.js';
import type { ClusterMember, SearchCluster } from '../../scripts/lib/local-node.js';
import { mintTestKey, startTestService, type TestService } from '../helpers/service.js';
import { startTestSearchCluster, stopTestSearchCluster } from './support/search-cluster.js';

const QUERIES = ['bitcoin', 'will the fed', 'lakers champ', 'tesla', 'elon musk launch'];

async function getJson(url: string): Promise<any> { // eslint-disable-line @typescript-eslint/no-explicit-any -- node API answers
  const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  return res.json();
}

/** The member that holds the primary copy of `index` (node ids from _cat/shards, their HTTP addresses from _nodes). */
async function primaryHolder(cluster: SearchCluster, via: string, index: string): Promise<ClusterMember> {
  const shards = (await getJson(`${via}/_cat/shards/${index}?format=json&h=prirep,state,id`)) as { prirep: string; state: string; id: string }[];
  const primary = shards.find((s) => s.prirep === 'p' && s.state === 'STARTED');
  assert.ok(primary, `no started primary of ${index}: ${JSON.stringify(shards)}`);
  const nodes = (await getJson(`${via}/_nodes/http?format=json`)).nodes as Record<string, { http: { publish_address: string } }>;
  const address = nodes[primary.id].http.publish_address;
  const member = cluster.members.find((m) => m.url === `http://${address}`);
  assert.ok(member, `primary on ${address}, not one of ${cluster.urls.join(' ')}`);
  return member;
}

describe('search cluster: client fail-over and health verdict (no node needed)', () => {
  it('a hung node (accepts, never answers) costs one timeout per request, then the next node answers', async () => {
    const sockets = new Set<net.Socket>();
    const hung = net.createServer((s) => sockets.add(s));
    const answering = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
    const listen = (server: net.Server) => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)));
    const [hungPort, okPort] = [await listen(hung), await listen(answering)];
    const client = createElasticClient([`http://127.0.0.1:${hungPort}`, `http://127.0.0.1:${okPort}`], { requestTimeoutMs: 300 });
    try {
      // every request, whichever node it is sent to first, is answered
      for (let i = 0; i < 6; i++) assert.equal(await client.ping(), true);
      assert.ok(sockets.size >= 1, 'the hung node was tried');
      // one node: nothing to fail over to, the timeout is the answer
      const single = createElasticClient(`http://127.0.0.1:${hungPort}`, { requestTimeoutMs: 300, maxRetries: 0 });
      await assert.rejects(single.ping(), /timed out/i);
      await single.close();
    } finally {
      await client.close();
      for (const s of sockets) s.destroy();
      hung.close();
      answering.close();
    }
  });

  it('ok when green with every node; degraded when yellow or short of nodes; down when red', () => {
    const base = { nodes: 3, configured_nodes: 3, unassigned_shards: 0 };
    assert.deepEqual(clusterVerdict({ ...base, status: 'green' }), { status: 'ok' });
    // one URL in front of a bigger cluster (a load balancer) is not a shortage
    assert.deepEqual(clusterVerdict({ ...base, configured_nodes: 1, status: 'green' }), { status: 'ok' });
    assert.deepEqual(clusterVerdict({ ...base, status: 'yellow', unassigned_shards: 1 }), { status: 'degraded', reason: 'index yellow: 1 replica copies unassigned' });
    // after the replica moved to the nodes left, the missing node still counts
    assert.deepEqual(clusterVerdict({ ...base, nodes: 2, status: 'green' }), { status: 'degraded', reason: '2 of 3 configured nodes in the cluster' });
    assert.equal(clusterVerdict({ ...base, nodes: 1, status: 'red', unassigned_shards: 2 }).status, 'down');
  });
});

describe('search cluster: three nodes, shards and replicas from the config, one node lost', function () {
  this.timeout(240_000);
  let cluster: SearchCluster;
  let svc: TestService;
  let engine: ElasticSearchEngine;

  before(async function () {
    this.timeout(300_000);
    cluster = await startTestSearchCluster(this);
    // the service gets every node's URL, as an operator would set ELASTICSEARCH_URL
    svc = await startTestService({ env: { ELASTICSEARCH_URL: cluster.urls.join(','), TEST_KEY_RATE_PER_MINUTE: '100000' } });
    engine = new ElasticSearchEngine({ client: createElasticClient(cluster.urls.join(',')), alias: 'markets', dropOldIndexAfterMs: 200 });
  });
  after(async () => {
    await engine?.close();
    await svc?.destroy();
    await stopTestSearchCluster();
  });

  it('reads ELASTICSEARCH_URL as a list of nodes and SEARCH_SHARDS / SEARCH_REPLICAS as the index layout', () => {
    const config = loadConfig({ ELASTICSEARCH_URL: ' http://a:9200, http://b:9200 ', SEARCH_SHARDS: '3', SEARCH_REPLICAS: '2' });
    assert.equal(config.elasticsearchUrl, 'http://a:9200,http://b:9200');
    assert.deepEqual(config.searchLayout, { shards: 3, replicas: 2 });
    assert.deepEqual(loadConfig({}).searchLayout, { shards: 1, replicas: 'auto' });
    assert.throws(() => loadConfig({ ELASTICSEARCH_URL: 'http://a:9200,not a url' }), /ELASTICSEARCH_URL: not a URL: not a url/);
    assert.throws(() => loadConfig({ SEARCH_REPLICAS: 'two' }), /SEARCH_REPLICAS/);
  });

  it('creates indices with one replica by default on a cluster, and with the configured layout when given', async () => {
    // the service created the live index at start, replicas 'auto' on three data nodes
    const live = await engine.liveIndex();
    assert.ok(live);
    const settings = (await getJson(`${cluster.urls[1]}/${live}/_settings`))[live].settings.index;
    assert.equal(settings.number_of_shards, '1');
    assert.equal(settings.number_of_replicas, '1');

    const custom = new ElasticSearchEngine({ client: createElasticClient(cluster.urls), alias: 'layout-check', layout: { shards: 2, replicas: 2 } });
    try {
      const name = await custom.ensureIndex();
      const s = (await getJson(`${cluster.urls[0]}/${name}/_settings`))[name].settings.index;
      assert.deepEqual([s.number_of_shards, s.number_of_replicas], ['2', '2']);
      await custom.dropIndex(name);
    } finally {
      await custom.close();
    }

    // every copy placed, every configured node present: ok
    await getJson(`${cluster.urls[0]}/_cluster/health?wait_for_status=green&timeout=60s`);
    const health = await svc.request('/health');
    assert.equal(health.status, 200);
    assert.equal(health.body.components.search.status, 'ok', JSON.stringify(health.body.components.search));
    assert.equal(health.body.components.search.engine, 'elasticsearch');
    assert.equal(health.body.components.search.cluster.nodes, 3);
    assert.equal(health.body.components.search.cluster.configured_nodes, 3);
  });

  it('loses the node holding the primary mid-pass: no search fails, no document is lost, /health degraded', async () => {
    const corpus = generateCorpus(4000);
    const pool = svc.db.pool;
    await seedCatalogMarkets(pool, corpus.slice(0, 2000));
    // the reindex flow (new index, alias swap) on the cluster
    const rebuilt = await rebuildSearchIndex({ pool, writer: engine });
    assert.equal(rebuilt.bulk.failed, 0);
    await getJson(`${cluster.urls[0]}/_cluster/health/${rebuilt.index}?wait_for_status=green&timeout=60s`);
    const victim = await primaryHolder(cluster, cluster.urls[0], rebuilt.index);
    // changes for the indexing pass to carry while the node goes
    await seedCatalogMarkets(pool, corpus.slice(2000));

    const key = await mintTestKey(svc);
    let stop = false;
    let killedAt = Number.POSITIVE_INFINITY;
    const outcomes = { ok: 0, okAfterKill: 0, empty: [] as string[], failed: [] as string[] };
    // when a failure happened, relative to the kill (a failure long before it is the machine, not the cluster)
    const t0 = Date.now();
    const when = (started: number) => `at +${started - t0} ms, took ${Date.now() - started} ms`;
    const record = (what: string, found: number) => {
      if (found === 0) outcomes.empty.push(what);
      else {
        outcomes.ok++;
        if (Date.now() > killedAt) outcomes.okAfterKill++;
      }
    };
    const engineSearcher = async (i: number) => {
      for (let n = i; !stop; n++) {
        const q = QUERIES[n % QUERIES.length];
        const started = Date.now();
        try {
          const [page, suggestions] = await Promise.all([
            engine.searchMarkets({ q, status: 'all', sort: 'relevance', limit: 10 }),
            engine.autocomplete({ q, limit: 8 }),
          ]);
          record(`search ${q}`, Math.min(page.hits.length, suggestions.length));
        } catch (err) {
          outcomes.failed.push(`${q}: ${(err as Error).message} (${when(started)})`);
        }
      }
    };
    // through the service's own client; the limit varies so that its answer cache does not answer
    const apiSearcher = async () => {
      for (let n = 0; !stop; n++) {
        const q = QUERIES[n % QUERIES.length];
        const started = Date.now();
        const r = await svc.request(`/api/v1/search/markets?q=${encodeURIComponent(q)}&limit=${1 + (n % 97)}`, { headers: { 'X-API-Key': key } });
        if (r.status !== 200) outcomes.failed.push(`API ${q}: ${r.status} ${r.text.slice(0, 200)} (${when(started)})`);
        else record(`API ${q}`, r.body.results.length);
      }
    };
    const searchers = [engineSearcher(0), engineSearcher(1), engineSearcher(2), apiSearcher()];

    let done = 0;
    const pass = indexChangedMarkets({ pool, writer: engine, batchSize: 100, onProgress: (p) => (done = p.done) });
    while (done < 200) await new Promise((r) => setTimeout(r, 10));
    await victim.kill();
    killedAt = Date.now();
    const doneAtKill = done;
    const result = await pass;
    const passEnded = Date.now();
    // keep searching a little longer on the two nodes left
    await new Promise((r) => setTimeout(r, 1500));
    stop = true;
    await Promise.all(searchers);

    assert.ok(doneAtKill < 2000 && passEnded > killedAt, `the node died during the indexing pass (${doneAtKill} of 2000 rows done)`);
    assert.deepEqual(outcomes.failed, [], `node killed at +${killedAt - t0} ms (its pid exited; the kill was sent just before)`);
    assert.deepEqual(outcomes.empty, []);
    assert.ok(outcomes.okAfterKill >= 10, `searches after the node died: ${outcomes.okAfterKill}`);
    assert.deepEqual(result.failed, []);
    assert.equal(result.toSeq, await catalogHighWater(pool));

    // every market of the catalog is in the index, per venue
    await engine.refresh();
    assert.equal(await engine.count(), 4000);
    assert.deepEqual(Object.fromEntries([...(await engine.countByExchange())].sort()), Object.fromEntries([...(await catalogCounts(pool))].sort()));

    // degraded, not down: the replica is unassigned and a configured node is missing (a new
    // cluster manager may take a moment to be elected when the victim was it)
    let health = await svc.request('/health');
    const deadline = Date.now() + 20_000;
    while (health.body.components.search.status !== 'degraded' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      health = await svc.request('/health');
    }
    const search = health.body.components.search;
    assert.equal(health.status, 200);
    assert.equal(health.body.status, 'degraded');
    assert.equal(search.status, 'degraded', JSON.stringify(search));
    assert.equal(search.cluster.nodes, 2);
    assert.equal(search.cluster.configured_nodes, 3);
    assert.equal(search.documents, 4000);
    assert.match(search.reason, /2 of 3 configured nodes/);
  });
});
