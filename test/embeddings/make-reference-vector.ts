// Writes reference-vector.json: the embedding of a fixed sentence by the pinned model, computed once
// and committed, so that a test notices when the model files, the tokenizer setup or the pooling
// change what the service computes. Run: npx tsx test/embeddings/make-reference-vector.ts
import { writeFile } from 'node:fs/promises';
import { LocalEncoder } from '../../src/embeddings/encoder.js';
import { MAX_MODEL_TOKENS } from '../../src/embeddings/model-spec.js';
import { verifyModelFolder } from '../../src/embeddings/model-files.js';
import { REFERENCE_SENTENCE, REFERENCE_FILE } from './reference.js';
import { ensureTestModel, TEST_MODEL_DIR } from './model-for-tests.js';

await ensureTestModel();
const manifest = await verifyModelFolder(TEST_MODEL_DIR);
const encoder = await LocalEncoder.load({ modelDir: TEST_MODEL_DIR, threads: 1 });
const vector = await encoder.embed([REFERENCE_SENTENCE], MAX_MODEL_TOKENS);
await writeFile(REFERENCE_FILE, JSON.stringify({
  sentence: REFERENCE_SENTENCE,
  model: manifest.model,
  source: manifest.source,
  onnxSha256: manifest.files['onnx/model_quantized.onnx'],
  vector: Array.from(vector, (x) => Number(x.toPrecision(8))),
}) + '\n');
await encoder.dispose();
console.log(`wrote ${REFERENCE_FILE}`);
