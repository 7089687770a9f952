// Draws the rules round of the matcher's labelled set (round 8): pairs of real markets whose
// settlement conventions live in the rules text, listed from the real listings of the shared data by
// SHAPE and WINDOW, never by the matcher's candidate search or scores.
//
// Shapes (the look-alikes the rules tell apart) and where the shared data has them:
//   - tie_rule: "Up or Down" markets, where one venue's rules settle a tie Up ("lower than or equal
//     to") and the other's Down ("lower than"). Every Opinion row of pairs/opinion-polymarket.jsonl
//     that carries rules, against every Polymarket Up/Down market of the same asset within a week
//     (the bot pairs' Polymarket sides and the Gamma listing's daily ones).
//   - rules_both: the other rows of that file with rules on both sides (Bitcoin above a strike, NBA
//     games): every pair inside the row's window (the Opinion question without its option).
//   - settlement_event: a person's race settled on the race call (Polymarket's "win the <year>
//     election", called by AP/Fox/NBC) against the same person's inauguration (Polymarket's
//     "be inaugurated" markets of the same cycle), and the winner against another person's
//     inauguration. The shared data has this shape inside Polymarket's listing only (no Kalshi
//     office market with rules has a counterpart there), so both sides are Polymarket markets.
//   - catch_all: the next James Bond actor: Kalshi's KXBOND markets (rules: cast before 2030)
//     against Opinion's "Next James Bond actor? - X" (by June 30, 2026) and Polymarket's 2024
//     "X announced as next James Bond?" markets including "Another actor ..." (an actor other than the
//     named ones: the complement of the named options).
//   - rules_one_side: the rows of pairs/opinion-polymarket.jsonl whose Polymarket market carries its
//     rules in the Gamma listing and whose Opinion side has none (so Opinion's standing conventions
//     stand for its rules), leaving out the Opinion markets of the families round: inside a window
//     (the Opinion question without its option) every Opinion option against its own row's Polymarket
//     market and against the other rows' (all of them in a window of up to ONE_SIDE_ALL rows, else a
//     seeded ONE_SIDE_OTHERS per option). Mostly championships, conference titles and cups.
// Championship markets paying pro rata have no counterpart in the shared data (none is listed).
//
// Pairs already in the families round (test/fixtures/matching/family-round-labels.jsonl) are left out.
// The output is unlabelled; the labels (test/fixtures/matching/rules-round-labels.jsonl: id, label,
// kind, reason) were written by reading both markets' titles, close times and rules, and are joined by
// id. `npm run eval:matching` re-draws the pairs from ../shared/data.
//
// Usage: npx tsx scripts/eval/draw-rules-round.ts [--data DIR] > /tmp/rules-round.jsonl
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { jsonLinesSync } from './json-lines.js';
import { seededSample } from './seeded-sample.js';
import { slugTitle } from './polymarket-slug-title.js';
import type { RoundMarket } from './draw-family-round.js';

export const RULES_ROUND_SEED = 20261128 + 8;
export const RULE_SHAPES = ['tie_rule', 'rules_both', 'settlement_event', 'catch_all', 'rules_one_side'] as const;
/** rules_one_side: a window of up to this many rows is paired exhaustively; a larger one samples. */
const ONE_SIDE_ALL = 6;
const ONE_SIDE_OTHERS = 3;
export type RuleShape = (typeof RULE_SHAPES)[number];

export interface RulesPair {
  id: string;
  family: RuleShape;
  window: string;
  a: RoundMarket;
  b: RoundMarket;
}

interface BotPair {
  opinion: { market_id: number; title: string; rules?: string };
  polymarket: { condition_id: string; slug: string; rules?: string };
  cutoff_at: number | null;
}
interface Gamma { conditionId?: string; question?: string; endDate?: string; description?: string }
interface KalshiMarket { ticker: string; title: string; close_time: string; rules_primary?: string; rules_secondary?: string; yes_sub_title?: string }

const market = (exchange: string, title: string, extra: Partial<RoundMarket> = {}): RoundMarket => ({
  exchange, market_id: null, title, rules: null, close_time: null, outcomes: null, subtitle: null, category: null, event_id: null, ...extra,
});
const iso = (s: number | null) => (typeof s === 'number' && s > 0 ? new Date(s * 1000).toISOString() : null);
const DAY = 86_400_000;

/** The pairs of the round, or null when the shared data is not on this machine. */
export function drawRulesRound(dataDir: string, familyIds: ReadonlySet<string> = new Set()): RulesPair[] | null {
  const data = (p: string) => path.join(dataDir, p);
  if (!existsSync(data('pairs/opinion-polymarket.jsonl')) || !existsSync(data('markets/polymarket/gamma-markets.jsonl.gz'))) return null;
  const gammaAll = jsonLinesSync<Gamma>(data('markets/polymarket/gamma-markets.jsonl.gz')).filter((g) => g.conditionId && g.question);
  const gamma = new Map(gammaAll.map((g) => [g.conditionId!, g]));
  const pmOf = (g: Gamma) => market('polymarket', g.question!, { market_id: g.conditionId!, close_time: g.endDate ?? null, rules: g.description ?? null });
  const out: RulesPair[] = [];
  const seen = new Set<string>(familyIds);
  const push = (p: RulesPair) => {
    if (seen.has(p.id)) return;
    seen.add(p.id);
    out.push(p);
  };
  const bot = jsonLinesSync<BotPair>(data('pairs/opinion-polymarket.jsonl'));
  const opSide = (r: BotPair) => market('opinion', r.opinion.title, { market_id: String(r.opinion.market_id), close_time: iso(r.cutoff_at), rules: r.opinion.rules ?? null });
  const pmSide = (r: BotPair) => {
    const g = gamma.get(r.polymarket.condition_id);
    return market('polymarket', g?.question ?? slugTitle(r.polymarket.slug), { market_id: r.polymarket.condition_id, close_time: g?.endDate ?? null, rules: r.polymarket.rules ?? g?.description ?? null });
  };
  // The families round's id form: `op<Opinion id>~pm<first 14 chars of the conditionId>`, `k<ticker>`.
  const PREFIX: Record<string, string> = { opinion: 'op', polymarket: 'pm', kalshi: 'k' };
  const pairId = (a: RoundMarket, b: RoundMarket) => `${PREFIX[a.exchange]}${a.market_id!.slice(0, a.exchange === 'polymarket' ? 14 : 40)}~${PREFIX[b.exchange]}${b.market_id!.slice(0, 14)}`;

  // --- tie_rule ----------------------------------------------------------------------------------
  const upDown = /\bup or down\b/i;
  const assetOf = (title: string) => (/\b(bitcoin|ethereum|solana|xrp)\b/i.exec(title)?.[1] ?? '').toLowerCase();
  const pmUpDown: RoundMarket[] = [
    ...bot.filter((r) => upDown.test(r.opinion.title)).map(pmSide),
    // The Gamma listing's daily (one question per day, not the hourly "- July 3, 9PM ET") Up/Down markets.
    ...gammaAll.filter((g) => upDown.test(g.question!) && !/ - /.test(g.question!) && assetOf(g.question!)).map(pmOf),
  ];
  // A Polymarket side known by its slug only has no close time: its day is the title's ("... on
  // january 9"), in the year that puts it nearest the Opinion market's close.
  const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
  const dayOf = (m: RoundMarket, near: number): number => {
    if (m.close_time) return Date.parse(m.close_time);
    const d = new RegExp(`\\b(${MONTHS.join('|')}) (\\d{1,2})\\b`, 'i').exec(m.title);
    if (!d) return NaN;
    const year = new Date(near).getUTCFullYear();
    const at = (y: number) => Date.UTC(y, MONTHS.indexOf(d[1].toLowerCase()), Number(d[2]));
    return [year - 1, year, year + 1].map(at).sort((x, y) => Math.abs(x - near) - Math.abs(y - near))[0];
  };
  for (const r of bot.filter((x) => upDown.test(x.opinion.title) && x.opinion.rules)) {
    const op = opSide(r);
    const close = Date.parse(op.close_time ?? '');
    for (const pm of pmUpDown) {
      if (assetOf(pm.title) !== assetOf(op.title) || !(Math.abs(dayOf(pm, close) - close) <= 7 * DAY)) continue;
      push({ id: pairId(op, pm), family: 'tie_rule', window: `${assetOf(op.title)} up or down ${op.close_time?.slice(0, 7)}`, a: op, b: pm });
    }
  }

  // --- rules_both --------------------------------------------------------------------------------
  const withRules = bot.filter((r) => r.opinion.rules && r.polymarket.rules && !upDown.test(r.opinion.title));
  const windowOf = (r: BotPair) => (/^NBA: /.test(r.opinion.title) ? 'nba games' : r.opinion.title.split(' - ')[0].toLowerCase());
  for (const r of withRules) for (const s of withRules) {
    if (windowOf(r) !== windowOf(s)) continue;
    push({ id: pairId(opSide(r), pmSide(s)), family: 'rules_both', window: windowOf(r), a: opSide(r), b: pmSide(s) });
  }

  // --- settlement_event --------------------------------------------------------------------------
  // Race-call markets ("Will X win the 2020/2024 ... presidential election?") against inauguration
  // markets of the next January ("Will X be inaugurated ...?").
  const raceCall = gammaAll.filter((g) => /^Will (.+?) win the (2020|2024) U\.?S\.? presidential election\?$/i.test(g.question!.trim()));
  const inauguration = gammaAll.filter((g) => /^Will (.+?) be (officially )?inaugurated\b/i.test(g.question!.trim()));
  for (const race of raceCall) {
    const year = Number(/\b(2020|2024)\b/.exec(race.question!)![1]);
    for (const inaug of inauguration) {
      const inaugYear = new Date(Date.parse(inaug.endDate ?? '')).getUTCFullYear();
      // The inauguration that follows the race: January of the next year (or a market closing in late December before it).
      if (inaugYear !== year + 1 && !(inaugYear === year && /-12-/.test(inaug.endDate ?? ''))) continue;
      push({ id: pairId(pmOf(race), pmOf(inaug)), family: 'settlement_event', window: `us president ${year}`, a: pmOf(race), b: pmOf(inaug) });
    }
  }

  // --- catch_all ---------------------------------------------------------------------------------
  const kalshiFile = data('markets/kalshi/markets.jsonl.gz');
  const kalshiBond = existsSync(kalshiFile) ? jsonLinesSync<KalshiMarket>(kalshiFile).filter((k) => k.ticker.startsWith('KXBOND-')) : [];
  const kalshiSide = (k: KalshiMarket) => market('kalshi', k.title, {
    market_id: k.ticker, close_time: k.close_time, subtitle: k.yes_sub_title ?? null, rules: [k.rules_primary, k.rules_secondary].filter(Boolean).join('\n') || null,
  });
  const opBond = bot.filter((r) => /james bond actor/i.test(r.opinion.title)).map(opSide);
  const pmBond = gammaAll.filter((g) => /announced as next James Bond/i.test(g.question!)).map(pmOf);
  const lastName = (title: string) => {
    const k = /^Will (.+?) be the next James Bond/i.exec(title)?.[1] ?? / - (.+)$/.exec(title)?.[1] ?? /^(.+?) announced/i.exec(title)?.[1] ?? '';
    return k.trim().split(/\s+/).pop()!.toLowerCase();
  };
  // Every Kalshi actor against the Opinion and Polymarket market of the same actor, plus a seeded
  // sample of other actors (the near-misses), and every Kalshi actor against Polymarket's "Another actor".
  const bondOthers: RulesPair[] = [];
  for (const k of kalshiBond.map(kalshiSide)) {
    for (const other of [...opBond, ...pmBond]) {
      const pair = { id: pairId(k, other), family: 'catch_all' as const, window: 'next james bond actor', a: k, b: other };
      if (/^another actor/i.test(other.title) || lastName(other.title) === lastName(k.title)) push(pair);
      else bondOthers.push(pair);
    }
  }
  for (const p of seededSample(bondOthers, 24, RULES_ROUND_SEED)) push(p);
  // Opinion's actors against Polymarket's 2024 markets of the same actor and its "Another actor".
  for (const o of opBond) for (const p of pmBond) if (/^another actor/i.test(p.title) || lastName(o.title) === lastName(p.title)) {
    push({ id: pairId(o, p), family: 'catch_all', window: 'next james bond actor', a: o, b: p });
  }

  // --- rules_one_side ----------------------------------------------------------------------------
  const familyOpinionIds = new Set([...familyIds].map((id) => id.split('~')[0]));
  const oneSide = bot.filter((r) => !r.opinion.rules && !familyOpinionIds.has(`op${r.opinion.market_id}`) && (r.polymarket.rules ?? gamma.get(r.polymarket.condition_id)?.description));
  const oneSideWindows = new Map<string, BotPair[]>();
  for (const r of oneSide) {
    const w = r.opinion.title.split(' - ')[0].trim().toLowerCase();
    oneSideWindows.set(w, [...(oneSideWindows.get(w) ?? []), r]);
  }
  for (const [w, rows] of [...oneSideWindows].sort(([x], [y]) => x.localeCompare(y))) {
    rows.forEach((r, i) => {
      const others = rows.filter((s) => s !== r && s.polymarket.condition_id !== r.polymarket.condition_id);
      const drawn = rows.length <= ONE_SIDE_ALL ? others : seededSample(others, ONE_SIDE_OTHERS, RULES_ROUND_SEED + 100 + i);
      for (const s of [r, ...drawn]) push({ id: pairId(opSide(r), pmSide(s)), family: 'rules_one_side', window: w, a: opSide(r), b: pmSide(s) });
    });
  }
  return out;
}

/** The split of a pair: alternating tune/report in a seeded order within each shape. */
export function rulesSplitOf(pairs: RulesPair[], seed = RULES_ROUND_SEED): Map<string, 'tune' | 'report'> {
  const out = new Map<string, 'tune' | 'report'>();
  RULE_SHAPES.forEach((shape, f) => {
    const ids = pairs.filter((p) => p.family === shape).map((p) => p.id).sort();
    seededSample(ids, ids.length, seed + f).forEach((id, i) => out.set(id, i % 2 === 0 ? 'tune' : 'report'));
  });
  return out;
}

/** Ids of the families round's pairs, which this round leaves out. */
export function familyRoundIds(file = 'test/fixtures/matching/family-round-labels.jsonl'): Set<string> {
  if (!existsSync(file)) return new Set();
  return new Set(readFileSync(file, 'utf8').split('\n').filter((l) => l.trim()).map((l) => (JSON.parse(l) as { id: string }).id));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const i = process.argv.indexOf('--data');
  const dataDir = i >= 0 ? process.argv[i + 1] : path.resolve('../shared/data');
  const pairs = drawRulesRound(dataDir, familyRoundIds());
  if (!pairs) {
    console.error(`skipped: ${dataDir} has no pairs/opinion-polymarket.jsonl or Gamma markets (the shared data folder is not on this machine)`);
    process.exit(0);
  }
  const split = rulesSplitOf(pairs);
  for (const p of pairs) console.log(JSON.stringify({ ...p, split: split.get(p.id) }));
  for (const shape of RULE_SHAPES) console.error(`${shape}: ${pairs.filter((p) => p.family === shape).length} pairs`);
}
