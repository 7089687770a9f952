/**
 * The fan-out benchmark's client side (a child process of fanout.ts): opens WebSocket connections,
 * subscribes them, counts the messages they receive and the latency of each from the venue's
 * emission time (`last_update`) to receipt, and reports on request over IPC.
 */
import { WebSocket } from 'ws';

const sockets: WebSocket[] = [];
let count = 0;
let counting = false;
const latencies: number[] = [];
const MAX_SAMPLES = 200_000;

function onMessage(data: WebSocket.RawData): void {
  if (!counting) return;
  count++;
  // Cheap field scan rather than a full parse per message: `"last_update":"<ISO>"`.
  const text = data.toString();
  const i = text.indexOf('"last_update":"');
  if (i < 0) return;
  const t = Date.parse(text.slice(i + 15, i + 39));
  if (latencies.length < MAX_SAMPLES) latencies.push(Date.now() - t);
}

process.on('message', async (m: { type: string; url?: string; count?: number; markets?: string[]; perClient?: number; offset?: number }) => {
  if (m.type === 'open') {
    for (let i = 0; i < m.count!; i += 100) {
      await Promise.all(
        Array.from({ length: Math.min(100, m.count! - i) }, () =>
          new Promise<void>((resolve, reject) => {
            const ws = new WebSocket(m.url!, { perMessageDeflate: false });
            ws.on('message', onMessage);
            ws.once('open', () => resolve());
            ws.once('error', reject);
            sockets.push(ws);
          }),
        ),
      );
    }
    process.send!({ type: 'opened', n: sockets.length });
  } else if (m.type === 'subscribe') {
    const markets = m.markets!;
    sockets.forEach((ws, i) => {
      const k = i * 2 + m.offset!;
      const ids = Array.from({ length: m.perClient! }, (_, j) => markets[(k * m.perClient! + j) % markets.length]);
      ws.send(JSON.stringify({ action: 'subscribe', kalshi_ids: ids }));
    });
    process.send!({ type: 'subscribed' });
  } else if (m.type === 'reset') {
    count = 0;
    latencies.length = 0;
    counting = true;
    process.send!({ type: 'reset' });
  } else if (m.type === 'report') {
    counting = false;
    process.send!({ type: 'report', count, latencies });
  }
});
