// One real search node for the whole test run, started lazily by the first suite that needs it
// and stopped by a root-level `after` hook (registered when this module is first imported).
// ELASTICSEARCH_URL (or SEARCH_TEST_NODE_URL) reuses a node that is already running.
import { rmSync } from 'node:fs';
import { searchNodeAvailability, startSearchNode, type SearchNode } from '../../../scripts/lib/local-node.js';

let starting: Promise<SearchNode> | null = null;
let started: SearchNode | null = null;

function externalUrl(): string | undefined {
  return process.env.SEARCH_TEST_NODE_URL || process.env.ELASTICSEARCH_URL || undefined;
}

/**
 * The URL of a running search node, or skip the calling suite with the reason when this machine
 * cannot run one. Under CI (env CI set) a missing Java/Maven is a failure, not a skip.
 */
export async function searchNodeUrl(ctx: Mocha.Context): Promise<string> {
  const external = externalUrl();
  if (external) return external;
  const availability = searchNodeAvailability();
  if (!availability.ok) {
    const reason = `no local search node: ${availability.reason}`;
    if (process.env.CI) throw new Error(reason);
    console.warn(`      SKIPPED (${reason})`);
    ctx.skip();
  }
  ctx.timeout(180_000);
  starting ??= startSearchNode({ timeoutMs: 150_000 }).then((node) => {
    started = node;
    // a crashed or interrupted test run must not leave a JVM behind
    process.once('exit', () => {
      try {
        process.kill(node.pid, 'SIGKILL');
      } catch {
        /* gone */
      }
      rmSync(node.basePath, { recursive: true, force: true });
    });
    return node;
  });
  return (await starting).url;
}

after(async function () {
  this.timeout(60_000);
  if (started) await started.stop();
  started = null;
  starting = null;
});
