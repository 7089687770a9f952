// The versioned index definitions in mappings/ (JSON, so data teams can read and diff them).
import { readFileSync } from 'node:fs';

export interface IndexDefinition {
  version: number;
  settings: Record<string, unknown>;
  mappings: Record<string, unknown>;
}

/** The mapping version new indices are built with. */
export const CURRENT_MAPPING_VERSION = 2;

export function loadIndexDefinition(version = CURRENT_MAPPING_VERSION): IndexDefinition {
  const url = new URL(`../../../mappings/markets.v${version}.json`, import.meta.url);
  const parsed = JSON.parse(readFileSync(url, 'utf8')) as IndexDefinition & { _comment?: string };
  if (parsed.version !== version) throw new Error(`mappings/markets.v${version}.json says version ${parsed.version}`);
  return { version: parsed.version, settings: parsed.settings, mappings: parsed.mappings };
}

/** `<alias>-v<version>-<UTC timestamp>`: sortable, and says which mapping built it. */
export function versionedIndexName(alias: string, version: number, now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:TZ.]/g, '').slice(0, 17);
  return `${alias}-v${version}-${stamp}`;
}
