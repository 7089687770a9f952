// The model itself: tokenizer + ONNX graph loaded from the local model folder only, turning a batch
// of texts into L2-normalised sentence vectors. Runs on the calling thread; the worker pool puts one
// of these in each worker thread so that inference never blocks the event loop.
import path from 'node:path';
import { AutoModel, AutoTokenizer, env, Tensor, type PreTrainedModel, type PreTrainedTokenizer } from '@huggingface/transformers';
import { EMBEDDING_DIMENSIONS, MAX_MODEL_TOKENS, embeddingModel, type EmbeddingModelName } from './model-spec.js';
import { ModelCorruptError, modelFolder } from './model-files.js';

export interface LoadEncoderOptions {
  modelDir: string;
  /** ONNX Runtime intra-op threads for this encoder. */
  threads: number;
  /** Which model folder under modelDir (default DEFAULT_EMBEDDING_MODEL). */
  model?: EmbeddingModelName;
}

export class LocalEncoder {
  private constructor(
    private readonly tokenizer: PreTrainedTokenizer,
    private readonly model: PreTrainedModel,
    private readonly pooling: 'cls' | 'mean',
  ) {}

  static async load(options: LoadEncoderOptions): Promise<LocalEncoder> {
    // Offline by construction: only the folder under MODEL_DIR is ever read.
    env.allowRemoteModels = false;
    env.allowLocalModels = true;
    env.localModelPath = path.resolve(options.modelDir) + path.sep;
    const spec = embeddingModel(options.model);
    try {
      const tokenizer = await AutoTokenizer.from_pretrained(spec.name);
      const model = await AutoModel.from_pretrained(spec.name, {
        dtype: 'q8',
        device: 'cpu',
        session_options: {
          intraOpNumThreads: options.threads,
          interOpNumThreads: 1,
          // ONNX Runtime's pool threads spin between operators by default, burning a core while
          // they wait; on 2 cores shared with the database and the API that CPU is the service's.
          extra: { session: { intra_op: { allow_spinning: '0' }, inter_op: { allow_spinning: '0' } } },
        },
      });
      return new LocalEncoder(tokenizer, model, spec.pooling);
    } catch (err) {
      throw new ModelCorruptError(`embedding model in ${modelFolder(options.modelDir, spec.name)} failed to load: ${(err as Error).message}`, { cause: err });
    }
  }

  /** Number of tokens each text becomes, special tokens included (before truncation). */
  countTokens(texts: string[]): number[] {
    return texts.map((t) => this.tokenizer.encode(t).length);
  }

  /**
   * Embeds texts as one padded batch, each cut to `maxTokens` (never above the model's 512).
   * Returns the vectors concatenated: text i is at [i * 384, (i + 1) * 384).
   */
  async embed(texts: string[], maxTokens: number = MAX_MODEL_TOKENS): Promise<Float32Array> {
    const out = new Float32Array(texts.length * EMBEDDING_DIMENSIONS);
    if (texts.length === 0) return out;
    const { inputs, lengths } = this.tokenize(texts, Math.min(maxTokens, MAX_MODEL_TOKENS));
    const { last_hidden_state: hidden } = (await this.model(inputs)) as { last_hidden_state: Tensor };
    const [batch, sequence, width] = hidden.dims as number[];
    if (batch !== texts.length || width !== EMBEDDING_DIMENSIONS) {
      throw new ModelCorruptError(`embedding model produced shape [${hidden.dims.join(', ')}], expected [${texts.length}, *, ${EMBEDDING_DIMENSIONS}]`);
    }
    const data = hidden.data as Float32Array;
    for (let i = 0; i < batch; i++) {
      const pooled = out.subarray(i * width, (i + 1) * width);
      const first = i * sequence * width;
      if (this.pooling === 'cls') {
        // the [CLS] token (position 0)
        pooled.set(data.subarray(first, first + width));
      } else {
        // the mean over the text's own tokens (padding excluded)
        for (let t = 0; t < lengths[i]; t++) {
          for (let j = 0; j < width; j++) pooled[j] += data[first + t * width + j];
        }
        for (let j = 0; j < width; j++) pooled[j] /= lengths[i];
      }
      let norm = 0;
      for (let j = 0; j < width; j++) norm += pooled[j] * pooled[j];
      norm = Math.sqrt(norm) || 1;
      for (let j = 0; j < width; j++) pooled[j] /= norm;
    }
    hidden.dispose();
    return out;
  }

  /**
   * Token ids padded to the batch's longest text. We cut texts ourselves: the tokenizer's own
   * truncation drops the closing [SEP], which the model was trained to see (Python's keeps it).
   */
  private tokenize(texts: string[], maxTokens: number): { inputs: Record<'input_ids' | 'attention_mask' | 'token_type_ids', Tensor>; lengths: number[] } {
    const sep = this.tokenizer.sep_token_id;
    const encoded = texts.map((text) => {
      const ids = this.tokenizer.encode(text);
      return ids.length <= maxTokens ? ids : [...ids.slice(0, maxTokens - 1), sep];
    });
    const width = Math.max(...encoded.map((ids) => ids.length));
    const ids = new BigInt64Array(texts.length * width).fill(BigInt(this.tokenizer.pad_token_id));
    const mask = new BigInt64Array(texts.length * width);
    encoded.forEach((row, i) => {
      row.forEach((id, j) => {
        ids[i * width + j] = BigInt(id);
        mask[i * width + j] = 1n;
      });
    });
    const dims = [texts.length, width];
    return {
      inputs: {
        input_ids: new Tensor('int64', ids, dims),
        attention_mask: new Tensor('int64', mask, dims),
        token_type_ids: new Tensor('int64', new BigInt64Array(texts.length * width), dims),
      },
      lengths: encoded.map((row) => row.length),
    };
  }

  async dispose(): Promise<void> {
    await this.model.dispose();
  }
}
