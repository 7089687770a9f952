// Second half of `npm run build` (after tsc): copies the files the compiled service reads at run time
// next to the compiled modules, so that dist/ resolves them exactly as the sources do:
// the SQL migrations and function definitions (src/db/migrate.ts reads ./migrations and ./functions beside itself), the search index mappings
// (src/search/elastic/mapping.ts reads ../../../mappings) and the package's name and version
// (src/version.ts reads ../package.json). Runs compiled, as dist/scripts/copy-build-assets.js.
import { cpSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { exitOnHelp } from './lib/cli-args.js';

exitOnHelp(import.meta.url);

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const root = path.dirname(dist);

// Start from empty folders: a migration or function file renamed or removed in the sources must not linger in dist/.
rmSync(path.join(dist, 'mappings'), { recursive: true, force: true });
for (const folder of ['src/db/migrations', 'src/db/functions']) {
  rmSync(path.join(dist, folder), { recursive: true, force: true });
  mkdirSync(path.join(dist, folder), { recursive: true });
  for (const f of readdirSync(path.join(root, folder)).filter((n) => n.endsWith('.sql'))) {
    cpSync(path.join(root, folder, f), path.join(dist, folder, f));
  }
}
cpSync(path.join(root, 'mappings'), path.join(dist, 'mappings'), { recursive: true });
// Only what the code reads; `type: module` keeps dist/ ESM even if it is copied elsewhere.
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { name: string; version: string };
writeFileSync(path.join(dist, 'package.json'), JSON.stringify({ name: pkg.name, version: pkg.version, private: true, type: 'module' }, null, 2) + '\n');
