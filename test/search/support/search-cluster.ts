// A real three-node search cluster (one JVM per node, so that one node can be stopped alone) for the
// suite that calls it; stopped by that suite's `after` (stopSearchCluster). Skips the suite with the
// reason when this machine cannot run a node (a failure under CI, like the single test node).
import { rmSync } from 'node:fs';
import { searchNodeAvailability, startSearchCluster, type SearchCluster } from '../../../scripts/lib/local-node.js';

let running: SearchCluster | null = null;

export async function startTestSearchCluster(ctx: Mocha.Context, nodes = 3): Promise<SearchCluster> {
  const availability = searchNodeAvailability();
  if (!availability.ok) {
    const reason = `no local search cluster: ${availability.reason}`;
    if (process.env.CI) throw new Error(reason);
    console.warn(`      SKIPPED (${reason})`);
    ctx.skip();
  }
  const cluster = await startSearchCluster({ nodes, heap: '448m', timeoutMs: 200_000 });
  running = cluster;
  // a crashed or interrupted run must not leave JVMs behind
  process.once('exit', () => {
    for (const m of cluster.members) {
      try {
        process.kill(m.pid, 'SIGKILL');
      } catch {
        /* gone */
      }
    }
    rmSync(cluster.basePath, { recursive: true, force: true });
  });
  return cluster;
}

export async function stopTestSearchCluster(): Promise<void> {
  await running?.stop();
  running = null;
}
