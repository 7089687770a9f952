// SERVER_TIMING (a benchmark setting): answers carry Server-Timing with the phases code on the
// request's path recorded (src/util/request-timings.ts), the API-key gate's among them, and `app`;
// without the setting there is no such header and recording is a no-op. The parser reads what the
// simulators and the service write.
import assert from 'node:assert/strict';
import { Router } from 'express';
import { openTestDatabase, type TestDatabase } from '../helpers/database.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { parseServerTiming, recordTiming, serverTimingHeader, timedSync, timingsActive, withRequestTimings } from '../../src/util/request-timings.js';

describe('http: Server-Timing (SERVER_TIMING)', function () {
  this.timeout(60_000);
  let db: TestDatabase;
  let on: TestApp;
  let off: TestApp;
  // A keyed route that records two phases of its own, one of them twice, across an await.
  const routers = () => [{ path: '/', router: Router().get('/timed', async (_req, res) => {
    recordTiming('step', 2);
    await new Promise((r) => setTimeout(r, 5));
    recordTiming('step', 3);
    timedSync('sync', () => undefined);
    res.json({ active: timingsActive() });
  }) }];
  before(async () => {
    db = await openTestDatabase();
    on = await startTestApp({ db, settings: { serverTiming: true }, keyedRouters: routers });
    off = await startTestApp({ db, keyedRouters: routers });
  });
  after(async () => {
    await on?.close();
    await off?.close();
    await db?.destroy();
  });

  it('reports the key check, the rate limit, the route\'s own phases (summed, with their count) and app', async () => {
    const res = await on.request('/api/v1/timed');
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { active: true });
    const header = String(res.headers.get('server-timing'));
    const t = parseServerTiming(header);
    for (const name of ['key', 'rate-limit', 'step', 'sync', 'app']) assert.ok(Number.isFinite(t[name]), `${name} in ${header}`);
    assert.equal(t.step, 5);
    assert.match(header, /step;dur=5\.000;desc="x2"/);
    assert.ok(t.app >= 5, 'app covers the route\'s 5 ms wait');
    // an error answer carries it too (no key: the gate answered)
    const denied = await on.request('/api/v1/timed', { plan: null });
    assert.equal(denied.status, 401);
    assert.ok(Number.isFinite(parseServerTiming(String(denied.headers.get('server-timing'))).app));
  });

  it('is absent without the setting, and recording outside a request does nothing', async () => {
    const res = await off.request('/api/v1/timed');
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { active: false });
    assert.equal(res.headers.get('server-timing'), null);
    recordTiming('nowhere', 1);
    assert.equal(timingsActive(), false);
    const seen = withRequestTimings((timings) => {
      recordTiming('x', 1.5);
      return serverTimingHeader(timings);
    });
    assert.equal(seen, 'x;dur=1.500');
    assert.deepEqual(parseServerTiming('sim;dur=0.25, cfRequestDuration;dur=12, junk, a;desc="x";dur=1'), { sim: 0.25, cfRequestDuration: 12, a: 1 });
  });
});
