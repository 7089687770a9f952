/**
 * The pair judge: decides whether two markets ask the same question (`identical`), a neighbouring one
 * (`related`, with its kind) or another one (`different`), with the decisive reasons. The clustering
 * job and `npm run match:pairs` both call `judgePair`, so the audit tool scores exactly what the job
 * links.
 *
 * Order of the decision: the subject must agree (same entities, same match-up, no name on both sides
 * that the other never mentions, enough shared words); then every hard veto is checked (candidate and
 * catch-all option, backed side of a match-up, rate decision, generational suffix, office, place,
 * conditional, stage, metric, source, outcome structure, direction, unit, comparator, strike (also a
 * count of things on one side), date/window (also an earlier instance of an open market), another
 * game, settlement terms the rules state differently (settlement-rules.ts)); a pair that passes them
 * all is `identical` only when its similarity (embeddings when given, shared words otherwise) reaches IDENTICAL_THRESHOLD, or ANCHORED_THRESHOLD when a precise feature
 * agrees. A veto on a pair whose subject agrees yields
 * `related` with the veto's kind (or `different` for another game), never `identical`.
 *
 * Measured on the labelled set (bench/HISTORY.md, "Matching quality"): on the fresh held-out round
 * (`test2`, never tuned on) identity precision 0.973 and recall 0.877.
 *
 * Pure and fast: fingerprints are cached per market object (WeakMap), so the job pays for each market's
 * parse once however many candidates it is judged against.
 */
import { fingerprint, isStopWord, type Comparator, type Fingerprint } from './fingerprint.js';
import { calibratedConfidence } from './calibration.js';
import { settlementVeto } from './settlement-rules.js';
import type { MatchMarket, PairVerdict, RelatedKind } from './types.js';

export interface PairSimilarity {
  /** Cosine similarity of the two title embeddings (0..1), null when unknown. */
  title: number | null;
  /** Cosine similarity of the two rules embeddings (0..1), null when a rules text is missing. */
  rules: number | null;
}

/**
 * The judge's version, stored with the links it makes: change it whenever verdicts or confidences
 * change (a veto, a threshold, a refitted calibration), so the matching job re-judges every market once.
 */
export const JUDGE_VERSION = '2026-11-28.macro-buckets-1';

/** Score at or above which a pair with no veto is `identical`. Tuned on the dev half of the labelled set. */
export const IDENTICAL_THRESHOLD = 0.8;
/**
 * A lower bar for pairs anchored by a precise feature both sides state alike (the same strike, the
 * same day or month, the option of one named in the other, the same match-up): venues word one
 * question very differently ("ECB Rates Decision: March 2026 - Increase" vs "Will the ECB announce
 * an increase at the March 2026 meeting?"), and the anchor is what makes them the same.
 */
export const ANCHORED_THRESHOLD = 0.68;
/**
 * Two independent precise features agreeing (the same decision and the same meeting month; the same
 * strike and the same window) pin the question down whatever the wording around them.
 */
export const DOUBLY_ANCHORED_THRESHOLD = 0.6;
/** Below this subject score two markets are about different things (no `related` link either). */
const SUBJECT_FLOOR = 0.35;
/** Days two close times may differ, when no title names a date, before the windows count as different. */
const CLOSE_TOLERANCE_DAYS = 21;
/**
 * A market without a close time (PredictIt lists open contracts with none) is a question of now: one
 * that closed more than this many days before the time of judgement, with no date in either title, is
 * an earlier instance of it ("the Democratic nomination in NY-10": the 2022 primary vs the 2026 one).
 */
const EARLIER_INSTANCE_DAYS = 365;

/** What the judge knows besides the two markets and their similarity. */
export interface JudgeOptions {
  /** The time of judgement (ms since the epoch); null turns the earlier-instance check off. */
  asOfMs?: number | null;
}

const cache = new WeakMap<MatchMarket, Fingerprint>();

/** The fingerprint of a market, computed once per market object. */
export function cachedFingerprint(m: MatchMarket): Fingerprint {
  let fp = cache.get(m);
  if (!fp) {
    fp = fingerprint(m);
    cache.set(m, fp);
  }
  return fp;
}

export function judgePair(a: MatchMarket, b: MatchMarket, similarity: PairSimilarity, options: JudgeOptions = {}): PairVerdict {
  return judgeFingerprints(cachedFingerprint(a), cachedFingerprint(b), similarity, options);
}

// ---------------------------------------------------------------------------------------------------

function stemWord(token: string): string {
  if (token.length > 4 && token.endsWith('ies')) return token.slice(0, -3) + 'y';
  if (token.length > 3 && token.endsWith('s') && !token.endsWith('ss')) return token.slice(0, -1);
  return token;
}

/** Do two match-ups name the same two sides (in either order)? */
function sameMatchup(x: [string[], string[]], y: [string[], string[]]): boolean {
  // A shared word, or a shared 5-letter start ("Hamburg" = "Hamburger SV").
  const meets = (p: string[], q: string[]) => p.some((w) => q.some((v) => v === w || (w.length >= 5 && v.length >= 5 && v.slice(0, 5) === w.slice(0, 5))));
  return (meets(x[0], y[0]) && meets(x[1], y[1])) || (meets(x[0], y[1]) && meets(x[1], y[0]));
}

function intersectCount(a: readonly string[], b: readonly string[]): number {
  // Both sorted: merge walk.
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      n++;
      i++;
      j++;
    } else if (a[i] < b[j]) i++;
    else j++;
  }
  return n;
}

function dice(a: readonly string[], b: readonly string[]): number {
  if (a.length + b.length === 0) return 0;
  return (2 * intersectCount(a, b)) / (a.length + b.length);
}

function direction(c: Comparator | null): 'up' | 'down' | null {
  if (c === '>' || c === '>=' || c === 'touch_up') return 'up';
  if (c === '<' || c === '<=' || c === 'touch_down') return 'down';
  return null;
}

function sameNumber(x: number, y: number): boolean {
  return Math.abs(x - y) <= 1e-9 * Math.max(1, Math.abs(x), Math.abs(y));
}

function fmt(n: number): string {
  return Number.isInteger(n) ? String(n) : String(Number(n.toPrecision(6)));
}

const LAST_DAY = [0, 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The last day a window date covers: 2025 -> 2025-12-31, 2025-06 -> 2025-06-30, 2025-Q2 -> 2025-06-30. */
function windowEnd(date: string): string | null {
  if (date.includes('?')) return null;
  const q = /^(\d{4})-Q([1-4])$/.exec(date);
  if (q) {
    const mo = Number(q[2]) * 3;
    return `${q[1]}-${String(mo).padStart(2, '0')}-${LAST_DAY[mo]}`;
  }
  if (/^\d{4}$/.test(date)) return `${date}-12-31`;
  if (/^\d{4}-\d{2}$/.test(date)) return `${date}-${LAST_DAY[Number(date.slice(5, 7))]}`;
  return date;
}

function dayDiff(x: string, y: string): number {
  return Math.abs(Date.parse(`${x.slice(0, 10)}T00:00:00Z`) - Date.parse(`${y.slice(0, 10)}T00:00:00Z`)) / 86_400_000;
}

/** Fills a yearless date ("????-12-31") with the other side's year. */
function withYear(date: string, other: string): string {
  return date.startsWith('????') && /^\d{4}/.test(other) ? other.slice(0, 4) + date.slice(4) : date;
}

/** Why two windows differ, or null when they name the same window. */
function windowVeto(a: Fingerprint, b: Fingerprint, asOfMs: number | null = null): string | null {
  const wa = a.window;
  const wb = b.window;
  if (wa && wb) {
    const da = withYear(wa.date, wb.date);
    const db = withYear(wb.date, wa.date);
    const ea = windowEnd(da);
    const eb = windowEnd(db);
    // Neither year known ("in November" vs "in December", no close times): compare what is written.
    if (!ea || !eb) return da.includes('?') && db.includes('?') && da.length === db.length && da !== db ? `date ${da} vs ${db}` : null;
    // "on Dec 31" (at a moment) vs "by Dec 31" (any time before) are different predicates.
    const pointA = wa.kind === 'on';
    const pointB = wb.kind === 'on';
    if (ea !== eb) {
      // "End of January" on one venue is "on January 30" (the last trading day) on another.
      const monthEnd = (w: { kind: string; date: string }, d: string, other: string) =>
        w.kind === 'end_of' && d.length === 7 && other.length === 10 && other.startsWith(d) && dayDiff(windowEnd(d)!, other) <= 3;
      if (monthEnd(wa, da, db) || monthEnd(wb, db, da)) return null;
      return `date ${da} vs ${db}`;
    }
    if (pointA !== pointB && da.length === 10 && db.length === 10) return `window ${wa.kind} ${da} vs ${wb.kind} ${db}`;
    // "in June 2025" (the month) vs "by June 30, 2025" (from now until then): not the same window
    // when one is the whole month and the other a deadline... but venues word the same monthly
    // question both ways, so only a point ("on") vs a period counts.
    return null;
  }
  // One side names a window (a year, a month) and the other neither a window nor a close time: the
  // latter is a question of now, so a window that ended long before the time of judgement is an
  // earlier edition ("Super Bowl 2025", resolved, vs "the Super Bowl?" on a venue without close times).
  if ((wa === null) !== (wb === null) && asOfMs !== null) {
    const [windowed, open] = wa ? [a, b] : [b, a];
    const end = windowed.closeMs ?? (windowEnd(windowed.window!.date) ? Date.parse(`${windowEnd(windowed.window!.date)}T23:59:59Z`) : null);
    if (open.closeMs === null && end !== null && asOfMs - end > EARLIER_INSTANCE_DAYS * 86_400_000) {
      return `ended ${new Date(end).toISOString().slice(0, 10)} vs open with no close time (an earlier instance)`;
    }
  }
  // One side names a window, the other has only its close time: the close must fall inside the
  // window (a year or month window may close any time in it, an event early) and not long after it.
  const w = wa ?? wb;
  const other = wa ? b : a;
  if (w && other.closeDay) {
    const date = withYear(w.date, other.closeDay);
    const end = windowEnd(date);
    if (!end) return null;
    const start = date.length === 4 ? `${date}-01-01` : date.length === 7 ? `${date}-01` : date.includes('Q') ? null : date;
    const close = Date.parse(`${other.closeDay}T00:00:00Z`);
    const tooLate = close - Date.parse(`${end}T00:00:00Z`) > 45 * 86_400_000;
    // A venue that closes a year-long question early is common; one that closes before a day-precise
    // date by more than a month asks about another day.
    const tooEarly = start !== null && date.length === 10 && Date.parse(`${start}T00:00:00Z`) - close > 45 * 86_400_000;
    const yearBefore = date.length >= 4 && Number(other.closeDay.slice(0, 4)) < Number(date.slice(0, 4));
    if (tooLate || tooEarly || yearBefore) return `date ${date} vs closes ${other.closeDay}`;
    return null;
  }
  // One game: a venue closes at the game or some days after it (its convention, in its descriptor:
  // Kalshi 14); any other gap is another game of the same teams or players.
  if (!wa && !wb && (a.eventTimed || b.eventTimed) && a.closeMs !== null && b.closeMs !== null) {
    const raw = Math.abs(a.closeMs - b.closeMs) / 86_400_000;
    const byConvention = Math.abs(a.closeMs - b.closeMs - (a.gameCloseLagDays - b.gameCloseLagDays) * 86_400_000) / 86_400_000;
    const lag = Math.max(a.gameCloseLagDays, b.gameCloseLagDays);
    if (raw > 1.5 && byConvention > 1.5) return `game closes ${a.closeDay} vs ${b.closeDay}${lag ? ` (the venue's convention: ${lag} days after the game)` : ''} (another game)`;
    return null;
  }
  if (!wa && !wb && asOfMs !== null && (a.closeMs === null) !== (b.closeMs === null)) {
    const closed = a.closeMs === null ? b : a;
    if (asOfMs - closed.closeMs! > EARLIER_INSTANCE_DAYS * 86_400_000) return `closed ${closed.closeDay} vs open with no close time (an earlier instance)`;
  }
  if (!wa && !wb && a.closeDay && b.closeDay && dayDiff(a.closeDay, b.closeDay) > CLOSE_TOLERANCE_DAYS) {
    return `closes ${a.closeDay} vs ${b.closeDay}`;
  }
  return null;
}

// Metrics that change the question even when only one side names them ("win" vs "finish second",
// "win" vs "win by 2+", "win" vs "popular vote"); price-path metrics (high/low/close) are often
// implied, so they veto only when both sides name different ones.
const ONE_SIDED_METRICS = new Set(['popular_vote', 'electoral_college', 'nominee', 'place', 'margin', 'total', 'exact_score', 'btts', 'qualify', 'album_chart', 'endorsement', 'mention', 'departure', 'tenure', 'dissent', 'ending']);
// Stages that change the question even when only one side names them; "final(s)", "playoffs" and
// "conference" often name the championship itself ("win the NBA Finals" = NBA champion).
const ONE_SIDED_STAGES = new Set(['first_round', 'second_round', 'runoff', 'primary', 'semifinal', 'quarterfinal', 'group_stage', 'first_half', 'second_half']);
const INCLUSIVE_MATTERS = new Set(['count', 'pct', 'bps']);
/** Alias keys that name a kind of question (an office, a party, a league, an indicator), not who it is about. */
const GENERIC_KEYS = new Set(['president', 'senate', 'house', 'republican', 'democrat', 'cpi', 'gdp', 'unemployment', 'ratecut', 'ratehike', 'nba', 'nfl', 'mlb', 'nhl', 'superbowl', 'worldseries', 'stanleycup', 'championsleague', 'premierleague', 'worldcup', 'oscars', 'grammys']);

interface Veto {
  veto: string;
  kind: RelatedKind;
  reason: string;
  /** The veto shows two different things, not two questions about one (another game). */
  different?: boolean;
}

function findVeto(a: Fingerprint, b: Fingerprint, asOfMs: number | null): Veto | null {
  // Candidate of a multi-outcome event.
  if (a.candidate && b.candidate && a.candidate !== b.candidate) {
    return { veto: 'candidate', kind: 'same_event', reason: `veto: candidate ${a.candidate} vs ${b.candidate}` };
  }
  for (const [x, y] of [
    [a, b],
    [b, a],
  ] as const) {
    // A rate decision's option ("Decrease rates", "No change") is compared as the decision below.
    if (x.candidate && !y.candidate && !(x.decision && x.decision === y.decision)) {
      const words = x.candidate.split(/[^a-z0-9]+/).filter((w) => w.length > 2);
      if (words.length && !optionNamed(x.candidate, y)) return { veto: 'candidate', kind: 'same_event', reason: `veto: candidate ${x.candidate} not in the other question` };
      // An option of one or two letters (a ticker "X", "AI") must be a word of the other question.
      if (/^[a-z]{1,2}$/.test(x.candidate) && !y.shortWords.includes(x.candidate)) {
        return { veto: 'candidate', kind: 'same_event', reason: `veto: candidate ${x.candidate} not in the other question` };
      }
    }
  }
  // The catch-all outcome ("another ticker", "Other") is not any named option of the same event.
  if (a.catchAll !== b.catchAll && (a.candidate || b.candidate)) {
    const [x, y] = a.catchAll ? [a, b] : [b, a];
    return { veto: 'candidate', kind: 'same_event', reason: `veto: candidate ${y.candidate ?? 'named'} vs the catch-all ${x.candidate ?? 'other'}` };
  }
  // An option that names one side of a match-up vs a question backing the other side ("Jake Paul vs.
  // Anthony Joshua - Jake Paul" vs "Will Anthony Joshua win ... against Jake Paul?"): both names appear
  // on both sides, so only who is backed tells them apart.
  for (const [x, y] of [
    [a, b],
    [b, a],
  ] as const) {
    if (x.candidate && !y.candidate && y.backs && !x.catchAll) {
      const words = x.candidate.split(/[^a-z0-9]+/).filter((w) => w.length > 2).map(stemWord);
      // The option is a side: the other question names it, and so does this one's match-up if it has one
      // ("T1 vs Gen.G - Match Winner" names no side).
      const isSide = words.length > 0 && words.every((w) => y.tokens.includes(w) || y.names.includes(w)) && (!x.matchup || x.matchup.some((side) => words.every((w) => side.includes(w))));
      const backed = words.some((w) => y.backs!.some((v) => v === w || (w.length >= 3 && v.length >= 3 && (v.startsWith(w.slice(0, 3)) || w.startsWith(v.slice(0, 3))))));
      if (isSide && !backed) {
        return { veto: 'candidate', kind: a.matchup || b.matchup ? 'complementary' : 'same_event', reason: `veto: candidate ${x.candidate} vs ${y.backs.join(' ')} (the side the other question backs)` };
      }
    }
  }
  // A rate decision's outcome: a hold is not a cut, a cut is not a hike.
  if (a.decision && b.decision && a.decision !== b.decision) {
    return { veto: 'decision', kind: 'same_event', reason: `veto: decision ${a.decision} vs ${b.decision}` };
  }
  if (a.generation !== b.generation) {
    return { veto: 'candidate', kind: 'same_event', reason: `veto: candidate ${a.generation ?? 'no suffix'} vs ${b.generation ?? 'no suffix'} (another person)` };
  }
  // A party's nomination for a state race is decided by its primary ("the Texas Republican Senate
  // nomination" = "the Texas Republican primary"); a presidential primary in one state is not the nomination.
  const primaryIsNomination =
    !a.tokens.includes('president') && !b.tokens.includes('president') &&
    ((a.stage === 'primary' && a.metric === null && b.metric === 'nominee' && b.stage === null) ||
      (b.stage === 'primary' && b.metric === null && a.metric === 'nominee' && a.stage === null));
  if (a.office && b.office && a.office !== b.office) {
    return { veto: 'office', kind: 'same_event', reason: `veto: office ${a.office} vs ${b.office}` };
  }
  // Another state matters for races and offices; elsewhere a state name is often part of a club's name.
  if ((a.office || b.office) && (a.places.length || b.places.length) && (a.places.length !== b.places.length || a.places.some((p, i) => p !== b.places[i]))) {
    return { veto: 'place', kind: 'same_event', reason: `veto: place ${a.places.join('+') || 'none'} vs ${b.places.join('+') || 'none'}` };
  }
  if (a.conditional !== b.conditional) {
    return { veto: 'conditional', kind: 'same_event', reason: 'veto: conditional vs unconditional question' };
  }
  const oneSidedStage = (x: string | null) => x !== null && (ONE_SIDED_STAGES.has(x) || /^(?:map|game|set)_/.test(x));
  if (!primaryIsNomination && a.stage !== b.stage && ((a.stage && b.stage) || oneSidedStage(a.stage) || oneSidedStage(b.stage))) {
    return { veto: 'stage', kind: 'same_event', reason: `veto: stage ${a.stage ?? 'none'} vs ${b.stage ?? 'none'}` };
  }
  if (a.metric !== b.metric && !primaryIsNomination) {
    const oneSided = ONE_SIDED_METRICS.has(a.metric ?? '') || ONE_SIDED_METRICS.has(b.metric ?? '');
    if ((a.metric && b.metric) || oneSided) {
      return { veto: 'metric', kind: 'same_event', reason: `veto: metric ${a.metric ?? 'none'} vs ${b.metric ?? 'none'}` };
    }
  }
  if (a.source && b.source && a.source !== b.source) {
    return { veto: 'source', kind: 'same_event', reason: `veto: source ${a.source} vs ${b.source}` };
  }
  if (a.structure && b.structure && a.structure !== b.structure && !a.candidate && !b.candidate) {
    return { veto: 'structure', kind: 'same_event', reason: `veto: outcome structure ${a.structure} vs ${b.structure}` };
  }

  // Threshold questions.
  const da = direction(a.comparator);
  const db = direction(b.comparator);
  const sameStrike =
    a.thresholds.length > 0 &&
    a.thresholds.length === b.thresholds.length &&
    a.thresholds.every((t, i) => sameNumber(t, b.thresholds[i]));
  if (da && db && da !== db) {
    return {
      veto: 'direction',
      kind: sameStrike ? 'complementary' : 'other_strike',
      reason: `veto: direction ${a.comparator} ${a.thresholds.map(fmt).join('-')} vs ${b.comparator} ${b.thresholds.map(fmt).join('-')}`,
    };
  }
  if (a.thresholds.length && b.thresholds.length) {
    if (a.unit && b.unit && a.unit !== b.unit && a.unit !== 'count' && b.unit !== 'count') {
      return { veto: 'unit', kind: 'same_event', reason: `veto: unit ${a.unit} vs ${b.unit}` };
    }
    if (a.band !== b.band || (a.comparator !== null && b.comparator !== null && (a.comparator === '=') !== (b.comparator === '='))) {
      return { veto: 'comparator', kind: 'other_strike', reason: `veto: comparator ${a.band ? 'between' : a.comparator} vs ${b.band ? 'between' : b.comparator}` };
    }
    if (!sameStrike) {
      const kind: RelatedKind = !a.band && da && da === db ? 'implies' : 'other_strike';
      return { veto: 'strike', kind, reason: `veto: strike ${a.thresholds.map(fmt).join('-')} vs ${b.thresholds.map(fmt).join('-')}` };
    }
    const strictVsInclusive =
      (a.comparator === '>' && b.comparator === '>=') ||
      (a.comparator === '>=' && b.comparator === '>') ||
      (a.comparator === '<' && b.comparator === '<=') ||
      (a.comparator === '<=' && b.comparator === '<');
    if (strictVsInclusive && INCLUSIVE_MATTERS.has(a.unit ?? 'count')) {
      return { veto: 'comparator', kind: 'other_strike', reason: `veto: comparator ${a.comparator} vs ${b.comparator} at ${a.thresholds.map(fmt).join('-')}` };
    }
    // "reach X any time" vs "above X on a date": intraday high vs close.
    const touchVsPoint =
      (a.comparator === 'touch_up' || a.comparator === 'touch_down') !== (b.comparator === 'touch_up' || b.comparator === 'touch_down') &&
      (a.window?.kind === 'on' || b.window?.kind === 'on' || a.metric === 'close' || b.metric === 'close');
    if (touchVsPoint) {
      return { veto: 'metric', kind: 'same_event', reason: `veto: metric intraday (${a.comparator}) vs at a time (${b.comparator})` };
    }
  } else if (a.thresholds.length !== b.thresholds.length) {
    const one = a.thresholds.length ? a : b;
    // A strike on one side only: a money or rate strike, or any strike with a stated comparator
    // ("at least 16 tracks"), is a question the other side does not ask.
    // So is a count of things ("strike 3 countries" is not "strike Iran").
    if (one.unit === 'usd' || one.unit === 'pct' || one.unit === 'bps' || one.unit === 'eur' || one.comparator !== null || one.countOf !== null) {
      return { veto: 'strike', kind: 'same_event', reason: `veto: strike ${one.thresholds.map(fmt).join('-')} ${one.unit} on one side only` };
    }
  }

  const w = windowVeto(a, b, asOfMs);
  if (w) return { veto: 'date', kind: 'other_date', reason: `veto: ${w}`, different: w.endsWith('(another game)') };
  // Look-alikes the rules tell apart (a tie rule, race call vs inauguration, pro rata vs winner, the
  // catch-all "someone other than X"): the reason quotes the sentence of each market.
  const rules = settlementVeto(a.settlement, b.settlement, a.exchange, b.exchange);
  if (rules) return { veto: 'rules', kind: 'same_event', reason: `veto: ${rules}` };
  return null;
}

/** The subject agreement of two questions, 0..1, and why it fails when it does. */
function subjectScore(a: Fingerprint, b: Fingerprint): { score: number; mismatch: string | null; candidate: string | null } {
  const words = dice(a.tokens, b.tokens);
  let mismatch: string | null = null;
  let candidate: string | null = null;
  if (a.matchup && b.matchup && !sameMatchup(a.matchup, b.matchup)) {
    return { score: words, mismatch: `match-up ${a.matchup.map((t) => t.join(' ')).join(' v ')} vs ${b.matchup.map((t) => t.join(' ')).join(' v ')}`, candidate: null };
  }
  if (a.entities.length && b.entities.length) {
    const shared = intersectCount(a.entities, b.entities);
    if (shared === 0) mismatch = `subject ${a.entities.join('+')} vs ${b.entities.join('+')}`;
    else if (shared < Math.min(a.entities.length, b.entities.length)) {
      const onlyA = a.entities.filter((e) => !b.entities.includes(e));
      const onlyB = b.entities.filter((e) => !a.entities.includes(e));
      if (onlyA.length && onlyB.length) candidate = `${onlyA.join('+')} vs ${onlyB.join('+')}`;
    }
  }
  if (!mismatch && !a.matchup && !b.matchup && a.names.length && b.names.length) {
    // Each side names someone the other does not mention at all ("Will Canada win ..." vs "Will
    // Country E win ..."): another candidate. Shared boilerplate names (ICC, NBA) do not make them
    // agree; a name written as a plain word or an abbreviation on the other side does.
    // A country, person, team or company written as an alias key counts as a name ("United States" is
    // the key "us"; "United Arab Emirates" leaves the names "arab emirates").
    const unmatched = (x: Fingerprint, y: Fingerprint) => [
      ...x.names.filter((n) => !y.names.includes(n) && !y.tokens.includes(n) && !y.names.some((o) => o.length >= 3 && n.length >= 3 && (o.startsWith(n.slice(0, 3)) || n.startsWith(o.slice(0, 3))))),
      ...x.entities.filter((e) => !GENERIC_KEYS.has(e) && !y.entities.includes(e) && !y.tokens.includes(e)),
    ];
    const onlyA = unmatched(a, b);
    const onlyB = unmatched(b, a);
    if (onlyA.length && onlyB.length) candidate ??= `${onlyA.join('+')} vs ${onlyB.join('+')}`;
  }
  // Another candidate of the same event shares the rest of the question ("Will X win the 2028
  // election?" vs "Will Y win ..."); without that, two different names are two subjects.
  if (candidate) {
    const rest = (f: Fingerprint) => f.tokens.filter((t) => !f.entities.includes(t) && !f.names.includes(t));
    if (dice(rest(a), rest(b)) < 0.5) {
      mismatch = `subject ${candidate}`;
      candidate = null;
    }
  }
  return { score: words, mismatch, candidate };
}

/**
 * The verdict with its confidence calibrated: the probability, measured on the labelled sets, that a
 * verdict of this relation and raw confidence is right (calibration.ts); the raw one is kept beside it.
 */
export function judgeFingerprints(a: Fingerprint, b: Fingerprint, similarity: PairSimilarity, options: JudgeOptions = {}): PairVerdict {
  const verdict = judgeRaw(a, b, similarity, options);
  return { ...verdict, confidence: calibratedConfidence(verdict.relation, verdict.confidence), rawConfidence: verdict.confidence };
}

function judgeRaw(a: Fingerprint, b: Fingerprint, similarity: PairSimilarity, options: JudgeOptions): PairVerdict {
  const subject = subjectScore(a, b);
  const reasons: string[] = [];
  // The similarity score: embeddings when present, shared words always.
  let score: number;
  if (similarity.title !== null && similarity.rules !== null) score = 0.55 * similarity.title + 0.2 * similarity.rules + 0.25 * subject.score;
  else if (similarity.title !== null) score = 0.7 * similarity.title + 0.3 * subject.score;
  else score = subject.score;
  score = Math.max(0, Math.min(1, score));
  const sameSubject = !subject.mismatch && (subject.score >= SUBJECT_FLOOR || (similarity.title ?? 0) >= 0.75);

  if (subject.mismatch || !sameSubject) {
    reasons.push(subject.mismatch ? `veto: ${subject.mismatch}` : `different subject (shared words ${subject.score.toFixed(2)})`);
    return { relation: 'different', kind: null, confidence: round(0.6 + 0.4 * (1 - score)), reasons, veto: subject.mismatch ? 'subject' : null };
  }
  if (subject.candidate) {
    reasons.push(`veto: candidate ${subject.candidate}`);
    return { relation: 'related', kind: 'same_event', confidence: round(0.6 + 0.3 * score), reasons, veto: 'candidate' };
  }
  const veto = findVeto(a, b, options.asOfMs ?? null);
  if (veto?.different) {
    reasons.push(veto.reason);
    return { relation: 'different', kind: null, confidence: round(0.7 + 0.2 * score), reasons, veto: veto.veto };
  }
  if (veto) {
    reasons.push(veto.reason, `same subject (${score.toFixed(2)})`);
    return { relation: 'related', kind: veto.kind, confidence: round(0.7 + 0.25 * score), reasons, veto: veto.veto };
  }
  const anchors = anchorsOf(a, b);
  if (score >= IDENTICAL_THRESHOLD || (anchors.length > 0 && score >= ANCHORED_THRESHOLD) || (anchors.length > 1 && score >= DOUBLY_ANCHORED_THRESHOLD)) {
    reasons.push(`same subject and predicate (score ${score.toFixed(2)})`);
    for (const anchor of anchors) if (!anchor.startsWith('same strike') && !anchor.startsWith('same window')) reasons.push(anchor);
    if (a.thresholds.length) reasons.push(`same strike ${a.comparator ?? ''} ${a.thresholds.map(fmt).join('-')} ${a.unit ?? ''}`.replace(/\s+/g, ' ').trim());
    if (a.window && b.window) reasons.push(`same window ${a.window.date}`);
    return { relation: 'identical', kind: null, confidence: round(Math.min(0.99, 0.5 + score / 2)), reasons, veto: null };
  }
  reasons.push(`similar but not the same question (score ${score.toFixed(2)} < ${IDENTICAL_THRESHOLD})`);
  return { relation: 'different', kind: null, confidence: round(0.5 + 0.5 * (IDENTICAL_THRESHOLD - score)), reasons, veto: null };
}

/** The precise features both sides state alike (see ANCHORED_THRESHOLD). */
function anchorsOf(a: Fingerprint, b: Fingerprint): string[] {
  const out: string[] = [];
  if (a.thresholds.length && a.thresholds.length === b.thresholds.length && a.thresholds.every((t, i) => sameNumber(t, b.thresholds[i]))) {
    out.push(`same strike ${a.thresholds.map(fmt).join('-')}`);
  }
  if (a.window && b.window && a.window.date.length >= 7 && b.window.date.length >= 7 && !windowVeto(a, b)) out.push(`same window ${a.window.date}`);
  for (const [x, y] of [
    [a, b],
    [b, a],
  ] as const) {
    if (!x.candidate) continue;
    const words = x.candidate.split(/[^a-z0-9]+/).filter((w) => w.length > 2);
    if (words.length && optionNamed(x.candidate, y)) {
      out.push(`option "${x.candidate}" named on both sides`);
      break;
    }
  }
  if (a.matchup && b.matchup) out.push('same match-up');
  if (a.decision && a.decision === b.decision) out.push(`same decision ${a.decision}`);
  return out;
}

/**
 * Whether the other question names an option: its most distinctive words (the longest, all of them
 * when several tie) appear there. "Kevin Hassett" is not "Kevin Warsh" though both say Kevin; a slug
 * that mangles accents ("yichir tamaki") still carries the surname.
 */
function optionNamed(option: string, y: Fingerprint): boolean {
  const words = option.split(/[^a-z0-9]+/).filter((w) => w.length > 2 && !isStopWord(w));
  const longest = Math.max(0, ...words.map((w) => w.length));
  return words.filter((w) => w.length === longest).every((w) => [w, stemWord(w)].some((f) => y.tokens.includes(f) || y.names.includes(f) || y.entities.includes(f)));
}

function round(x: number): number {
  return Math.round(Math.max(0, Math.min(1, x)) * 1000) / 1000;
}
