/**
 * Reads a venue fixture (the venue's own wire format) from src/venues/<code>/fixtures. A fixture says
 * where its payload comes from (docs example, official SDK, recorded payload): an object payload in a
 * top-level `_source` key, which the loader strips; a list payload in a sibling note
 * `<name without .json>.source.md`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const fixtureUrl = (venue: string, name: string): URL => new URL(`../../src/venues/${venue}/fixtures/${name}`, import.meta.url);

function read(venue: string, name: string): unknown {
  return JSON.parse(readFileSync(fileURLToPath(fixtureUrl(venue, name)), 'utf8')) as unknown;
}

export function fixture<T = any>(venue: string, name: string): T {
  const payload = read(venue, name);
  if (payload && typeof payload === 'object' && !Array.isArray(payload) && '_source' in payload) {
    const { _source: _, ...rest } = payload as Record<string, unknown>;
    return rest as T;
  }
  return payload as T;
}

/** Where a fixture's payload comes from (its `_source` key or sibling note), or null when it does not say. */
export function fixtureSource(venue: string, name: string): string | null {
  const payload = read(venue, name);
  if (payload && typeof payload === 'object' && !Array.isArray(payload)) {
    const source = (payload as Record<string, unknown>)._source;
    if (typeof source === 'string' && source.trim()) return source;
  }
  const note = fixtureUrl(venue, name.replace(/\.json$/, '.source.md'));
  return existsSync(note) ? readFileSync(fileURLToPath(note), 'utf8').trim() || null : null;
}

/** Whether src/venues/<venue>/fixtures/<name> exists. */
export function fixtureExists(venue: string, name: string): boolean {
  return existsSync(fixtureUrl(venue, name));
}
