// Runs the real service (real embedded database, or a server database when TEST_DATABASE=server;
// real HTTP server on a random port) for a test.
import { Writable } from 'node:stream';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/logger.js';
import { startService, type RunningService, type StartOptions } from '../../src/service.js';
import type { Clock } from '../../src/util/clock.js';
import { freshDataDir, TEST_DATABASE } from './database.js';
import { createServerDatabase } from './postgres-server.js';
import { sendTestRequest, type TestResponse } from './http.js';

export interface TestService extends RunningService {
  dataDir: string;
  /** Every log line the service wrote, as text. */
  logs: string[];
  /** fetch against the service; `body` objects are sent as JSON. */
  request(path: string, init?: { method?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> }): Promise<TestResponse>;
  /** Stop the service and delete its data directory. */
  destroy(): Promise<void>;
}

export type { TestResponse };

export async function startTestService(opts: { env?: Record<string, string>; clock?: Clock; dataDir?: string; features?: StartOptions['features'] } = {}): Promise<TestService> {
  const fresh = opts.dataDir ? undefined : await freshDataDir();
  const dataDir = opts.dataDir ?? fresh!.dataDir;
  // On the server pass (TEST_DATABASE=server) a service of its own gets a fresh server database.
  const server = TEST_DATABASE === 'server' && !opts.dataDir && !opts.env?.DATABASE_URL ? await createServerDatabase() : undefined;
  // RUN_JOBS=false: a test service never syncs venues unless the test asks for it (the default
  // EXCHANGE_MODE is live, and tests never touch the internet). RECORDER_ENABLED=false: a test that
  // runs the jobs does not also get the recorder's venue polls unless it asks for them.
  const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'debug', SHUTDOWN_GRACE_MS: '1000', RUN_JOBS: 'false', RECORDER_ENABLED: 'false', ...(server ? { DATABASE_URL: server.url } : {}), ...opts.env });
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, cb) {
      logs.push(String(chunk));
      cb();
    },
  });
  const service = await startService(config, { clock: opts.clock, logger: createLogger('debug', sink), features: opts.features });
  const request: TestService['request'] = async (path, init = {}) => {
    const headers: Record<string, string> = { ...init.headers };
    let body: string | undefined = init.rawBody;
    if (init.body !== undefined) {
      body = JSON.stringify(init.body);
      headers['content-type'] ??= 'application/json';
    }
    if (init.rawBody !== undefined) headers['content-type'] ??= 'application/json';
    return sendTestRequest(service.url + path, { method: init.method, headers, body });
  };
  return Object.assign(service, {
    dataDir,
    logs,
    request,
    async destroy() {
      await service.close();
      await server?.drop();
      fresh?.remove();
    },
  });
}

/** Mints a test key through the API and returns it. */
export async function mintTestKey(svc: TestService, headers: Record<string, string> = {}): Promise<string> {
  const res = await svc.request('/api/v1/test-key', { method: 'POST', headers });
  if (res.status !== 201) throw new Error(`test-key failed: ${res.status} ${res.text}`);
  return res.body.api_key as string;
}

/** Issues a production key of a plan directly through the key service (as the operator's CLI does). */
export async function issueKey(svc: TestService, plan: 'free' | 'pro' | 'max' | 'enterprise' | 'admin', ratePerMinute = 300): Promise<string> {
  const user = await svc.accounts.createAnonymousUser();
  return (await svc.keys.issue({ userId: user.id, kind: 'production', plan, ratePerMinute })).api_key;
}
