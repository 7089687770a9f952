// The batching stage of semantic search and search answers (src/util/micro-batcher.ts), with a plain async
// function as the stage: a lone item goes at once, items arriving while a call is in flight go
// together in the next call, the wait for company happens only when asked for and is bounded, a
// failing call fails exactly its own items, and nothing is lost or answered twice.
import assert from 'node:assert/strict';
import { MicroBatcher } from '../../src/util/micro-batcher.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A stage that records its calls and answers each item doubled after `ms`. */
function recordingStage(ms = 5) {
  const calls: number[][] = [];
  const run = async (items: number[]) => {
    calls.push(items);
    await sleep(ms);
    if (items.includes(-1)) throw new Error('bad item');
    return items.map((i) => i * 2);
  };
  return { calls, run };
}

describe('semantic search: micro-batching stage', () => {
  it('runs a lone item at once (no wait when nothing else is in progress)', async () => {
    const stage = recordingStage();
    const batcher = new MicroBatcher(stage.run, { maxBatch: 8, concurrency: 1, maxWaitMs: 50, shouldWait: () => false });
    const answer = batcher.submit(21);
    assert.deepEqual(stage.calls, [[21]], 'the call started inside submit()');
    assert.equal(await answer, 42);
  });

  it('gathers what arrives while a call is in flight into the next call, up to maxBatch', async () => {
    const stage = recordingStage(10);
    const batcher = new MicroBatcher(stage.run, { maxBatch: 4, concurrency: 1, maxWaitMs: 0 });
    const answers = await Promise.all([1, 2, 3, 4, 5, 6, 7].map((i) => batcher.submit(i)));
    assert.deepEqual(answers, [2, 4, 6, 8, 10, 12, 14]);
    assert.deepEqual(stage.calls, [[1], [2, 3, 4, 5], [6, 7]]);
    assert.deepEqual(batcher.stats, { calls: 3, items: 7, largest: 4 });
  });

  it('waits for company only when told to, at most maxWaitMs', async () => {
    const stage = recordingStage(1);
    let others = true;
    const batcher = new MicroBatcher(stage.run, { maxBatch: 8, concurrency: 1, maxWaitMs: 20, shouldWait: () => others });
    const first = batcher.submit(1);
    assert.equal(stage.calls.length, 0, 'held back: others are in progress');
    const second = batcher.submit(2);
    assert.deepEqual(await Promise.all([first, second]), [2, 4]);
    assert.deepEqual(stage.calls, [[1, 2]], 'the two went together after the wait');
    others = false;
    await batcher.submit(3);
    assert.deepEqual(stage.calls[1], [3]);
  });

  it('a full batch does not wait for the timer', async () => {
    const stage = recordingStage(1);
    const batcher = new MicroBatcher(stage.run, { maxBatch: 2, concurrency: 1, maxWaitMs: 10_000, shouldWait: () => true });
    const both = Promise.all([batcher.submit(1), batcher.submit(2)]);
    assert.deepEqual(stage.calls, [[1, 2]]);
    assert.deepEqual(await both, [2, 4]);
  });

  it('runs up to `concurrency` calls at once', async () => {
    const stage = recordingStage(10);
    const batcher = new MicroBatcher(stage.run, { maxBatch: 8, concurrency: 2, maxWaitMs: 0 });
    const answers = Promise.all([1, 2, 3].map((i) => batcher.submit(i)));
    assert.deepEqual(stage.calls, [[1], [2]], 'two calls in flight, the third item waits');
    await answers;
    assert.deepEqual(stage.calls[2], [3]);
  });

  it('a failing call rejects its own items only, and the stage goes on', async () => {
    const stage = recordingStage(5);
    const batcher = new MicroBatcher(stage.run, { maxBatch: 8, concurrency: 1, maxWaitMs: 0 });
    const first = batcher.submit(1);
    const bad = batcher.submit(-1);
    const sameCall = batcher.submit(3);
    assert.equal(await first, 2);
    await assert.rejects(bad, /bad item/);
    await assert.rejects(sameCall, /bad item/);
    assert.equal(await batcher.submit(4), 8);
  });

  it('an answer of the wrong length fails the call instead of misrouting answers', async () => {
    const batcher = new MicroBatcher(async (items: number[]) => items.slice(1), { maxBatch: 8, concurrency: 1, maxWaitMs: 0 });
    await assert.rejects(batcher.submit(1), /answered with 0 results/);
  });
});
