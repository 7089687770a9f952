// What the engines see of a user's query: trimmed, control characters dropped, whitespace collapsed,
// and cut to a size no engine chokes on. Queries are never parsed as a query language (no Lucene
// syntax, no tsquery syntax from the user), so `"(*:~` and friends are plain text.

/** The HTTP layer accepts queries up to this length (longer is a 400). */
export const MAX_QUERY_CHARS = 1000;
/** Matching uses at most this many characters / terms: a 1,000-character paste must not blow the
 * engines' clause limits (each fuzzy term expands into many clauses). */
const MAX_MATCH_CHARS = 200;
const MAX_MATCH_TERMS = 12;

export interface NormalisedQuery {
  /** the whole cleaned query (exact-title comparison) */
  full: string;
  /** the cleaned query cut to the first terms, for matching */
  match: string;
  /** folded word tokens of `match` (letters and digits only) */
  terms: string[];
}

// eslint-disable-next-line no-control-regex
const ASCII = /^[\x00-\x7f]*$/;

const SPECIAL_LETTERS: Record<string, string> = {
  ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i',
};

/** Lower case, accents removed (é -> e, ß -> ss): the same folding the index applies to titles. */
export function foldText(text: string): string {
  // ASCII (most titles and queries) has nothing to decompose, strip or map: lower case is the fold
  if (ASCII.test(text)) return text.toLowerCase();
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (c) => SPECIAL_LETTERS[c] ?? c);
}

/** Word tokens (letters and digits) of folded text. */
export function wordTokens(text: string): string[] {
  const folded = foldText(text);
  // in ASCII the letters and digits are a-z and 0-9 (folded: lower case); the Unicode classes cost more
  return (ASCII.test(folded) ? folded.match(/[a-z0-9]+/g) : folded.match(/[\p{L}\p{N}]+/gu)) ?? [];
}

export function normaliseQuery(raw: string): NormalisedQuery {
  // eslint-disable-next-line no-control-regex
  const full = raw.replace(/[\u0000-\u001f\u007f]+/g, ' ').replace(/\s+/g, ' ').trim();
  let match = full.split(' ').slice(0, MAX_MATCH_TERMS).join(' ');
  if (match.length > MAX_MATCH_CHARS) {
    const cut = match.slice(0, MAX_MATCH_CHARS);
    const lastSpace = cut.lastIndexOf(' ');
    match = lastSpace > MAX_MATCH_CHARS / 2 ? cut.slice(0, lastSpace) : cut;
  }
  return { full, match, terms: wordTokens(match).slice(0, MAX_MATCH_TERMS) };
}

/**
 * Words that say nothing about which market is meant: English stop words (Lucene's list) and the
 * filler of questions as people type them ("Is X going to ...", "Will X ever ...", "What are the
 * odds ..."). Widened searches count only the other words (src/search/widening.ts).
 */
export const STOP_WORDS: ReadonlySet<string> = new Set([
  // Lucene / Elasticsearch English stop words
  'a', 'an', 'and', 'are', 'as', 'at', 'be', 'but', 'by', 'for', 'if', 'in', 'into', 'is', 'it', 'no', 'not', 'of',
  'on', 'or', 'such', 'that', 'the', 'their', 'then', 'there', 'these', 'they', 'this', 'to', 'was', 'will', 'with',
  // question filler
  'what', 'when', 'where', 'who', 'whom', 'which', 'why', 'how', 'do', 'does', 'did', 'can', 'could', 'would',
  'should', 'shall', 'may', 'might', 'must', 'going', 'gonna', 'ever', 'again', 'get', 'gets', 'got', 'happen',
  'happens', 'i', 'me', 'my', 'we', 'our', 'you', 'your', 'he', 'she', 'his', 'her', 'its', 'them', 'been',
  'being', 'have', 'has', 'had', 'am', 'were', 'about', 'any', 'some', 'odds', 'chance', 'chances', 'likely',
  'probability', 'before', 'after', 'by', 'so', 'just', 'still', 'yet', 'than', 's', 't',
]);

/** The query's words without stop words and question filler, duplicates dropped, in order. */
export function contentTerms(terms: string[]): string[] {
  return [...new Set(terms.filter((t) => !STOP_WORDS.has(t)))];
}
