// One HTTP exchange with a venue's trading API, on node:http(s) with keep-alive agents. The order
// path used the global fetch before; its Request/Response objects and web streams cost about 1 ms of
// CPU per order call in the service's profile (bench/HISTORY.md, trading), several times a plain
// request's. What the order clients need is small: a method, headers, a JSON text body, a timeout
// over the whole exchange (connect, send, answer and body), the status, the headers and the text.
import http from 'node:http';
import https from 'node:https';

export interface VenueHttpResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** The exchange failed before an answer: `timeout`, or a socket error with its code (ECONNREFUSED...). */
export class VenueHttpError extends Error {
  constructor(
    readonly kind: 'timeout' | 'network',
    readonly code: string | undefined,
    message: string,
  ) {
    super(message);
    this.name = 'VenueHttpError';
  }
}

// Connections are reused across orders (what fetch's pool did). An idle socket is closed after 4 s,
// before a server's usual 5 s keep-alive ends it: a request sent on a socket the venue is closing at
// that moment would fail with ECONNRESET (the agent's `timeout` applies to free sockets only).
const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 64, timeout: 4_000 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 64, timeout: 4_000 }),
};

export function venueHttpRequest(url: string, init: { method: string; headers: Record<string, string>; body?: string; timeoutMs: number }): Promise<VenueHttpResponse> {
  const u = new URL(url);
  const secure = u.protocol === 'https:';
  if (!secure && u.protocol !== 'http:') return Promise.reject(new VenueHttpError('network', undefined, `unsupported URL ${u.protocol}`));
  const transport = secure ? https : http;
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (err: VenueHttpError | null, res?: VenueHttpResponse) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (err) reject(err);
      else resolve(res!);
    };
    const headers: Record<string, string> = { ...init.headers };
    if (init.body !== undefined) headers['content-length'] = String(Buffer.byteLength(init.body));
    const req = transport.request(u, { method: init.method, headers, agent: agents[secure ? 'https:' : 'http:'] }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => finish(null, { status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', (e: NodeJS.ErrnoException) => finish(new VenueHttpError('network', e.code, e.message)));
      // closed before the end of the body (after 'end', nothing to do: the error is not even made)
      res.on('close', () => {
        if (!settled) finish(new VenueHttpError('network', 'ECONNRESET', 'the venue closed the connection in the middle of its answer'));
      });
    });
    const timer = setTimeout(() => {
      finish(new VenueHttpError('timeout', undefined, `no answer within ${init.timeoutMs} ms`));
      req.destroy();
    }, init.timeoutMs);
    req.on('error', (e: NodeJS.ErrnoException) => finish(new VenueHttpError('network', e.code, e.message)));
    req.end(init.body);
  });
}
