// A test's WebSocket client: every text frame parsed and queued, `next(pred)` waits for the first
// matching one (consuming it and everything before it), `collect(ms)` gathers what arrives meanwhile.
import { WebSocket, type ClientOptions } from 'ws';

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests inspect arbitrary JSON

export class TestStreamClient {
  readonly received: Json[] = [];
  private cursor = 0;
  private waiters: (() => void)[] = [];
  closeCode: number | null = null;
  readonly closed: Promise<number>;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.received.push(JSON.parse(String(data)) as Json);
      this.wake();
    });
    this.closed = new Promise((resolve) =>
      ws.on('close', (code) => {
        this.closeCode = code;
        this.wake();
        resolve(code);
      }),
    );
  }

  static async open(url: string, opts: ClientOptions = {}): Promise<TestStreamClient> {
    const ws = new WebSocket(url, opts);
    const client = new TestStreamClient(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return client;
  }

  private wake(): void {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }

  send(body: unknown): void {
    this.ws.send(typeof body === 'string' ? body : JSON.stringify(body));
  }

  /** The first not-yet-consumed message matching `pred` (earlier ones are skipped). */
  async next(pred: (m: Json) => boolean = () => true, timeoutMs = 5_000, what = 'a message'): Promise<Json> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      while (this.cursor < this.received.length) {
        const m = this.received[this.cursor++];
        if (pred(m)) return m;
      }
      if (this.closeCode !== null) throw new Error(`connection closed (${this.closeCode}) while waiting for ${what}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what}; got ${JSON.stringify(this.received.slice(-5)).slice(0, 800)}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  /** Everything not yet consumed that arrives within `ms`. */
  async collect(ms: number): Promise<Json[]> {
    await new Promise((r) => setTimeout(r, ms));
    const out = this.received.slice(this.cursor);
    this.cursor = this.received.length;
    return out;
  }

  close(): void {
    this.ws.terminate();
  }
}
