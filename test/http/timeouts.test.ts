// Time limits end to end, against the real service: a client whose request body never arrives gets
// a 408 after HTTP_REQUEST_TIMEOUT_MS (not Node's default five minutes), one whose headers never end
// after HTTP_HEADERS_TIMEOUT_MS; and a venue that accepts connections and never answers (a local TCP
// server) makes a live read answer 504 within LIVE_READ_TIMEOUT_MS, the retry and the market lookup
// included (not once per attempt and per call).
import assert from 'node:assert/strict';
import net from 'node:net';
import { startTestService, mintTestKey, type TestService } from '../helpers/service.js';

const REQUEST_TIMEOUT_MS = 1_500;
const HEADERS_TIMEOUT_MS = 1_000;
const LIVE_READ_TIMEOUT_MS = 700;
/** Node checks its request limits on a timer, and the machine may be busy: what a limit may overrun by. */
const SLACK_MS = 700;

/** A "venue" that accepts every connection, reads what comes, and never answers. */
async function silentVenue(): Promise<{ url: string; connections: () => number; close: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  let accepted = 0;
  const server = net.createServer((s) => {
    accepted += 1;
    sockets.add(s);
    s.on('data', () => undefined);
    s.on('error', () => undefined);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    connections: () => accepted,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Writes `head` on a raw connection and waits for the server's answer (or its close); the status line's code and when. */
function stalledRequest(url: string, head: string): Promise<{ status: number | null; afterMs: number }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const t0 = Date.now();
    const socket = net.connect(Number(port), hostname, () => socket.write(head));
    let text = '';
    socket.on('data', (d) => (text += d.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => resolve({ status: /^HTTP\/1\.1 (\d{3})/.exec(text) ? Number(/^HTTP\/1\.1 (\d{3})/.exec(text)![1]) : null, afterMs: Date.now() - t0 }));
    setTimeout(() => socket.destroy(), 20_000).unref();
  });
}

describe('time limits: requests that never finish, venues that never answer', function () {
  this.timeout(60_000);
  let svc: TestService;
  let venue: Awaited<ReturnType<typeof silentVenue>>;
  let key: string;

  before(async () => {
    venue = await silentVenue();
    svc = await startTestService({
      env: {
        HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
        HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
        LIVE_READ_TIMEOUT_MS: String(LIVE_READ_TIMEOUT_MS),
        // Kalshi's REST base (live mode) is the silent venue.
        KALSHI_REST_URL: venue.url,
      },
    });
    key = await mintTestKey(svc);
  });
  after(async () => {
    await svc?.destroy();
    await venue?.close();
  });

  it('answers 408 to a request whose body never arrives, after HTTP_REQUEST_TIMEOUT_MS', async () => {
    const r = await stalledRequest(svc.url, `POST /api/v1/orders HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\nx-api-key: ${key}\r\n\r\n{"exch`);
    assert.equal(r.status, 408);
    assert.ok(r.afterMs >= REQUEST_TIMEOUT_MS - 50 && r.afterMs <= REQUEST_TIMEOUT_MS + SLACK_MS, `408 after ${r.afterMs} ms (limit ${REQUEST_TIMEOUT_MS})`);
  });

  it('answers 408 to a request whose headers never end, after HTTP_HEADERS_TIMEOUT_MS', async () => {
    const r = await stalledRequest(svc.url, 'GET /health HTTP/1.1\r\nHost: x\r\nX-Slow: ');
    assert.equal(r.status, 408);
    assert.ok(r.afterMs >= HEADERS_TIMEOUT_MS - 50 && r.afterMs <= HEADERS_TIMEOUT_MS + SLACK_MS, `408 after ${r.afterMs} ms (limit ${HEADERS_TIMEOUT_MS})`);
  });

  it('answers a live read of a venue that never answers with 504 within LIVE_READ_TIMEOUT_MS, lookup and retry included', async () => {
    const before = venue.connections();
    const t0 = Date.now();
    // A market the catalog does not hold: the venue is asked for it first, then for its book.
    const res = await svc.request('/api/v1/kalshi/KXNOTSYNCED-26/orderbook', { headers: { 'x-api-key': key } });
    const took = Date.now() - t0;
    assert.equal(res.status, 504, res.text);
    assert.match(res.body.error as string, /kalshi did not answer/);
    assert.ok(venue.connections() > before, 'the venue was asked');
    assert.ok(took >= LIVE_READ_TIMEOUT_MS - 50 && took <= LIVE_READ_TIMEOUT_MS + SLACK_MS, `504 after ${took} ms (setting ${LIVE_READ_TIMEOUT_MS})`);
  });

  it('refuses a headers limit above the request limit at start, naming the setting', async () => {
    const { loadConfig } = await import('../../src/config.js');
    assert.throws(() => loadConfig({ HTTP_REQUEST_TIMEOUT_MS: '2000', HTTP_HEADERS_TIMEOUT_MS: '3000' }), /HTTP_HEADERS_TIMEOUT_MS/);
  });
});
