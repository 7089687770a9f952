// The search routers inside the real HTTP frame (src/http/build-app.ts: API keys, request ids, the
// error handler that turns failures into {error}), plus one keyed route that does not touch the
// search engine (to show the rest of the API keeps answering when the engine is down). The frame's
// accounts live in a database of their own, so an engine whose database is unreachable only takes
// search down.
import { Router } from 'express';
import type { SearchEngine } from '../../../src/search/engine.js';
import { createSearchRouter } from '../../../src/http/routes/search.js';
import type { ResponseCache } from '../../../src/search/response-cache.js';
import { startTestApp } from '../../helpers/app.js';
import { openTestDatabase } from '../../helpers/database.js';

export interface SearchTestApp {
  url: string;
  /** GET with an API key. */
  get(path: string): Promise<{ status: number; body: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
  close(): Promise<void>;
}

export async function startSearchApp(engine: SearchEngine | Router, cache?: ResponseCache): Promise<SearchTestApp> {
  const db = await openTestDatabase();
  const other = Router().get('/', (_req, res) => {
    res.json({ ok: true });
  });
  const search = typeof engine === 'function' ? engine : createSearchRouter({ engine, cache });
  const app = await startTestApp({
    db,
    keyedRouters: () => [
      { path: '/other', router: other },
      { path: '/search', router: search },
    ],
  });
  return {
    url: app.url,
    async get(path: string) {
      const r = await app.request(path);
      return { status: r.status, body: r.body };
    },
    async close() {
      await app.close();
      await db.destroy();
    },
  };
}
