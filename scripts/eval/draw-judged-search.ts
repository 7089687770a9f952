// Draws the source markets of the judged search set (test/fixtures/search/judged-queries.json): a
// seeded random sample of the real listings (scripts/eval/judged-listings.ts) stratified by venue and
// category, printed as writing sheets that show what a query is written from — the rules, the event,
// the outcome, never the title — so that queries are worded the way someone who has not read the
// title asks. The titles come only with --titles, for the labelling pass after the queries exist.
//
//   npx tsx scripts/eval/draw-judged-search.ts [--seed 32] [--per-venue polymarket=120,kalshi=40,manifold=40,predictit=30] [--titles]
import { loadJudgedListings } from './judged-listings.js';
import { seededSample } from './seeded-sample.js';
import { arg } from '../lib/cli-args.js';
import type { Market } from '../../src/venues/records.js';

const seed = Number(arg('seed') ?? 32);
const perVenue = Object.fromEntries(
  (arg('per-venue') ?? 'polymarket=120,kalshi=40,manifold=40,predictit=30').split(',').map((p) => {
    const [v, n] = p.split('=');
    return [v, Number(n)];
  }),
);
const { markets } = loadJudgedListings();

/** Splits a venue's quota over its categories in proportion to the square root of their sizes (small categories still drawn). */
function drawVenue(venue: string, quota: number): Market[] {
  const byCategory = new Map<string, Market[]>();
  for (const m of markets) if (m.exchange === venue) byCategory.set(m.category, [...(byCategory.get(m.category) ?? []), m]);
  const cats = [...byCategory.keys()].sort();
  const weight = (c: string) => Math.sqrt(byCategory.get(c)!.length);
  const total = cats.reduce((s, c) => s + weight(c), 0);
  const out: Market[] = [];
  for (const c of cats) {
    const n = Math.min(byCategory.get(c)!.length, Math.max(1, Math.round((quota * weight(c)) / total)));
    out.push(...seededSample(byCategory.get(c)!, n, seed + c.length * 7919 + c.charCodeAt(0)));
  }
  return out;
}

const drawn = Object.entries(perVenue).flatMap(([v, n]) => drawVenue(v, n));
const showTitles = process.argv.includes('--titles');
for (const m of drawn) {
  const sheet = {
    key: `${m.exchange}:${m.market_id}`,
    category: m.category,
    status: m.status,
    event: m.event_id,
    outcomes: m.outcomes.map((o) => o.label).join(' / '),
    subtitle: m.subtitle,
    rules: m.rules.replace(/\s+/g, ' ').slice(0, 500),
    ...(showTitles || !m.rules.trim() ? { title: m.title } : {}),
  };
  console.log(JSON.stringify(sheet));
}
console.error(`${drawn.length} markets drawn (seed ${seed})`);
