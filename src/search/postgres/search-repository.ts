// Keyword search and autocomplete on PostgreSQL (full text + pg_trgm), for deployments without
// Elasticsearch. The index is the `market_search` table, fed by the same indexer.
//
// Relevance uses the same tiers as the Elasticsearch engine (src/search/elastic/queries.ts):
//   exact title 1000, phrase 200, all words stemmed 100, all words as prefixes 50, typo (every word
//   within an edit or two) 25; then text closeness (ts_rank), log10 volume and an open market's
//   OPEN_BONUS (../engine.ts: open and upcoming markets before closed ones of similar relevance; in a
//   query naming a year, the markets closing in that year before the others: ../named-years.ts).
// When every word together finds fewer than a page, the search widens to most content words, then
// any one (../widening.ts, same tiers as Elasticsearch); when even that finds nothing, a pg_trgm
// word-similarity query is the last resort.
// User text never reaches a tsquery parser: queries are cut into letter/digit tokens first.
import type pg from 'pg';
import {
  docKey,
  groupKey,
  OPEN_BONUS,
  SearchUnavailableError,
  YEAR_QUERY_OPEN_BONUS,
  type AutocompleteQuery,
  type BulkResult,
  type MarketHit,
  type MarketKey,
  type MarketSearchDoc,
  type MarketSearchPage,
  type MarketSearchQuery,
  type Rebuild,
  type SearchEngine,
  type SearchIndexWriter,
  type SortPosition,
  type Suggestion,
} from '../engine.js';
import { foldText, normaliseQuery, wordTokens } from '../query-text.js';
import { namedYears, yearRanges } from '../named-years.js';
import { domainSynonyms, querySlots } from '../synonyms.js';
import { Vocabulary } from './vocabulary.js';
import { MIN_TYPO_CHARS, STRICT_BONUS, TERM_WEIGHT, wideCursor, widePlan, wideRequired, type WidePlan } from '../widening.js';

export const PG_INDEX_NAME = 'market_search';
/** marks a cursor of a trigram-fallback page */
const TRIGRAM_MODE = 'trgm';

/** The open bonus that market_search.popularity stores (its generated expression). */
const STORED_OPEN_BONUS = 6;
/** Popularity with the whole OPEN_BONUS: the stored column plus the rest for open markets. */
const RANKED_POPULARITY = `(popularity + CASE WHEN closed THEN 0 ELSE ${OPEN_BONUS - STORED_OPEN_BONUS} END)`;

/**
 * The ranking's popularity for a query naming these years (../named-years.ts): a market closing in a
 * named year takes the whole OPEN_BONUS, open or not, and an open one YEAR_QUERY_OPEN_BONUS on top
 * (the stored column's part of it traded for that); RANKED_POPULARITY when the query names none.
 */
function rankedPopularity(p: Params, years: readonly number[]): string {
  if (years.length === 0) return RANKED_POPULARITY;
  const inYear = yearRanges(years)
    .map((r) => `(close_time >= ${p.add(r.from)}::timestamptz AND close_time < ${p.add(r.to)}::timestamptz)`)
    .join(' OR ');
  return `(popularity + CASE WHEN closed THEN 0 ELSE ${YEAR_QUERY_OPEN_BONUS - STORED_OPEN_BONUS} END + CASE WHEN ${inYear} THEN ${OPEN_BONUS} ELSE 0 END)`;
}

/** Folded, punctuation runs as single spaces: how titles and queries compare for "exact". */
export function exactForm(text: string): string {
  return foldText(text).replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

function isUnavailable(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  if (typeof e.code === 'string') {
    // connection failures (class 08), shutdown (57P0x), out of resources (53)
    if (e.code.startsWith('08') || e.code.startsWith('57P') || e.code.startsWith('53')) return true;
    if (['ECONNREFUSED', 'ECONNRESET', 'ENOENT', 'EPIPE', 'ETIMEDOUT'].includes(e.code)) return true;
  }
  return /Connection terminated|Cannot use a pool after calling end|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
    e.message ?? '',
  );
}

interface Terms {
  exact: string;
  words: string;
  /** `a & b & c:*` over word tokens */
  prefix: string;
  /** `a <-> b <-> c:*` */
  phrasePrefix: string;
  /** `a | b | c`, for closeness ranking */
  any: string;
  /** `(a | a1 | a2) & b`: every word, each within a typo of an indexed word */
  fuzzy: string;
}

function termsOf(q: string, vocabulary: Vocabulary): Terms | null {
  const nq = normaliseQuery(q);
  if (nq.terms.length === 0) return null;
  const t = nq.terms;
  // a name with synonyms (mappings/synonyms.txt) matches as any of its names, each a phrase
  const slots = querySlots(t, domainSynonyms());
  const lastSlot = slots.length - 1;
  // the last word may still be being typed: the name as typed stays a prefix there
  const anyName = (names: string[][], last = false) =>
    `(${names.map((n, i) => (last && i === 0 ? [...n.slice(0, -1), `${n[n.length - 1]}:*`] : n)).map((n) => (n.length > 1 ? `(${n.join(' <-> ')})` : n[0])).join(' | ')})`;
  const alternatives = slots.flatMap((slot) => ('names' in slot ? slot.names.filter((n) => n.length === 1).map((n) => n[0]) : []));
  return {
    exact: exactForm(nq.full),
    words: t.join(' '),
    prefix: slots.map((slot, i) => ('names' in slot ? anyName(slot.names, i === lastSlot) : i === lastSlot ? `${slot.term}:*` : slot.term)).join(' & '),
    phrasePrefix: [...t.slice(0, -1), `${t[t.length - 1]}:*`].join(' <-> '),
    any: [...new Set([...t, ...alternatives])].join(' | '),
    fuzzy: slots
      .map((slot) => {
        if ('names' in slot) {
          // each one-word name keeps its typo tolerance ("etherium" for ethereum, as without synonyms)
          const near = [...new Set(slot.names.filter((n) => n.length === 1).flatMap((n) => vocabulary.expand(n[0])))];
          return near.length ? `(${anyName(slot.names)} | ${near.join(' | ')})` : anyName(slot.names);
        }
        const near = vocabulary.expand(slot.term);
        return near.length ? `(${[slot.term, ...near].join(' | ')})` : slot.term;
      })
      .join(' & '),
  };
}

type SearchMode = { kind: 'strict' } | { kind: 'wide'; required: number } | { kind: 'trigram' };

/**
 * The widened tier's SQL (../widening.ts): per content word the points of its best match in the
 * title (whole word or stem, else prefix, else a typo), how many words matched, and an any-word
 * condition the GIN indexes can answer first.
 */
function wideTermSql(p: Params, plan: WidePlan, vocabulary: Vocabulary): { points: string; matchedCount: string; anyTerm: string } {
  const perTerm: string[] = [];
  const anyWords: string[] = [];
  for (const { term, prefix, points } of plan.terms) {
    const near = [...term].length >= MIN_TYPO_CHARS ? vocabulary.expand(term) : [];
    const word = `(tsv_stemmed @@ plainto_tsquery('english', ${p.add(term)}) OR tsv_words @@ to_tsquery('simple', ${p.add(term)}))`;
    const branches = [`WHEN ${word} THEN ${points * TERM_WEIGHT.word}`];
    if (prefix) branches.push(`WHEN tsv_words @@ to_tsquery('simple', ${p.add(`${term}:*`)}) THEN ${points * TERM_WEIGHT.prefix}`);
    if (near.length) branches.push(`WHEN tsv_words @@ to_tsquery('simple', ${p.add(near.join(' | '))}) THEN ${points * TERM_WEIGHT.typo}`);
    perTerm.push(`(CASE ${branches.join(' ')} ELSE 0 END)`);
    anyWords.push(prefix ? `${term}:*` : term, ...near);
  }
  const stems = plan.terms.map((x) => x.term).join(' | ');
  return {
    points: perTerm.join(' + '),
    matchedCount: perTerm.map((x) => `(CASE WHEN ${x} > 0 THEN 1 ELSE 0 END)`).join(' + '),
    anyTerm: `(tsv_words @@ to_tsquery('simple', ${p.add(anyWords.join(' | '))}) OR tsv_stemmed @@ to_tsquery('english', ${p.add(stems)}))`,
  };
}

class Params {
  readonly values: unknown[] = [];
  add(v: unknown): string {
    this.values.push(v);
    return `$${this.values.length}`;
  }
}

function filterSql(p: Params, q: { exchanges?: string[]; category?: string; status?: MarketSearchQuery['status']; event?: MarketSearchQuery['event'] }): string[] {
  const out: string[] = [];
  if (q.exchanges?.length) out.push(`exchange = ANY(${p.add(q.exchanges)}::text[])`);
  if (q.event) out.push(`exchange = ${p.add(q.event.exchange)} AND event_id = ${p.add(q.event.event_id)}`);
  if (q.category) out.push(`category = ${p.add(foldText(q.category))}`);
  if (q.status === 'open') out.push('NOT closed');
  if (q.status === 'closed') out.push('closed');
  return out;
}

interface SearchRow {
  exchange: string;
  market_id: string;
  key: string;
  title: string;
  category: string;
  closed: boolean;
  svc_id: string | null;
  event_id: string | null;
  score: number;
  volume: number | null;
  close_time: Date | null;
  total: number;
  /** markets of the row's group that matched (1 without collapse) */
  group_size: number;
}

/** The column a collapsed search keeps one row per value of (migrations 030, 320). */
const COLLAPSE_COLUMN = { event: 'event_key', cluster: 'group_key' } as const;

/**
 * How many candidates, per result of the page, a collapsed search ranks before it falls back to
 * collapsing every match: enough that a page of 20 from events of up to ~5 matching markets each is
 * found in one statement.
 */
const COLLAPSE_CANDIDATES_PER_RESULT = 5;

interface CollapsedSqlParts {
  /** every match with its score and collapse key (no cursor) */
  matched: string;
  order: string;
  /** the cursor's condition on a match (TRUE on the first page) */
  after: string;
  /** the parameter holding the page's size plus one */
  limit: string;
}

/**
 * The collapse as a page needs it, without sorting every match. A group's result is its first match
 * in the page's order; past the cursor, every match ranking before a candidate is itself a
 * candidate, so among the best `candidates` matches past the cursor (a top-N sort, as an ungrouped
 * page does) those first of their group among the candidates and of a group with no match before the
 * cursor are exactly the page's groups, as long as the candidates hold a page of them (the caller
 * checks `candidates` and falls back to collapsedByWindowSql). One hash aggregate over the matches
 * counts the groups (the total), each group's matches (group_size) and whether one was before the
 * cursor.
 */
function collapsedFromCandidatesSql(s: CollapsedSqlParts & { candidates: number; browse: boolean }): string {
  // the matches are kept once for the two passes over them, except when browsing: without words the
  // scan is cheaper than keeping every row and reading it twice
  return `
    WITH matched AS ${s.browse ? 'NOT MATERIALIZED' : 'MATERIALIZED'} (${s.matched}),
    groups AS MATERIALIZED (
      SELECT collapse_key, count(*) AS group_size, bool_or(NOT (${s.after})) AS shown_before
      FROM matched GROUP BY collapse_key),
    candidates AS MATERIALIZED (
      SELECT * FROM matched WHERE ${s.after} ORDER BY ${s.order} LIMIT ${Math.trunc(s.candidates)}),
    ranked AS (
      SELECT *, row_number() OVER (PARTITION BY collapse_key ORDER BY ${s.order}) AS group_rank FROM candidates),
    kept AS (
      SELECT r.*, g.group_size FROM ranked r JOIN groups g USING (collapse_key)
      WHERE r.group_rank = 1 AND NOT g.shown_before
      ORDER BY ${s.order}
      LIMIT ${s.limit})
    SELECT k.*, (SELECT count(*) FROM groups) AS total, (SELECT count(*) FROM candidates) AS candidates
    FROM kept k
    ORDER BY ${s.order}`;
}

/** The collapse over every match: each group's first row in the page's order (a sort of every match). */
function collapsedByWindowSql(s: CollapsedSqlParts): string {
  return `
    WITH matched AS (${s.matched}),
    grouped AS (
      SELECT *, row_number() OVER (PARTITION BY collapse_key ORDER BY ${s.order}) AS group_rank,
        count(*) OVER (PARTITION BY collapse_key) AS group_size
      FROM matched),
    kept AS (SELECT * FROM grouped WHERE group_rank = 1)
    SELECT k.*, (SELECT count(*) FROM kept) AS total
    FROM kept k
    WHERE ${s.after}
    ORDER BY ${s.order}
    LIMIT ${s.limit}`;
}

export interface PostgresEngineOptions {
  pool: pg.Pool;
  /** how old the in-memory word list may get before a background reload (typo expansion) */
  vocabularyMaxAgeMs?: number;
}

export class PostgresSearchEngine implements SearchEngine, SearchIndexWriter {
  readonly kind = 'postgres' as const;
  private readonly pool: pg.Pool;
  private readonly vocabularyMaxAgeMs: number;
  private vocabulary: Vocabulary | null = null;
  private vocabularyLoadedAt = 0;
  private vocabularyLoading: Promise<Vocabulary> | null = null;

  constructor(opts: PostgresEngineOptions) {
    this.pool = opts.pool;
    this.vocabularyMaxAgeMs = opts.vocabularyMaxAgeMs ?? 60_000;
  }

  /** The indexed words; the first call loads them, later calls refresh in the background. */
  private async words(): Promise<Vocabulary> {
    const stale = Date.now() - this.vocabularyLoadedAt > this.vocabularyMaxAgeMs;
    if (this.vocabulary && !stale) return this.vocabulary;
    this.vocabularyLoading ??= this.query<{ word: string }>(
      'vocabulary',
      `SELECT DISTINCT word FROM market_search, unnest(string_to_array(title_words, ' ')) AS word WHERE word <> ''`,
      [],
    )
      .then((res) => {
        this.vocabulary = new Vocabulary(res.rows.map((r) => r.word));
        this.vocabularyLoadedAt = Date.now();
        return this.vocabulary;
      })
      .finally(() => {
        this.vocabularyLoading = null;
      });
    if (this.vocabulary) {
      this.vocabularyLoading.catch(() => undefined);
      return this.vocabulary;
    }
    return this.vocabularyLoading;
  }

  private async query<R extends pg.QueryResultRow>(what: string, text: string, values: unknown[]): Promise<pg.QueryResult<R>> {
    try {
      return await this.pool.query<R>(text, values);
    } catch (err) {
      if (isUnavailable(err)) throw new SearchUnavailableError(`search database unavailable (${what}): ${(err as Error).message}`, { cause: err });
      throw err;
    }
  }

  // ---- reading -------------------------------------------------------------------------------

  async searchMarkets(q: MarketSearchQuery): Promise<MarketSearchPage> {
    // a cursor of a widened or trigram-fallback page continues in that mode
    if (q.after && q.after[2] === TRIGRAM_MODE) return this.searchOnce(q, { kind: 'trigram' });
    const required = wideRequired(q.after);
    if (required !== null) return this.searchOnce(q, { kind: 'wide', required });
    const page = await this.searchOnce(q, { kind: 'strict' });
    const nq = normaliseQuery(q.q);
    if (q.after || nq.terms.length === 0 || page.total >= q.limit) return page;
    // fewer than a page with every word: most content words, else any one (see ../widening.ts);
    // a widened search holds every strict match, ranked first
    const plan = widePlan(nq);
    if (plan) {
      const most = await this.searchOnce(q, { kind: 'wide', required: plan.required });
      if (most.total > 0) return most;
      if (plan.required > 1) {
        const any = await this.searchOnce(q, { kind: 'wide', required: 1 });
        if (any.total > 0) return any;
      }
    }
    return page.total === 0 ? this.searchOnce(q, { kind: 'trigram' }) : page;
  }

  /**
   * `strict`: every word (exact title, phrase, stems, prefixes, typos: the tiers above).
   * `wide`: strict matches first, then titles with at least `required` content words.
   * `trigram`: the last resort when the word-based tiers find nothing (garbled or run-together
   * words): titles whose trigrams resemble the query (pg_trgm word similarity, GIN-indexed), ranked
   * by that similarity. Not part of the main query: trigram similarity over every row costs
   * ~10x the full-text tiers on the embedded database.
   */
  private async searchOnce(q: MarketSearchQuery, mode: SearchMode): Promise<MarketSearchPage> {
    const p = new Params();
    const nq = normaliseQuery(q.q);
    const vocabulary = nq.terms.length ? await this.words() : null;
    const t = vocabulary ? termsOf(q.q, vocabulary) : null;
    const where = filterSql(p, q);
    const popularity = rankedPopularity(p, namedYears(q.q));
    let score: string;
    if (t && mode.kind === 'trigram') {
      const words = p.add(t.words);
      where.push(`${words} <% title_words`);
      score = `10 * word_similarity(${words}, title_words) + ${popularity}`;
    } else if (t) {
      const exact = p.add(t.exact);
      const words = p.add(t.words);
      const prefix = p.add(t.prefix);
      const any = p.add(t.any);
      const stemmed = `plainto_tsquery('english', ${words})`;
      const prefixQ = `to_tsquery('simple', ${prefix})`;
      // typo tier: every word within an edit or two of an indexed word (see vocabulary.ts)
      const fuzzy = `tsv_words @@ to_tsquery('simple', ${p.add(t.fuzzy)})`;
      const strictMatch = `(title_exact = ${exact} OR tsv_stemmed @@ ${stemmed} OR tsv_words @@ ${prefixQ} OR ${fuzzy})`;
      const tiers = `(CASE WHEN title_exact = ${exact} THEN 1000 ELSE 0 END)
        + (CASE WHEN tsv_words @@ phraseto_tsquery('simple', ${words}) THEN 200 ELSE 0 END)
        + (CASE WHEN tsv_stemmed @@ ${stemmed} THEN 100 ELSE 0 END)
        + (CASE WHEN tsv_words @@ ${prefixQ} THEN 50 ELSE 0 END)
        + (CASE WHEN ${fuzzy} THEN 25 ELSE 0 END)
        + 10 * ts_rank(tsv_stemmed, to_tsquery('english', ${any}), 1)
        + ${popularity}`;
      const plan = mode.kind === 'wide' ? widePlan(nq, mode.required) : null;
      if (plan) {
        const wide = wideTermSql(p, plan, vocabulary!);
        where.push(`(${strictMatch} OR (${wide.anyTerm} AND ${wide.matchedCount} >= ${p.add(plan.required)}))`);
        score = `(CASE WHEN ${strictMatch} THEN ${STRICT_BONUS} ELSE 0 END) + ${tiers} + ${wide.points}`;
      } else {
        where.push(strictMatch);
        score = tiers;
      }
    } else {
      score = popularity;
    }
    const order =
      q.sort === 'volume'
        ? 'volume DESC NULLS LAST, key ASC'
        : q.sort === 'close_time'
          ? 'close_time ASC NULLS LAST, key ASC'
          : 'score DESC, key ASC';
    const after = q.after ? this.afterCondition(p, q.sort, q.after) : 'TRUE';
    const whereSql = where.length ? where.join(' AND ') : 'TRUE';
    const matched = `
        SELECT exchange, market_id, key, title, category, closed, svc_id, event_id, volume, close_time, ${score} AS score
          ${q.collapse ? `, ${COLLAPSE_COLUMN[q.collapse]} AS collapse_key` : ''}
        FROM market_search
        WHERE ${whereSql}`;
    const limit = p.add(q.limit + 1);
    let rows: SearchRow[];
    if (q.collapse) {
      const candidates = (q.limit + 1) * COLLAPSE_CANDIDATES_PER_RESULT;
      const sql = collapsedFromCandidatesSql({ matched, order, after, limit, candidates, browse: !t });
      const found = (await this.query<SearchRow & { candidates: number }>('search', sql, p.values)).rows;
      rows = found;
      // the candidates ran out before a page's groups did (a long ladder at the top): the exact
      // collapse over every match
      if (found.length <= q.limit && Number(found[0]?.candidates ?? candidates) >= candidates) {
        rows = (await this.query<SearchRow>('search', collapsedByWindowSql({ matched, order, after, limit }), p.values)).rows;
      }
    } else {
      const sql = `
        WITH kept AS (SELECT *, 1 AS group_size FROM (${matched}) m)
        SELECT k.*, (SELECT count(*) FROM kept) AS total
        FROM kept k
        WHERE ${after}
        ORDER BY ${order}
        LIMIT ${limit}`;
      rows = (await this.query<SearchRow>('search', sql, p.values)).rows;
    }
    const page = rows.slice(0, q.limit);
    const hits: MarketHit[] = page.map((r) => ({
      exchange: r.exchange,
      market_id: r.market_id,
      title: r.title,
      category: r.category,
      closed: r.closed,
      score: Math.round(Number(r.score) * 1e4) / 1e4,
      svc_id: r.svc_id,
      event_id: r.event_id,
      collapsed: Number(r.group_size) - 1,
    }));
    const last = page[page.length - 1];
    let next: SortPosition | null = null;
    if (rows.length > q.limit && last) {
      next =
        q.sort === 'volume'
          ? [last.volume, last.key]
          : q.sort === 'close_time'
            ? [last.close_time ? last.close_time.toISOString() : null, last.key]
            : [Number(last.score), last.key];
      if (mode.kind === 'trigram') next.push(TRIGRAM_MODE);
      if (mode.kind === 'wide') next = wideCursor(next, mode.required);
    }
    const total = rows.length ? Number(rows[0].total) : q.after ? -1 : 0;
    return { total: total >= 0 ? total : await this.countMatches(q, mode), hits, next };
  }

  /** The total of a query whose page came back empty (a cursor past the end). */
  private async countMatches(q: MarketSearchQuery, mode: SearchMode): Promise<number> {
    const page = await this.searchOnce({ ...q, after: undefined, limit: 1 }, mode);
    return page.total;
  }

  private afterCondition(p: Params, sort: MarketSearchQuery['sort'], after: SortPosition): string {
    const [value, key] = after; // a mode marker may follow (trigram, widened)
    if (typeof key !== 'string') throw new RangeError('cursor does not match this search');
    const k = p.add(key);
    if (sort === 'relevance') {
      if (typeof value !== 'number') throw new RangeError('cursor does not match this search');
      const s = p.add(value);
      return `(score < ${s}::float8 OR (score = ${s}::float8 AND key > ${k}))`;
    }
    const column = sort === 'volume' ? 'volume' : 'close_time';
    if (value === null) return `(${column} IS NULL AND key > ${k})`;
    if (sort === 'volume' && typeof value !== 'number') throw new RangeError('cursor does not match this search');
    if (sort === 'close_time' && (typeof value !== 'string' || Number.isNaN(Date.parse(value)))) {
      throw new RangeError('cursor does not match this search');
    }
    const v = p.add(value);
    const cast = sort === 'volume' ? '::float8' : '::timestamptz';
    const beyond = sort === 'volume' ? '<' : '>';
    return `(${column} ${beyond} ${v}${cast} OR ${column} IS NULL OR (${column} = ${v}${cast} AND key > ${k}))`;
  }

  /**
   * The keyword search's tiers (../widening.ts) for a prefix being typed: every word (the last as a
   * prefix) first; when that fills fewer than `limit` suggestions, titles with most of the content
   * words, then any one, appended after the strict ones (one suggestion per cluster across all);
   * pg_trgm similarity only when none of that finds anything. Each tier is one statement, and the
   * next runs only when the suggestions are still short, so a prefix that matches costs one.
   */
  async autocomplete(q: AutocompleteQuery): Promise<Suggestion[]> {
    const nq = normaliseQuery(q.q);
    if (nq.terms.length === 0) return [];
    let found = await this.autocompleteOnce(q, { kind: 'strict' });
    const plan = found.length < q.limit ? widePlan(nq) : null;
    for (const required of plan ? [...new Set([plan.required, 1])] : []) {
      found = appendNewGroups(found, await this.autocompleteOnce(q, { kind: 'wide', required }), q.limit);
      if (found.length >= q.limit) break;
    }
    if (!found.length) found = await this.autocompleteOnce(q, { kind: 'trigram' });
    return found.map(({ group_key: _, ...suggestion }) => suggestion);
  }

  private async autocompleteOnce(q: AutocompleteQuery, mode: SearchMode): Promise<(Suggestion & { group_key: string })[]> {
    const vocabulary = await this.words();
    const t = termsOf(q.q, vocabulary)!;
    const p = new Params();
    const where = filterSql(p, q);
    const popularity = rankedPopularity(p, namedYears(q.q));
    let score: string;
    const plan = mode.kind === 'wide' ? widePlan(normaliseQuery(q.q), mode.required) : null;
    if (plan) {
      // the widened tier only: its strict matches were the strict statement's answer
      const wide = wideTermSql(p, plan, vocabulary);
      where.push(`${wide.anyTerm} AND ${wide.matchedCount} >= ${p.add(plan.required)}`);
      score = `${wide.points} + ${popularity}`;
    } else if (mode.kind === 'trigram') {
      const words = p.add(t.words);
      where.push(`${words} <% title_words`);
      score = `10 * word_similarity(${words}, title_words) + ${popularity}`;
    } else {
      const exact = p.add(t.exact);
      const prefixQ = `to_tsquery('simple', ${p.add(t.prefix)})`;
      const fuzzy = `tsv_words @@ to_tsquery('simple', ${p.add(t.fuzzy)})`;
      where.push(`(title_exact = ${exact} OR tsv_words @@ ${prefixQ} OR ${fuzzy})`);
      score = `(CASE WHEN title_exact = ${exact} THEN 1000 ELSE 0 END)
            + (CASE WHEN tsv_words @@ ${prefixQ} THEN 50 ELSE 0 END)
            + (CASE WHEN ${fuzzy} THEN 25 ELSE 0 END)
            + (CASE WHEN tsv_words @@ to_tsquery('simple', ${p.add(t.phrasePrefix)}) THEN 10 ELSE 0 END)
            + 10 * ts_rank(tsv_words, ${prefixQ}, 1)
            + ${popularity}`;
    }
    type Row = { title: string; exchange: string; market_id: string; svc_id: string | null; cluster_exchanges: string[]; group_key: string; closed: boolean };
    const scored = `SELECT title, exchange, market_id, key, svc_id, cluster_exchanges, group_key, closed, ${score} AS score
          FROM market_search WHERE ${where.join(' AND ')}`;
    // The best few rows by score (a top-N sort), de-duplicated by cluster here; only when a page is
    // all members of a few clusters does the database group (DISTINCT ON sorts every match).
    const fetch = q.limit * 3;
    const top = await this.query<Row>('autocomplete', `${scored} ORDER BY score DESC, key LIMIT ${fetch}`, p.values);
    const seen = new Set<string>();
    let rows = top.rows.filter((r) => !seen.has(r.group_key) && seen.add(r.group_key));
    if (rows.length < q.limit && top.rows.length === fetch) {
      const grouped = await this.query<Row>(
        'autocomplete',
        `SELECT * FROM (SELECT DISTINCT ON (group_key) * FROM (${scored}) s ORDER BY group_key, score DESC, key) g
         ORDER BY score DESC, key LIMIT ${q.limit}`,
        p.values,
      );
      rows = grouped.rows;
    }
    return rows.slice(0, q.limit).map((r) => ({
      text: r.title,
      exchange: r.exchange,
      market_id: r.market_id,
      svc_id: r.svc_id,
      exchanges: r.cluster_exchanges.length ? r.cluster_exchanges : [r.exchange],
      closed: r.closed,
      group_key: r.group_key,
    }));
  }

  async ping(): Promise<boolean> {
    try {
      await this.pool.query('SELECT 1 FROM market_search LIMIT 1');
      return true;
    } catch {
      return false;
    }
  }

  /** The pool belongs to the application; nothing to release here. */
  async close(): Promise<void> {}

  // ---- writing -------------------------------------------------------------------------------

  async ensureIndex(): Promise<string> {
    return PG_INDEX_NAME;
  }

  async liveIndex(): Promise<string | null> {
    return PG_INDEX_NAME;
  }

  /**
   * PostgreSQL rebuilds in place: every market is upserted again (readers keep seeing the old rows
   * until each is replaced, MVCC), then rows not rewritten since the start are deleted in one
   * statement. No moment without an index, as with the alias swap.
   */
  async beginRebuild(): Promise<Rebuild> {
    const started = (await this.query<{ now: Date }>('rebuild', 'SELECT now() AS now', [])).rows[0].now;
    return {
      target: PG_INDEX_NAME,
      commit: async () => {
        await this.query('rebuild commit', 'DELETE FROM market_search WHERE indexed_at < $1', [started]);
        return { previous: PG_INDEX_NAME };
      },
      abort: async () => {},
    };
  }

  async upsert(docs: MarketSearchDoc[]): Promise<BulkResult> {
    const result: BulkResult = { written: 0, stale: 0, failed: [] };
    if (docs.length === 0) return result;
    const rows = docs.map((d) => ({
      exchange: d.exchange,
      market_id: d.market_id,
      title: d.title,
      title_exact: exactForm(d.title),
      title_words: wordTokens(d.title).join(' '),
      subtitle_words: d.subtitle ? wordTokens(d.subtitle).join(' ') : '',
      category: foldText(d.category),
      tags: d.tags.map(foldText),
      status: d.status,
      closed: d.closed,
      yes_price: d.yes_price,
      volume: d.volume,
      volume_24h: d.volume_24h,
      close_time: d.close_time,
      svc_id: d.svc_id,
      cluster_id: d.cluster_id,
      event_id: d.event_id ?? null,
      group_key: groupKey(d),
      cluster_exchanges: d.cluster_exchanges,
      change_seq: d.change_seq,
    }));
    const res = await this.query<{ key: string }>(
      'bulk index',
      `INSERT INTO market_search (exchange, market_id, title, title_exact, title_words, subtitle_words, category, tags,
         status, closed, yes_price, volume, volume_24h, close_time, svc_id, cluster_id, event_id, group_key, cluster_exchanges,
         change_seq, indexed_at)
       SELECT exchange, market_id, title, title_exact, title_words, subtitle_words, category, tags,
         status, closed, yes_price, volume, volume_24h, close_time, svc_id, cluster_id, event_id, group_key, cluster_exchanges,
         change_seq, now()
       FROM jsonb_to_recordset($1::jsonb) AS r(exchange text, market_id text, title text, title_exact text,
         title_words text, subtitle_words text, category text, tags text[], status text, closed boolean,
         yes_price float8, volume float8, volume_24h float8, close_time timestamptz, svc_id text, cluster_id text, event_id text,
         group_key text, cluster_exchanges text[], change_seq bigint)
       ON CONFLICT (exchange, market_id) DO UPDATE SET
         title = EXCLUDED.title, title_exact = EXCLUDED.title_exact, title_words = EXCLUDED.title_words,
         subtitle_words = EXCLUDED.subtitle_words, category = EXCLUDED.category, tags = EXCLUDED.tags,
         status = EXCLUDED.status, closed = EXCLUDED.closed, yes_price = EXCLUDED.yes_price,
         volume = EXCLUDED.volume, volume_24h = EXCLUDED.volume_24h, close_time = EXCLUDED.close_time,
         svc_id = EXCLUDED.svc_id, cluster_id = EXCLUDED.cluster_id, event_id = EXCLUDED.event_id, group_key = EXCLUDED.group_key,
         cluster_exchanges = EXCLUDED.cluster_exchanges, change_seq = EXCLUDED.change_seq, indexed_at = now()
       WHERE market_search.change_seq <= EXCLUDED.change_seq
       RETURNING key`,
      [JSON.stringify(rows)],
    );
    result.written = res.rowCount ?? res.rows.length;
    result.stale = docs.length - result.written;
    // new words are typo targets at once in this process (others pick them up on reload)
    this.vocabulary?.add(rows.flatMap((r) => r.title_words.split(' ')));
    return result;
  }

  async remove(keys: (MarketKey & { change_seq: number })[]): Promise<number> {
    if (keys.length === 0) return 0;
    const res = await this.query(
      'bulk delete',
      `DELETE FROM market_search s USING jsonb_to_recordset($1::jsonb) AS r(exchange text, market_id text, change_seq bigint)
       WHERE s.exchange = r.exchange AND s.market_id = r.market_id AND s.change_seq <= r.change_seq`,
      [JSON.stringify(keys.map((k) => ({ exchange: k.exchange, market_id: k.market_id, change_seq: k.change_seq })))],
    );
    return res.rowCount ?? 0;
  }

  async indexedClusterIds(keys: MarketKey[]): Promise<Map<string, string | null>> {
    const out = new Map<string, string | null>();
    if (keys.length === 0) return out;
    const res = await this.query<{ key: string; svc_id: string | null }>(
      'cluster lookup',
      'SELECT key, svc_id FROM market_search WHERE key = ANY($1::text[])',
      [keys.map(docKey)],
    );
    for (const r of res.rows) out.set(r.key, r.svc_id);
    return out;
  }

  /** Writes are visible on commit. */
  async refresh(): Promise<void> {}

  async count(): Promise<number> {
    const res = await this.query<{ n: number }>('count', 'SELECT count(*)::int AS n FROM market_search', []);
    return res.rows[0].n;
  }

  async countByExchange(): Promise<Map<string, number>> {
    const res = await this.query<{ exchange: string; n: number }>(
      'count by exchange',
      'SELECT exchange, count(*)::int AS n FROM market_search GROUP BY exchange',
      [],
    );
    return new Map(res.rows.map((r) => [r.exchange, r.n]));
  }
}

/** `more` after `first`, skipping clusters (group keys) already suggested, up to `limit`. */
function appendNewGroups<T extends { group_key: string }>(first: T[], more: T[], limit: number): T[] {
  const seen = new Set(first.map((s) => s.group_key));
  return [...first, ...more.filter((s) => !seen.has(s.group_key) && seen.add(s.group_key))].slice(0, limit);
}
