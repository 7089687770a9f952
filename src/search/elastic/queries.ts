// Query bodies for the Elasticsearch/OpenSearch engine (pure functions, no client).
//
// Relevance is tiered so that a person's expectations hold whatever the volumes are:
//   exact title (1000) > phrase (200) > all words, stemmed (100) > all words as typed prefixes (50)
//   > all words within a typo (25)
// Clauses add up (an exact match also matches every lower tier). Inside a tier, BM25 (x0.5) and
// log10 volume (0..~9) order the hits, and an open or upcoming market adds OPEN_BONUS (20, see
// ../engine.ts): open markets come before closed and resolved ones of their tier, and may pass a
// closed one of the next tier up, never two (in a query naming a year, the markets closing in that
// year take it, open or not, and open ones YEAR_QUERY_OPEN_BONUS: ../named-years.ts). BM25 only scores: a title must match every word in some tier, unless the
// search is widened (../widening.ts: most content words, then any one, when fewer than a page).
//
// Cost (bench/search/profile-clauses.ts, same node and queries, 4 clients): fuzzy AUTO and
// `match_phrase_prefix` were most of an autocomplete's time (529 q/s vs 924 without them, the
// reference `bool_prefix` query 1,759), fuzzy AUTO most of a keyword search's (695 -> 879 q/s with
// AUTO:5,8); the popularity `function_score` and
// exact `track_total_hits` cost little, so they stay (a rescore of the top N would rank short
// prefixes with thousands of equal matches by an arbitrary N instead of by popularity).
import { OPEN_BONUS, YEAR_QUERY_OPEN_BONUS, type AutocompleteQuery, type MarketSearchQuery } from '../engine.js';
import { namedYears, yearRanges } from '../named-years.js';
import type { NormalisedQuery } from '../query-text.js';
import { domainSynonyms, expandedWordings } from '../synonyms.js';
import { STRICT_BONUS, TERM_WEIGHT, type WidePlan, type WideTerm } from '../widening.js';

type Json = Record<string, unknown>;

const SAYT_FIELDS = ['title.sayt', 'title.sayt._2gram', 'title.sayt._3gram'];

/** Typo tolerance: words under 5 characters must be spelled right, one edit for 5-7, two from 8.
 * (Plain AUTO gives 3-4 letter words an edit too: each expands into many dictionary terms, the
 * most expensive part of a search, for matches like "fed" -> "few"/"red" nobody wants.) */
export const FUZZINESS = 'AUTO:5,8';
export const VOLUME_FACTOR = 0.6;

function filters(q: { exchanges?: string[]; category?: string; status?: MarketSearchQuery['status']; event?: MarketSearchQuery['event'] }): Json[] {
  const out: Json[] = [];
  if (q.exchanges?.length) out.push({ terms: { exchange: q.exchanges } });
  if (q.event) out.push({ term: { exchange: q.event.exchange } }, { term: { event_id: q.event.event_id } });
  if (q.category) out.push({ term: { category: q.category } });
  if (q.status === 'open') out.push({ term: { closed: false } });
  if (q.status === 'closed') out.push({ term: { closed: true } });
  return out;
}

/**
 * Open markets and traded volume as tie-breakers (added to the text score); in a query naming years
 * (`text`, the user's words), the markets closing in one of them instead of every open one.
 */
function popularity(query: Json, text: string): Json {
  const years = namedYears(text);
  const timely: Json[] = years.length
    ? [
        { filter: { term: { closed: false } }, weight: YEAR_QUERY_OPEN_BONUS },
        { filter: { bool: { should: yearRanges(years).map((r) => ({ range: { close_time: { gte: r.from, lt: r.to } } })), minimum_should_match: 1 } }, weight: OPEN_BONUS },
      ]
    : [{ filter: { term: { closed: false } }, weight: OPEN_BONUS }];
  return {
    function_score: {
      query,
      functions: [
        ...timely,
        { field_value_factor: { field: 'volume', modifier: 'log1p', factor: VOLUME_FACTOR, missing: 0 } },
      ],
      score_mode: 'sum',
      boost_mode: 'sum',
    },
  };
}

function tier(filter: Json, score: number): Json {
  return { constant_score: { filter, boost: score } };
}

function fuzzyAllWords(m: string): Json {
  return { match: { title: { query: m, operator: 'and', fuzziness: FUZZINESS, prefix_length: 1, max_expansions: 20 } } };
}

/**
 * The words typed, in order, with the last one a prefix. On the search_as_you_type shingle fields
 * this is a plain `bool_prefix` (terms lookups), where `match_phrase_prefix` expanded the last word
 * and read positions on every keystroke. One word: in order = the prefix match itself.
 */
function inOrderPrefix(nq: NormalisedQuery): Json {
  const field = nq.terms.length >= 3 ? 'title.sayt._3gram' : nq.terms.length === 2 ? 'title.sayt._2gram' : 'title.sayt';
  return { multi_match: { query: nq.match, type: 'bool_prefix', fields: [field], operator: 'and' } };
}

/** Every word, in one of the tiers (or all of them in the subtitle): what a strict search admits.
 * A name with synonyms (mappings/synonyms.txt) may be any of its names: each other wording of the
 * query is a clause of the stemmed tier. */
function strictMatch(nq: NormalisedQuery): Json {
  const m = nq.match;
  return {
    bool: {
      should: [
        tier({ term: { 'title.exact': nq.full } }, 1000),
        tier({ match_phrase: { title: { query: m } } }, 200),
        tier({ match: { 'title.stemmed': { query: m, operator: 'and' } } }, 100),
        ...expandedWordings(nq.terms, domainSynonyms()).map((w) => tier({ match: { 'title.stemmed': { query: w, operator: 'and' } } }, 100)),
        tier({ multi_match: { query: m, type: 'bool_prefix', fields: SAYT_FIELDS, operator: 'and' } }, 50),
        tier(fuzzyAllWords(m), 25),
        { match: { subtitle: { query: m, operator: 'and', boost: 0.3 } } },
      ],
      minimum_should_match: 1,
    },
  };
}

/** Ordinary relevance inside a tier (scores, admits nothing on its own). */
function closeness(nq: NormalisedQuery): Json {
  return { match: { 'title.stemmed': { query: nq.match, boost: 0.5 } } };
}

/**
 * One content word of a widened search (../widening.ts): the points of its best match in the
 * title, whole word or stem > prefix > typo, the same weights as the PostgreSQL engine.
 */
function wideTermClause({ term, prefix, points }: WideTerm): Json {
  const queries: Json[] = [tier({ match: { 'title.stemmed': { query: term } } }, points * TERM_WEIGHT.word)];
  if (prefix) queries.push(tier({ prefix: { title: { value: term } } }, points * TERM_WEIGHT.prefix));
  queries.push(
    tier(
      { match: { title: { query: term, fuzziness: FUZZINESS, prefix_length: 1, max_expansions: 20 } } },
      points * TERM_WEIGHT.typo,
    ),
  );
  return { dis_max: { queries, tie_breaker: 0 } };
}

function textQuery(q: MarketSearchQuery, nq: NormalisedQuery, plan: WidePlan | null): Json {
  if (nq.terms.length === 0 && nq.full === '') return { bool: { filter: filters(q) } };
  if (!plan) {
    return { bool: { must: [strictMatch(nq)], should: [closeness(nq)], filter: filters(q) } };
  }
  // widened: strict matches, or titles with `required` content words; scored by the strict tiers
  // (plus STRICT_BONUS) and the points of each content word found
  const strict = strictMatch(nq);
  const terms = plan.terms.map(wideTermClause);
  const admitted = { bool: { should: [strict, { bool: { should: terms, minimum_should_match: plan.required } }], minimum_should_match: 1 } };
  return {
    bool: {
      filter: [...filters(q), admitted],
      should: [strict, tier(strict, STRICT_BONUS), closeness(nq), ...terms],
    },
  };
}

export function sortFor(sort: MarketSearchQuery['sort']): Json[] {
  switch (sort) {
    case 'volume':
      return [{ volume: { order: 'desc', missing: '_last' } }, { key: 'asc' }];
    case 'close_time':
      return [{ close_time: { order: 'asc', missing: '_last' } }, { key: 'asc' }];
    default:
      return [{ _score: 'desc' }, { key: 'asc' }];
  }
}

/** The stored field a collapsed search keeps one hit per value of (mappings/markets.v2.json). */
export const COLLAPSE_FIELD = { event: 'event_key', cluster: 'group_key' } as const;

/**
 * The group count of a collapsed search. Exact up to this many groups (the cardinality
 * aggregation's linear counting, hash collisions aside); an estimate within a few percent above.
 */
export const GROUP_COUNT_PRECISION = 40_000;

/**
 * A keyword search; `plan` widens it (../widening.ts), `after` is the engine's own sort values.
 * Collapsed (one hit per event or cluster), a page is `from` an offset: the engine's `collapse`
 * does not combine with `search_after` on this sort; the groups are counted by a cardinality
 * aggregation, and the kept hits' group sizes by one more request (groupSizesBody): an inner hit per
 * kept hit ran a query per result and made a grouped page ~5x an ungrouped one (bench/HISTORY.md).
 */
export function searchBody(q: MarketSearchQuery, nq: NormalisedQuery, plan: WidePlan | null = null, after: MarketSearchQuery['after'] = q.after, from = 0): Json {
  const body: Json = {
    query: popularity(textQuery(q, nq, plan), q.q),
    sort: sortFor(q.sort),
    track_total_hits: true,
    track_scores: true,
    size: q.limit + 1,
    _source: ['exchange', 'market_id', 'title', 'category', 'closed', 'svc_id', 'event_id'],
  };
  if (!q.collapse) return after ? { ...body, search_after: after } : body;
  const field = COLLAPSE_FIELD[q.collapse];
  return {
    ...body,
    from,
    collapse: { field },
    aggs: { groups: { cardinality: { field, precision_threshold: GROUP_COUNT_PRECISION } } },
  };
}

/** How many matches of the search each of these groups (`keys`, values of the collapse field) has. */
export function groupSizesBody(q: MarketSearchQuery & { collapse: NonNullable<MarketSearchQuery['collapse']> }, nq: NormalisedQuery, plan: WidePlan | null, keys: string[]): Json {
  return {
    size: 0,
    track_total_hits: false,
    query: textQuery(q, nq, plan),
    aggs: { sizes: { terms: { field: COLLAPSE_FIELD[q.collapse], include: keys, size: keys.length } } },
  };
}

export function autocompleteBody(q: AutocompleteQuery, nq: NormalisedQuery, size: number = q.limit): Json {
  const m = nq.match;
  const should: Json[] = [
    tier({ term: { 'title.exact': nq.full } }, 1000),
    tier({ multi_match: { query: m, type: 'bool_prefix', fields: SAYT_FIELDS, operator: 'and' } }, 50),
    // typos: with AUTO:5,8 this clause costs little (measured: a typo-free first query with a
    // fuzzy fallback was slower overall, a quarter of real prefixes need the fallback)
    tier(fuzzyAllWords(m), 25),
    // the words typed in order beat the same words scattered
    tier(inOrderPrefix(nq), 10),
  ];
  const text: Json = { bool: { should, minimum_should_match: 1, filter: filters(q) } };
  return {
    query: popularity(text, q.q),
    // Score order alone (ties in index order): a `key` tie-break, needed only by paginated
    // search, made the engine sort by field and cost ~40% of an autocomplete; nor does a
    // suggestion list need a total. (profile-clauses.ts: 846 -> 1,415 q/s at 4 clients.)
    track_total_hits: false,
    size,
    _source: ['exchange', 'market_id', 'title', 'svc_id', 'cluster_exchanges', 'group_key', 'closed'],
  };
}

/**
 * One suggestion per cluster (svc_id), or per market when it has none. The first query fetches
 * exactly `limit` hits: every fetched hit is a stored document read, and fetching 3x the limit
 * made a typical autocomplete ~1.6x slower (bench/search/profile-clauses.ts: 1,151 vs 677 q/s at
 * 4 clients, the plain reference query 1,326). Only when members of one cluster took places in
 * that page does the engine ask again, over-fetching this factor, and only when even that page is
 * one cluster's members does it fall back to `collapse` (measured 3-4x slower than the plain query).
 */
export const AUTOCOMPLETE_OVERFETCH = 3;

export function widenedAutocompleteBody(q: AutocompleteQuery, nq: NormalisedQuery): Json {
  return autocompleteBody(q, nq, Math.min(q.limit * AUTOCOMPLETE_OVERFETCH, 100));
}

/**
 * The widened tier of autocomplete (../widening.ts, as keyword search widens): titles with at least
 * `plan.required` of the content words, scored by the points of each found (whole word or stem >
 * prefix > typo) plus popularity. Asked only when the strict query filled fewer than `limit`
 * suggestions; its hits come after the strict ones.
 */
export function wideAutocompleteBody(q: AutocompleteQuery, plan: WidePlan): Json {
  const text: Json = { bool: { filter: filters(q), should: plan.terms.map(wideTermClause), minimum_should_match: plan.required } };
  return {
    query: popularity(text, q.q),
    track_total_hits: false,
    size: q.limit,
    // one suggestion per cluster from the engine: this tier is the rare fallback, so the cost of
    // `collapse` (3-4x the plain query) is paid only by prefixes that found too little strictly
    collapse: { field: 'group_key' },
    _source: ['exchange', 'market_id', 'title', 'svc_id', 'cluster_exchanges', 'group_key', 'closed'],
  };
}

export function collapsedAutocompleteBody(q: AutocompleteQuery, nq: NormalisedQuery): Json {
  return { ...autocompleteBody(q, nq), collapse: { field: 'group_key' } };
}
