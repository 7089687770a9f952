// One of several threads that start at the same moment and load the embedded credentials key (see
// key-file-race.test.ts): for each key file, waits at its start line, then loads and reports.
import { parentPort, workerData } from 'node:worker_threads';
import { loadCredentialCipher } from '../../src/trading/credential-cipher.js';

const { keyFiles, lines } = workerData as { keyFiles: string[]; lines: SharedArrayBuffer };
const start = new Int32Array(lines);
keyFiles.forEach((keyFile, round) => {
  Atomics.wait(start, round, 0); // until the test opens this round's line
  try {
    const { cipher, created } = loadCredentialCipher({ keyFile });
    parentPort!.postMessage({ round, created, keyId: cipher.currentKeyId });
  } catch (err) {
    parentPort!.postMessage({ round, error: (err as Error).message });
  }
});
