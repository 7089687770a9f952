// The project's documents link to each other and to source files by relative path: every such link
// must reach a file of the repository, and a `#fragment` a heading of that file, so that moving or
// renaming a document or a section shows up here rather than as a dead link for the next reader.
// Source comments cite documents by path and numbered section (`docs/api-contract.md §3`): each such
// citation must name a file and a section that exist, and nothing may cite a document that a clone
// of the repository does not contain.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The documents a reader starts from: README, ARCHITECTURE, docs/, the benchmarks' and the client's. */
function documents(): string[] {
  const docs = readdirSync(path.join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`);
  return ['README.md', 'ARCHITECTURE.md', 'bench/README.md', 'bench/HISTORY.md', 'client/README.md', ...docs];
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
function anchorOf(heading: string): string {
  return heading.trim().toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, '').replace(/ /g, '-');
}

function anchorsIn(file: string): Set<string> {
  const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchorOf(m[1])));
}

/** Relative links `[text](target)` outside code blocks; web addresses are not checked (no network). */
function linksIn(file: string): string[] {
  const text = readFileSync(path.join(root, file), 'utf8').replace(/```[\s\S]*?```/g, '');
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]).filter((t) => !/^[a-z]+:/i.test(t));
}

describe('documentation links', () => {
  it('every relative link of the documents reaches a file, and every #fragment a heading of it', () => {
    const dead: string[] = [];
    for (const doc of documents()) {
      for (const link of linksIn(doc)) {
        const [target, fragment] = link.split('#');
        const file = target ? path.resolve(root, path.dirname(doc), target) : path.join(root, doc);
        if (!existsSync(file)) {
          dead.push(`${doc}: ${link} (no such file)`);
        } else if (fragment && statSync(file).isFile() && !anchorsIn(file).has(fragment)) {
          dead.push(`${doc}: ${link} (no such heading)`);
        }
      }
    }
    assert.deepEqual(dead, []);
  });

  it('no document links to a file outside the repository', () => {
    const inside = (doc: string, link: string) => path.resolve(root, path.dirname(doc), link.split('#')[0]).startsWith(root + path.sep);
    const outside = documents().flatMap((doc) => linksIn(doc).filter((link) => !inside(doc, link)).map((link) => `${doc}: ${link}`));
    assert.deepEqual(outside, []);
  });

  it('every citation `<file>.md §n` in the code and the documents names a file and a numbered section of it', () => {
    const dead: string[] = [];
    for (const file of textFiles()) {
      const text = readFileSync(path.join(root, file), 'utf8');
      for (const m of text.matchAll(CITATION)) {
        const cited = path.join(root, m[1]);
        if (!existsSync(cited)) {
          dead.push(`${file}: ${m[0]} (no such file)`);
          continue;
        }
        const sections = numberedSections(cited);
        for (const n of m[2].matchAll(/\d+(?:\.\d+)?/g)) {
          if (!sections.has(n[0])) dead.push(`${file}: ${m[1]} §${n[0]} (no such section)`);
        }
      }
    }
    assert.deepEqual(dead, []);
  });

  it('no file cites a document outside the repository', () => {
    const outside: string[] = [];
    for (const file of textFiles()) {
      readFileSync(path.join(root, file), 'utf8').split('\n').forEach((line, i) => {
        const hit = OUTSIDE_DOCUMENT.exec(line);
        if (hit) outside.push(`${file}:${i + 1}: ${hit[0]}`);
      });
    }
    assert.deepEqual(outside, []);
  });
});

/**
 * A citation by path and section: `docs/venue-notes.md §1.2`, `§1.3-1.6`, `§2.4, §3.4`, `§1/§5`. The
 * path is from the repository's root, as source comments write it.
 */
const CITATION = /\b((?:docs|bench)\/[\w-]+\.md|ARCHITECTURE\.md)((?:(?:,? |\/)?§\d+(?:\.\d+)?(?:-\d+(?:\.\d+)?)?)*)/g;

/**
 * Documents that live outside the repository: the team's shared folder (its `data/` of recorded venue
 * listings is read by tests and benchmarks when present, and is not a document), and the documents
 * this repository's docs/ replaced. Spelled in pieces so that this file does not match itself.
 */
const OUTSIDE_DOCUMENT = new RegExp([
  '/work' + '/',
  '\\.\\./shared/(?!data\\b)',
  'shared' + '/spec',
  '\\b(?:' + ['DESIGN', 'EXCHANGES', 'CONTRACT'].join('|') + ')\\.md\\b',
].join('|'));

/** Section numbers of a document's headings: `## 4. Endpoints` is 4, `### 4.6 Per-exchange ...` 4.6. */
function numberedSections(file: string): Set<string> {
  const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  return new Set([...text.matchAll(/^#{1,6} (\d+(?:\.\d+)*)\.? /gm)].map((m) => m[1]));
}

/** Installed packages, builds, local data and test output (see .gitignore), by path from the root. */
const SKIPPED = new Set(['node_modules', '.git', 'dist', 'data', 'models', '.search-node', '.db-server', 'bench/results', 'client/dist', 'client/node_modules', 'test/web/artifacts']);
const TEXT_FILE = /\.(?:ts|js|mjs|cjs|sql|md|ya?ml|sh|html|css)$/;

/** Every text file of the repository's own folders. */
function textFiles(dir = ''): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isSymbolicLink() || SKIPPED.has(rel)) return [];
    if (entry.isDirectory()) return textFiles(rel);
    return entry.isFile() && TEXT_FILE.test(entry.name) ? [rel] : [];
  });
}
