/**
 * VenueHttpClient against a real local HTTP server (the simulator base) with its fault injection;
 * clock and sleep are injected so backoff, Retry-After, the breaker and the rate limit are checked
 * without waiting.
 */
import assert from 'node:assert/strict';
import { CircuitBreaker, parseRetryAfter, TokenBucket, VenueError, VenueHttpClient, type HttpClientConfig } from '../../src/venues/http-client.js';
import { json, SimServer } from '../../src/sim/server.js';
import { venueErrorStatus } from '../../src/http/market-data-errors.js';

describe('VenueHttpClient', () => {
  const server = new SimServer('test-venue');
  server.get('/ok', () => json({ ok: true }));
  server.get('/bad', () => ({ status: 400, body: { error: 'bad limit' } }));
  let base: string;
  let clock = 0;
  let waits: number[] = [];
  const fake = (extra: Partial<HttpClientConfig> = {}): VenueHttpClient =>
    new VenueHttpClient({
      exchange: 'kalshi',
      baseUrl: base,
      retries: 3,
      backoffBaseMs: 100,
      backoffMaxMs: 1_000,
      now: () => clock,
      sleep: async (ms) => {
        waits.push(ms);
        clock += ms;
      },
      random: () => 0.5,
      rateLimit: { perSecond: 1_000, burst: 1_000 },
      ...extra,
    });

  before(async () => {
    base = await server.start();
  });
  after(() => server.stop());
  beforeEach(() => {
    server.clearFaults();
    server.requests.length = 0;
    waits = [];
    clock = 1_000_000;
  });

  it('retries 5xx with exponential backoff and full jitter, then succeeds', async () => {
    server.fail(2, 503);
    const body = await fake().getJson('getThing', '/ok');
    assert.deepEqual(body, { ok: true });
    assert.equal(server.requests.length, 3);
    assert.deepEqual(waits, [50, 100], 'random 0.5 of caps 100 and 200');
  });

  it('honours Retry-After (seconds) on 429, and gives up when it is longer than allowed', async () => {
    server.rateLimit(1, 3);
    await fake().getJson('getThing', '/ok');
    assert.deepEqual(waits, [3_000]);
    waits = [];
    server.rateLimit(1, 120);
    await assert.rejects(fake({ maxRetryAfterMs: 30_000 }).getJson('getThing', '/ok'), (e: unknown) => e instanceof VenueError && e.status === 429 && e.retryAfterMs === 120_000);
    assert.deepEqual(waits, []);
  });

  it('parses Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-11-22T21:00:00Z');
    assert.equal(parseRetryAfter('7', now), 7_000);
    assert.equal(parseRetryAfter('Sun, 22 Nov 2026 21:00:30 GMT', now), 30_000);
    assert.equal(parseRetryAfter('whenever', now), null);
    assert.equal(parseRetryAfter(null, now), null);
  });

  it('does not retry a 4xx; the error names the venue, the call and the status', async () => {
    await assert.rejects(fake().getJson('listMarkets', '/bad'), (e: unknown) => {
      assert.ok(e instanceof VenueError);
      assert.equal(e.status, 400);
      assert.equal(venueErrorStatus(e), 502);
      assert.match(e.message, /^kalshi listMarkets: HTTP 400: .*bad limit/);
      return true;
    });
    assert.equal(server.requests.length, 1);
  });

  it('404: getJsonOrNull gives null, getJson a notFound error mapped to 404', async () => {
    assert.equal(await fake().getJsonOrNull('getMarket', '/missing'), null);
    await assert.rejects(fake().getJson('getMarket', '/missing'), (e: unknown) => e instanceof VenueError && e.notFound && venueErrorStatus(e) === 404);
  });

  it('times out slow answers (504) and survives dropped sockets', async () => {
    server.slow(300, 2);
    await assert.rejects(fake({ timeoutMs: 50, retries: 1 }).getJson('getThing', '/ok'), (e: unknown) => e instanceof VenueError && e.kind === 'timeout' && venueErrorStatus(e) === 504);
    server.clearFaults();
    server.dropSockets(1);
    assert.deepEqual(await fake().getJson('getThing', '/ok'), { ok: true });
    assert.equal(waits.length >= 2, true);
  });

  it('opens the circuit after consecutive failures, then lets one trial through after the cool-down', async () => {
    const client = fake({ retries: 0, breaker: { failureThreshold: 3, cooldownMs: 10_000 } });
    server.fail(100, 500);
    for (let i = 0; i < 3; i++) await assert.rejects(client.getJson('getThing', '/ok'), (e: unknown) => e instanceof VenueError && e.status === 500);
    const sent = server.requests.length;
    await assert.rejects(client.getJson('getThing', '/ok'), (e: unknown) => e instanceof VenueError && e.kind === 'circuit_open' && venueErrorStatus(e) === 503);
    assert.equal(server.requests.length, sent, 'an open circuit sends nothing');
    clock += 10_000;
    assert.equal(client.breaker.state, 'half_open');
    server.clearFaults();
    assert.deepEqual(await client.getJson('getThing', '/ok'), { ok: true });
    assert.equal(client.breaker.state, 'closed');
  });

  it('a failed half-open trial re-opens the circuit', () => {
    let t = 0;
    const b = new CircuitBreaker({ failureThreshold: 2, cooldownMs: 100 }, () => t);
    b.failure();
    b.failure();
    assert.equal(b.state, 'open');
    t = 100;
    assert.equal(b.allow(), true);
    assert.equal(b.allow(), false, 'only one trial');
    b.failure();
    assert.equal(b.state, 'open');
  });

  it('token bucket: a burst, then one request per 1/rate seconds', async () => {
    let t = 0;
    const slept: number[] = [];
    const bucket = new TokenBucket({ perSecond: 4, burst: 2 }, () => t, async (ms) => {
      slept.push(ms);
      t += ms;
    });
    for (let i = 0; i < 4; i++) await bucket.take();
    assert.deepEqual(slept, [250, 250]);
  });
});
