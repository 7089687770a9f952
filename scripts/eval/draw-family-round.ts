// Draws the families round of the matcher's labelled set (round 7): cross-venue pairs listed from the
// real listings of the shared data by FAMILY and WINDOW, never by the matcher's candidate search or
// scores, so that recall counts pairs the candidate search would never propose.
//
// How a pair gets in:
//   1. Every market of the two venue pairs the shared data has in numbers (Opinion-Polymarket: the
//      markets of pairs/opinion-polymarket.jsonl; Kalshi-Polymarket: the monthly crypto one-touch
//      markets of pairs/kalshi-polymarket-strikes.jsonl) gets a family from keyword rules on its
//      question (FAMILY_RULES below, first rule that matches) and a window: the question with its
//      numbers, days and option stripped (so "Bitcoin above ... on January 6?" and "... on January 8?"
//      share the window "bitcoin above on january").
//   2. Inside a window every market of one venue is paired with every market of the other (up to
//      WINDOW_ROWS rows of the window per side, chosen by the seed); for Kalshi crypto every Kalshi
//      strike with every Polymarket strike of the same asset, direction and month (the equal-strike
//      pairs plus a seeded sample of the others, see below).
//   3. Windows of one family are drawn in a seeded order until the family holds TARGET_IDENTICAL
//      same-row pairs or runs out.
//   4. Neighbour pairs: the same option in two windows of one subject (the $100k of February against
//      the $100k of March; "hit" against "settle at"), the look-alikes a year or month apart.
// The output is unlabelled; the labels (test/fixtures/matching/family-round-labels.jsonl: id, label,
// kind, reason) were written by reading both markets of every pair, and are joined by id. The listings
// themselves are not committed: `npm run eval:matching` re-draws the pairs from ../shared/data.
//
// Ids: `op<opinion market id>~pm<first 14 chars of the conditionId>` and `k<Kalshi ticker>~pm<slug>`.
//
// Usage: npx tsx scripts/eval/draw-family-round.ts [--data DIR] [--seed 20261128] > /tmp/family-round.jsonl
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { jsonLinesSync } from './json-lines.js';
import { seededSample } from './seeded-sample.js';
import { slugTitle } from './polymarket-slug-title.js';

export const FAMILY_ROUND_SEED = 20261128;
/** At most this many rows of one window per side. */
const WINDOW_ROWS = 4;
/** Stop drawing windows of a family when its same-row pairs reach this. */
const TARGET_IDENTICAL = 48;

export const FAMILIES = [
  'crypto_threshold',
  'settlement_lookalike',
  'yearless_date',
  'team_alias_fixture',
  'election_person',
  'macro_release',
  'company_event',
  'sports_prop',
] as const;
export type Family = (typeof FAMILIES)[number];

/** Keyword rules on the Opinion question's parent title (before " - "): the first that matches wins. */
const FAMILY_RULES: [Family, RegExp][] = [
  ['settlement_lookalike', /\bup or down\b|\b(gold|silver)\b|\bclose (above|at)\b|\bsettle at\b|S&P 500 \(SPX\)/i],
  ['crypto_threshold', /\b(bitcoin|ethereum|solana|bnb|ethena|xrp|doge|dogecoin|hyperliquid)\b.*\b(hit|above|reach|dip|high)\b|\bfirst to 5k\b/i],
  ['macro_release', /\b(ecb|bank of japan|fed chair|jobs added|recession|tariffs|exchange rate|shutdown|intervention|rates decision)\b/i],
  ['sports_prop', /\b(mvp|defensive player|most gold medals|1st pick|all-star|beast games)\b/i],
  ['team_alias_fixture', /^nba: |\b(champion|world cup|champions league|premier league|serie a|nfc|grand prix|lol:|lpl|lck|lec|valorant|australian open|stanley cup|ncaa|boxing)\b/i],
  ['election_person', /\b(election|nominate|president|prime minister|mayor|primary|person of the year|james bond|searched person|oscars|grammys|out as|trump meet|trump and putin|starmer|maduro|zelenskyy|machado|endorse)\b/i],
  ['company_event', /\b(ipo|launch a token|fdv|market cap|largest company|ai model|acquired|acquire|added to s&p|ticker|airdrop|released|public sale|stock tokens|new product|listed on)\b/i],
  // Questions whose window is a yearless deadline ("by ...?", "by March 31?") and that no rule above took.
  ['yearless_date', /\bby\s*(\.\.\.|…|___|\.\.\. ?\?)|\bby (january|february|march|april|may|june|july|august|september|october|november|december|dec)\b(?![^?]*\b20\d\d\b)/i],
];

export interface RoundMarket {
  exchange: string;
  market_id: string | null;
  title: string;
  rules: string | null;
  close_time: string | null;
  outcomes: null;
  subtitle: string | null;
  category: null;
  event_id: null;
}

export interface RoundPair {
  id: string;
  family: Family;
  window: string;
  /** How the pair was formed: `same-row` = the two markets of one row of the source file (the file's
   * own assertion, not a label), `cross-row` = two rows of one window, `neighbour` = one option in two windows. */
  formed: 'same-row' | 'cross-row' | 'neighbour';
  title_from_slug: boolean;
  a: RoundMarket;
  b: RoundMarket;
}

const lines = jsonLinesSync;

export function familyOf(parentTitle: string): Family | null {
  for (const [family, rule] of FAMILY_RULES) if (rule.test(parentTitle)) return family;
  return null;
}

const MONTHS = 'january|february|march|april|may|june|july|august|september|october|november|december';

/** The window of a question: lower case, numbers, days, times and punctuation stripped. */
export function windowOf(parentTitle: string): string {
  // One night's games are one window: "NBA: Kings vs Lakers (Mar. 1 9:30PM ET)" -> "nba games mar".
  const game = /^nba: .*?(?:\((\w{3})\w*\.? \d)?[^(]*$/i.exec(parentTitle);
  if (game) return `nba games ${(game[1] ?? 'undated').toLowerCase()}`;
  return parentTitle
    .toLowerCase()
    .replace(/\(\d{1,2}:\d{2} ?et\)/g, ' ')
    .replace(new RegExp(`\\b(${MONTHS})\\s+\\d{1,2}(st|nd|rd|th)?\\b`, 'g'), '$1')
    .replace(/[$↑↓]?\d[\d,.]*[kmb%]?/g, ' ')
    .replace(/[^a-z&]+/g, ' ')
    .trim();
}

interface BotPair {
  opinion: { market_id: number; title: string; rules?: string };
  polymarket: { condition_id: string; slug: string; rules?: string };
  cutoff_at: number | null;
}
interface Gamma { conditionId?: string; question?: string; endDate?: string; description?: string }
interface StrikeRow { asset: string; kalshi_ticker: string; kalshi_strike: number; poly_slug: string | null; poly_strike: number | null }

const market = (exchange: string, title: string, extra: Partial<RoundMarket> = {}): RoundMarket => ({
  exchange, market_id: null, title, rules: null, close_time: null, outcomes: null, subtitle: null, category: null, event_id: null, ...extra,
});

/** The pairs of the round, or null when the shared data is not on this machine. */
export function drawFamilyRound(dataDir: string, seed = FAMILY_ROUND_SEED): RoundPair[] | null {
  const data = (p: string) => path.join(dataDir, p);
  if (!existsSync(data('pairs/opinion-polymarket.jsonl')) || !existsSync(data('markets/polymarket/gamma-markets.jsonl.gz'))) return null;
  const gamma = new Map(lines<Gamma>(data('markets/polymarket/gamma-markets.jsonl.gz')).filter((g) => g.conditionId && g.question).map((g) => [g.conditionId!, g]));
  const out: RoundPair[] = [];
  const seen = new Set<string>();
  const push = (p: RoundPair) => {
    if (seen.has(p.id)) return;
    seen.add(p.id);
    out.push(p);
  };

  // --- Opinion-Polymarket ---------------------------------------------------------------------------
  const bot = lines<BotPair>(data('pairs/opinion-polymarket.jsonl'));
  const iso = (s: number | null) => (typeof s === 'number' && s > 0 ? new Date(s * 1000).toISOString() : null);
  const opSide = (r: BotPair) => market('opinion', r.opinion.title, { market_id: String(r.opinion.market_id), close_time: iso(r.cutoff_at), rules: r.opinion.rules ?? null });
  const pmSide = (r: BotPair) => {
    const g = gamma.get(r.polymarket.condition_id);
    return {
      fromSlug: !g,
      m: market('polymarket', g?.question ?? slugTitle(r.polymarket.slug), {
        market_id: r.polymarket.condition_id, close_time: g?.endDate ?? null, rules: r.polymarket.rules ?? g?.description ?? null,
      }),
    };
  };
  const pairId = (r: BotPair, s: BotPair) => `op${r.opinion.market_id}~pm${s.polymarket.condition_id.slice(0, 14)}`;
  const parent = (r: BotPair) => r.opinion.title.split(' - ')[0];
  const option = (r: BotPair) => r.opinion.title.split(' - ').slice(1).join(' - ').trim().toLowerCase();
  const windows = new Map<string, { family: Family; rows: BotPair[] }>();
  for (const r of bot) {
    const family = familyOf(parent(r));
    if (!family) continue;
    const key = `${family}|${windowOf(parent(r))}`;
    const w = windows.get(key) ?? { family, rows: [] };
    w.rows.push(r);
    windows.set(key, w);
  }
  const pairUp = (family: Family, window: string, r: BotPair, s: BotPair, formed: RoundPair['formed']) => {
    const pm = pmSide(s);
    push({ id: pairId(r, s), family, window, formed, title_from_slug: pm.fromSlug, a: opSide(r), b: pm.m });
  };
  FAMILIES.forEach((family, f) => {
    const keys = [...windows.keys()].filter((k) => windows.get(k)!.family === family).sort();
    let identical = 0;
    for (const key of seededSample(keys, keys.length, seed + f)) {
      if (identical >= TARGET_IDENTICAL) break;
      const rows = seededSample(windows.get(key)!.rows, WINDOW_ROWS, seed + f);
      const window = key.split('|')[1];
      for (const r of rows) for (const s of rows) pairUp(family, window, r, s, r === s ? 'same-row' : 'cross-row');
      identical += rows.length;
    }
  });
  // Neighbour pairs: an option of one window against the same option's Polymarket market in another
  // window of the same subject (the window's words minus its month and period words), one per option.
  const PERIOD = new RegExp(`\\b(${MONTHS}|end|of|in|on|by|the|dec|q|this|week)\\b`, 'g');
  const subject = (window: string) => window.replace(PERIOD, ' ').replace(/\s+/g, ' ').trim();
  const bySubject = new Map<string, string[]>();
  for (const [key, w] of windows) {
    const s = `${w.family}|${subject(key.split('|')[1])}`;
    bySubject.set(s, [...(bySubject.get(s) ?? []), key]);
  }
  let neighbours: RoundPair[] = [];
  for (const [s, keys] of [...bySubject].sort(([x], [y]) => x.localeCompare(y))) {
    if (keys.length < 2) continue;
    const family = s.split('|')[0] as Family;
    const sorted = [...keys].sort();
    for (let i = 0; i + 1 < sorted.length; i++) {
      const here = windows.get(sorted[i])!.rows;
      const there = windows.get(sorted[i + 1])!.rows;
      for (const r of here) {
        const twin = there.find((t) => option(t) && option(t) === option(r));
        if (twin) neighbours.push({ id: pairId(r, twin), family, window: `${sorted[i].split('|')[1]} / ${sorted[i + 1].split('|')[1]}`, formed: 'neighbour', title_from_slug: pmSide(twin).fromSlug, a: opSide(r), b: pmSide(twin).m });
      }
    }
  }
  // A seeded sample of at most 12 neighbour pairs per family: look-alikes, not the bulk of the round.
  neighbours = FAMILIES.flatMap((family, f) => seededSample(neighbours.filter((n) => n.family === family), 12, seed + 100 + f));
  for (const n of neighbours) push(n);

  // --- Kalshi-Polymarket monthly crypto one-touch ---------------------------------------------------
  const strikesFile = data('pairs/kalshi-polymarket-strikes.jsonl');
  if (existsSync(strikesFile)) {
    const rows = lines<StrikeRow>(strikesFile);
    const series = new Map<string, string>();
    if (existsSync(data('markets/kalshi/series.jsonl.gz'))) {
      for (const s of lines<{ ticker: string; title: string }>(data('markets/kalshi/series.jsonl.gz'))) series.set(s.ticker, s.title);
    }
    // Kalshi's strike line as its listings write it ("$82,500 or above"); the question is the series'
    // title (or its ticker's asset) with the strike line, the way Kalshi's monthly markets read.
    const money = (x: number) => `$${x.toLocaleString('en-US', { maximumFractionDigits: 4 })}`;
    const kalshiSide = (r: StrikeRow): RoundMarket => {
      const seriesTicker = r.kalshi_ticker.split('-')[0];
      const max = seriesTicker.includes('MAX');
      const day = /-(\d{2})([A-Z]{3})(\d{2})-/.exec(r.kalshi_ticker);
      const month = day ? 'JANFEBMARAPRMAYJUNJULAUGSEPOCTNOVDEC'.indexOf(day[2]) / 3 + 1 : 0;
      const close = day && month > 0 ? new Date(Date.UTC(2000 + Number(day[1]), month - 1, Number(day[3]), 23, 59)) : null;
      const monthName = close ? close.toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }) : '';
      const name = series.get(seriesTicker)?.trim() || `${r.asset} monthly ${max ? 'high' : 'low'}`;
      const line = `${money(r.kalshi_strike)} or ${max ? 'above' : 'below'}`;
      return market('kalshi', `${name}: ${monthName} - ${line}`, { market_id: r.kalshi_ticker, subtitle: line, close_time: close ? close.toISOString() : null });
    };
    const groups = new Map<string, StrikeRow[]>();
    for (const r of rows) {
      if (!r.poly_slug) continue;
      const key = `${r.asset}|${r.kalshi_ticker.split('-')[0].includes('MAX') ? 'max' : 'min'}`;
      groups.set(key, [...(groups.get(key) ?? []), r]);
    }
    [...groups.keys()].sort().forEach((key, g) => {
      const rs = groups.get(key)!;
      const kalshiMarkets = [...new Map(rs.map((r) => [r.kalshi_ticker, r])).values()];
      const polySlugs = [...new Map(rs.map((r) => [r.poly_slug!, r])).values()];
      const all = kalshiMarkets.flatMap((k) => polySlugs.map((p) => ({ k, p })));
      // Every pair whose two strikes are equal, plus a seeded third of the others (the window has 64).
      const equal = all.filter(({ k, p }) => k.kalshi_strike === p.poly_strike);
      const others = all.filter(({ k, p }) => k.kalshi_strike !== p.poly_strike);
      for (const { k, p } of [...equal, ...seededSample(others, Math.ceil(others.length / 3), seed + 200 + g)]) {
        push({
          id: `k${k.kalshi_ticker}~pm${p.poly_slug}`, family: 'crypto_threshold', window: `kalshi ${key.replace('|', ' ')} monthly`,
          formed: k === p ? 'same-row' : 'cross-row', title_from_slug: true,
          a: kalshiSide(k), b: market('polymarket', slugTitle(p.poly_slug!), { market_id: p.poly_slug }),
        });
      }
    });
  }
  return out;
}

/** The split of a pair: windows of each family in a seeded order, alternately tune and report. */
export function splitOf(pairs: RoundPair[], seed = FAMILY_ROUND_SEED): Map<string, 'tune' | 'report'> {
  const out = new Map<string, 'tune' | 'report'>();
  FAMILIES.forEach((family, f) => {
    const windowsOf = [...new Set(pairs.filter((p) => p.family === family).map((p) => p.window))].sort();
    const order = seededSample(windowsOf, windowsOf.length, seed + 300 + f);
    const splitByWindow = new Map(order.map((w, i) => [w, i % 2 === 0 ? 'tune' : 'report'] as const));
    for (const p of pairs) if (p.family === family) out.set(p.id, splitByWindow.get(p.window)!);
  });
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const argValue = (flag: string) => {
    const i = process.argv.indexOf(flag);
    return i >= 0 ? process.argv[i + 1] : undefined;
  };
  const dataDir = argValue('--data') ?? path.resolve('../shared/data');
  const seed = Number(argValue('--seed') ?? FAMILY_ROUND_SEED);
  const pairs = drawFamilyRound(dataDir, seed);
  if (!pairs) {
    console.error(`skipped: ${dataDir} has no pairs/opinion-polymarket.jsonl or Gamma markets (the shared data folder is not on this machine)`);
    process.exit(0);
  }
  const split = splitOf(pairs, seed);
  for (const p of pairs) console.log(JSON.stringify({ ...p, split: split.get(p.id) }));
  for (const family of FAMILIES) {
    const fp = pairs.filter((p) => p.family === family);
    console.error(`${family}: ${fp.length} pairs, ${fp.filter((p) => p.formed === 'same-row').length} same-row, ${new Set(fp.map((p) => p.window)).size} windows`);
  }
}
