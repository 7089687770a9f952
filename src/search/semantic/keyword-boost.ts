// The keyword half of the semantic score (CONTRACT.md §5): up to 0.2 off the cosine distance for
// the query's keywords that appear as whole words in the market's title. Pure embeddings blur exact
// names and numbers ("2028", "Ohio"); the boost lifts the titles that literally say them.
import { wordTokens } from '../query-text.js';

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

/** MAX_KEYWORD_BOOST times the share of the keywords found as words of the title. */
export function keywordBoost(keywords: string[], title: string): number {
  if (keywords.length === 0) return 0;
  const titleWords = new Set(wordTokens(title));
  const found = keywords.filter((k) => titleWords.has(k)).length;
  return (MAX_KEYWORD_BOOST * found) / keywords.length;
}
