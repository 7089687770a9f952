// Worker-thread entry: loads one encoder and answers embed/count requests one at a time.
import { parentPort, workerData } from 'node:worker_threads';
import { LocalEncoder } from './encoder.js';
import type { FromWorker, ToWorker, WorkerInit } from './worker-protocol.js';

const port = parentPort;
if (!port) throw new Error('embedding-worker.ts must run in a worker thread');
const init = workerData as WorkerInit;

function send(message: FromWorker, transfer: ArrayBuffer[] = []): void {
  port!.postMessage(message, transfer);
}

try {
  const encoder = await LocalEncoder.load(init);
  port.on('message', async (message: ToWorker) => {
    try {
      if (message.type === 'embed') {
        const vectors = await encoder.embed(message.texts, message.maxTokens);
        send({ type: 'embedded', id: message.id, vectors }, [vectors.buffer as ArrayBuffer]);
      } else {
        send({ type: 'counted', id: message.id, counts: encoder.countTokens(message.texts) });
      }
    } catch (err) {
      send({ type: 'failed', id: message.id, message: (err as Error).message, stack: (err as Error).stack });
    }
  });
  send({ type: 'ready' });
} catch (err) {
  send({ type: 'load-failed', name: (err as Error).name, message: (err as Error).message, stack: (err as Error).stack });
}
