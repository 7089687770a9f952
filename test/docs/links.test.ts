// The project's documents link to each other and to source files by relative path: every such link
// must reach a file of the repository, and a `#fragment` a heading of that file, so that moving or
// renaming a document or a section shows up here rather than as a dead link for the next reader.
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
});
