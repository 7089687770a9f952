// The real model for tests: fetched through the project's own fetch code when absent (the CI runs
// scripts/fetch-model.ts first, so this is normally a quick checksum pass).
import path from 'node:path';
import { ensureModel } from '../../src/embeddings/fetch-model.js';

export const TEST_MODEL_DIR = path.resolve(process.env.MODEL_DIR ?? './models');

let ready: Promise<unknown> | undefined;

export function ensureTestModel(): Promise<unknown> {
  ready ??= ensureModel({ modelDir: TEST_MODEL_DIR, log: (m) => console.error(`[model] ${m}`) });
  return ready;
}
