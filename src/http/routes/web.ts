// The search page at `/`: static files built from web/ by `npm run build` (scripts/build-web.ts, into
// dist/web/, with build.json as the mark of a finished build). Served by the service itself so that
// the page works with no internet and talks to the API on its own origin (no CORS needed).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express, { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import { defineRoute } from '../define-route.js';

/** The built page: dist/web of the package root, seen from src/ (tsx) or from dist/src/ (compiled). */
export function builtPageDir(): string | null {
  const base = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
  for (const dir of [path.join(base, 'dist/web'), path.join(base, 'web')]) {
    if (existsSync(path.join(dir, 'build.json'))) return dir;
  }
  return null;
}

const html = { 'text/html': { schema: z.string() } };
/** The built page's files (null: not built). */
type PageFiles = RequestHandler | null;

const page = defineRoute<PageFiles>({
  method: 'get',
  path: '/',
  base: '',
  tags: ['Service'],
  summary: 'The search page (HTML): autocomplete, keyword and semantic search, market pages with live prices',
  description: 'Its scripts and styles are under /assets/. Built by `npm run build`; a service started from unbuilt sources answers 404 here.',
  security: null,
  responses: { 200: { description: 'The page', content: html }, 404: { description: 'The page is not built (run npm run build)', content: html } },
  handle(files, _input, req, res, next) {
    if (!files) {
      res.status(404).type('html').send('<!doctype html><title>Search page not built</title><p>The search page is not built: run <code>npm run build</code> (the API is up: see <a href="/docs">/docs</a>).');
      return;
    }
    req.url = '/index.html';
    files(req, res, next);
  },
});

export function createWebRouter(dir: string | null = builtPageDir()): Router {
  const router = Router();
  if (!dir) {
    page.mount(router, null);
    return router;
  }
  // no-cache: the browser revalidates (ETag) on each load, so a rebuilt page is never stale.
  const files = express.static(dir, { index: false, cacheControl: true, maxAge: 0, etag: true, fallthrough: true });
  page.mount(router, files);
  // The page's scripts and styles: files, not API operations (undocumented).
  router.use('/assets', (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    files(req, res, next);
  });
  return router;
}
