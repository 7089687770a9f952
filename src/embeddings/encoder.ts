// The model itself: tokenizer + ONNX graph loaded from the local model folder only, turning a batch
// of texts into L2-normalised sentence vectors. Runs on the calling thread; the worker pool puts one
// of these in each worker thread so that inference never blocks the event loop.
import path from 'node:path';
import { AutoModel, AutoTokenizer, env, Tensor, type PreTrainedModel, type PreTrainedTokenizer } from '@huggingface/transformers';
import { EMBEDDING_DIMENSIONS, MAX_MODEL_TOKENS, MODEL_NAME } from './model-spec.js';
import { ModelCorruptError, modelFolder } from './model-files.js';

export interface LoadEncoderOptions {
  modelDir: string;
  /** ONNX Runtime intra-op threads for this encoder. */
  threads: number;
}

export class LocalEncoder {
  private constructor(
    private readonly tokenizer: PreTrainedTokenizer,
    private readonly model: PreTrainedModel,
  ) {}

  static async load(options: LoadEncoderOptions): Promise<LocalEncoder> {
    // Offline by construction: only the folder under MODEL_DIR is ever read.
    env.allowRemoteModels = false;
    env.allowLocalModels = true;
    env.localModelPath = path.resolve(options.modelDir) + path.sep;
    try {
      const tokenizer = await AutoTokenizer.from_pretrained(MODEL_NAME);
      const model = await AutoModel.from_pretrained(MODEL_NAME, {
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
      return new LocalEncoder(tokenizer, model);
    } catch (err) {
      throw new ModelCorruptError(`embedding model in ${modelFolder(options.modelDir)} failed to load: ${(err as Error).message}`, { cause: err });
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
    const inputs = this.tokenize(texts, Math.min(maxTokens, MAX_MODEL_TOKENS));
    const { last_hidden_state: hidden } = (await this.model(inputs)) as { last_hidden_state: Tensor };
    const [batch, sequence, width] = hidden.dims as number[];
    if (batch !== texts.length || width !== EMBEDDING_DIMENSIONS) {
      throw new ModelCorruptError(`embedding model produced shape [${hidden.dims.join(', ')}], expected [${texts.length}, *, ${EMBEDDING_DIMENSIONS}]`);
    }
    const data = hidden.data as Float32Array;
    for (let i = 0; i < batch; i++) {
      // bge pools with the [CLS] token (position 0), then L2-normalises.
      const cls = data.subarray(i * sequence * width, i * sequence * width + width);
      let norm = 0;
      for (let j = 0; j < width; j++) norm += cls[j] * cls[j];
      norm = Math.sqrt(norm) || 1;
      for (let j = 0; j < width; j++) out[i * width + j] = cls[j] / norm;
    }
    hidden.dispose();
    return out;
  }

  /**
   * Token ids padded to the batch's longest text. We cut texts ourselves: the tokenizer's own
   * truncation drops the closing [SEP], which the model was trained to see (Python's keeps it).
   */
  private tokenize(texts: string[], maxTokens: number): Record<'input_ids' | 'attention_mask' | 'token_type_ids', Tensor> {
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
      input_ids: new Tensor('int64', ids, dims),
      attention_mask: new Tensor('int64', mask, dims),
      token_type_ids: new Tensor('int64', new BigInt64Array(texts.length * width), dims),
    };
  }

  async dispose(): Promise<void> {
    await this.model.dispose();
  }
}
