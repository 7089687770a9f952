// Draws the sixth labelling round of the matcher's labelled set (split `test2`, a held-out set drawn
// after the judge had been tuned on `dev` and looked at on `test`): real cross-venue pairs from the
// shared data, none whose market (venue + title) already occurs in labelled-pairs.jsonl or in the
// sim-corpus sample, in a seeded order so the same data always gives the same draw. The pairs come out
// unlabelled; they were then labelled by hand (reading both markets, never by running the matcher) and
// appended to labelled-pairs.jsonl with `split: "test2"`, `round: 6`.
//
// Sources (ids say which):
//   op-N      Opinion/Polymarket bot pair N (row N of pairs/opinion-polymarket.jsonl; mostly identical)
//   op-NxM    Opinion market of bot pair N against the Polymarket side of bot pair M of the same Opinion
//             family (same question, another option: near-misses)
//   kp-N      row N of pairs/kalshi-polymarket-candidates.jsonl.gz (a fuzzy matcher's candidates),
//             half from the highest-scoring quarter (where the identical ones are)
//   ou-G-O-P  Opinion option O of unmatched group G against Polymarket child P of the same group
//   pi-M-C    PredictIt contract C of market M against the Polymarket question sharing most words with it
//   kpi-T-C   Kalshi market T against the PredictIt contract C sharing most words with it
//   mf-I      Manifold market I against the Polymarket or PredictIt question sharing most words with it
//
// Usage: npx tsx scripts/eval/draw-test2.ts [--data DIR] [--seed 20261124] > /tmp/test2-draw.jsonl
import { existsSync } from 'node:fs';
import path from 'node:path';
import { jsonLinesSync } from './json-lines.js';
import { seededSample } from './seeded-sample.js';
import { slugTitle } from './polymarket-slug-title.js';
import { exitOnHelp } from '../lib/cli-args.js';

exitOnHelp(import.meta.url);

function argValue(flag: string): string | undefined {
  const i = process.argv.indexOf(flag);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
const dataDir = argValue('--data') ?? path.resolve('../shared/data');
const seed = Number(argValue('--seed') ?? 20261124);

interface M {
  exchange: string;
  market_id: string | null;
  title: string;
  rules: string | null;
  close_time: string | null;
  outcomes: null;
  subtitle?: string | null;
}
interface Drawn {
  id: string;
  source: string;
  title_from_slug: boolean;
  a: M;
  b: M;
}

const lines = jsonLinesSync;
const data = (p: string) => path.join(dataDir, p);
if (!existsSync(data('pairs/opinion-polymarket.jsonl'))) {
  console.error(`skipped: ${dataDir} has no pairs/opinion-polymarket.jsonl (the shared data folder is not on this machine)`);
  process.exit(0);
}

// Markets already in the project's labelled data before this round (rounds 1-5 and the sim-corpus
// sample), by venue + title: the new round must not repeat them. The round's own rows (split test2)
// are left out so that the draw reproduces after they were appended.
const seen = new Set<string>();
const key = (exchange: string, title: string) => `${exchange}|${title.trim().toLowerCase()}`;
for (const f of ['test/fixtures/matching/labelled-pairs.jsonl', 'test/fixtures/matching/sim-corpus-sample.jsonl']) {
  for (const r of lines<{ a: M; b: M; split?: string }>(f)) if (r.split !== 'test2') for (const m of [r.a, r.b]) seen.add(key(m.exchange, m.title));
}
const fresh = (p: Drawn) => !seen.has(key(p.a.exchange, p.a.title)) && !seen.has(key(p.b.exchange, p.b.title));
const market = (exchange: string, title: string, extra: Partial<M> = {}): M => ({
  exchange, market_id: null, title, rules: null, close_time: null, outcomes: null, ...extra,
});

// Polymarket questions by conditionId (the bot files carry slugs only).
interface Gamma { id?: string; conditionId?: string; question?: string; endDate?: string; description?: string }
const gamma = lines<Gamma>(data('markets/polymarket/gamma-markets.jsonl.gz')).filter((g) => g.question && g.conditionId);
const byCondition = new Map(gamma.map((g) => [g.conditionId!, g]));

// --- Opinion/Polymarket bot pairs and their siblings -------------------------------------------------
interface BotPair {
  opinion: { market_id: number; title: string; rules?: string };
  polymarket: { condition_id: string; slug: string; rules?: string };
  cutoff_at: number | null;
}
const bot = lines<BotPair>(data('pairs/opinion-polymarket.jsonl'));
const opSide = (p: BotPair): M =>
  market('opinion', p.opinion.title, {
    market_id: String(p.opinion.market_id),
    rules: p.opinion.rules ?? null,
    close_time: p.cutoff_at ? new Date(p.cutoff_at * 1000).toISOString() : null,
  });
const pmSide = (p: BotPair): { m: M; fromSlug: boolean } => {
  const g = byCondition.get(p.polymarket.condition_id);
  return {
    m: market('polymarket', g?.question ?? slugTitle(p.polymarket.slug), {
      market_id: p.polymarket.condition_id,
      rules: p.polymarket.rules ?? g?.description ?? null,
      close_time: g?.endDate ?? null,
    }),
    fromSlug: !g,
  };
};
const botPairs: Drawn[] = bot.map((p, i) => {
  const pm = pmSide(p);
  return { id: `op-${i}`, source: 'opinion-polymarket (bot pair)', title_from_slug: pm.fromSlug, a: opSide(p), b: pm.m };
});
// Families: Opinion titles "Question - option" sharing the question.
const families = new Map<string, number[]>();
bot.forEach((p, i) => {
  const cut = p.opinion.title.lastIndexOf(' - ');
  if (cut < 0) return;
  const q = p.opinion.title.slice(0, cut);
  families.set(q, [...(families.get(q) ?? []), i]);
});
const siblings: Drawn[] = [];
for (const members of families.values()) {
  for (const i of members) for (const j of members) {
    if (i === j) continue;
    const pm = pmSide(bot[j]);
    siblings.push({ id: `op-${i}x${j}`, source: 'opinion-polymarket (sibling of a bot pair)', title_from_slug: pm.fromSlug, a: opSide(bot[i]), b: pm.m });
  }
}

// --- Kalshi/Polymarket fuzzy candidates --------------------------------------------------------------
interface Candidate { match_score: number; polymarket: { question?: string; title?: string; end: string }; kalshi: { title: string; end: string } }
const candidates = lines<Candidate>(data('pairs/kalshi-polymarket-candidates.jsonl.gz')).map((c, i) => ({
  score: c.match_score,
  pair: {
    id: `kp-${i}`, source: 'kalshi-polymarket fuzzy candidates', title_from_slug: false,
    a: market('kalshi', c.kalshi.title, { close_time: c.kalshi.end }),
    b: market('polymarket', c.polymarket.question ?? c.polymarket.title ?? '', { close_time: c.polymarket.end }),
  } satisfies Drawn,
}));
const scores = candidates.map((c) => c.score).sort((x, y) => x - y);
const topQuarter = scores[Math.floor(scores.length * 0.75)];

// --- Opinion/Polymarket unmatched groups -------------------------------------------------------------
interface Group { parent_title: string; opinion_children: { market_id: number; child_title: string }[]; polymarket_children: { condition_id: string; question: string }[] }
const groupPairs: Drawn[] = [];
lines<Group>(data('pairs/opinion-polymarket-unmatched.jsonl')).forEach((g, gi) => {
  g.opinion_children.forEach((o) => g.polymarket_children.forEach((p, pi) => {
    groupPairs.push({
      id: `ou-${gi}-${o.market_id}-${pi}`, source: 'opinion-polymarket unmatched groups (built pairs)', title_from_slug: false,
      a: market('opinion', `${g.parent_title} - ${o.child_title}`, { market_id: String(o.market_id) }),
      b: market('polymarket', p.question, { market_id: p.condition_id, close_time: byCondition.get(p.condition_id)?.endDate ?? null }),
    });
  }));
});

// --- Word-overlap nearest question (PredictIt, Kalshi, Manifold) -------------------------------------
const STOP = new Set('the a an of in on at to by for will be is are and or who what which how many much win won than after before with from this that than 2020 2021 2022 2023 2024 2025 2026 2027 2028 yes no'.split(' '));
const words = (s: string) => new Set(s.toLowerCase().replace(/[^a-z0-9$%. ]+/g, ' ').split(/\s+/).filter((w) => w.length > 1 && !STOP.has(w)));
class WordIndex {
  private readonly posting = new Map<string, number[]>();
  constructor(private readonly docs: { m: M; w: Set<string> }[]) {
    docs.forEach((d, i) => d.w.forEach((w) => this.posting.set(w, [...(this.posting.get(w) ?? []), i])));
  }
  /** The document sharing the largest share of words with `w` (Jaccard), if it shares at least two. */
  nearest(w: Set<string>): { m: M; jaccard: number } | null {
    const shared = new Map<number, number>();
    for (const x of w) for (const i of this.posting.get(x) ?? []) shared.set(i, (shared.get(i) ?? 0) + 1);
    let best: { m: M; jaccard: number } | null = null;
    for (const [i, n] of shared) {
      if (n < 2) continue;
      const j = n / (w.size + this.docs[i].w.size - n);
      if (!best || j > best.jaccard) best = { m: this.docs[i].m, jaccard: j };
    }
    return best;
  }
}
const pmIndex = new WordIndex(gamma.map((g) => {
  const m = market('polymarket', g.question!, { market_id: g.conditionId!, close_time: g.endDate ?? null });
  return { m, w: words(m.title) };
}));

interface PiMarket { id: number; name: string; contracts: { id: number; name: string; dateEnd: string }[] }
const predictit = lines<PiMarket>(data('markets/predictit/markets.jsonl.gz')).flatMap((pm) =>
  pm.contracts.map((c) => ({
    mid: pm.id, cid: c.id,
    m: market('predictit', pm.contracts.length > 1 || c.name !== pm.name ? `${pm.name} - ${c.name}` : pm.name, {
      market_id: String(c.id), subtitle: c.name,
      close_time: c.dateEnd && c.dateEnd !== 'NA' ? new Date(c.dateEnd).toISOString() : null,
    }),
  })),
);
const piIndex = new WordIndex(predictit.map((p) => ({ m: p.m, w: words(p.m.title) })));
const nearestPairs = (items: { id: string; m: M }[], index: WordIndex, source: string, minJaccard: number): Drawn[] =>
  items.flatMap(({ id, m }) => {
    const n = index.nearest(words(m.title));
    return n && n.jaccard >= minJaccard ? [{ id, source, title_from_slug: false, a: m, b: n.m }] : [];
  });
const piPairs = nearestPairs(predictit.map((p) => ({ id: `pi-${p.mid}-${p.cid}`, m: p.m })), pmIndex, 'predictit-polymarket (built by word overlap)', 0.25);

interface KalshiMarket { ticker: string; title: string; yes_sub_title?: string; subtitle?: string; close_time?: string; rules_primary?: string }
const kalshi = new Map<string, KalshiMarket>();
for (const f of ['markets/kalshi/markets.jsonl.gz', 'markets/kalshi/markets-trimmed.jsonl.gz']) {
  if (existsSync(data(f))) for (const k of lines<KalshiMarket>(data(f))) if (k.ticker && k.title) kalshi.set(k.ticker, k);
}
const kalshiMarkets = [...kalshi.values()].map((k) => ({
  id: `kpi-${k.ticker}`,
  m: market('kalshi', k.title, { market_id: k.ticker, subtitle: k.yes_sub_title || null, close_time: k.close_time ?? null, rules: k.rules_primary || null }),
}));
const kpiPairs = nearestPairs(kalshiMarkets, piIndex, 'kalshi-predictit (built by word overlap)', 0.25);

interface Manifold { id: string; question: string; closeTime?: string; outcomeType?: string }
const manifold = lines<Manifold>(data('markets/manifold/markets.jsonl.gz')).filter((m) => m.outcomeType === 'BINARY');
const mfPairs: Drawn[] = manifold.flatMap((mf) => {
  const m = market('manifold', mf.question, { market_id: mf.id, close_time: mf.closeTime ? new Date(Number(mf.closeTime)).toISOString() : null });
  const w = words(m.title);
  const best = [pmIndex.nearest(w), piIndex.nearest(w)].filter((x) => x && x.jaccard >= 0.3).sort((x, y) => y!.jaccard - x!.jaccard)[0];
  return best ? [{ id: `mf-${mf.id}`, source: `manifold-${best.m.exchange} (built by word overlap)`, title_from_slug: false, a: m, b: best.m }] : [];
});

// --- The draw ------------------------------------------------------------------------------------------
const plan: [string, Drawn[], number][] = [
  ['bot pairs', botPairs.filter(fresh), 70],
  ['siblings', siblings.filter(fresh), 60],
  ['fuzzy candidates, top quarter', candidates.filter((c) => c.score >= topQuarter).map((c) => c.pair).filter(fresh), 30],
  ['fuzzy candidates, rest', candidates.filter((c) => c.score < topQuarter).map((c) => c.pair).filter(fresh), 30],
  ['unmatched groups', groupPairs.filter(fresh), 15],
  ['predictit word overlap', piPairs.filter(fresh), 25],
  ['kalshi-predictit word overlap', kpiPairs.filter(fresh), 15],
  ['manifold word overlap', mfPairs.filter(fresh), 20],
];
const taken = new Set<string>();
plan.forEach(([name, pool, size], k) => {
  const drawn = seededSample(pool, size, seed + k).filter((p) => {
    const pk = [key(p.a.exchange, p.a.title), key(p.b.exchange, p.b.title)].sort().join('||');
    if (taken.has(pk)) return false;
    taken.add(pk);
    return true;
  });
  console.error(`${name}: ${drawn.length} of ${pool.length} fresh`);
  for (const p of drawn) console.log(JSON.stringify({ ...p, seed: seed + k }));
});
