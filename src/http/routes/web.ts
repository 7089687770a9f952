// The search page at `/`: static files built from web/ by `npm run build` (scripts/build-web.ts, into
// dist/web/, with build.json as the mark of a finished build). Served by the service itself so that
// the page works with no internet and talks to the API on its own origin (no CORS needed).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express, { Router } from 'express';
import { z } from 'zod';
import { openapi } from '../openapi.js';

/** The built page: dist/web of the package root, seen from src/ (tsx) or from dist/src/ (compiled). */
export function builtPageDir(): string | null {
  const base = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
  for (const dir of [path.join(base, 'dist/web'), path.join(base, 'web')]) {
    if (existsSync(path.join(dir, 'build.json'))) return dir;
  }
  return null;
}

const html = { 'text/html': { schema: z.string() } };
openapi.registerPath({
  method: 'get',
  path: '/',
  tags: ['Service'],
  summary: 'The search page (HTML): autocomplete, keyword and semantic search, market pages with live prices',
  description: 'Its scripts and styles are under /assets/. Built by `npm run build`; a service started from unbuilt sources answers 404 here.',
  responses: { 200: { description: 'The page', content: html }, 404: { description: 'The page is not built (run npm run build)', content: html } },
});

export function createWebRouter(dir: string | null = builtPageDir()): Router {
  const router = Router();
  if (!dir) {
    router.get('/', (_req, res) => {
      res.status(404).type('html').send('<!doctype html><title>Search page not built</title><p>The search page is not built: run <code>npm run build</code> (the API is up: see <a href="/docs">/docs</a>).');
    });
    return router;
  }
  // no-cache: the browser revalidates (ETag) on each load, so a rebuilt page is never stale.
  const files = express.static(dir, { index: false, cacheControl: true, maxAge: 0, etag: true, fallthrough: true });
  router.get('/', (req, res, next) => {
    req.url = '/index.html';
    files(req, res, next);
  });
  router.use('/assets', (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    files(req, res, next);
  });
  return router;
}
