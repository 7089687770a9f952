/**
 * The /ws/svc benchmark's clients (a child process of run.ts): opens WebSocket connections, subscribes
 * each to its clusters, and records for every numbered message its cluster, seq and arrival (epoch ms
 * with sub-ms precision, comparable with the gateway process' clock). Reports over IPC.
 */
import { performance } from 'node:perf_hooks';
import { WebSocket } from 'ws';

const sockets: WebSocket[] = [];
let counting = false;
/** Flat [svc_id, seq, receipt ms] triples. */
let samples: (string | number)[] = [];
let gaps = 0;
const lastSeq = new Map<string, number>();
const epochMs = (): number => performance.timeOrigin + performance.now();

function onMessage(socketIndex: number, data: WebSocket.RawData): void {
  const at = epochMs();
  const m = JSON.parse(data.toString()) as { svc_id?: string; seq?: number; type?: string };
  if (typeof m.seq !== 'number' || !m.svc_id) return;
  const key = `${socketIndex}|${m.svc_id}`;
  const prev = lastSeq.get(key);
  if (prev !== undefined && m.type !== 'snapshot' && m.seq !== prev + 1) gaps += 1;
  lastSeq.set(key, m.seq);
  if (counting && m.type !== 'snapshot' && samples.length < 3_000_000) samples.push(m.svc_id, m.seq, at);
}

process.on('message', async (m: { type: string; url?: string; count?: number; clusters?: string[]; perClient?: number; offset?: number }) => {
  if (m.type === 'open') {
    for (let i = 0; i < m.count!; i += 50) {
      await Promise.all(
        Array.from({ length: Math.min(50, m.count! - i) }, () =>
          new Promise<void>((resolve, reject) => {
            const ws = new WebSocket(m.url!, { perMessageDeflate: false });
            const index = sockets.push(ws) - 1;
            ws.on('message', (d) => onMessage(index, d));
            ws.once('open', () => resolve());
            ws.once('error', reject);
          }),
        ),
      );
    }
    process.send!({ type: 'opened', n: sockets.length });
  } else if (m.type === 'subscribe') {
    const clusters = m.clusters!;
    sockets.forEach((ws, i) => {
      const first = ((i * 2 + m.offset!) * m.perClient!) % clusters.length;
      const ids = Array.from({ length: m.perClient! }, (_, j) => clusters[(first + j) % clusters.length]);
      ws.send(JSON.stringify({ action: 'subscribe', svc_ids: ids }));
    });
    process.send!({ type: 'subscribed' });
  } else if (m.type === 'reset') {
    samples = [];
    gaps = 0;
    counting = true;
    process.send!({ type: 'reset' });
  } else if (m.type === 'count') {
    process.send!({ type: 'count', count: samples.length / 3 });
  } else if (m.type === 'report') {
    counting = false;
    process.send!({ type: 'report', samples, gaps });
  }
});
process.send!({ type: 'ready' });
