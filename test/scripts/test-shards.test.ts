// How the embedded pass splits the test files into shards (scripts/lib/test-shards.ts): every file
// once, the wall times balanced, a file without a recorded time weighed as the median.
import assert from 'node:assert/strict';
import { splitIntoShards } from '../../scripts/lib/test-shards.js';

const total = (files: string[], t: Record<string, number>) => files.reduce((s, f) => s + (t[f] ?? 0), 0);

describe('the test suite\'s shards', () => {
  it('puts every file in exactly one shard, in path order within it', () => {
    const files = ['c.test.ts', 'a.test.ts', 'b.test.ts', 'e.test.ts', 'd.test.ts'];
    const shards = splitIntoShards(files, { 'a.test.ts': 5, 'b.test.ts': 1 }, 2);
    assert.deepEqual(shards.flat().sort(), [...files].sort());
    for (const shard of shards) assert.deepEqual(shard, [...shard].sort());
  });

  it('balances the recorded wall times (one long file against many short ones)', () => {
    const t: Record<string, number> = { 'long.test.ts': 70, 'mid.test.ts': 40 };
    for (let i = 0; i < 10; i += 1) t[`short${i}.test.ts`] = 3;
    const shards = splitIntoShards(Object.keys(t), t, 2);
    assert.equal(shards.length, 2);
    const [x, y] = shards.map((s) => total(s, t));
    assert.ok(Math.abs(x! - y!) <= 3, `shards of ${x} s and ${y} s`);
    assert.ok(shards.some((s) => s.includes('long.test.ts') && !s.includes('mid.test.ts')), 'the two long files land apart');
  });

  it('weighs a file without a recorded time as the median of the known ones', () => {
    const t = { 'a.test.ts': 1, 'b.test.ts': 10, 'c.test.ts': 100 };
    // median 10: the new file joins the lighter side, not the 100 s one
    const shards = splitIntoShards(['a.test.ts', 'b.test.ts', 'c.test.ts', 'new.test.ts'], t, 2);
    const withNew = shards.find((s) => s.includes('new.test.ts'))!;
    assert.ok(!withNew.includes('c.test.ts'));
  });

  it('runs one shard when asked for one job, and never more shards than files', () => {
    assert.deepEqual(splitIntoShards(['b.test.ts', 'a.test.ts'], {}, 1), [['a.test.ts', 'b.test.ts']]);
    assert.equal(splitIntoShards(['a.test.ts'], {}, 4).length, 1);
  });
});
