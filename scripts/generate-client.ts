// The typed client's types (client/src/schema.d.ts), generated from the service's own OpenAPI
// document by openapi-typescript: `npm run client:generate` writes them; `npm run client:check`
// (and test/web/client-types.test.ts, in `npm test`) regenerates them into a temporary directory and
// fails, naming the first differing line, when the committed file is not what the document gives,
// i.e. when a route changed and the client was not regenerated.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { serviceOpenApiDocument } from './openapi-document.js';
import { exitOnHelp } from './lib/cli-args.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const CLIENT_SCHEMA_FILE = path.join(root, 'client/src/schema.d.ts');

const HEADER =
  '// Generated from the service\'s OpenAPI document by `npm run client:generate` (scripts/generate-client.ts).\n' +
  '// Do not edit: `npm test` fails when this file differs from what the document gives.\n\n';

/** The client's type declarations, as text. */
export async function generateClientTypes(): Promise<string> {
  const doc = serviceOpenApiDocument();
  // Canonical order: the document lists paths and schemas in the order their modules were first
  // imported, which differs between processes (a test file importing one route module early). The
  // version changes with every release and is no part of the types.
  const sorted = <T>(o: Record<string, T> | undefined) => Object.fromEntries(Object.entries(o ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const stable = {
    ...doc,
    info: { ...doc.info, version: '0' },
    paths: sorted(doc.paths),
    components: { ...doc.components, schemas: sorted(doc.components?.schemas) },
  };
  const ast = await openapiTS(stable as Parameters<typeof openapiTS>[0], { alphabetize: false });
  return HEADER + astToString(ast);
}

/** Regenerates into a temporary directory and compares: null when current, else what differs. */
export async function checkClientTypes(): Promise<string | null> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'client-types-'));
  try {
    const fresh = path.join(dir, 'schema.d.ts');
    writeFileSync(fresh, await generateClientTypes());
    const want = readFileSync(fresh, 'utf8').split('\n');
    let have: string[];
    try {
      have = readFileSync(CLIENT_SCHEMA_FILE, 'utf8').split('\n');
    } catch {
      return `${path.relative(root, CLIENT_SCHEMA_FILE)} is missing: run npm run client:generate`;
    }
    for (let i = 0; i < Math.max(want.length, have.length); i++) {
      if (want[i] !== have[i]) {
        return `${path.relative(root, CLIENT_SCHEMA_FILE)} is out of date (line ${i + 1}: committed ${JSON.stringify(have[i] ?? '<end>')}, generated ${JSON.stringify(want[i] ?? '<end>')}): run npm run client:generate`;
      }
    }
    return null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  exitOnHelp(import.meta.url);
  if (process.argv.includes('--check')) {
    const problem = await checkClientTypes();
    if (problem) {
      console.error(problem);
      process.exit(1);
    }
    console.log('client types are current');
  } else {
    writeFileSync(CLIENT_SCHEMA_FILE, await generateClientTypes());
    console.log(`wrote ${path.relative(root, CLIENT_SCHEMA_FILE)}`);
  }
}
