// The catalog's repository owns every read of the `markets` table (ARCHITECTURE.md, "Repositories"):
// no SQL outside src/catalog names it, except the statements listed below, each of which joins
// markets with its feature's own tables in one statement for a reason given next to it. The check
// reads the string and template literals of every source file (where SQL is), not comments.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CATALOG = 'src/catalog/';

/**
 * Files outside src/catalog allowed to name `markets` in SQL, with how many times (a new reference in
 * one of them fails too) and why the statement stays with its feature.
 */
const ALLOWED: Record<string, { references: number; reason: string }> = {
  'src/cross-venue/cluster-listing-repository.ts': {
    references: 2,
    reason: 'the cluster listing (a hot path, bench/clusters/run.ts) filters clusters by their members\' titles and reads their prices in the same statement',
  },
  'src/search/semantic/market-embedding-repository.ts': {
    references: 1,
    reason: 'the backfill backlog is one anti-join of the live markets against market_embeddings; apart, every live key and vector key would be read into the service',
  },
};

/** `markets` as a table in SQL: after FROM, JOIN, UPDATE, INTO or TRUNCATE (optionally schema-qualified or quoted). */
const NAMES_MARKETS = /\b(?:from|join|update|into|truncate(?:\s+table)?)\s+(?:only\s+)?(?:public\.)?"?markets"?(?![\w.])/gi;

function tsFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? tsFiles(p) : p.endsWith('.ts') ? [p] : [];
  });
}

/** The text of every string and template literal in `source` (a template's parts joined by a blank). */
function literals(source: string): string[] {
  const out: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) out.push(node.text);
    else if (ts.isTemplateExpression(node)) out.push([node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' '));
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile('x.ts', source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS));
  return out;
}

/** How many times the SQL of `source` names the markets table. */
function marketsReferences(source: string): number {
  if (!/markets/i.test(source)) return 0;
  return literals(source).reduce((n, text) => n + (text.match(NAMES_MARKETS)?.length ?? 0), 0);
}

/** Files outside src/catalog whose SQL names markets, with the count; `sourceOf` may stand in for a file's text. */
function referencesOutsideCatalog(sourceOf: (file: string) => string): Record<string, number> {
  const found: Record<string, number> = {};
  for (const file of tsFiles(path.join(ROOT, 'src'))) {
    const rel = path.relative(ROOT, file).split(path.sep).join('/');
    if (rel.startsWith(CATALOG)) continue;
    const n = marketsReferences(sourceOf(file));
    if (n > 0) found[rel] = n;
  }
  return found;
}

describe('lint: only the catalog reads the markets table', function () {
  this.timeout(60_000);
  const read = (f: string) => fs.readFileSync(f, 'utf8');

  it('no SQL outside src/catalog names `markets`, but the listed exceptions (each as often as listed)', () => {
    const expected = Object.fromEntries(Object.entries(ALLOWED).map(([file, a]) => [file, a.references]));
    assert.deepEqual(referencesOutsideCatalog(read), expected);
  });

  it('the check finds a read of markets in a statement, and not the word in a comment or an identifier', () => {
    assert.equal(marketsReferences("await pool.query('SELECT max(change_seq) AS m FROM markets');"), 1);
    assert.equal(marketsReferences('const sql = `SELECT k.title FROM match_cluster_members m\n  LEFT JOIN markets k ON k.market_id = m.market_id WHERE m.x = ${x}`;'), 1);
    assert.equal(marketsReferences("q('UPDATE public.markets SET removed = true'); q('DELETE FROM \"markets\" WHERE 1 = 0');"), 2);
    assert.equal(marketsReferences("// reads FROM markets\nconst fromMarkets = 1; q('SELECT 1 FROM market_embeddings'); q('INSERT INTO markets_archive VALUES (1)');"), 0);
  });

  it('the check fails on a feature repository that reads markets itself', () => {
    const repository = path.join(ROOT, 'src/matching/match-repository.ts');
    const withRead = (f: string) => (f === repository ? `${read(f)}\nexport const LIVE = 'SELECT count(*) FROM markets WHERE NOT removed';\n` : read(f));
    const rel = 'src/matching/match-repository.ts';
    assert.equal(referencesOutsideCatalog(withRead)[rel], (referencesOutsideCatalog(read)[rel] ?? 0) + 1);
  });
});
