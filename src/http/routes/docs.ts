// The interactive API reference at /docs: Scalar's API reference (its Express middleware renders the
// page, its standalone browser bundle is served from node_modules, never from a CDN) over the
// service's own OpenAPI document, GET /openapi.json, with its generated examples and the streams'
// guide (src/http/openapi-examples.ts). Requests tried from the page go to this service directly
// (no proxy); fonts are the browser's own (Scalar's default fonts would come from the internet).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiReference } from '@scalar/express-api-reference';
import { Router } from 'express';
import { z } from 'zod';
import { openapi } from '../openapi.js';

/** Scalar's self-contained browser bundle, beside the package's entry module. */
export function scalarBundlePath(): string {
  const entry = fileURLToPath(import.meta.resolve('@scalar/api-reference'));
  return path.join(path.dirname(entry), 'browser/standalone.js');
}

openapi.registerPath({
  method: 'get',
  path: '/docs',
  tags: ['Service'],
  summary: 'The interactive API reference (HTML) over this document: every operation with examples, tried from the page',
  responses: { 200: { description: 'The page', content: { 'text/html': { schema: z.string() } } } },
});

/**
 * Scalar's hosted extras (AI agent, MCP generator, developer tools) need its cloud: off. (The bundle
 * knows `mcp`; the middleware's configuration type, of an older release, does not yet.)
 */
const HOSTED_EXTRAS_OFF = { agent: { disabled: true }, mcp: { disabled: true }, showDeveloperTools: 'never' as const };

export function createDocsRouter(): Router {
  const router = Router();
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
  router.get('/docs', page);
  router.get('/docs/scalar.js', (_req, res) => {
    res.sendFile(scalarBundlePath(), { maxAge: 3600_000 });
  });
  return router;
}
