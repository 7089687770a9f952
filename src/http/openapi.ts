// The OpenAPI document is generated from the same zod schemas that validate requests: each route
// module's declarations (src/http/define-route.ts) register their operations here when it is first
// imported, and GET /openapi.json (src/http/routes/openapi-document.ts) serves the result.
import { extendZodWithOpenApi, OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { withExamples, withStreamsGuide } from './openapi-examples.js';

extendZodWithOpenApi(z);

export const openapi = new OpenAPIRegistry();

export const apiKeyScheme = openapi.registerComponent('securitySchemes', 'ApiKey', {
  type: 'apiKey',
  in: 'header',
  name: 'X-API-Key',
});
export const sessionScheme = openapi.registerComponent('securitySchemes', 'SessionToken', {
  type: 'http',
  scheme: 'bearer',
  description: 'Session token from POST /api/v1/auth/login',
});

export const ErrorBody = openapi.register('Error', z.object({ error: z.string() }).openapi({ description: 'Every failure answers this body.' }));

const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: ErrorBody } } });

/** The error responses a keyed route can give, to spread into `responses`. */
export const keyedErrors = {
  400: errorResponse('Invalid parameters; the message names the field.'),
  401: errorResponse('Missing, unknown, revoked or expired API key.'),
  429: errorResponse('Rate limit exceeded; see Retry-After.'),
};

export { errorResponse };

export const RATE_LIMIT_NOTE =
  'Keyed responses carry X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset (epoch seconds); a 429 carries Retry-After (seconds).';

export function buildOpenApiDocument(version: string) {
  const document = new OpenApiGeneratorV31(openapi.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Prediction-market aggregation API',
      version,
      description:
        'One HTTP + WebSocket API over nine prediction-market venues. Prices are probabilities in [0, 1]; ' +
        'sizes are contracts; money is USD; times are ISO 8601 UTC. ' +
        RATE_LIMIT_NOTE,
    },
    servers: [{ url: '/' }],
  });
  return withStreamsGuide(withExamples(document));
}
