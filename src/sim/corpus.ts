/**
 * Reads a corpus of raw venue objects for the simulators' benchmark mode: a JSON array, a JSON object
 * holding one array (e.g. `{markets:[...]}`), JSONL, or gzipped JSONL.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

export function readCorpus(file: string): unknown[] {
  let buf = readFileSync(file);
  if (file.endsWith('.gz')) buf = gunzipSync(buf);
  const text = buf.toString('utf8').trim();
  if (text.startsWith('[')) return JSON.parse(text) as unknown[];
  if (text.startsWith('{') && !text.includes('\n')) {
    const obj = JSON.parse(text) as Record<string, unknown>;
    const arr = Object.values(obj).find(Array.isArray);
    return arr ? (arr as unknown[]) : [obj];
  }
  return text
    .split('\n')
    .filter((l) => l.trim().length > 0)
    .map((l) => JSON.parse(l) as unknown);
}
