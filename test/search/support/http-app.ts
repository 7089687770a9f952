// A small Express app around the search router, with the frame's error contract ({error}, status
// of HttpError), plus one route that does not touch the search engine (to show the rest of the API
// keeps answering when the engine is down).
import express from 'express';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { HttpError } from '../../../src/http/errors.js';
import type { SearchEngine } from '../../../src/search/engine.js';
import { createSearchRouter } from '../../../src/http/routes/search.js';
import type { ResponseCache } from '../../../src/search/response-cache.js';

export interface SearchTestApp {
  url: string;
  get(path: string): Promise<{ status: number; body: any }>;
  close(): Promise<void>;
}

export async function startSearchApp(engine: SearchEngine | express.Router, cache?: ResponseCache): Promise<SearchTestApp> {
  const app = express();
  app.set('query parser', 'simple');
  app.get('/api/v1/other', (_req, res) => {
    res.json({ ok: true });
  });
  app.use('/api/v1/search', typeof engine === 'function' ? engine : createSearchRouter({ engine, cache }));
  app.use(((err, _req, res, _next) => {
    if (err instanceof HttpError) {
      res.status(err.status).json({ error: err.message });
      return;
    }
    res.status(500).json({ error: `internal: ${(err as Error).message}` });
  }) as express.ErrorRequestHandler);
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    async get(path: string) {
      const res = await fetch(url + path);
      return { status: res.status, body: await res.json() };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
