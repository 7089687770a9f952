// The keyed routers are mounted most specific first whatever order they are listed in
// (src/http/route-order.ts): a literal path segment wins over a parameter (`/search/markets` over the
// venue router's `/:exchange/markets`), so no feature's routes depend on where it sits in the list.
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import express, { Router } from 'express';
import { FEATURES, type FeatureModule, type FeatureParts } from '../../src/features/index.js';
import { compareSpecificity, mountMostSpecificFirst, type RouterMount } from '../../src/http/route-order.js';
import { mintTestKey, startTestService, type TestService } from '../helpers/service.js';

function answering(name: string, ...paths: string[]): Router {
  const router = Router();
  for (const p of paths) router.get(p, (req, res) => void res.json({ router: name, params: req.params }));
  return router;
}

async function served(mounts: RouterMount[], paths: string[]): Promise<(string | null)[]> {
  const app = express();
  const keyed = Router();
  mountMostSpecificFirst(keyed, mounts);
  app.use(keyed);
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return await Promise.all(paths.map(async (p) => {
      const res = await fetch(base + p);
      return res.ok ? ((await res.json()) as { router: string }).router : null;
    }));
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('route order: the most specific route wins, whatever the mount order', () => {
  it('ranks routes that match one path by the first segment where a literal meets a parameter', () => {
    assert.ok(compareSpecificity('/search/markets', '/:exchange/markets') < 0);
    assert.ok(compareSpecificity('/:exchange/markets', '/search/markets') > 0);
    assert.ok(compareSpecificity('/orders/:id', '/:exchange/markets') < 0, 'on /orders/markets, orders is the literal first');
    assert.ok(compareSpecificity('/files/:name', '/files/*rest') < 0, 'a rest parameter is the least specific');
    assert.equal(compareSpecificity('/:a/x', '/:b/x'), 0);
  });

  it('serves each path from its most specific router, mounted in either order', async () => {
    const venue = { path: '/', router: answering('venue', '/:exchange/markets', '/:exchange/:market_id/market') };
    const search = { path: '/search', router: answering('search', '/markets') };
    const orders = { path: '/', router: answering('orders', '/orders/:id') };
    const paths = ['/search/markets', '/kalshi/markets', '/orders/markets', '/orders/abc', '/kalshi/X/market', '/nothing'];
    const want = ['search', 'venue', 'orders', 'orders', 'venue', null];
    assert.deepEqual(await served([venue, search, orders], paths), want);
    assert.deepEqual(await served([orders, search, venue], paths), want);
  });

  it('passes a request a router declines on to the next, and keeps the given order where no route is more specific', async () => {
    // The venue-like router declines what is not a venue (as the real one does with next('router')).
    const declining = Router();
    declining.use('/:exchange', (req, _res, next) => (req.params.exchange === 'kalshi' ? next() : next('router')));
    declining.get('/:exchange/:id', (_req, res) => void res.json({ router: 'declining' }));
    const later = { path: '/', router: answering('later', '/:kind/:id') };
    assert.deepEqual(await served([{ path: '/', router: declining }, later], ['/kalshi/1', '/other/1']), ['declining', 'later']);
    assert.deepEqual(await served([later, { path: '/', router: declining }], ['/kalshi/1']), ['later']);
  });

  describe('the service with every router handed over in reverse order', function () {
    this.timeout(120_000);
    let svc: TestService;
    let key: string;
    before(async () => {
      // Set up in the list's order (a feature uses what those before it provide), but every router
      // handed to the assembly in reverse: the venue router first, the search router last.
      const routeLists: NonNullable<FeatureParts['routes']>[] = [];
      const withoutRoutes = FEATURES.map((f): FeatureModule => ({
        name: f.name,
        async setup(ctx) {
          const { routes, ...rest } = await f.setup(ctx);
          if (routes) routeLists.push(routes);
          return rest;
        },
      }));
      const reversed: FeatureModule = { name: 'every route, reversed', setup: async () => ({ routes: (http) => routeLists.flatMap((r) => r(http)).reverse() }) };
      svc = await startTestService({ features: [...withoutRoutes, reversed] });
      key = await mintTestKey(svc);
    });
    after(async () => svc?.destroy());

    it('still routes each path to its own router', async () => {
      const get = (p: string) => svc.request(p, { headers: { 'x-api-key': key } });
      const search = await get('/api/v1/search/markets?q=election');
      assert.ok(search.status === 200 || search.status === 503, `search: ${search.status} ${search.text}`);
      assert.doesNotMatch(search.text, /exchange/i, 'not taken by the venue router');
      const categories = await get('/api/v1/categories');
      assert.equal(categories.status, 200, categories.text);
      const venue = await get('/api/v1/kalshi/markets?limit=1');
      assert.equal(venue.status, 200, venue.text);
      const unknown = await get('/api/v1/nosuchvenue/markets');
      assert.equal(unknown.status, 404, unknown.text);
    });
  });
});
