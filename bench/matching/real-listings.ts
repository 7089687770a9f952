// The pair judge over the real venue listings of ../shared/data (the files `npm run sim -- --corpus`
// serves), normalised by the venues' own adapters as a sync would: title embeddings from the real
// model, the 10 nearest markets of the other venues per market as candidates, the judge on each, and
// clusters from identity links only with at most one market per venue (strongest links first). Prints
// how many clusters span two or more venues and a seeded random sample of predicted identity links to
// label by hand (bench/HISTORY.md, "Matching on the real listings").
//
// This is the judge plus an in-memory candidate search, not the clustering job itself (no database):
// it measures what the judge links on real wordings.
// Usage: npx tsx bench/matching/real-listings.ts [--sample 100] [--out FILE.jsonl] [--vectors FILE]
//   --vectors  keep the title vectors in FILE between runs (embedding 23k titles takes minutes)
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { loadConfig } from '../../src/config.js';
import { ensureModel } from '../../src/embeddings/fetch-model.js';
import { Embedder } from '../../src/embeddings/embedder.js';
import { judgePair } from '../../src/matching/judge.js';
import type { MatchMarket, PairVerdict } from '../../src/matching/types.js';
import type { Market } from '../../src/venues/records.js';
import { arg } from '../../scripts/lib/cli-args.js';
import { loadRealMarkets, REAL_MARKETS_DIR, realMarketsAvailable } from './real-markets.js';

const SAMPLE = Number(arg('sample') ?? 100);
const K = 10;
if (!realMarketsAvailable()) {
  console.log(`skipped: ${REAL_MARKETS_DIR} not found`);
  process.exit(0);
}

const { markets, refused: failed } = loadRealMarkets();
const byVenue = new Map<string, number>();
for (const m of markets) byVenue.set(m.exchange, (byVenue.get(m.exchange) ?? 0) + 1);
console.log(`markets: ${markets.length} (${[...byVenue].map(([v, n]) => `${v} ${n}`).join(', ')}); not normalised: ${JSON.stringify(failed)}`);

const toMatch = (m: Market): MatchMarket => ({
  exchange: m.exchange, market_id: m.market_id, title: m.title, rules: m.rules ?? null, close_time: m.close_time ?? null,
  outcomes: m.outcomes?.map((o) => ({ id: o.id, label: o.label })) ?? null, category: m.category ?? null, event_id: m.event_id ?? null, subtitle: m.subtitle ?? null,
});
const mm = markets.map(toMatch);

const modelDir = loadConfig().modelDir;
await ensureModel({ modelDir, log: (msg) => console.error(msg) });
const t0 = Date.now();
const vectorFile = arg('vectors');
const titlesHash = createHash('sha256').update(mm.map((m) => m.title).join('\n')).digest('hex');
let vectors: Float32Array[];
if (vectorFile && existsSync(vectorFile) && existsSync(`${vectorFile}.hash`) && readFileSync(`${vectorFile}.hash`, 'utf8') === titlesHash) {
  const all = new Float32Array(readFileSync(vectorFile).buffer.slice(0));
  const dims = all.length / mm.length;
  vectors = mm.map((_, i) => all.subarray(i * dims, (i + 1) * dims));
  console.log('title embeddings: read from', vectorFile);
} else {
  const embedder = await Embedder.start({ modelDir });
  try {
    vectors = (await embedder.embedDocuments(mm.map((m) => m.title), 'title')).map((d) => d.vector);
  } finally {
    await embedder.close();
  }
  console.log(`title embeddings: ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  if (vectorFile) {
    const all = new Float32Array(vectors.length * vectors[0].length);
    vectors.forEach((v, i) => all.set(v, i * v.length));
    writeFileSync(vectorFile, Buffer.from(all.buffer));
    writeFileSync(`${vectorFile}.hash`, titlesHash);
  }
}

// Candidates: for every market of a smaller venue, its K nearest markets of each other venue (the
// Polymarket listing is 20x the others, so searching from the small venues covers every cross pair).
const t1 = Date.now();
const idxByVenue = new Map<string, number[]>();
mm.forEach((m, i) => idxByVenue.set(m.exchange, [...(idxByVenue.get(m.exchange) ?? []), i]));
const dot = (a: Float32Array, b: Float32Array) => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
};
const pairs = new Map<string, { a: number; b: number; sim: number }>();
const venues = [...idxByVenue.keys()];
for (const va of venues) {
  if (va === 'polymarket') continue;
  for (const i of idxByVenue.get(va)!) {
    for (const vb of venues) {
      if (vb === va) continue;
      const best: { j: number; s: number }[] = [];
      for (const j of idxByVenue.get(vb)!) {
        const s = dot(vectors[i], vectors[j]);
        if (best.length < K || s > best[best.length - 1].s) {
          best.push({ j, s });
          best.sort((x, y) => y.s - x.s);
          if (best.length > K) best.pop();
        }
      }
      for (const { j, s } of best) {
        const key = i < j ? `${i}:${j}` : `${j}:${i}`;
        if (!pairs.has(key)) pairs.set(key, { a: Math.min(i, j), b: Math.max(i, j), sim: s });
      }
    }
  }
}
const verdicts: { a: number; b: number; v: PairVerdict }[] = [];
for (const p of pairs.values()) verdicts.push({ a: p.a, b: p.b, v: judgePair(mm[p.a], mm[p.b], { title: Math.max(0, Math.min(1, p.sim)), rules: null }, { asOfMs: Date.now() }) });
console.log(`candidate pairs judged: ${verdicts.length} in ${((Date.now() - t1) / 1000).toFixed(0)} s`);

// Clusters: identity links, strongest first, never two markets of one venue in a cluster.
const links = verdicts.filter((x) => x.v.relation === 'identical').sort((x, y) => y.v.confidence - x.v.confidence);
const parent = mm.map((_, i) => i);
const venuesOf = mm.map((m) => new Set([m.exchange]));
const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i])));
let refused = 0;
for (const l of links) {
  const ra = find(l.a);
  const rb = find(l.b);
  if (ra === rb) continue;
  if ([...venuesOf[rb]].some((v) => venuesOf[ra].has(v))) {
    refused++;
    continue;
  }
  parent[rb] = ra;
  for (const v of venuesOf[rb]) venuesOf[ra].add(v);
}
const clusters = new Map<number, number[]>();
mm.forEach((_, i) => clusters.set(find(i), [...(clusters.get(find(i)) ?? []), i]));
const multi = [...clusters.values()].filter((c) => c.length >= 2);
const spans = new Map<number, number>();
for (const c of multi) spans.set(c.length, (spans.get(c.length) ?? 0) + 1);
console.log(`identity links: ${links.length} (${refused} refused: a venue already in the cluster); clusters spanning 2+ venues: ${multi.length} (${[...spans].sort().map(([n, c]) => `${n} venues: ${c}`).join(', ')})`);
const rel = verdicts.filter((x) => x.v.relation === 'related').length;
console.log(`related links: ${rel}; different: ${verdicts.length - links.length - rel}`);

// A seeded random sample of identity links, to label by hand.
let seed = 20261124;
const rand = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
const pool = [...links];
const sample: typeof links = [];
while (sample.length < SAMPLE && pool.length) sample.push(pool.splice(Math.floor(rand() * pool.length), 1)[0]);
const out = sample.map((l, n) => ({
  n: n + 1,
  confidence: l.v.confidence,
  reasons: l.v.reasons,
  a: { exchange: mm[l.a].exchange, market_id: mm[l.a].market_id, title: mm[l.a].title, subtitle: mm[l.a].subtitle, close_time: mm[l.a].close_time },
  b: { exchange: mm[l.b].exchange, market_id: mm[l.b].market_id, title: mm[l.b].title, subtitle: mm[l.b].subtitle, close_time: mm[l.b].close_time },
}));
const outFile = arg('out');
if (outFile) writeFileSync(outFile, out.map((o) => JSON.stringify(o)).join('\n') + '\n');
for (const o of out) {
  console.log(`${o.n}. [${o.a.exchange}] ${o.a.title}${o.a.subtitle ? ` | ${o.a.subtitle}` : ''} (${o.a.close_time?.slice(0, 10)})  <->  [${o.b.exchange}] ${o.b.title}${o.b.subtitle ? ` | ${o.b.subtitle}` : ''} (${o.b.close_time?.slice(0, 10)})`);
}
