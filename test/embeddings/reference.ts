import { fileURLToPath } from 'node:url';

export const REFERENCE_SENTENCE = 'Will the Federal Reserve cut interest rates at its September meeting?';
export const REFERENCE_FILE = fileURLToPath(new URL('./reference-vector.json', import.meta.url));
