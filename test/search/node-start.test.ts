// Two search nodes started at the same moment (the suite's two shards each start one) both come up:
// both runners may pick the same free HTTP port, and the one that cannot bind it exits; the start
// tries again and takes the next port (scripts/lib/local-node.ts).
import assert from 'node:assert/strict';
import { searchNodeAvailability, startSearchNode, type SearchNode } from '../../scripts/lib/local-node.js';

describe('local search node: two started at once', function () {
  this.timeout(300_000);
  const nodes: SearchNode[] = [];
  after(async () => {
    await Promise.all(nodes.map((n) => n.stop()));
  });

  it('both come up, on two ports', async function () {
    const availability = searchNodeAvailability();
    if (!availability.ok) {
      if (process.env.CI) throw new Error(availability.reason);
      this.skip();
    }
    const started = await Promise.allSettled([startSearchNode({ timeoutMs: 150_000 }), startSearchNode({ timeoutMs: 150_000 })]);
    for (const s of started) if (s.status === 'fulfilled') nodes.push(s.value);
    assert.deepEqual(started.map((s) => (s.status === 'fulfilled' ? 'up' : String((s.reason as Error).message))), ['up', 'up']);
    assert.notEqual(nodes[0].url, nodes[1].url);
    for (const n of nodes) assert.equal((await fetch(`${n.url}/_cluster/health`)).status, 200);
  });
});
