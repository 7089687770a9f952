// Messages between the worker pool (main thread) and an embedding worker thread.
import type { EmbeddingModelName } from './model-spec.js';

export interface WorkerInit {
  modelDir: string;
  threads: number;
  model: EmbeddingModelName;
}

export type ToWorker =
  | { type: 'embed'; id: number; texts: string[]; maxTokens: number }
  | { type: 'count'; id: number; texts: string[] };

export type FromWorker =
  | { type: 'ready' }
  /** `stack`: the worker's own stack, kept as the `cause` of the error raised in the main thread. */
  | { type: 'load-failed'; name: string; message: string; stack?: string }
  /** `vectors` is the batch's vectors back to back (384 floats per text); its buffer is transferred. */
  | { type: 'embedded'; id: number; vectors: Float32Array }
  | { type: 'counted'; id: number; counts: number[] }
  | { type: 'failed'; id: number; message: string; stack?: string };
