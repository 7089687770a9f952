// Benchmark of the matching job (src/matching/, src/indexers/matching-job.ts): a full run, an
// incremental run with nothing changed, incremental runs after a sync changed 1% of the markets, warm
// (the service's case: the matcher keeps its vectors and linked rows in memory between runs) and cold
// (a fresh process), and a full re-run that must change no svc_id. Targets (issue 28): full run under
// 2 minutes, incremental under 10 s.
//
// Two catalogs:
// - `--real`: the real venue listings of ../shared/data (~23.7k markets of Polymarket, Kalshi,
//   PredictIt and Manifold, normalised by the venues' adapters; skipped with a message when absent).
//   Their embeddings are a hashed bag of words of each text (words and word pairs hashed into 384
//   signed dimensions, normalised): texts that share words are near, as with the model, but embedding
//   47k real texts with the model would take hours on this machine. The sync: 1% of the markets
//   changed (price moves, reworded titles with their new vectors, markets removed and new ones).
// - the default: a synthetic catalog of `--markets` markets over the nine venues: questions from
//   templates the pair judge parses (subjects, strikes, dates), each listed on 1-4 venues in its own
//   wording, plus look-alikes (another strike or year), with synthetic vectors (a question's vector
//   plus per-venue noise). The sync: 2,000 price moves, 100 reworded titles, 50 new markets, 20 removed.
// Markets go in through the catalog writer as a sync writes them; the vectors straight into
// market_embeddings: this measures the matcher, not the model.
//
// Seeding (writing ~25k markets through the catalog writer into the embedded database) takes minutes
// on a quiet machine and most of an hour under load: `--cache DIR` keeps the seeded database in DIR
// (created on the first run) and later runs start from a copy of it. Progress of long phases goes to
// stderr.
//
// Usage: npx tsx bench/matching/run.ts [--real] [--cache DIR] [--markets 25000] [--other 0] [--data-dir DIR]
//   --other  share of synthetic markets listed without a category ('other', as most real Polymarket and
//            Kalshi listings are): those meet every category in the candidate search
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
import { loadRealMarkets, REAL_MARKETS_DIR, realMarketsAvailable } from './real-markets.js';

const { values } = parseArgs({
  options: { markets: { type: 'string' }, other: { type: 'string' }, 'data-dir': { type: 'string' }, real: { type: 'boolean' }, cache: { type: 'string' } },
});
const REAL = values.real ?? false;
if (REAL && !realMarketsAvailable()) {
  console.log(`skipped: the real listings are not here (${REAL_MARKETS_DIR}); --real runs only on them`);
  process.exit(0);
}
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

type Vectors = Map<string, { title: Float32Array; rules: Float32Array | null }>;

/** Seconds since `t0`, for the progress lines. */
const since = (t0: number) => `${((Date.now() - t0) / 1000).toFixed(0)} s`;
const progress = (msg: string) => console.error(`[${new Date().toISOString().slice(11, 19)}] ${msg}`);

/**
 * A text as a hashed bag of words: each word and each pair of adjacent words adds +-1 to one of the
 * 384 dimensions (FNV-1a of the token), then the vector is normalised. Two texts sharing most words are
 * near (cosine ~ the share of common tokens), unrelated texts are not.
 */
function hashedVector(text: string): Float32Array {
  const v = new Float32Array(DIMS);
  const words = text.toLowerCase().match(/[\p{L}\p{N}$.,%]+/gu) ?? [];
  const add = (token: string, weight: number) => {
    let h = 2166136261;
    for (let i = 0; i < token.length; i++) h = Math.imul(h ^ token.charCodeAt(i), 16777619);
    h >>>= 0;
    v[h % DIMS] += h & 0x80000000 ? -weight : weight;
  };
  words.forEach((w, i) => {
    add(w, 1);
    if (i > 0) add(`${words[i - 1]} ${w}`, 0.7);
  });
  if (words.length === 0) v[0] = 1;
  return unit(v);
}

/** The real listings, each market with the hashed vectors of its title and rules. */
function buildReal(): { markets: Market[]; vectors: Vectors } {
  const { markets, refused } = loadRealMarkets();
  const byVenue = new Map<string, number>();
  for (const m of markets) byVenue.set(m.exchange, (byVenue.get(m.exchange) ?? 0) + 1);
  progress(`real listings: ${markets.length} markets (${[...byVenue].map(([v, n]) => `${v} ${n}`).join(', ')}); refused by the adapters: ${JSON.stringify(refused)}`);
  const vectors: Vectors = new Map();
  for (const m of markets) vectors.set(`${m.exchange}:${m.market_id}`, { title: hashedVector(m.title), rules: m.rules?.trim() ? hashedVector(m.rules) : null });
  return { markets, vectors };
}

async function writeEmbeddings(pool: import('pg').Pool, vectors: Vectors, keys: string[]): Promise<void> {
  const t0 = Date.now();
  for (let i = 0; i < keys.length; i += 1000) {
    const chunk = keys.slice(i, i + 1000);
    for (const kind of ['title', 'rules'] as const) {
      const withVector = chunk.filter((k) => vectors.get(k)?.[kind]);
      await pool.query(
        `INSERT INTO market_embeddings (exchange, market_id, kind, text_hash, embedding, category, closed, change_seq)
         SELECT m.exchange, m.market_id, $1, md5(u.vec), u.vec::vector, lower(m.category), m.closed, m.change_seq
         FROM unnest($2::text[], $3::text[], $4::text[]) AS u(exchange, market_id, vec)
         JOIN markets m ON m.exchange = u.exchange AND m.market_id = u.market_id
         ON CONFLICT (exchange, market_id, kind) DO UPDATE SET text_hash = EXCLUDED.text_hash, embedding = EXCLUDED.embedding, change_seq = EXCLUDED.change_seq`,
        [kind, withVector.map((k) => k.split(':')[0]), withVector.map((k) => k.slice(k.indexOf(':') + 1)), withVector.map((k) => toPgVector(vectors.get(k)![kind]!))],
      );
    }
    if (keys.length > 5000) progress(`vectors: ${Math.min(i + 1000, keys.length)} / ${keys.length} markets (${since(t0)})`);
  }
}

async function writeMarkets(writer: CatalogWriter, markets: Market[]): Promise<void> {
  const t0 = Date.now();
  let done = 0;
  for (const code of EXCHANGE_CODES) {
    const mine = markets.filter((m) => m.exchange === code);
    for (let i = 0; i < mine.length; i += 1000) {
      await writer.writePage(code, { markets: mine.slice(i, i + 1000), events: [] }, null);
      done += Math.min(1000, mine.length - i);
      if (markets.length > 5000) progress(`markets: ${done} / ${markets.length} written (${since(t0)})`);
    }
  }
}

/** Marks `gone` removed (as a sync that no longer sees them) and drops their vectors, as the embedding indexer does. */
async function removeMarkets(db: { pool: import('pg').Pool }, writer: CatalogWriter, all: readonly Market[], gone: readonly Market[]): Promise<void> {
  const goneKeys = new Set(gone.map((m) => `${m.exchange}:${m.market_id}`));
  for (const code of new Set(gone.map((m) => m.exchange))) {
    const keep = new Set(all.filter((m) => m.exchange === code && !goneKeys.has(`${m.exchange}:${m.market_id}`)).map((m) => m.market_id));
    await writer.tombstoneMissing(code, keep);
  }
  await db.pool.query('DELETE FROM market_embeddings e USING markets m WHERE m.exchange = e.exchange AND m.market_id = e.market_id AND m.removed');
}

/** The rows a run read (a revision before the counts were kept prints a dash). */
const readText = (r: Partial<Pick<MatchRunResult, 'read' | 'reclustered'>>) =>
  r.read ? `${r.read.markets} / ${r.read.states} / ${r.read.links} / ${r.read.clusters}; ${r.reclustered} re-clustered` : '-';
const line = (label: string, r: MatchRunResult) =>
  `| ${label} | ${(r.ms / 1000).toFixed(2)} s | ${r.rematched} | ${r.pairsJudged} | ${r.identityLinks} / ${r.relatedLinks} | ${r.clusters} | ${r.marketsAssigned} | ${Object.entries(r.stages).map(([k, v]) => `${k} ${v}`).join(', ')} | ${readText(r)} |`;

const { markets, vectors } = REAL ? buildReal() : build();
const cache = values.cache ? path.resolve(values.cache) : null;
const cached = cache !== null && fs.existsSync(path.join(cache, 'seeded'));
if (cached) {
  progress(`copying the seeded database from ${cache}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.cpSync(path.join(cache, 'db'), dataDir, { recursive: true });
} else {
  const db = await openDatabase({ dataDir });
  try {
    // The matcher never queries the HNSW indexes (semantic search does); inserting 50,000 vectors into
    // them on the embedded (WASM) server takes longer than the whole benchmark, so this throwaway
    // database goes without them.
    await db.pool.query('DROP INDEX IF EXISTS market_embeddings_title_hnsw; DROP INDEX IF EXISTS market_embeddings_rules_hnsw');
    const t = Date.now();
    const writer = new CatalogWriter(db.pool, { vacuumAfterWrites: true });
    await writeMarkets(writer, markets);
    await writeEmbeddings(db.pool, vectors, markets.map((m) => `${m.exchange}:${m.market_id}`));
    console.log(`seeded ${markets.length} markets with ${[...vectors.values()].reduce((n, v) => n + 1 + (v.rules ? 1 : 0), 0)} vectors in ${((Date.now() - t) / 1000).toFixed(1)} s (${dataDir})`);
  } finally {
    await db.close();
  }
  if (cache) {
    fs.rmSync(cache, { recursive: true, force: true });
    fs.mkdirSync(cache, { recursive: true });
    fs.cpSync(dataDir, path.join(cache, 'db'), { recursive: true });
    fs.writeFileSync(path.join(cache, 'seeded'), `${markets.length} markets, ${REAL ? 'real listings' : `synthetic, other ${OTHER}`}\n`);
    progress(`seeded database kept in ${cache}`);
  }
}

const db = await openDatabase({ dataDir });
try {
  const writer = new CatalogWriter(db.pool, { vacuumAfterWrites: true });
  console.log('| run | time | re-matched | pairs judged | identity / related links | clusters | markets assigned | stages (ms) | rows read: markets / states / links / clusters | CPU s: node / database |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  // CPU time, which the shared machine's load does not distort: this process, and the database server
  // (the postmaster and its backends, from /proc).
  const cpuLine = async (name: string, run: () => Promise<MatchRunResult>): Promise<string> => {
    progress(`run: ${name}`);
    const node0 = process.cpuUsage();
    const db0 = databaseCpuSeconds(dataDir);
    const r = await run();
    const node = process.cpuUsage(node0);
    const dbCpu = databaseCpuSeconds(dataDir);
    const dbText = db0 !== null && dbCpu !== null ? (dbCpu - db0).toFixed(2) : 'in process';
    return `${line(name, r)} ${((node.user + node.system) / 1e6).toFixed(2)} / ${dbText} |`;
  };
  const onStage = (stage: string, ms: number) => progress(`  stage ${stage}: ${ms} ms`);
  const matcher = new Matcher({ pool: db.pool, writer, judge: judgePair, onStage });
  console.log(await cpuLine('full, cold (vectors loaded from the database)', () => matcher.run({ full: true })));
  console.log(await cpuLine('incremental, nothing changed (warm)', () => matcher.run()));

  /**
   * A sync: price moves, reworded titles (new vectors), new and removed markets, drawn evenly over the
   * catalog (every n-th market from an offset per round, so each venue has its share).
   */
  const sync = async (round: number, sizes: { moved: number; reworded: number; added: number; removed: number }) => {
    const t = Date.now();
    const stride = Math.floor(markets.length / (sizes.moved + sizes.reworded + sizes.added + sizes.removed));
    const picked = markets.filter((_, i) => i % stride === round);
    let at = 0;
    const take = (n: number) => picked.slice(at, (at += n));
    const moved = take(sizes.moved).map((m) => ({ ...m, yes_price: m.yes_price === 0.5 ? 0.51 : 0.5 }));
    const reworded = take(sizes.reworded).map((m) => ({ ...m, title: `${m.title.replace(/\?$/, '')} (${round === 1 ? 'updated' : 'revised'})?` }));
    const gone = take(sizes.removed);
    const added = take(sizes.added).map((m) => ({ ...m, market_id: `new${round}-${m.market_id}` }));
    await writeMarkets(writer, [...moved, ...reworded, ...added]);
    for (const m of reworded) {
      const k = `${m.exchange}:${m.market_id}`;
      vectors.set(k, { title: REAL ? hashedVector(m.title) : near(vectors.get(k)!.title, 0.2), rules: vectors.get(k)!.rules });
    }
    for (const m of added) vectors.set(`${m.exchange}:${m.market_id}`, REAL ? { title: hashedVector(m.title), rules: m.rules?.trim() ? hashedVector(m.rules) : null } : { title: randomVector(), rules: randomVector() });
    await writeEmbeddings(db.pool, vectors, [...reworded, ...added].map((m) => `${m.exchange}:${m.market_id}`));
    markets.push(...added);
    await removeMarkets(db, writer, markets, gone);
    progress(`simulated sync ${round} (${sizes.moved} price moves, ${sizes.reworded} reworded, ${sizes.added} new, ${sizes.removed} removed) written in ${since(t)}`);
  };
  // 1% of the real listings: 60% of them price moves, 30% reworded, 5% removed, as many new
  const onePercent = Math.round(markets.length / 100);
  const sizes = REAL
    ? { moved: Math.round(onePercent * 0.6), reworded: Math.round(onePercent * 0.3), removed: Math.round(onePercent * 0.05), added: Math.round(onePercent * 0.05) }
    : { moved: 2000, reworded: 100, added: 50, removed: 20 };
  await sync(1, sizes);
  console.log(await cpuLine(`incremental after a sync${REAL ? ' of 1%' : ''} (warm: vectors in memory)`, () => matcher.run()));
  console.log(await cpuLine('incremental, nothing changed again (warm)', () => matcher.run()));
  // the same kind of sync again, measured from a fresh process (vectors loaded from the database)
  await sync(2, sizes);
  const cold = new Matcher({ pool: db.pool, writer, judge: judgePair, onStage });
  console.log(await cpuLine(`incremental after a sync${REAL ? ' of 1%' : ''} (cold: fresh process)`, () => cold.run()));
  console.log(await cpuLine('full again, warm: no svc_id may change', () => cold.run({ full: true })));
} finally {
  await db.close();
  if (!values['data-dir']) fs.rmSync(dataDir, { recursive: true, force: true });
}
