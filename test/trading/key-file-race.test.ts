// Service processes that start together on one data directory (API instances and job runners) each
// load the embedded credentials key, and the first creates it: here threads race for it, all
// released at once, many times over. Every one must read the one key whole; exactly one creates it.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { credentialsKeyFile } from '../../src/trading/setup.js';
import { startWorker } from '../../src/util/worker-thread.js';

interface Report { round: number; created?: boolean; keyId?: string; error?: string }

describe('trading: the embedded credentials key under processes that start together', function () {
  this.timeout(60_000);

  it('gives every racer the same whole key, created once', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-key-race-'));
    const rounds = 150; // with racers 8, the exclusive-create-then-write of before failed in 3 of 3 runs of this test
    const racers = 8;
    const keyFiles = Array.from({ length: rounds }, (_, i) => credentialsKeyFile(path.join(dir, `data-${i}`)));
    const lines = new SharedArrayBuffer(4 * rounds);
    const reports: Report[] = [];
    const workers: Worker[] = [];
    try {
      for (let i = 0; i < racers; i++) {
        const w = startWorker(new URL('./key-file-race-worker.ts', import.meta.url), { workerData: { keyFiles, lines } });
        w.on('message', (r: Report) => reports.push(r));
        workers.push(w);
      }
      // let every thread reach its first start line, then open the lines one round at a time
      await new Promise((r) => setTimeout(r, 1_500));
      const start = new Int32Array(lines);
      for (let round = 0; round < rounds; round++) {
        Atomics.store(start, round, 1);
        Atomics.notify(start, round);
        const deadline = Date.now() + 10_000;
        while (reports.filter((r) => r.round === round).length < racers) {
          if (Date.now() > deadline) throw new Error(`round ${round}: ${reports.filter((r) => r.round === round).length} of ${racers} reported`);
          await new Promise((r) => setTimeout(r, 5));
        }
      }
    } finally {
      await Promise.all(workers.map((w) => w.terminate()));
    }
    const failed = reports.filter((r) => r.error);
    assert.deepEqual(failed, [], 'no racer read a key file that was not whole');
    for (let round = 0; round < rounds; round++) {
      const of = reports.filter((r) => r.round === round);
      assert.equal(of.filter((r) => r.created).length, 1, `round ${round}: created once`);
      assert.equal(new Set(of.map((r) => r.keyId)).size, 1, `round ${round}: one key`);
      assert.equal(fs.statSync(keyFiles[round]).mode & 0o777, 0o600);
      assert.deepEqual(fs.readdirSync(path.dirname(keyFiles[round])), [path.basename(keyFiles[round])], `round ${round}: nothing left beside the key`);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
