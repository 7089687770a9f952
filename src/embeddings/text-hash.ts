// The key of the embedding cache. A vector depends on the model, on where the text was cut and on
// the text itself, so all three go into the hash: changing the model or a token budget makes new
// keys instead of silently serving vectors of another model or another cut.
import { createHash } from 'node:crypto';
import { MODEL_NAME, type EmbeddingModelName } from './model-spec.js';

export function embeddingTextHash(text: string, maxTokens: number, model: EmbeddingModelName = MODEL_NAME): string {
  return createHash('sha256').update(`${model}\u0000${maxTokens}\u0000${text}`).digest('base64url');
}
