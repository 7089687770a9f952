// Reads a JSON-lines file of the shared data, gzipped or not, into memory: one value per line.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

export function jsonLinesSync<T>(file: string): T[] {
  const raw = readFileSync(file);
  const text = file.endsWith('.gz') ? gunzipSync(raw).toString('utf8') : raw.toString('utf8');
  return text.split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as T);
}
