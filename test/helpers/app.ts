// The real HTTP frame (src/http/build-app.ts: request ids, API keys, rate limits, plan gates, error
// handling) around the routers a test exercises, on a real server on a random port. Keys of any plan
// are issued on demand, with a rate limit no test reaches.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Plan } from '../../src/accounts/plans.js';
import { buildApp, type BuildAppOptions, type BuiltApp } from '../../src/http/build-app.js';
import { createLogger } from '../../src/logger.js';
import { sendTestRequest, type TestResponse } from './http.js';

export interface TestApp extends BuiltApp {
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  server: http.Server;
  /** A production key of `plan` (one per plan, issued on first use). */
  keyFor(plan: Plan): Promise<string>;
  /** GET (or `init.method`) with a key of `plan` (default pro); the body parsed as JSON when it is JSON. */
  request(path: string, init?: { method?: string; body?: unknown; plan?: Plan | null }): Promise<TestResponse>;
  close(): Promise<void>;
}

export async function startTestApp(opts: Omit<BuildAppOptions, 'logger'> & { logger?: BuildAppOptions['logger'] }): Promise<TestApp> {
  const built = buildApp({ logger: createLogger('silent'), ...opts });
  const server = http.createServer(built.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const keys = new Map<Plan, Promise<string>>();
  const keyFor = (plan: Plan): Promise<string> => {
    let key = keys.get(plan);
    if (!key) {
      key = built.accounts.createAnonymousUser().then(async (user) => (await built.keys.issue({ userId: user.id, kind: 'production', plan, ratePerMinute: 1_000_000 })).api_key);
      keys.set(plan, key);
    }
    return key;
  };
  return {
    ...built,
    url,
    server,
    keyFor,
    async request(path, init = {}) {
      const headers: Record<string, string> = {};
      if (init.plan !== null) headers['x-api-key'] = await keyFor(init.plan ?? 'pro');
      let body: string | undefined;
      if (init.body !== undefined) {
        body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
        headers['content-type'] = 'application/json';
      }
      return sendTestRequest(url + path, { method: init.method, headers, body });
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
