// The keyword half of the semantic score (docs/api-contract.md §5): up to 0.2 off the cosine distance for
// the query's keywords that appear as whole words in the market's title. Pure embeddings blur exact
// names and numbers ("2028", "Ohio"); the boost lifts the titles that literally say them.
import { wordTokens } from '../query-text.js';
import type { Synonyms } from '../synonyms.js';

export const MAX_KEYWORD_BOOST = 0.2;

/** Words too common in market questions to count as a keyword match. */
const STOPWORDS = new Set([
  'a', 'an', 'and', 'any', 'are', 'as', 'at', 'be', 'by', 'can', 'could', 'did', 'do', 'does', 'for', 'from',
  'has', 'have', 'how', 'if', 'in', 'into', 'is', 'it', 'its', 'of', 'on', 'or', 'over', 's', 'than', 'that',
  'the', 'their', 'then', 'there', 'this', 'to', 'was', 'were', 'what', 'when', 'where', 'which', 'who', 'whom',
  'why', 'will', 'with', 'would', 'yes', 'no', 'market', 'markets', 'before', 'after', 'get', 'gets',
]);

/** The query's keywords: folded word tokens, stopwords removed, each once. */
export function queryKeywords(query: string): string[] {
  return [...new Set(wordTokens(query).filter((t) => !STOPWORDS.has(t)))];
}

/**
 * The query's keywords with their synonyms (mappings/synonyms.txt): one group per keyword or
 * multi-word name found, each group the names that count as that keyword in a title ("btc" is found
 * in a title saying "Bitcoin"). Stopwords drop out unless part of a name.
 */
export function queryKeywordGroups(query: string, synonyms: Synonyms): string[][] {
  const terms = wordTokens(query);
  const groups: string[][] = [];
  const seen = new Set<string>();
  const found = synonyms.find(terms);
  for (let i = 0, f = 0; i < terms.length; ) {
    const name = found[f];
    if (name && name.start === i) {
      const names = name.names.map((n) => n.join(' '));
      if (!seen.has(names[0])) groups.push(names);
      seen.add(names[0]);
      i += name.length;
      f++;
      continue;
    }
    const t = terms[i++];
    if (!STOPWORDS.has(t) && !seen.has(t)) groups.push([t]);
    seen.add(t);
  }
  return groups;
}

/** Titles whose words TitleWords keeps (a catalog's worth; ~100-200 bytes each). */
export const TITLE_WORDS_CACHE_SIZE = 30_000;

/**
 * The boost: MAX_KEYWORD_BOOST times the share of the query's keywords found as words of the title.
 * Each title's words are kept, so that a title is tokenised once, not at every search that finds it
 * among its 40-200 candidates (the same titles come back search after search). A title's words
 * depend on its text alone, so the cache is keyed by the text and a changed title is simply another
 * entry; the oldest entries go first when it is full. test/semantic/keyword-boost.test.ts holds it
 * to the plain definition (a set of the title's words per call), to the last bit.
 */
export class TitleWords {
  /** title -> its words, space-separated with a space at each end (words hold no spaces). */
  private readonly words = new Map<string, string>();

  constructor(private readonly maxTitles = TITLE_WORDS_CACHE_SIZE) {}

  get size(): number {
    return this.words.size;
  }

  /**
   * A booster for one query's keywords: title -> its boost. A keyword may be a group of equivalent
   * names (queryKeywordGroups; a name of several words is found as those words in order): the group
   * counts once when the title has any of them.
   */
  booster(keywords: (string | string[])[]): (title: string) => number {
    if (keywords.length === 0) return () => 0;
    const needles = keywords.map((k) => (Array.isArray(k) ? k : [k]).map((name) => ` ${name} `));
    const n = keywords.length;
    return (title) => {
      const words = this.wordsOf(title);
      let found = 0;
      for (const names of needles) if (names.some((needle) => words.includes(needle))) found++;
      return (MAX_KEYWORD_BOOST * found) / n;
    };
  }

  private wordsOf(title: string): string {
    let words = this.words.get(title);
    if (words === undefined) {
      words = ` ${wordTokens(title).join(' ')} `;
      if (this.words.size >= this.maxTitles) this.words.delete(this.words.keys().next().value as string);
      this.words.set(title, words);
    }
    return words;
  }
}
