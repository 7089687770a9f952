// Prints the service's OpenAPI document (the same one GET /openapi.json serves) as JSON, without
// starting anything: importing the composition root registers every route module's operations.
// `npm run client:generate` and the client check (scripts/check-client.ts) start from it.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildOpenApiDocument } from '../src/http/openapi.js';
import '../src/service.js';
import { VERSION } from '../src/version.js';
import { exitOnHelp } from './lib/cli-args.js';

export function serviceOpenApiDocument(): ReturnType<typeof buildOpenApiDocument> {
  return buildOpenApiDocument(VERSION);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  exitOnHelp(import.meta.url);
  process.stdout.write(JSON.stringify(serviceOpenApiDocument(), null, 2) + '\n');
}
