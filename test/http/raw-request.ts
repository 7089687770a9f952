// A request with node:http, for what fetch hides or refuses: methods such as TRACE, the raw
// (still compressed) body bytes, and Upgrade headers.
import http from 'node:http';

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body bytes as they came over the wire (not decompressed). */
  body: Buffer;
}

export function rawRequest(baseUrl: string, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<RawResponse> {
  const url = new URL(path, baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers: { ...headers, ...(body !== undefined ? { 'content-length': String(Buffer.byteLength(body)) } : {}) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/** The JSON of a raw response's (uncompressed) body. */
export function jsonOf(res: RawResponse): any { // eslint-disable-line @typescript-eslint/no-explicit-any -- tests inspect arbitrary JSON
  return JSON.parse(res.body.toString('utf8'));
}
