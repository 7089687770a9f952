/**
 * The pair judge: decides whether two markets ask the same question (`identical`), a neighbouring one
 * (`related`, with its kind) or another one (`different`), with the decisive reasons. The clustering
 * job and `npm run match:pairs` both call `judgePair`, so the audit tool scores exactly what the job
 * links.
 *
 * Order of the decision: the subject must agree (same entities/names, enough shared words); then every
 * hard veto is checked (candidate, conditional, stage, metric, source, direction, comparator, strike,
 * unit, date/window, outcome structure); a pair that passes them all is `identical` only when its
 * similarity (embeddings when given, shared words otherwise) is high enough. A veto on a pair whose
 * subject agrees yields `related` with the veto's kind, never `identical`.
 *
 * Pure and fast: fingerprints are cached per market object (WeakMap), so the job pays for each market's
 * parse once however many candidates it is judged against.
 */
import { fingerprint, type Comparator, type Fingerprint } from './fingerprint.js';
import type { MatchMarket, PairVerdict, RelatedKind } from './types.js';

export interface PairSimilarity {
  /** Cosine similarity of the two title embeddings (0..1), null when unknown. */
  title: number | null;
  /** Cosine similarity of the two rules embeddings (0..1), null when a rules text is missing. */
  rules: number | null;
}

/** Score at or above which a pair with no veto is `identical`. Tuned on the dev half of the labelled set. */
export const IDENTICAL_THRESHOLD = 0.8;
/** Below this subject score two markets are about different things (no `related` link either). */
const SUBJECT_FLOOR = 0.35;
/** Days two close times may differ, when no title names a date, before the windows count as different. */
const CLOSE_TOLERANCE_DAYS = 21;

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

export function judgePair(a: MatchMarket, b: MatchMarket, similarity: PairSimilarity): PairVerdict {
  return judgeFingerprints(cachedFingerprint(a), cachedFingerprint(b), similarity);
}

// ---------------------------------------------------------------------------------------------------

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
function windowVeto(a: Fingerprint, b: Fingerprint): string | null {
  const wa = a.window;
  const wb = b.window;
  if (wa && wb) {
    const da = withYear(wa.date, wb.date);
    const db = withYear(wb.date, wa.date);
    const ea = windowEnd(da);
    const eb = windowEnd(db);
    if (!ea || !eb) return null;
    // "on Dec 31" (at a moment) vs "by Dec 31" (any time before) are different predicates.
    const pointA = wa.kind === 'on';
    const pointB = wb.kind === 'on';
    if (ea !== eb) {
      // A day-precise close a day or two off ("Dec 31" vs "Jan 1 00:00 ET") is one window.
      if (da.length === 10 && db.length === 10 && dayDiff(ea, eb) <= 1) return null;
      return `date ${da} vs ${db}`;
    }
    if (pointA !== pointB && da.length === 10 && db.length === 10) return `window ${wa.kind} ${da} vs ${wb.kind} ${db}`;
    // "in June 2025" (the month) vs "by June 30, 2025" (from now until then): not the same window
    // when one is the whole month and the other a deadline... but venues word the same monthly
    // question both ways, so only a point ("on") vs a period counts.
    return null;
  }
  // One side names a window, the other has only its close time: the close must fall near its end.
  const w = wa ?? wb;
  const other = wa ? b : a;
  if (w && other.closeDay) {
    const end = windowEnd(withYear(w.date, other.closeDay));
    if (!end) return null;
    const diff = Date.parse(`${other.closeDay}T00:00:00Z`) - Date.parse(`${end}T00:00:00Z`);
    // Venues close a little before the window ends or settle a little after; a month off is another window.
    if (diff < -45 * 86_400_000 || diff > 45 * 86_400_000) return `date ${end} vs closes ${other.closeDay}`;
    return null;
  }
  if (!wa && !wb && a.closeDay && b.closeDay && dayDiff(a.closeDay, b.closeDay) > CLOSE_TOLERANCE_DAYS) {
    return `closes ${a.closeDay} vs ${b.closeDay}`;
  }
  return null;
}

const ELECTION_METRICS = new Set(['popular_vote', 'electoral_college', 'nominee']);
const INCLUSIVE_MATTERS = new Set(['count', 'pct', 'bps']);

interface Veto {
  veto: string;
  kind: RelatedKind;
  reason: string;
}

function findVeto(a: Fingerprint, b: Fingerprint): Veto | null {
  // Candidate of a multi-outcome event.
  if (a.candidate && b.candidate && a.candidate !== b.candidate) {
    return { veto: 'candidate', kind: 'same_event', reason: `veto: candidate ${a.candidate} vs ${b.candidate}` };
  }
  for (const [x, y] of [
    [a, b],
    [b, a],
  ] as const) {
    if (x.candidate && !y.candidate) {
      const words = x.candidate.split(/[^a-z0-9]+/).filter((w) => w.length > 2);
      const named = words.some((w) => y.tokens.includes(w) || y.names.includes(w) || y.entities.includes(w));
      if (words.length && !named) return { veto: 'candidate', kind: 'same_event', reason: `veto: candidate ${x.candidate} not in the other question` };
    }
  }
  if (a.conditional !== b.conditional) {
    return { veto: 'conditional', kind: 'same_event', reason: 'veto: conditional vs unconditional question' };
  }
  if (a.stage !== b.stage && (a.stage || b.stage)) {
    return { veto: 'stage', kind: 'same_event', reason: `veto: stage ${a.stage ?? 'none'} vs ${b.stage ?? 'none'}` };
  }
  if (a.metric !== b.metric) {
    const election = ELECTION_METRICS.has(a.metric ?? '') || ELECTION_METRICS.has(b.metric ?? '');
    if ((a.metric && b.metric) || election) {
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
    if (a.band !== b.band) {
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
    if (one.unit === 'usd' || one.unit === 'pct' || one.unit === 'bps' || one.unit === 'eur') {
      return { veto: 'strike', kind: 'same_event', reason: `veto: strike ${one.thresholds.map(fmt).join('-')} ${one.unit} on one side only` };
    }
  }

  const w = windowVeto(a, b);
  if (w) return { veto: 'date', kind: 'other_date', reason: `veto: ${w}` };
  return null;
}

/** The subject agreement of two questions, 0..1, and why it fails when it does. */
function subjectScore(a: Fingerprint, b: Fingerprint): { score: number; mismatch: string | null; candidate: string | null } {
  const words = dice(a.tokens, b.tokens);
  let mismatch: string | null = null;
  let candidate: string | null = null;
  if (a.entities.length && b.entities.length) {
    const shared = intersectCount(a.entities, b.entities);
    if (shared === 0) mismatch = `subject ${a.entities.join('+')} vs ${b.entities.join('+')}`;
    else if (shared < Math.min(a.entities.length, b.entities.length)) {
      const onlyA = a.entities.filter((e) => !b.entities.includes(e));
      const onlyB = b.entities.filter((e) => !a.entities.includes(e));
      if (onlyA.length && onlyB.length) candidate = `${onlyA.join('+')} vs ${onlyB.join('+')}`;
    }
  }
  if (!mismatch && a.names.length && b.names.length && intersectCount(a.names, b.names) === 0) {
    // Names that appear as plain words on the other side still agree ("Bitcoin" vs "bitcoin").
    const aInB = a.names.some((n) => b.tokens.includes(n));
    const bInA = b.names.some((n) => a.tokens.includes(n));
    if (!aInB && !bInA) candidate ??= `${a.names.join('+')} vs ${b.names.join('+')}`;
  }
  return { score: words, mismatch, candidate };
}

export function judgeFingerprints(a: Fingerprint, b: Fingerprint, similarity: PairSimilarity): PairVerdict {
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
  const veto = findVeto(a, b);
  if (veto) {
    reasons.push(veto.reason, `same subject (${score.toFixed(2)})`);
    return { relation: 'related', kind: veto.kind, confidence: round(0.7 + 0.25 * score), reasons, veto: veto.veto };
  }
  if (score >= IDENTICAL_THRESHOLD) {
    reasons.push(`same subject and predicate (score ${score.toFixed(2)})`);
    if (a.thresholds.length) reasons.push(`same strike ${a.comparator ?? ''} ${a.thresholds.map(fmt).join('-')} ${a.unit ?? ''}`.replace(/\s+/g, ' ').trim());
    if (a.window && b.window) reasons.push(`same window ${a.window.date}`);
    return { relation: 'identical', kind: null, confidence: round(Math.min(0.99, 0.5 + score / 2)), reasons, veto: null };
  }
  reasons.push(`similar but not the same question (score ${score.toFixed(2)} < ${IDENTICAL_THRESHOLD})`);
  return { relation: 'different', kind: null, confidence: round(0.5 + 0.5 * (IDENTICAL_THRESHOLD - score)), reasons, veto: null };
}

function round(x: number): number {
  return Math.round(Math.max(0, Math.min(1, x)) * 1000) / 1000;
}
