// The engine goes away: keyword search and autocomplete answer 503 (quickly), the rest of the API
// keeps answering, and search recovers by itself when the engine is back.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import pg from 'pg';
import { createElasticClient } from '../../src/search/elastic/client.js';
import { ElasticSearchEngine } from '../../src/search/elastic/engine.js';
import { PostgresSearchEngine } from '../../src/search/postgres/search-repository.js';
import { CORPUS } from './support/corpus.js';
import { startSearchApp } from './support/http-app.js';
import { searchNodeUrl } from './support/search-node.js';

/** A TCP proxy in front of the real node that can be cut and restored on the same port. */
async function startProxy(target: URL): Promise<{ port: number; cut(): Promise<void>; restore(): Promise<void>; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  let server: net.Server;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port), target.hostname);
        sockets.add(client).add(upstream);
        client.pipe(upstream).pipe(client);
        const drop = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        client.on('error', drop).on('close', drop);
        upstream.on('error', drop).on('close', drop);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server.address() as net.AddressInfo).port;
        resolve();
      });
    });
  const cut = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      sockets.clear();
      server.close(() => resolve());
    });
  await listen();
  return { port, cut, restore: listen, close: cut };
}

describe('search engine outage: 503, the rest answers, recovery', function () {
  this.timeout(120_000);

  it('Elasticsearch down -> 503 on both search routes, 200 elsewhere, then recovers', async function () {
    const nodeUrl = new URL(await searchNodeUrl(this));
    const proxy = await startProxy(nodeUrl);
    const engine = new ElasticSearchEngine({
      client: createElasticClient(`http://127.0.0.1:${proxy.port}`),
      alias: `test-${randomBytes(4).toString('hex')}-markets`,
    });
    const app = await startSearchApp(engine);
    try {
      await engine.ensureIndex();
      await engine.upsert(CORPUS);
      await engine.refresh();
      assert.equal((await app.get('/api/v1/search/markets?q=ethereum')).status, 200);

      await proxy.cut();
      const started = Date.now();
      const search = await app.get('/api/v1/search/markets?q=ethereum');
      assert.equal(search.status, 503);
      assert.match(search.body.error, /search engine unavailable/);
      assert.equal((await app.get('/api/v1/search/autocomplete?q=eth')).status, 503);
      assert.ok(Date.now() - started < 10_000, 'fails fast instead of hanging');
      assert.equal((await app.get('/api/v1/other')).status, 200);
      assert.equal(await engine.ping(), false);

      await proxy.restore();
      let status = 0;
      const deadline = Date.now() + 30_000;
      while (Date.now() < deadline) {
        status = (await app.get('/api/v1/search/markets?q=ethereum')).status;
        if (status === 200) break;
        await new Promise((r) => setTimeout(r, 250));
      }
      assert.equal(status, 200, 'search recovers once the engine is back');
      assert.equal((await app.get('/api/v1/search/autocomplete?q=eth')).status, 200);
    } finally {
      for (const name of await engine.listIndices().catch(() => [])) await engine.dropIndex(name);
      await app.close();
      await engine.close();
      await proxy.close();
    }
  });

  it('PostgreSQL search database unreachable -> 503', async () => {
    // a pool to a port where nothing listens stands for a database that went away
    const closed = net.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', () => r()));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const pool = new pg.Pool({ host: '127.0.0.1', port, user: 'x', database: 'x', connectionTimeoutMillis: 2000 });
    const app = await startSearchApp(new PostgresSearchEngine({ pool }));
    try {
      const r = await app.get('/api/v1/search/markets?q=ethereum');
      assert.equal(r.status, 503, JSON.stringify(r.body));
      assert.equal((await app.get('/api/v1/search/autocomplete?q=eth')).status, 503);
      assert.equal((await app.get('/api/v1/other')).status, 200);
    } finally {
      await app.close();
      await pool.end();
    }
  });
});
