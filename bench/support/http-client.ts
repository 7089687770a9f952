// The load generators' HTTP client: node:http with keep-alive. Lighter than fetch, so a load
// generator takes less of the CPU it shares with the service it measures on a 2-core machine.
import http from 'node:http';

const agent = new http.Agent({ keepAlive: true, maxSockets: 128 });

export interface BenchResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export function request(url: string, opts: { method?: 'GET' | 'POST'; apiKey?: string; json?: unknown } = {}): Promise<BenchResponse> {
  const payload = opts.json === undefined ? undefined : JSON.stringify(opts.json);
  const headers: http.OutgoingHttpHeaders = {};
  if (opts.apiKey) headers['x-api-key'] = opts.apiKey;
  if (payload !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = Buffer.byteLength(payload);
  }
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: opts.method ?? (payload === undefined ? 'GET' : 'POST'), agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/** GET a JSON body; rejects on any status but 200. */
export async function getJson(url: string, apiKey?: string): Promise<unknown> {
  const res = await request(url, { apiKey });
  if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
  return JSON.parse(res.body);
}
