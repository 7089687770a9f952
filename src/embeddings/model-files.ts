// Checks that the model folder is complete and unchanged since it was fetched, so that a missing
// or damaged model fails at start with a message that says what to do, not deep inside ONNX.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { MODEL_FILES, MODEL_NAME, type EmbeddingModelName } from './model-spec.js';

export class ModelMissingError extends Error {
  override name = 'ModelMissingError';
}
export class ModelCorruptError extends Error {
  override name = 'ModelCorruptError';
}

export interface ModelManifest {
  model: string;
  /** Where the weights came from: `maven:<coordinates>` or `hub:<repo>@<revision>`. */
  source: string;
  fetchedAt: string;
  /** SHA-256 (hex) of each file, by path relative to the model folder. */
  files: Record<string, string>;
}

export const FETCH_HINT = 'run `npm run fetch-model` (or set MODEL_DIR to a folder that holds the model; `npm start` fetches a missing model itself unless MODEL_SOURCE=off)';

export function modelFolder(modelDir: string, model: EmbeddingModelName = MODEL_NAME): string {
  return path.join(path.resolve(modelDir), model);
}

export function sha256Hex(data: Buffer | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

export async function readManifest(folder: string): Promise<ModelManifest> {
  const file = path.join(folder, MODEL_FILES.manifest);
  if (!existsSync(file)) {
    throw new ModelMissingError(`embedding model not found in ${folder}: ${FETCH_HINT}`);
  }
  try {
    const manifest = JSON.parse(await readFile(file, 'utf8')) as ModelManifest;
    if (typeof manifest.files !== 'object' || manifest.files === null) throw new Error('no files');
    return manifest;
  } catch (err) {
    throw new ModelCorruptError(`embedding model manifest ${file} is unreadable (${(err as Error).message}): ${FETCH_HINT}`);
  }
}

/**
 * Verifies every file the loader needs against the manifest written by the fetch.
 * Throws ModelMissingError / ModelCorruptError; returns the manifest when all is well.
 */
export async function verifyModelFolder(modelDir: string, model: EmbeddingModelName = MODEL_NAME): Promise<ModelManifest> {
  const folder = modelFolder(modelDir, model);
  const manifest = await readManifest(folder);
  const required = [MODEL_FILES.onnx, MODEL_FILES.tokenizer, MODEL_FILES.config, MODEL_FILES.tokenizerConfig];
  for (const rel of required) {
    const file = path.join(folder, rel);
    if (!existsSync(file)) throw new ModelMissingError(`embedding model file ${file} is missing: ${FETCH_HINT}`);
    const expected = manifest.files[rel];
    if (!expected) throw new ModelCorruptError(`embedding model manifest has no checksum for ${rel}: ${FETCH_HINT}`);
    const actual = sha256Hex(await readFile(file));
    if (actual !== expected) {
      throw new ModelCorruptError(`embedding model file ${file} is corrupt (SHA-256 ${actual}, expected ${expected}): ${FETCH_HINT}`);
    }
  }
  return manifest;
}
