// The keyword engine's side of hybrid semantic search: its best matches for the request's query
// under the request's filters, as candidates for the semantic ranking (semantic-search.ts).
import type { SearchEngine } from '../engine.js';
import type { KeywordCandidates } from './semantic-search.js';

export function keywordEngineCandidates(engine: SearchEngine): KeywordCandidates {
  return async (request, limit) => {
    const status = request.active_only || request.status === 'open' ? 'open' : request.status === 'closed' ? 'closed' : 'all';
    const page = await engine.searchMarkets({ q: request.query, exchanges: request.exchange, category: request.category, status, sort: 'relevance', limit });
    return page.hits;
  };
}
