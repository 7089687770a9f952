// GET /openapi.json (no key): the document every route's declaration contributes to, built once by
// the app (src/http/app.ts) and served as it is.
import { z } from 'zod';
import { defineRoute } from '../define-route.js';
import type { buildOpenApiDocument } from '../openapi.js';

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;

export const openApiDocumentRoute = defineRoute<OpenApiDocument>({
  method: 'get',
  path: '/openapi.json',
  base: '',
  tags: ['Service'],
  summary: 'This document (OpenAPI 3.1)',
  security: null,
  responses: { 200: { description: 'The OpenAPI document', content: { 'application/json': { schema: z.object({}).passthrough() } } } },
  handle: (document) => document,
});
