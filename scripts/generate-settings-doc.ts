// The settings reference (docs/settings.md), written from the zod schemas of src/config.ts and the
// features' fragments (src/<feature>/settings.ts) so that it
// cannot drift from what the service reads: each setting's name, its default and the text of its
// `.describe()`. `npm run docs:settings` writes the file; test/docs/settings-doc.test.ts (in
// `npm test`) regenerates it and fails when the committed file differs. Reading the schemas starts
// nothing: no database, no server, no venue. `--check` only compares (exit 1 when the file is stale).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';
import { settingsSchemas } from '../src/config.js';
import { exitOnHelp } from './lib/cli-args.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SETTINGS_DOC_FILE = path.join(root, 'docs/settings.md');

export interface SettingRow {
  name: string;
  /** The schema's default as text, or null when the setting has none (unset is a choice). */
  default: string | null;
  /** The setting's `.describe()`, or null when it has none. */
  description: string | null;
}

/** The default a schema applies when the variable is unset, looking through pipes and wrappers. */
function defaultOf(schema: z.ZodType): unknown {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  switch (def.type) {
    case 'default':
    case 'prefault':
      return def.defaultValue;
    case 'pipe':
      return defaultOf(def.in as z.ZodType);
    case 'optional':
    case 'nullable':
    case 'readonly':
      return defaultOf(def.innerType as z.ZodType);
    default:
      return undefined;
  }
}

function rowsOf(shape: Record<string, z.ZodType>): SettingRow[] {
  return Object.entries(shape).map(([name, schema]) => {
    const value = defaultOf(schema);
    return { name, default: value === undefined ? null : String(value), description: schema.description ?? null };
  });
}

/** Every environment setting: the service's own, each feature's, then the per-venue ones the descriptors declare. */
export function settingRows(): { service: SettingRow[]; features: { title: string; rows: SettingRow[] }[]; perVenue: SettingRow[] } {
  const { service, features, perVenue } = settingsSchemas();
  return {
    service: rowsOf(service.shape),
    features: features.map((f) => ({ title: f.title, rows: rowsOf(f.schema.shape as Record<string, z.ZodType>) })),
    perVenue: rowsOf(perVenue.shape as Record<string, z.ZodType>),
  };
}

/** Table-cell text: a `|` would end the cell, a line break the row. */
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
const code = (text: string) => `\`${cell(text)}\``;

function table(rows: SettingRow[]): string {
  const lines = ['| variable | default | meaning |', '|---|---|---|'];
  for (const r of rows) {
    lines.push(`| ${code(r.name)} | ${r.default === null ? '(unset)' : code(r.default)} | ${cell(r.description ?? '(no description)')} |`);
  }
  return lines.join('\n');
}

/** docs/settings.md, as text. */
export function renderSettingsDoc(): string {
  const { service, features, perVenue } = settingRows();
  return [
    '# Settings',
    '',
    '<!-- Generated from the zod schemas in src/config.ts by `npm run docs:settings`',
    '     (scripts/generate-settings-doc.ts). Do not edit: describe a setting with `.describe()`',
    '     in its schema, then regenerate; `npm test` fails while this file is stale. -->',
    '',
    'Every setting is an environment variable, validated at start: a bad value stops the service with',
    'a message naming it. The defaults run everything embedded (PostgreSQL under `./data`, search on',
    'PostgreSQL, the embedding model fetched into `./models`). `src/config.ts` is the only reader of the',
    'environment.',
    '',
    '## The service',
    '',
    table(service),
    '',
    ...features.flatMap((f) => [`## ${f.title}`, '', table(f.rows), '']),
    '## Per venue',
    '',
    'Declared by the venue descriptors (`src/venues/<code>/index.ts`): a `<CODE>_<KEY>_URL` override for',
    'each of the venue\'s base URLs, the venue\'s own market-data keys, and `VENUE_<CODE>_SYNC_SCHEDULE`.',
    'A venue added to the list brings its own.',
    '',
    table(perVenue),
    '',
  ].join('\n');
}

/** null when docs/settings.md is what the schemas give, else what to do about it. */
export function checkSettingsDoc(): string | null {
  const want = renderSettingsDoc().split('\n');
  let have: string[];
  try {
    have = readFileSync(SETTINGS_DOC_FILE, 'utf8').split('\n');
  } catch {
    return 'docs/settings.md is missing: run npm run docs:settings';
  }
  for (let i = 0; i < Math.max(want.length, have.length); i++) {
    if (want[i] !== have[i]) {
      return `docs/settings.md is out of date (line ${i + 1}: committed ${JSON.stringify(have[i] ?? '<end>')}, generated ${JSON.stringify(want[i] ?? '<end>')}): run npm run docs:settings`;
    }
  }
  return null;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  exitOnHelp(import.meta.url);
  if (process.argv.includes('--check')) {
    const problem = checkSettingsDoc();
    if (problem) {
      console.error(problem);
      process.exit(1);
    }
    console.log('docs/settings.md is current');
  } else {
    writeFileSync(SETTINGS_DOC_FILE, renderSettingsDoc());
    console.log(`wrote ${path.relative(root, SETTINGS_DOC_FILE)}`);
  }
}
