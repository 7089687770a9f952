// A lean HTTP/1.1 load generator client: keep-alive sockets that each carry one request at a time,
// with the request bytes written by hand and the response framed by its Content-Length (or chunked
// encoding). On this 2-core machine the load generator shares the cores with the service it
// measures; node:http's client (IncomingMessage streams, header objects, agent bookkeeping) took
// a visible part of them (bench/HISTORY.md). This client does the least a closed loop needs: the
// status and the body bytes. It is a measuring tool, not a general HTTP client: no redirects, no
// pipelining, no 1xx, loopback only.
import net from 'node:net';

export interface RawResponse {
  status: number;
  /** the status line and headers as received (read one with `headerValue`) */
  head: string;
  body: Buffer;
}

/** The value of the first header called `name` (any case), or undefined. */
export function headerValue(res: RawResponse, name: string): string | undefined {
  const lower = res.head.toLowerCase();
  const at = lower.indexOf(`\r\n${name.toLowerCase()}:`);
  if (at < 0) return undefined;
  const start = at + name.length + 3;
  const end = res.head.indexOf('\r\n', start);
  return res.head.slice(start, end < 0 ? undefined : end).trim();
}

const HEADER_END = Buffer.from('\r\n\r\n');

/** One keep-alive connection; `send` must not be called again before its promise settles. */
class Connection {
  private readonly socket: net.Socket;
  private buffered: Buffer = Buffer.alloc(0);
  private pending: { resolve: (r: RawResponse) => void; reject: (e: Error) => void } | null = null;
  closed = false;

  constructor(host: string, port: number) {
    this.socket = net.connect({ host, port, noDelay: true });
    this.socket.on('data', (chunk: Buffer) => this.onData(chunk));
    const fail = (err: Error) => {
      this.closed = true;
      const p = this.pending;
      this.pending = null;
      p?.reject(err);
    };
    this.socket.on('error', fail);
    this.socket.on('close', () => fail(new Error('connection closed')));
  }

  send(request: Buffer): Promise<RawResponse> {
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      this.socket.write(request);
    });
  }

  close(): void {
    this.closed = true;
    this.socket.destroy();
  }

  private onData(chunk: Buffer): void {
    this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
    let response: ReturnType<typeof parseResponse>;
    try {
      response = parseResponse(this.buffered);
    } catch (err) {
      // unframeable bytes: the connection is unusable; fail this request, not the process
      const p = this.pending;
      this.pending = null;
      this.close();
      p?.reject(err as Error);
      return;
    }
    if (!response) return;
    this.buffered = this.buffered.subarray(response.consumed);
    const p = this.pending;
    this.pending = null;
    p?.resolve({ status: response.status, head: response.head, body: response.body });
  }
}

/** A complete response at the start of `buf`, or null when more bytes are needed. */
export function parseResponse(buf: Buffer): (RawResponse & { consumed: number }) | null {
  const headerEnd = buf.indexOf(HEADER_END);
  if (headerEnd < 0) return null;
  const head = buf.toString('latin1', 0, headerEnd);
  const status = Number(head.slice(9, 12));
  const bodyStart = headerEnd + 4;
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
  if (length) {
    const end = bodyStart + Number(length[1]);
    if (buf.length < end) return null;
    return { status, head, body: buf.subarray(bodyStart, end), consumed: end };
  }
  if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) return parseChunked(buf, status, head, bodyStart);
  // no framing header: only bodiless statuses are valid on a keep-alive connection
  if (status === 204 || status === 304) return { status, head, body: Buffer.alloc(0), consumed: bodyStart };
  throw new Error(`response without Content-Length or chunked encoding (status ${status})`);
}

function parseChunked(buf: Buffer, status: number, head: string, start: number): (RawResponse & { consumed: number }) | null {
  const parts: Buffer[] = [];
  let at = start;
  for (;;) {
    const lineEnd = buf.indexOf('\r\n', at);
    if (lineEnd < 0) return null;
    const size = parseInt(buf.toString('latin1', at, lineEnd), 16);
    if (Number.isNaN(size)) throw new Error('bad chunk size');
    const dataStart = lineEnd + 2;
    if (size === 0) {
      // no trailers expected: the final CRLF follows the zero-size line
      if (buf.length < dataStart + 2) return null;
      return { status, head, body: Buffer.concat(parts), consumed: dataStart + 2 };
    }
    if (buf.length < dataStart + size + 2) return null;
    parts.push(buf.subarray(dataStart, dataStart + size));
    at = dataStart + size + 2;
  }
}

/**
 * Keep-alive connections to one loopback server, handed out one request at a time: a closed loop
 * of N workers opens at most N sockets.
 */
export class RawHttpClient {
  private readonly idle: Connection[] = [];
  private readonly all = new Set<Connection>();
  private readonly host: string;
  private readonly port: number;

  constructor(
    base: string,
    private readonly headers: Record<string, string> = {},
  ) {
    const url = new URL(base);
    this.host = url.hostname;
    this.port = Number(url.port);
  }

  async get(pathAndQuery: string): Promise<RawResponse> {
    return this.send('GET', pathAndQuery);
  }

  async post(pathAndQuery: string, json: unknown): Promise<RawResponse> {
    return this.send('POST', pathAndQuery, Buffer.from(JSON.stringify(json)));
  }

  /** GET that rejects on any status but 200 (the load loop counts it as an error). */
  async getOk(pathAndQuery: string): Promise<RawResponse> {
    const res = await this.get(pathAndQuery);
    if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
    return res;
  }

  close(): void {
    for (const c of this.all) c.close();
    this.all.clear();
    this.idle.length = 0;
  }

  private async send(method: string, pathAndQuery: string, body?: Buffer): Promise<RawResponse> {
    let head = `${method} ${pathAndQuery} HTTP/1.1\r\nHost: ${this.host}:${this.port}\r\n`;
    for (const [k, v] of Object.entries(this.headers)) head += `${k}: ${v}\r\n`;
    if (body) head += `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n`;
    head += '\r\n';
    const bytes = body ? Buffer.concat([Buffer.from(head, 'latin1'), body]) : Buffer.from(head, 'latin1');
    let conn = this.idle.pop();
    while (conn && conn.closed) conn = this.idle.pop();
    if (!conn) {
      conn = new Connection(this.host, this.port);
      this.all.add(conn);
    }
    try {
      const res = await conn.send(bytes);
      this.idle.push(conn);
      return res;
    } catch (err) {
      conn.close();
      this.all.delete(conn);
      throw err;
    }
  }
}
