/**
 * The fan-out benchmark's client side (a child process of fanout.ts): opens WebSocket connections,
 * subscribes them, and for every `sampleEvery`-th message received records which message it was
 * (market, kind, seq) and when it arrived (epoch ms with sub-ms precision, comparable across the
 * benchmark's processes), plus the end-to-end latency from the venue's emission time (`last_update`).
 * Reports on request over IPC, with its own CPU time.
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { WebSocket } from 'ws';

const sockets: WebSocket[] = [];
let count = 0;
let counting = false;
let sampleEvery = 1;
/** Flat [market, kind (0 prices, 1 book), seq, receipt ms] quadruples. */
let samples: (string | number)[] = [];
const endToEnd: number[] = [];
const MAX_SAMPLES = 400_000;
let cpu0 = process.cpuUsage();
/** This process' event-loop delay: how late it got to run (its share of the cores), ms. */
const loopDelay = monitorEventLoopDelay({ resolution: 1 });
/** Epoch ms of the last message counted (delivery rate = messages / (last - start of the drive)). */
let lastAt = 0;
const epochMs = (): number => performance.timeOrigin + performance.now();

function onMessage(data: WebSocket.RawData): void {
  if (!counting) return;
  const at = epochMs();
  lastAt = at;
  if (count++ % sampleEvery !== 0 || samples.length >= MAX_SAMPLES * 4) return;
  // Cheap field scans rather than a full parse: `{"kalshi_id":"<id>",...,"last_update":"<ISO>","seq":<n>}`.
  const text = data.toString();
  const idStart = text.indexOf('"kalshi_id":"') + 13;
  const idEnd = text.indexOf('"', idStart);
  const seq = Number(text.slice(text.lastIndexOf('"seq":') + 6, -1));
  samples.push(text.slice(idStart, idEnd), text.startsWith('"bid_side"', idEnd + 2) ? 1 : 0, seq, at);
  const i = text.indexOf('"last_update":"');
  if (i >= 0) endToEnd.push(Date.now() - Date.parse(text.slice(i + 15, i + 39)));
}

process.on('message', async (m: { type: string; url?: string; count?: number; markets?: string[]; perClient?: number; offset?: number; sampleEvery?: number }) => {
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
    samples = [];
    endToEnd.length = 0;
    sampleEvery = m.sampleEvery ?? 1;
    counting = true;
    cpu0 = process.cpuUsage();
    loopDelay.reset();
    loopDelay.enable();
    process.send!({ type: 'reset' });
  } else if (m.type === 'count') {
    process.send!({ type: 'count', count });
  } else if (m.type === 'report') {
    counting = false;
    loopDelay.disable();
    const cpu = process.cpuUsage(cpu0);
    process.send!({ type: 'report', count, lastAt, samples, endToEnd, cpuUs: cpu.user + cpu.system, loopP99Ms: loopDelay.percentile(99) / 1e6 });
  }
});
