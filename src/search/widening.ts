// When a query as people type it ("Is Trump going to pardon Ghislaine Maxwell?") finds fewer than
// a page with every word required, both engines widen the same way: the query's content words
// (stop words and question filler dropped), most of them required, then any one of them; each
// market ranked by how many content words its title has and how (whole word or stem > prefix >
// typo). Strict matches stay first: in a widened search they get STRICT_BONUS on top of their
// usual tier, more than any widened-only match can reach.
//
// The mode travels in the pagination cursor (`[...sort values, WIDE_MODE, required]`), so the
// next pages of a widened search stay widened even though the strict query alone would fill them.
import type { SortPosition } from './engine.js';
import { contentTerms, type NormalisedQuery } from './query-text.js';

export const WIDE_MODE = 'wide';

/** Points a market gets when its title has all the content words as whole words or stems. */
export const WIDE_POINTS = 60;
/** Added to strict matches in a widened search: above WIDE_POINTS plus any popularity (<15). */
export const STRICT_BONUS = 100;

/** Share of a content word's points by how the title has it. */
export const TERM_WEIGHT = { word: 1, prefix: 0.6, typo: 0.5 } as const;

/** Shorter content words must be spelled right in a widened search (as Elasticsearch's
 * fuzziness AUTO:5,8): "fed" within an edit of "few", "red" and "feb" only adds noise there. */
export const MIN_TYPO_CHARS = 5;

export interface WideTerm {
  term: string;
  /** prefix matching is for words of 3+ characters, or the last word (still being typed) */
  prefix: boolean;
  /** points for a whole-word or stem match of this term (TERM_WEIGHT scales prefix and typo) */
  points: number;
}

export interface WidePlan {
  terms: WideTerm[];
  /** content words a widened-only match must have */
  required: number;
}

/** How many of n content words "most" is: all of 1-2, 2 of 3, 3 of 4, 4 of 5, 4 of 6. */
export function mostOf(n: number): number {
  return n <= 2 ? n : Math.ceil((n * 2) / 3);
}

/**
 * Numbers and one- or two-letter words say least about which market is meant (years, counts and
 * initials are in thousands of titles), so they count half: "GTA 6 delayed" ranks the GTA delay
 * market above "GTA 6 cost $100+". A stand-in for term rarity that both engines compute alike.
 */
function termWeight(term: string): number {
  return [...term].length < 3 || /^\p{N}+$/u.test(term) ? 0.5 : 1;
}

const round = (x: number) => Math.round(x * 1e4) / 1e4;

/** The widened search for a query, or null when it has no content word. */
export function widePlan(nq: NormalisedQuery, required?: number): WidePlan | null {
  const content = contentTerms(nq.terms);
  if (content.length === 0) return null;
  const last = nq.terms[nq.terms.length - 1];
  const weights = content.map(termWeight);
  const sum = weights.reduce((a, b) => a + b, 0);
  return {
    terms: content.map((term, i) => ({
      term,
      prefix: [...term].length >= 3 || term === last,
      points: round((WIDE_POINTS * weights[i]) / sum),
    })),
    required: Math.min(Math.max(1, required ?? mostOf(content.length)), content.length),
  };
}

/** The cursor of a widened page: the engine's sort values, then the mode and the required count. */
export function wideCursor(sortValues: SortPosition, required: number): SortPosition {
  return [...sortValues, WIDE_MODE, required];
}

/** `required` of a widened page's cursor, or null for a cursor of a strict page. */
export function wideRequired(after: SortPosition | undefined): number | null {
  if (!after || after.length !== 4 || after[2] !== WIDE_MODE) return null;
  const required = after[3];
  if (typeof required !== 'number' || !Number.isInteger(required) || required < 1) {
    throw new RangeError('cursor does not match this search');
  }
  return required;
}
