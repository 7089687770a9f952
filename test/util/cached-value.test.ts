// CachedValue: what keeps a scrape from recounting the catalog each time.
import assert from 'node:assert/strict';
import { CachedValue } from '../../src/util/cached-value.js';

describe('CachedValue', () => {
  let clock = 0;
  let computed = 0;
  let fail = false;
  const make = () =>
    new CachedValue(async () => {
      if (fail) throw new Error('database down');
      return ++computed;
    }, { minIntervalMs: 1_000, maxAgeMs: 10_000, now: () => clock });

  beforeEach(() => {
    clock = 0;
    computed = 0;
    fail = false;
  });

  it('computes once however often it is read, again after maxAgeMs', async () => {
    const value = make();
    assert.deepEqual(await Promise.all([value.get(), value.get(), value.get()]), [1, 1, 1]);
    clock = 9_999;
    assert.equal(await value.get(), 1);
    clock = 10_000;
    assert.equal(await value.get(), 2);
  });

  it('after invalidate(), computes again, but not sooner than minIntervalMs after the last time', async () => {
    const value = make();
    assert.equal(await value.get(), 1);
    value.invalidate();
    clock = 500;
    assert.equal(await value.get(), 1, 'too soon');
    clock = 1_000;
    assert.equal(await value.get(), 2);
    clock = 2_500;
    assert.equal(await value.get(), 2, 'no invalidation since');
  });

  it('keeps the last good value when a recomputation fails; fails when there is none', async () => {
    const value = make();
    fail = true;
    await assert.rejects(value.get(), /database down/);
    fail = false;
    assert.equal(await value.get(), 1);
    fail = true;
    clock = 20_000;
    assert.equal(await value.get(), 1);
  });
});
