// pgvector's text form ('[0.1,0.2,...]') to and from Float32Array.
import { EMBEDDING_DIMENSIONS } from './model-spec.js';

/** 8 significant digits keep float32 precision at a third of the text of full doubles. */
export function toPgVector(vector: Float32Array): string {
  let out = '[';
  for (let i = 0; i < vector.length; i++) {
    if (i > 0) out += ',';
    out += vector[i].toPrecision(8);
  }
  return out + ']';
}

export function fromPgVector(text: string): Float32Array {
  const values = JSON.parse(text) as number[];
  if (!Array.isArray(values) || values.length !== EMBEDDING_DIMENSIONS) {
    throw new Error(`expected a ${EMBEDDING_DIMENSIONS}-dimension vector, got ${Array.isArray(values) ? values.length : typeof values}`);
  }
  return Float32Array.from(values);
}

export function cosineSimilarity(a: Float32Array, b: Float32Array): number {
  let dot = 0, na = 0, nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return dot / (Math.sqrt(na) * Math.sqrt(nb) || 1);
}
