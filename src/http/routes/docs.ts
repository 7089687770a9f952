// The interactive API reference at /docs: Scalar's API reference (its Express middleware renders the
// page, its standalone browser bundle is served from node_modules, never from a CDN) over the
// service's own OpenAPI document, GET /openapi.json, with its generated examples and the streams'
// guide (src/http/openapi-examples.ts). Requests tried from the page go to this service directly
// (no proxy); fonts are the browser's own (Scalar's default fonts would come from the internet).
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { apiReference } from '@scalar/express-api-reference';
import { Router } from 'express';
import { z } from 'zod';
import { defineRoute, mountRoutes } from '../define-route.js';

/** Scalar's self-contained browser bundle, beside the package's entry module. */
export function scalarBundlePath(): string {
  const entry = fileURLToPath(import.meta.resolve('@scalar/api-reference'));
  return path.join(path.dirname(entry), 'browser/standalone.js');
}

/** The bundle as sent: the plain bytes and their gzip and brotli forms, with one ETag for all three. */
export interface PrecompressedBundle {
  plain: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
}

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/**
 * Compresses the 4.3 MB bundle once (gzip 1.26 MB, brotli 1.09 MB) instead of on every request, as the
 * frame's compression middleware would. Brotli at quality 5: quality 9 saves another 4% for 4x the
 * time and 11 takes ~9 s. Both run on libuv's thread pool, off the event loop.
 */
export async function precompressBundle(file: string): Promise<PrecompressedBundle> {
  const plain = await readFile(file);
  const [gz, br] = await Promise.all([
    gzip(plain, { level: 9 }),
    brotli(plain, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: plain.length },
    }),
  ]);
  const etag = `"${createHash('sha256').update(plain).digest('base64url').slice(0, 27)}"`;
  return { plain, gzip: gz, br, etag };
}

/**
 * Scalar's hosted extras (AI agent, MCP generator, developer tools) need its cloud: off. (The bundle
 * knows `mcp`; the middleware's configuration type, of an older release, does not yet.)
 */
const HOSTED_EXTRAS_OFF = { agent: { disabled: true }, mcp: { disabled: true }, showDeveloperTools: 'never' as const };

/** What the two routes serve: Scalar's page, and its script (compressed on the first request). */
interface DocsContext {
  page: ReturnType<typeof apiReference>;
  bundle(): Promise<PrecompressedBundle>;
}

const DOCS_ROUTES = [
  defineRoute<DocsContext>({
    method: 'get',
    path: '/docs',
    base: '',
    tags: ['Service'],
    summary: 'The interactive API reference (HTML) over this document: every operation with examples, tried from the page',
    security: null,
    responses: { 200: { description: 'The page', content: { 'text/html': { schema: z.string() } } } },
    handle({ page }, _input, req, res, next) {
      // (the page takes no path parameters, which its type says with `never`)
      page(req as Parameters<typeof page>[0], res, next);
    },
  }),
  defineRoute<DocsContext>({
    method: 'get',
    path: '/docs/scalar.js',
    base: '',
    tags: ['Service'],
    summary: 'The API reference page\'s script (Scalar\'s standalone bundle)',
    security: null,
    pageAsset: true,
    async handle(docs, _input, req, res) {
      const { plain, gzip: gz, br, etag } = await docs.bundle();
      res.set({
        'Content-Type': 'text/javascript; charset=utf-8',
        'Cache-Control': 'public, max-age=3600',
        ETag: etag,
        Vary: 'Accept-Encoding',
      });
      if (req.fresh) {
        res.status(304).end();
        return;
      }
      // Brotli whenever it is accepted (negotiation alone would take the client's first listed, gzip).
      const encoding = req.acceptsEncodings('br') === 'br' ? 'br' : req.acceptsEncodings('gzip', 'identity');
      // Setting Content-Encoding keeps the compression middleware from compressing it again.
      if (encoding === 'br') res.set('Content-Encoding', 'br').send(br);
      else if (encoding === 'gzip') res.set('Content-Encoding', 'gzip').send(gz);
      else res.send(plain);
    },
  }),
];

export function createDocsRouter(): Router {
  const page = apiReference({
    url: '/openapi.json',
    cdn: '/docs/scalar.js',
    pageTitle: 'predmarkets API reference',
    withDefaultFonts: false,
    telemetry: false,
    hideClientButton: true,
    // The "try it" requests go straight to this service (same origin), never through Scalar's proxy.
    proxyUrl: '',
    persistAuth: true,
    authentication: { preferredSecurityScheme: 'ApiKey' },
    defaultOpenAllTags: false,
    ...HOSTED_EXTRAS_OFF,
  });
  // Compressed on the first request, not at start: most instances never serve /docs. A failure is
  // forgotten, so the next request tries again.
  let bundle: Promise<PrecompressedBundle> | undefined;
  const compressed = (): Promise<PrecompressedBundle> => {
    bundle ??= precompressBundle(scalarBundlePath()).catch((err: unknown) => {
      bundle = undefined;
      throw err;
    });
    return bundle;
  };
  return mountRoutes(Router(), { page, bundle: compressed }, DOCS_ROUTES);
}
