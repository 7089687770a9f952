/** Reads a venue fixture (the venue's own wire format) from src/venues/<code>/fixtures. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export function fixture<T = any>(venue: string, name: string): T {
  const url = new URL(`../../src/venues/${venue}/fixtures/${name}`, import.meta.url);
  return JSON.parse(readFileSync(fileURLToPath(url), 'utf8')) as T;
}
