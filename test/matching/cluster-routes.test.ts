// The cross-venue matching routes through the real service: EXCHANGE_MODE=sim (the nine venue
// simulators' real wire formats), real embedded database, the venue sync, the real embedding model
// and indexer, then the matching job and the search indexer as the scheduler runs them.
import assert from 'node:assert/strict';
import { MATCHING_JOB } from '../../src/indexers/matching-job.js';
import { MatchStore } from '../../src/matching/match-repository.js';
import { CLUSTER_ID_PATTERN, SVC_ID_PATTERN } from '../../src/matching/ids.js';
import { EXCHANGE_CODES } from '../../src/venues/exchanges.js';
import { startMatchedSimService } from '../helpers/matched-sim-service.js';
import { issueKey, type TestService } from '../helpers/service.js';

const CLUSTER_FIELDS = ['svc_id', 'cluster_id', 'title', 'canonical', 'market_count', 'exchanges', 'category', 'close_time', 'confidence', 'created_at', 'updated_at', 'merged_into', 'members'];

describe('cross-venue matching routes (sim venues, real service)', function () {
  this.timeout(600_000);
  let svc: TestService;
  const keys: Record<'free' | 'pro' | 'max', string> = { free: '', pro: '', max: '' };
  const get = (path: string, plan: keyof typeof keys = 'pro') => svc.request(path, { headers: { 'x-api-key': keys[plan] } });
  let sample: { exchange: string; market_id: string; svc_id: string; cluster_id: string; title: string };

  before(async () => {
    svc = await startMatchedSimService();
    for (const plan of ['free', 'pro', 'max'] as const) keys[plan] = await issueKey(svc, plan, 100_000);
    const row = await svc.db.pool.query("SELECT exchange, market_id, svc_id, cluster_id, title FROM markets WHERE svc_id IS NOT NULL AND exchange = 'kalshi' ORDER BY market_id LIMIT 1");
    sample = row.rows[0];
    assert.ok(sample, 'the matching job clustered some kalshi market');
  });
  after(async () => svc?.destroy());

  it('registers the routes in the OpenAPI document and no longer answers 501', async () => {
    const doc = (await svc.request('/openapi.json')).body;
    for (const p of ['/api/v1/svc/{svc_id}/cluster', '/api/v1/svc/{svc_id}/markets', '/api/v1/clusters/{cluster_id}', '/api/v1/{exchange}/{market_id}/cluster', '/api/v1/match/explain']) {
      assert.ok(doc.paths[p]?.get, `${p} documented`);
    }
  });

  it('serves the cluster record by svc_id to pro keys, with every member\'s match', async () => {
    const r = await get(`/api/v1/svc/${sample.svc_id}/cluster`);
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(Object.keys(r.body), CLUSTER_FIELDS);
    assert.equal(r.body.svc_id, sample.svc_id);
    assert.equal(r.body.cluster_id, sample.cluster_id);
    assert.equal(r.body.merged_into, null);
    assert.ok(r.body.market_count >= 2 && r.body.market_count === r.body.members.length);
    assert.equal(new Set(r.body.members.map((m: { exchange: string }) => m.exchange)).size, r.body.market_count, 'one market per venue');
    assert.deepEqual(r.body.exchanges, [...new Set(r.body.members.map((m: { exchange: string }) => m.exchange))].sort());
    assert.ok(r.body.members.some((m: { exchange: string; market_id: string }) => m.exchange === r.body.canonical.exchange && m.market_id === r.body.canonical.market_id));
    for (const m of r.body.members) {
      assert.ok(m.match.confidence > 0 && m.match.confidence <= 1);
      assert.ok(['judge', 'operator'].includes(m.match.method));
      assert.ok(m.match.reasons.length > 0);
    }
    assert.equal(r.body.confidence, Math.min(...r.body.members.map((m: { match: { confidence: number } }) => m.match.confidence)));
  });

  it('lists the equivalent markets of a svc_id as full market records with their match', async () => {
    const r = await get(`/api/v1/svc/${sample.svc_id}/markets`, 'max');
    assert.equal(r.status, 200, r.text);
    assert.ok(r.body.count >= 2 && r.body.markets.length === r.body.count);
    for (const m of r.body.markets) {
      assert.equal(m.svc_id, sample.svc_id);
      assert.equal(m.cluster_id, sample.cluster_id);
      assert.ok(typeof m.title === 'string' && 'yes_price' in m && m.match.reasons.length > 0);
    }
  });

  it('answers 403 to a free key on the svc routes, 404 for an unknown svc_id and 400 naming a malformed one', async () => {
    for (const path of [`/api/v1/svc/${sample.svc_id}/cluster`, `/api/v1/svc/${sample.svc_id}/markets`]) {
      const r = await get(path, 'free');
      assert.equal(r.status, 403, path);
      assert.match(r.body.error, /pro, max, admin/);
    }
    const unknown = await get('/api/v1/svc/svc_aaaaaaaaaaaa/cluster');
    assert.equal(unknown.status, 404);
    assert.match(unknown.body.error, /svc_aaaaaaaaaaaa/);
    assert.equal((await get('/api/v1/svc/svc_aaaaaaaaaaaa/markets')).status, 404);
    const bad = await get('/api/v1/svc/not-a-svc-id/cluster');
    assert.equal(bad.status, 400);
    assert.match(bad.body.error, /^svc_id: /);
  });

  it('serves a cluster by cluster_id to any key; unknown 404, malformed 400', async () => {
    const r = await get(`/api/v1/clusters/${sample.cluster_id}`, 'free');
    assert.equal(r.status, 200);
    assert.equal(r.body.svc_id, sample.svc_id);
    assert.match(r.body.cluster_id, CLUSTER_ID_PATTERN);
    assert.equal((await get('/api/v1/clusters/clu_aaaaaaaaaaaa', 'free')).status, 404);
    const bad = await get('/api/v1/clusters/12345', 'free');
    assert.equal(bad.status, 400);
    assert.match(bad.body.error, /^cluster_id: /);
  });

  it('answers the cluster of a market on each of the nine venues, to any key', async () => {
    for (const code of EXCHANGE_CODES) {
      const m = (await svc.db.pool.query('SELECT market_id, svc_id FROM markets WHERE exchange = $1 AND svc_id IS NOT NULL ORDER BY market_id LIMIT 1', [code])).rows[0];
      assert.ok(m, `${code}: some market is clustered`);
      const r = await get(`/api/v1/${code}/${encodeURIComponent(m.market_id)}/cluster`, 'free');
      assert.equal(r.status, 200, `${code}: ${r.text}`);
      assert.equal(r.body.svc_id, m.svc_id);
      assert.match(r.body.svc_id, SVC_ID_PATTERN);
      assert.ok(r.body.members.some((x: { exchange: string; market_id: string }) => x.exchange === code && x.market_id === m.market_id));
    }
    const lone = (await svc.db.pool.query("SELECT market_id FROM markets WHERE exchange = 'kalshi' AND svc_id IS NULL LIMIT 1")).rows[0];
    const none = await get(`/api/v1/kalshi/${encodeURIComponent(lone.market_id)}/cluster`, 'free');
    assert.equal(none.status, 404);
    assert.match(none.body.error, /in no cluster/);
    const unknown = await get('/api/v1/kalshi/NO-SUCH-MARKET/cluster', 'free');
    assert.equal(unknown.status, 404);
    assert.match(unknown.body.error, /unknown kalshi market/);
  });

  it('explains a pair: the stored verdict of a linked pair, fingerprints side by side; bad refs 400, unknown 404', async () => {
    for (const relation of ['identical', 'related']) {
      const link = (await svc.db.pool.query('SELECT * FROM match_links WHERE relation = $1 ORDER BY confidence DESC LIMIT 1', [relation])).rows[0];
      assert.ok(link, `some ${relation} link`);
      const r = await get(`/api/v1/match/explain?a=${link.exchange_a}:${encodeURIComponent(link.market_id_a)}&b=${link.exchange_b}:${encodeURIComponent(link.market_id_b)}`, 'free');
      assert.equal(r.status, 200, r.text);
      assert.equal(r.body.relation, relation);
      assert.equal(r.body.kind, link.kind);
      assert.equal(r.body.confidence, link.confidence);
      assert.deepEqual(r.body.reasons, link.reasons);
      assert.ok(r.body.similarity.title > 0);
      assert.ok(Array.isArray(r.body.a.fingerprint.tokens) && Array.isArray(r.body.b.fingerprint.tokens));
      if (relation === 'related') assert.ok(r.body.kind);
    }
    const bad = await get('/api/v1/match/explain?a=nowhere:1&b=kalshi:X', 'free');
    assert.equal(bad.status, 400);
    assert.match(bad.body.error, /^a: /);
    const missing = await get(`/api/v1/match/explain?a=kalshi:${encodeURIComponent(sample.market_id)}`, 'free');
    assert.equal(missing.status, 400);
    assert.match(missing.body.error, /^b: /);
    const unknown = await get(`/api/v1/match/explain?a=kalshi:${encodeURIComponent(sample.market_id)}&b=manifold:nope`, 'free');
    assert.equal(unknown.status, 404);
    assert.match(unknown.body.error, /^b: unknown market manifold:nope/);
  });

  it('carries svc_id and cluster_id in market details and lists', async () => {
    const d = await get(`/api/v1/kalshi/${encodeURIComponent(sample.market_id)}/market`, 'free');
    assert.equal(d.status, 200);
    assert.equal(d.body.svc_id, sample.svc_id);
    assert.equal(d.body.cluster_id, sample.cluster_id);
    const list = await get('/api/v1/kalshi/markets?limit=1000', 'free');
    const listed = list.body.markets.find((m: { market_id: string }) => m.market_id === sample.market_id);
    assert.equal(listed.svc_id, sample.svc_id);
    assert.equal(listed.cluster_id, sample.cluster_id);
  });

  it('carries svc_id in keyword and semantic search results, and autocomplete gives a cluster one suggestion with its exchanges', async () => {
    const cluster = (await get(`/api/v1/svc/${sample.svc_id}/cluster`)).body;
    const q = encodeURIComponent(sample.title);
    // group=none: the sample itself, not a market of its event standing for it (search.md, "Grouped results")
    const found = await get(`/api/v1/search/markets?q=${q}&limit=50&group=none`, 'free');
    assert.equal(found.status, 200, found.text);
    const hit = found.body.results.find((x: { exchange: string; market_id: string }) => x.exchange === 'kalshi' && x.market_id === sample.market_id);
    assert.ok(hit, 'the sample is found by its title');
    assert.equal(hit.svc_id, sample.svc_id);
    // autocomplete: the first words of the title; the cluster appears once, with all its venues
    const prefix = encodeURIComponent(sample.title.split(/\s+/).slice(0, 4).join(' '));
    const ac = await get(`/api/v1/search/autocomplete?q=${prefix}&limit=20`, 'free');
    assert.equal(ac.status, 200, ac.text);
    const mine = ac.body.suggestions.filter((x: { svc_id: string | null }) => x.svc_id === sample.svc_id);
    assert.equal(mine.length, 1, `one suggestion for ${sample.svc_id}: ${JSON.stringify(ac.body.suggestions)}`);
    assert.deepEqual(mine[0].exchanges, cluster.exchanges);
    const semantic = await svc.request('/api/v1/search/semantic', { body: { query: sample.title, limit: 20, group: 'none' }, headers: { 'x-api-key': keys.max } });
    assert.equal(semantic.status, 200, semantic.text);
    const sem = semantic.body.results.find((x: { exchange: string; market_id: string }) => x.exchange === 'kalshi' && x.market_id === sample.market_id);
    assert.ok(sem, 'semantic search finds the sample by its title');
    assert.equal(sem.svc_id, sample.svc_id);
  });
  // Last: it changes the clusters (an operator force-pair merges two of them).
  it('answers a merged-away svc_id with the survivor\'s record and merged_into, on both svc routes', async () => {
    const { rows: clusters } = await svc.db.pool.query<{ cluster_id: string; svc_id: string; created_at: Date; members: string[] }>(
      `SELECT c.cluster_id, c.svc_id, c.created_at, array_agg(m.exchange || ':' || m.market_id ORDER BY m.exchange) AS members
         FROM match_clusters c JOIN match_cluster_members m USING (cluster_id) GROUP BY c.cluster_id ORDER BY c.created_at, c.cluster_id`);
    const venues = (c: { members: string[] }) => new Set(c.members.map((k) => k.slice(0, k.indexOf(':'))));
    let pair: [typeof clusters[number], typeof clusters[number]] | undefined;
    for (let i = 0; i < clusters.length && !pair; i++) {
      for (let j = i + 1; j < clusters.length && !pair; j++) {
        const [vi, vj] = [venues(clusters[i]), venues(clusters[j])];
        if (![...vi].some((v) => vj.has(v))) pair = [clusters[i], clusters[j]];
      }
    }
    assert.ok(pair, 'two clusters with no venue in common');
    const [older, younger] = pair;
    await new MatchStore(svc.db.pool).putOverride({ a: older.members[0], b: younger.members[0], action: 'force', reason: 'route test', created_by: 'test' });
    for (;;) {
      const run = await svc.venueSync!.scheduler.trigger(MATCHING_JOB);
      if (run.ran) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    // Clusters made by one run share a creation time: then either id may survive; the other answers merged_into.
    const survivor = (await svc.db.pool.query<{ svc_id: string }>('SELECT svc_id FROM markets WHERE exchange || \':\' || market_id = $1', [younger.members[0]])).rows[0].svc_id;
    assert.ok(survivor === older.svc_id || survivor === younger.svc_id, `the merged cluster keeps one of the two ids (got ${survivor})`);
    if (older.created_at.getTime() < younger.created_at.getTime()) assert.equal(survivor, older.svc_id, 'the oldest id survives');
    const gone = survivor === older.svc_id ? younger.svc_id : older.svc_id;
    const r = await get(`/api/v1/svc/${gone}/cluster`);
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.merged_into, survivor);
    assert.equal(r.body.svc_id, survivor);
    // The record is the survivor's as the database holds it, the forced pair in it. Its size is not
    // asserted as the two snapshots' sum: the run also applies the catalog changes the simulators' syncs
    // made since the snapshot, which may move a member of either cluster.
    const { rows: held } = await svc.db.pool.query<{ member: string }>(
      `SELECT m.exchange || ':' || m.market_id AS member FROM match_cluster_members m JOIN match_clusters c USING (cluster_id) WHERE c.svc_id = $1`, [survivor]);
    const members = held.map((h) => h.member);
    assert.ok(members.includes(older.members[0]) && members.includes(younger.members[0]), `the forced pair is in the survivor (${members.join(', ')})`);
    assert.equal(r.body.market_count, members.length);
    const listed = await get(`/api/v1/svc/${gone}/markets`);
    assert.equal(listed.status, 200, listed.text);
    assert.deepEqual(listed.body.markets.map((m: { svc_id: string }) => m.svc_id), Array(r.body.market_count).fill(survivor));
    assert.equal((await get(`/api/v1/svc/${survivor}/cluster`)).body.merged_into, null);
  });
});
