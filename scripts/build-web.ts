// Builds the search page (web/) into dist/web/: the scripts bundled and minified by esbuild (one ES
// module, no CDN, nothing fetched at run time), the styles minified, index.html copied, and
// build.json, the mark of a finished build that src/http/routes/web.ts looks for, with the sizes of
// the page's own JS and CSS raw, gzipped and brotli-compressed (target: under 100 KB compressed).
// Run by `npm run build` (compiled) and by the test preparation; `npx tsx scripts/build-web.ts` alone.
//
// A build is written beside dist/web and swapped in by two renames, so a service serving the page
// (or a test in the other shard of the suite) never sees a half-written directory.
import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { VENUES } from '../src/venues/index.js';
import { exitOnHelp } from './lib/cli-args.js';

/**
 * What the page needs to know of each venue, from the venue descriptors (so the page never asks a
 * venue for a read it lacks, and follows the streams the service has): compiled into the bundle.
 */
export function venueTable() {
  return VENUES.map((v) => ({ code: v.code, name: v.name, stream: v.stream, reads: Object.keys(v.reads) }));
}

/** The package root, from scripts/ (tsx) or dist/scripts/ (compiled). */
function packageRoot(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const up = path.resolve(here, '..');
  return path.basename(up) === 'dist' ? path.dirname(up) : up;
}

export interface PageSizes {
  file: string;
  bytes: number;
  gzip: number;
  brotli: number;
}

/** A digest of everything a build reads: the page's sources, the venue table and this script. */
function sourceDigest(): string {
  const root = packageRoot();
  const hash = createHash('sha256');
  const add = (file: string) => hash.update(path.relative(root, file)).update(readFileSync(file));
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else add(p);
    }
  };
  walk(path.join(root, 'web', 'src'));
  add(path.join(root, 'web', 'index.html'));
  add(path.join(root, 'web', 'style.css'));
  add(fileURLToPath(import.meta.url));
  hash.update(JSON.stringify(venueTable()));
  return hash.digest('hex');
}

/**
 * Builds the page unless dist/web already holds a build of the same sources (what the tests call:
 * the test preparation built it, and two shards of the suite must not rebuild it at once).
 */
export async function ensureWebPageBuilt(outDir = path.join(packageRoot(), 'dist/web')): Promise<void> {
  try {
    const mark = JSON.parse(readFileSync(path.join(outDir, 'build.json'), 'utf8')) as { source_digest?: string };
    if (mark.source_digest === sourceDigest()) return;
  } catch {
    // no finished build: build it
  }
  await buildWebPage(outDir);
}

export async function buildWebPage(finalDir = path.join(packageRoot(), 'dist/web')): Promise<PageSizes[]> {
  const web = path.join(packageRoot(), 'web');
  const digest = sourceDigest();
  const outDir = `${finalDir}.building-${process.pid}`;
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  await build({
    entryPoints: { app: path.join(web, 'src/main.ts'), 'app-css': path.join(web, 'style.css') },
    outdir: outDir,
    bundle: true,
    minify: true,
    format: 'esm',
    target: ['es2022', 'chrome110', 'firefox115', 'safari16'],
    sourcemap: 'linked',
    legalComments: 'none',
    define: { __VENUES__: JSON.stringify(venueTable()) },
    logLevel: 'warning',
    // Type-only imports of the client's generated declarations vanish; nothing else is external.
  });
  // esbuild names a CSS entry after its key: app-css.css -> app.css
  for (const ext of ['css', 'css.map']) {
    const from = path.join(outDir, `app-css.${ext}`);
    try {
      const text = readFileSync(from, 'utf8').replace('app-css.css.map', 'app.css.map');
      writeFileSync(path.join(outDir, `app.${ext}`), text);
      rmSync(from);
    } catch {
      // no source map of the CSS: nothing to rename
    }
  }
  copyFileSync(path.join(web, 'index.html'), path.join(outDir, 'index.html'));
  const sizes = ['app.js', 'app.css', 'index.html'].map((file) => {
    const data = readFileSync(path.join(outDir, file));
    return { file, bytes: data.length, gzip: gzipSync(data, { level: 9 }).length, brotli: brotliCompressSync(data).length };
  });
  writeFileSync(path.join(outDir, 'build.json'), JSON.stringify({ built_at: new Date().toISOString(), source_digest: digest, sizes }, null, 2) + '\n');
  const previous = `${finalDir}.previous-${process.pid}`;
  if (existsSync(finalDir)) renameSync(finalDir, previous);
  renameSync(outDir, finalDir);
  rmSync(previous, { recursive: true, force: true });
  return sizes;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  exitOnHelp(import.meta.url);
  const sizes = await buildWebPage();
  const total = sizes.reduce((a, s) => ({ bytes: a.bytes + s.bytes, gzip: a.gzip + s.gzip }), { bytes: 0, gzip: 0 });
  console.log(`search page built into dist/web: ${sizes.map((s) => `${s.file} ${s.bytes} B (gzip ${s.gzip} B)`).join(', ')}; total ${total.bytes} B, gzip ${total.gzip} B`);
}
