// No import circle in the service's code (src/): every import counts, static,
// type-only and lazy (`await import(...)`), as `npx madge --circular` counts them. The venue folders
// name venues through the leaf src/venues/codes.ts, and an adapter reads its venue's facts
// (./facts.ts), never the descriptor that imports it lazily. (The lint's import-x/no-cycle would see
// neither kind: the old 76-file venue circle ran through type-only and lazy imports only.)
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SERVICE_CODE = ['src'];

function tsFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? tsFiles(p) : p.endsWith('.ts') ? [p] : [];
  });
}

/** file -> the files of `files` it imports (relative specifiers; `.js` names its `.ts` source). */
function importGraph(files: readonly string[], sourceOf: (file: string) => string): Map<string, string[]> {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(sourceOf(file), true, true);
    const deps = importedFiles
      .filter((i) => i.fileName.startsWith('.'))
      .map((i) => path.resolve(path.dirname(file), i.fileName).replace(/\.js$/, '.ts'))
      .map((t) => (known.has(t) ? t : path.join(t, 'index.ts')))
      .filter((t) => known.has(t));
    graph.set(file, deps);
  }
  return graph;
}

/** The import circles: strongly connected components of more than one file, or a file importing itself (Tarjan). */
function circles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || graph.get(v)!.includes(v)) found.push(component.map((f) => path.relative(ROOT, f)).sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('lint: no import circle in the service', function () {
  this.timeout(60_000);
  const files = SERVICE_CODE.flatMap((d) => tsFiles(path.join(ROOT, d)));
  const read = (f: string) => fs.readFileSync(f, 'utf8');

  it('src/, indexers/ and embeddings/ import in no circle (static, type-only or lazy imports)', () => {
    assert.ok(files.length > 100, `read only ${files.length} files`);
    assert.deepEqual(circles(importGraph(files, read)), []);
  });

  it('the check finds a circle: an adapter reading its descriptor, which imports it lazily', () => {
    const client = path.join(ROOT, 'src/venues/kalshi/client.ts');
    const withCircle = (f: string) => (f === client ? `import { kalshi } from './index.js';\n${read(f)}` : read(f));
    assert.deepEqual(circles(importGraph(files, withCircle)), [['src/venues/kalshi/client.ts', 'src/venues/kalshi/index.ts']]);
  });

  it('the check finds a circle: the records naming venues through the exchange table', () => {
    const records = path.join(ROOT, 'src/venues/records.ts');
    const withCircle = (f: string) => (f === records ? `import type { Exchange } from '../../src/venues/exchanges.js';\n${read(f)}` : read(f));
    const found = circles(importGraph(files, withCircle));
    assert.equal(found.length, 1, JSON.stringify(found));
    assert.ok(found[0].includes('src/venues/records.ts') && found[0].includes('src/venues/index.ts'), JSON.stringify(found));
  });
});
