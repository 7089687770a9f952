// Benchmark of the matching job (src/matching/, src/indexers/matching-job.ts) on a synthetic catalog of
// 25,000 markets over the nine venues: questions from templates the pair judge parses (subjects,
// strikes, dates), each listed on 1-4 venues in its own wording, plus look-alikes (another strike or
// year). Markets go in through the catalog writer as a sync writes them; the embeddings are synthetic
// (a question's vector plus per-venue noise, normalised) and written straight into market_embeddings,
// because the real model would take hours for 50,000 texts on this machine: this measures the
// matcher, not the model. Then: a full run (cold: vectors loaded from the database), an incremental
// run over unchanged data, and an incremental run after a simulated sync (price moves, reworded
// titles with new vectors, new and removed markets), warm (the service's case: vectors kept in
// memory between runs) and cold (a fresh process).
// Usage: npx tsx bench/matching/run.ts [--markets 25000] [--other 0] [--data-dir DIR]
//   --other  share of markets listed without a category ('other', as most real Polymarket and Kalshi
//            listings are): those meet every category in the candidate search
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { toPgVector } from '../../src/embeddings/vector-codec.js';
import { CatalogWriter } from '../../src/catalog/catalog-write-repository.js';
import { openDatabase } from '../../src/db/database.js';
import { judgePair } from '../../src/matching/judge.js';
import { Matcher, type MatchRunResult } from '../../src/matching/matcher.js';
import { EXCHANGE_CODES, type ExchangeCode } from '../../src/venues/exchanges.js';
import { makeMarket, type Market } from '../../src/venues/records.js';

const { values } = parseArgs({ options: { markets: { type: 'string' }, other: { type: 'string' }, 'data-dir': { type: 'string' } } });
const OTHER = Number(values.other ?? 0);
/** A market's own draw in [0, 1) for the uncategorised share (a hash of its id: leaves the catalog's random stream as it was). */
const idUnit = (id: string): number => {
  let h = 2166136261;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 16777619);
  return (h >>> 0) / 4294967296;
};
const TARGET = Number(values.markets ?? 25_000);

/**
 * CPU seconds (user + system) of a database server under `dir`: its postmaster and every child; null
 * when there is none to read (off Linux, or the embedded database, which runs inside this process and
 * writes a placeholder pid: its CPU is already in this process's figure).
 */
function databaseCpuSeconds(dir: string): number | null {
  try {
    const postmaster = Number(fs.readFileSync(path.join(dir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
    if (!(postmaster > 0)) return null;
    const hz = 100; // USER_HZ on Linux
    let ticks = 0;
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      let stat: string;
      try {
        stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      } catch {
        continue; // exited meanwhile
      }
      // Fields after the command name (which may hold spaces): state ppid ... utime(14) stime(15).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const pid = Number(entry);
      // The postmaster's cutime/cstime (15, 16) hold the backends that have exited.
      if (pid === postmaster) ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
      else if (Number(fields[1]) === postmaster) ticks += Number(fields[11]) + Number(fields[12]);
    }
    return ticks / hz;
  } catch {
    return null;
  }
}
const dataDir = values['data-dir'] ?? fs.mkdtempSync(path.join(os.tmpdir(), 'bench-matching-'));
const DIMS = 384;

// deterministic pseudo-random numbers (mulberry32: 32-bit integer arithmetic, no precision loss)
let seed = 12345;
const rand = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const gauss = () => Math.sqrt(-2 * Math.log(rand() + 1e-12)) * Math.cos(2 * Math.PI * rand());
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
function unit(v: Float32Array): Float32Array {
  let n = 0;
  for (const x of v) n += x * x;
  n = Math.sqrt(n);
  return v.map((x) => x / n);
}
const randomVector = () => unit(Float32Array.from({ length: DIMS }, gauss));
const near = (base: Float32Array, noise: number) => unit(base.map((x) => x + (noise * gauss()) / Math.sqrt(DIMS)));

const ASSETS = ['Bitcoin', 'Ethereum', 'Solana', 'Dogecoin', 'Gold', 'Nvidia', 'Tesla', 'Apple', 'Oil', 'Silver', 'Ripple', 'Cardano'];
const PEOPLE = Array.from({ length: 400 }, (_, i) => `${pick(['Ava', 'Liam', 'Noah', 'Emma', 'Mia', 'Lucas', 'Zoe', 'Omar', 'Ivan', 'Nina'])} ${pick(['Smith', 'Garcia', 'Kowalski', 'Tanaka', 'Okafor', 'Novak', 'Silva', 'Berg', 'Moreau', 'Rossi'])}${i}`);
const TEAMS = Array.from({ length: 300 }, (_, i) => `${pick(['Northern', 'Royal', 'Atlantic', 'Golden', 'United', 'Coastal'])} ${pick(['Hawks', 'Lions', 'Rovers', 'Comets', 'Giants', 'Sharks'])} ${i}`);
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

interface Question { category: string; titles: string[]; rules: string; close: string; vector: Float32Array; rulesVector: Float32Array }

function question(): Question {
  const kind = rand();
  const year = 2026 + Math.floor(rand() * 3);
  const month = Math.floor(rand() * 12);
  const close = new Date(Date.UTC(year, month, 28, 23, 59)).toISOString();
  const vector = randomVector();
  const rulesVector = randomVector();
  if (kind < 0.4) {
    const a = pick(ASSETS);
    const strike = (1 + Math.floor(rand() * 40)) * 5000;
    const s = strike.toLocaleString('en-US');
    const d = `${MONTHS[month]} 28, ${year}`;
    return { category: 'crypto', close, vector, rulesVector, rules: `Resolves YES if the ${a} price trades at or above $${s} at any time before ${d}.`,
      titles: [`Will ${a} reach $${s} by ${d}?`, `${a} above $${s} by ${d}?`, `Will ${a} hit $${s} before ${d}?`, `${a} to $${s} by ${MONTHS[month]} 28 ${year}?`] };
  }
  if (kind < 0.7) {
    const p = pick(PEOPLE);
    const office = pick(['mayor of Springfield', 'governor of Oregon', 'president of Freedonia', 'chair of the Senate panel']);
    return { category: 'politics', close, vector, rulesVector, rules: `Resolves YES if ${p} is elected ${office} in the ${year} election.`,
      titles: [`Will ${p} be elected ${office} in ${year}?`, `${p} wins ${office} race ${year}?`, `${year} ${office} election: ${p}`, `Will ${p} win the ${year} election for ${office}?`] };
  }
  const t = pick(TEAMS);
  const league = pick(['Premier Cup', 'Continental League', 'Grand Series']);
  return { category: 'sports', close, vector, rulesVector, rules: `Resolves YES if the ${t} win the ${year} ${league} final.`,
    titles: [`Will the ${t} win the ${year} ${league}?`, `${t} to win ${league} ${year}?`, `${year} ${league} champion: ${t}`, `Will ${t} be ${year} ${league} champions?`] };
}

function build(): { markets: Market[]; vectors: Map<string, { title: Float32Array; rules: Float32Array }> } {
  const markets: Market[] = [];
  const vectors = new Map<string, { title: Float32Array; rules: Float32Array }>();
  let q = 0;
  while (markets.length < TARGET) {
    const base = question();
    const variants = [base];
    // a look-alike of a third of the questions: same subject, another strike/year (close in vector space)
    if (rand() < 0.33) variants.push({ ...base, titles: base.titles.map((t) => t.replace(/\d{4}(?!\d)/, (y) => String(Number(y) + 1))), vector: near(base.vector, 0.6), rulesVector: near(base.rulesVector, 0.6) });
    for (const v of variants) {
      q++;
      const venues = [...EXCHANGE_CODES].sort(() => rand() - 0.5).slice(0, 1 + Math.floor(rand() * 4));
      venues.forEach((code: ExchangeCode, i) => {
        const id = `q${q}-${code}`;
        markets.push(makeMarket({
          exchange: code, market_id: id, title: v.titles[i % v.titles.length], rules: v.rules, category: idUnit(id) < OTHER ? 'other' : v.category, close_time: v.close,
          status: 'open', updated_at: '2026-11-01T00:00:00Z', raw: {}, volume: Math.floor(rand() * 1e6), yes_price: Math.round(rand() * 98 + 1) / 100,
          outcomes: [{ id: 'yes', label: 'Yes', price: null }, { id: 'no', label: 'No', price: null }],
        }));
        vectors.set(`${code}:${id}`, { title: near(v.vector, 0.45), rules: near(v.rulesVector, 0.3) });
      });
    }
  }
  return { markets: markets.slice(0, TARGET), vectors };
}

async function writeEmbeddings(pool: import('pg').Pool, vectors: Map<string, { title: Float32Array; rules: Float32Array }>, keys: string[]): Promise<void> {
  for (let i = 0; i < keys.length; i += 1000) {
    const chunk = keys.slice(i, i + 1000);
    for (const kind of ['title', 'rules'] as const) {
      await pool.query(
        `INSERT INTO market_embeddings (exchange, market_id, kind, text_hash, embedding, category, closed, change_seq)
         SELECT m.exchange, m.market_id, $1, md5(u.vec), u.vec::vector, lower(m.category), m.closed, m.change_seq
         FROM unnest($2::text[], $3::text[], $4::text[]) AS u(exchange, market_id, vec)
         JOIN markets m ON m.exchange = u.exchange AND m.market_id = u.market_id
         ON CONFLICT (exchange, market_id, kind) DO UPDATE SET text_hash = EXCLUDED.text_hash, embedding = EXCLUDED.embedding, change_seq = EXCLUDED.change_seq`,
        [kind, chunk.map((k) => k.split(':')[0]), chunk.map((k) => k.slice(k.indexOf(':') + 1)), chunk.map((k) => toPgVector(vectors.get(k)![kind]))],
      );
    }
  }
}

async function writeMarkets(writer: CatalogWriter, markets: Market[]): Promise<void> {
  for (const code of EXCHANGE_CODES) {
    const mine = markets.filter((m) => m.exchange === code);
    for (let i = 0; i < mine.length; i += 1000) await writer.writePage(code, { markets: mine.slice(i, i + 1000), events: [] }, null);
  }
}

const line = (label: string, r: MatchRunResult) =>
  `| ${label} | ${(r.ms / 1000).toFixed(2)} s | ${r.rematched} | ${r.pairsJudged} | ${r.identityLinks} / ${r.relatedLinks} | ${r.clusters} | ${r.marketsAssigned} | ${Object.entries(r.stages).map(([k, v]) => `${k} ${v}`).join(', ')} |`;

const db = await openDatabase({ dataDir });
try {
  // The matcher never queries the HNSW indexes (semantic search does); inserting 50,000 random vectors
  // into them on the embedded (WASM) server takes longer than the whole benchmark, so this throwaway
  // database goes without them.
  await db.pool.query('DROP INDEX IF EXISTS market_embeddings_title_hnsw; DROP INDEX IF EXISTS market_embeddings_rules_hnsw');
  const { markets, vectors } = build();
  let t = Date.now();
  const writer = new CatalogWriter(db.pool, { vacuumAfterWrites: true });
  await writeMarkets(writer, markets);
  await writeEmbeddings(db.pool, vectors, markets.map((m) => `${m.exchange}:${m.market_id}`));
  console.log(`seeded ${markets.length} markets with ${vectors.size * 2} vectors in ${((Date.now() - t) / 1000).toFixed(1)} s (${dataDir})`);
  console.log('| run | time | re-matched | pairs judged | identity / related links | clusters | markets assigned | stages (ms) | CPU s: node / database |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  // CPU time, which the shared machine's load does not distort: this process, and the database server
  // (the postmaster and its backends, from /proc).
  const cpuLine = async (name: string, run: () => Promise<MatchRunResult>): Promise<string> => {
    const node0 = process.cpuUsage();
    const db0 = databaseCpuSeconds(dataDir);
    const r = await run();
    const node = process.cpuUsage(node0);
    const dbCpu = databaseCpuSeconds(dataDir);
    const dbText = db0 !== null && dbCpu !== null ? (dbCpu - db0).toFixed(2) : 'in process';
    return `${line(name, r)} ${((node.user + node.system) / 1e6).toFixed(2)} / ${dbText} |`;
  };
  const matcher = new Matcher({ pool: db.pool, writer, judge: judgePair });
  console.log(await cpuLine('full, cold (vectors loaded from the database)', () => matcher.run({ full: true })));
  console.log(await cpuLine('incremental, nothing changed (warm)', () => matcher.run()));
  // a sync: 2,000 price moves, 100 reworded titles (new vectors), 50 new markets, 20 removed
  const moved = markets.slice(0, 2000).map((m) => ({ ...m, yes_price: m.yes_price === 0.5 ? 0.51 : 0.5 }));
  const reworded = markets.slice(5000, 5100).map((m) => ({ ...m, title: `${m.title.replace(/\?$/, '')} (updated)?` }));
  const extra = build().markets.slice(0, 50).map((m) => ({ ...m, market_id: `new-${m.market_id}` }));
  t = Date.now();
  await writeMarkets(writer, [...moved, ...reworded, ...extra]);
  for (const m of reworded) vectors.set(`${m.exchange}:${m.market_id}`, { title: near(vectors.get(`${m.exchange}:${m.market_id}`)!.title, 0.2), rules: vectors.get(`${m.exchange}:${m.market_id}`)!.rules });
  const extraVectors = [...reworded, ...extra].map((m) => `${m.exchange}:${m.market_id}`);
  for (const m of extra) vectors.set(`${m.exchange}:${m.market_id}`, { title: randomVector(), rules: randomVector() });
  await writeEmbeddings(db.pool, vectors, extraVectors);
  const gone = markets.slice(9000, 9020);
  for (const code of new Set(gone.map((m) => m.exchange))) {
    const keep = new Set(markets.filter((m) => m.exchange === code && !gone.includes(m)).map((m) => m.market_id).concat(extra.filter((m) => m.exchange === code).map((m) => m.market_id)));
    await writer.tombstoneMissing(code, keep);
  }
  await db.pool.query('DELETE FROM market_embeddings e USING markets m WHERE m.exchange = e.exchange AND m.market_id = e.market_id AND m.removed');
  console.error(`simulated sync written in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  console.log(await cpuLine('incremental after a sync (warm: vectors in memory)', () => matcher.run()));
  // the same kind of sync again, measured from a fresh process (vectors loaded from the database)
  await writeMarkets(writer, markets.slice(2000, 4000).map((m) => ({ ...m, yes_price: m.yes_price === 0.5 ? 0.51 : 0.5 })));
  const reworded2 = markets.slice(6000, 6100).map((m) => ({ ...m, title: `${m.title.replace(/\?$/, '')} (revised)?` }));
  await writeMarkets(writer, reworded2);
  for (const m of reworded2) vectors.set(`${m.exchange}:${m.market_id}`, { title: near(vectors.get(`${m.exchange}:${m.market_id}`)!.title, 0.2), rules: vectors.get(`${m.exchange}:${m.market_id}`)!.rules });
  await writeEmbeddings(db.pool, vectors, reworded2.map((m) => `${m.exchange}:${m.market_id}`));
  const cold = new Matcher({ pool: db.pool, writer, judge: judgePair });
  console.log(await cpuLine('incremental after a sync (cold: fresh process)', () => cold.run()));
  console.log(await cpuLine('full again, warm: no svc_id may change', () => cold.run({ full: true })));
} finally {
  await db.close();
  if (!values['data-dir']) fs.rmSync(dataDir, { recursive: true, force: true });
}
