// The tools the MCP server offers: each one a zod input schema (validated by the SDK before the tool
// runs; a bad argument comes back as a tool error naming the field), a description written for the
// assistant choosing between them, and a run over the typed client of the deployment. Every answer
// is the API's own JSON (trimmed where noted), so an assistant reads what an API user would.
import { z } from 'zod';
import type { paths, PredmarketsClient } from '../client/src/index.js';

type Exchange = paths['/api/v1/{exchange}/{market_id}/market']['get']['parameters']['path']['exchange'];

// The venue codes at run time; the two checks below fail the typecheck when the API's list changes.
const EXCHANGES = ['kalshi', 'polymarket', 'limitless', 'predictfun', 'opinion', 'futuur', 'probable', 'manifold', 'predictit'] as const satisfies readonly Exchange[];
type Missing = Exclude<Exchange, (typeof EXCHANGES)[number]>;
const everyExchangeListed: [Missing] extends [never] ? true : Missing = true;
void everyExchangeListed;

/** A failure the assistant should see as the tool's answer: the API's message, or why it could not be asked. */
export class ToolError extends Error {}

const HINTS: Record<number, string> = {
  401: ' (the MCP server\'s PREDMARKETS_API_KEY is missing, unknown, revoked or expired)',
  403: ' (the API key\'s plan does not include this; the tool\'s description says which plan does)',
};

interface ApiResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The API's answer, or a ToolError carrying the API's `{"error": message}` with its status. */
async function answer<T>(request: Promise<ApiResult<T>>): Promise<T> {
  let result: ApiResult<T>;
  try {
    result = await request;
  } catch (err) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    throw new ToolError(`could not reach the predmarkets API: ${(err as Error).message}${cause ? ` (${cause.code ?? cause.message})` : ''}`);
  }
  if (result.response.ok && result.data !== undefined) return result.data;
  const body = result.error as { error?: unknown } | undefined;
  const message = typeof body?.error === 'string' ? body.error : result.response.statusText;
  const status = result.response.status;
  const retry = status === 429 ? ` (rate limit: retry after ${result.response.headers.get('retry-after') ?? '?'} s)` : '';
  throw new ToolError(`predmarkets API ${status}: ${message}${HINTS[status] ?? ''}${retry}`);
}

// ---- argument schemas ---------------------------------------------------------------------------------

const exchange = z.enum(EXCHANGES).describe(`Venue code: ${EXCHANGES.join(', ')}`);
const marketId = z.string().min(1).max(300).describe('The venue\'s own market id, exactly as search results or get_market give it (e.g. a Kalshi ticker, a Polymarket condition id)');
const exchanges = z.array(exchange).min(1).max(EXCHANGES.length).optional().describe('Only these venues (default: all nine)');
type Category = NonNullable<NonNullable<paths['/api/v1/search/markets']['get']['parameters']['query']>['category']>;
/** The API's category vocabulary (GET /api/v1/categories lists it with counts); the compiler checks each word against the client's types. */
const CATEGORIES = ['politics', 'crypto', 'sports', 'economics', 'finance', 'tech', 'science', 'climate', 'world', 'culture', 'other'] as const satisfies readonly Category[];
const category = z.enum(CATEGORIES).optional().describe(`Only this category, one of: ${CATEGORIES.join(', ')}`);
// The API's format (docs: "svc_ followed by 12 lower-case base32 characters"), checked here so a
// malformed id is a schema error before any request.
const svcId = z.string().regex(/^svc_[a-z2-7]{12}$/, 'must be svc_ followed by 12 lower-case base32 characters').describe('The cross-venue id of a cluster (svc_ + 12 characters), as search results and get_market give it in svc_id');

/** A cluster named by its svc_id, or by one member market (exchange + market_id). */
const clusterRef = z
  .object({ svc_id: svcId.optional(), exchange: exchange.optional(), market_id: marketId.optional() })
  .superRefine((v, ctx) => {
    const byMarket = v.exchange !== undefined || v.market_id !== undefined;
    if (v.svc_id !== undefined && byMarket) ctx.addIssue({ code: 'custom', message: 'give svc_id, or exchange and market_id, not both' });
    else if (v.svc_id === undefined && (v.exchange === undefined || v.market_id === undefined)) ctx.addIssue({ code: 'custom', message: 'give svc_id, or both exchange and market_id' });
  });

// ---- the tools ----------------------------------------------------------------------------------------

export interface ToolContext {
  api: PredmarketsClient;
  now: () => Date;
}

export interface ToolDefinition<Input extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  description: string;
  input: Input;
  run(args: z.output<Input>, ctx: ToolContext): Promise<unknown>;
}

const define = <Input extends z.ZodObject>(tool: ToolDefinition<Input>): ToolDefinition => tool as unknown as ToolDefinition;

const PRICES = 'Prices are probabilities of YES from 0 to 1 (0.42 = 42 cents per contract paying $1 on YES), whatever unit the venue uses; sizes are contracts.';

const searchMarkets = define({
  name: 'search_markets',
  title: 'Keyword search over every venue',
  description:
    'Find prediction markets by words in their titles across all nine venues (Kalshi, Polymarket, Limitless, predict.fun, Opinion, Futuur, Probable, Manifold, PredictIt). ' +
    'Use it when you know words of the title (names, tickers, "bitcoin 150k", "fed rate cut"); use semantic_search for a question phrased in your own words. ' +
    'Returns {query, count, total, results[{exchange, market_id, title, category, closed, score, svc_id}], next_cursor}: a higher score is more relevant; ' +
    'svc_id, when not null, names the cluster of equivalent markets on other venues (pass it to get_cluster or compare_prices); exchange + market_id go to get_market and get_orderbook. ' +
    'Pass next_cursor back as cursor (same other arguments) for the next page. Any API key.',
  input: z.object({
    q: z.string().max(500).optional().describe('Keywords; omit to browse by the filters and sort'),
    exchange: exchanges,
    category,
    status: z.enum(['open', 'closed', 'all']).optional().describe('open: still trading; closed: closed or resolved; all (default)'),
    sort: z.enum(['relevance', 'volume', 'close_time']).optional().describe('relevance (default), volume (largest first) or close_time (soonest first)'),
    limit: z.number().int().min(1).max(100).default(10).describe('Results per page, 1..100 (default 10)'),
    cursor: z.string().min(1).max(2000).optional().describe('next_cursor of the previous page'),
  }),
  run: (a, { api }) =>
    answer(api.GET('/api/v1/search/markets', { params: { query: { q: a.q, exchange: a.exchange?.join(','), category: a.category, status: a.status, sort: a.sort, limit: a.limit, cursor: a.cursor } } })),
});

const semanticSearch = define({
  name: 'semantic_search',
  title: 'Semantic search by meaning',
  description:
    'Find markets whose title or rules mean what a natural-language question means, even with no word in common ("will the central bank lower borrowing costs" finds "Fed cuts rates in December"). ' +
    'Use it for questions in your own words or when search_markets finds nothing; use search_markets for exact names and tickers. ' +
    'Returns {query, count, results[{exchange, market_id, title, category, closed, score, svc_id}]}: here a LOWER score is more relevant. ' +
    'Needs an API key of plan max (or admin, enterprise): other plans get a 403 tool error.',
  input: z.object({
    query: z.string().min(1).max(1000).describe('The question, in plain language'),
    exchange: exchanges,
    active_only: z.boolean().default(false).describe('Only markets still open (default false)'),
    category,
    limit: z.number().int().min(1).max(100).default(10).describe('Results, 1..100 (default 10)'),
  }),
  run: (a, { api }) =>
    answer(api.POST('/api/v1/search/semantic', { body: { query: a.query, exchange: a.exchange, active_only: a.active_only, category: a.category, limit: a.limit } })),
});

const getMarket = define({
  name: 'get_market',
  title: 'One market in full',
  description:
    'The full record of one market on one venue: title, status, outcomes with prices, yes_price, yes_bid, yes_ask, last_price, volume, liquidity, open/close/resolution times, the resolution rules, ' +
    `the venue's url, and svc_id/cluster_id (its cross-venue cluster, null until matched). ${PRICES} ` +
    'updated_at says when the venue\'s data was last refreshed (for a live book use get_orderbook). An unknown market is a 404 tool error. Any API key.',
  input: z.object({ exchange, market_id: marketId }),
  run: (a, { api }) => answer(api.GET('/api/v1/{exchange}/{market_id}/market', { params: { path: { exchange: a.exchange, market_id: a.market_id } } })),
});

const getOrderbook = define({
  name: 'get_orderbook',
  title: 'Live order book of a market',
  description:
    'The current order book of one market, read live from the venue: the YES side\'s bids (highest first) and asks (lowest first), each {price, size}, cut to the best `depth` levels. ' +
    `${PRICES} Buying NO at a price p is selling YES at 1 - p. Returns {exchange, market_id, timestamp, best_bid, best_ask, spread, bids, asks, levels{bids, asks}} (levels: how many the full book has). ` +
    'Venues without an order book (PredictIt, Manifold) answer with a 404 tool error. Any API key.',
  input: z.object({ exchange, market_id: marketId, depth: z.number().int().min(1).max(100).default(10).describe('Price levels per side, 1..100 (default 10)') }),
  run: async (a, { api }) => {
    const book = await answer(api.GET('/api/v1/{exchange}/{market_id}/orderbook', { params: { path: { exchange: a.exchange, market_id: a.market_id } } }));
    const snap = book.snapshots[0];
    if (!snap) throw new ToolError(`predmarkets API returned no order book for ${a.exchange}:${a.market_id}`);
    const bestBid = snap.bids[0]?.price ?? null;
    const bestAsk = snap.asks[0]?.price ?? null;
    return {
      exchange: a.exchange,
      market_id: a.market_id,
      timestamp: snap.timestamp,
      best_bid: bestBid,
      best_ask: bestAsk,
      spread: bestBid !== null && bestAsk !== null ? Math.round((bestAsk - bestBid) * 1e8) / 1e8 : null,
      bids: snap.bids.slice(0, a.depth),
      asks: snap.asks.slice(0, a.depth),
      levels: { bids: snap.bids.length, asks: snap.asks.length },
    };
  },
});

const CLUSTER_BY = 'Name the cluster by svc_id, or by any member market (exchange + market_id).';

async function clusterOf(a: z.output<typeof clusterRef>, api: PredmarketsClient) {
  if (a.svc_id) return answer(api.GET('/api/v1/svc/{svc_id}/cluster', { params: { path: { svc_id: a.svc_id } } }));
  return answer(api.GET('/api/v1/{exchange}/{market_id}/cluster', { params: { path: { exchange: a.exchange!, market_id: a.market_id! } } }));
}

const getCluster = define({
  name: 'get_cluster',
  title: 'Equivalent markets across venues',
  description:
    'The cluster of markets that ask the same question on different venues (at most one market per venue): svc_id, title, category, close_time, market_count, exchanges, ' +
    'confidence (the weakest link, 0..1), the canonical market, and members[{exchange, market_id, title, url, match{confidence, method, reasons}}]. ' +
    `${CLUSTER_BY} A market in no cluster is a 404 tool error saying so. By svc_id it needs a key of plan pro, max or admin; by member market any key. ` +
    'For the members\' prices side by side use compare_prices.',
  input: clusterRef,
  run: (a, { api }) => clusterOf(a, api),
});

const comparePricesTool = define({
  name: 'compare_prices',
  title: 'Compare one question\'s prices across venues',
  description:
    'Where is this question cheapest right now: the cluster as GET /api/v1/clusters?svc_id= lists it, so it agrees with list_opportunities and the page. ' +
    'quotes[] per member (title, url, status, yes_bid, yes_ask, last_price, volume, as_of, age_seconds, stale, source), best{yes_ask, no_ask} ({exchange, market_id, price, fee}: ' +
    'the lowest YES ask and the lowest NO ask = 1 - YES bid over fresh quotes of open markets), gap = 1 - best YES ask - best NO ask before fees, gap_after_fees with each venue\'s ' +
    'published taker fee, fees_complete. A gap above 0 means buying YES on one venue and NO on another costs less than the $1 one of them pays: before slippage past the top of the book, ' +
    'and assuming the venues resolve the question identically (check the members\' rules with get_market). Stale quotes are listed but never count for best. ' +
    `${PRICES} ${CLUSTER_BY} Needs a key of plan pro, max or admin.`,
  input: clusterRef,
  run: async (a, { api }) => {
    const cluster = await clusterOf(a, api);
    // min_venues 1: the cluster is answered whatever its members' state (the listing's default hides one-market clusters)
    const listed = await answer(api.GET('/api/v1/clusters', { params: { query: { svc_id: cluster.svc_id, min_venues: 1 } } }));
    const item = listed.items[0];
    if (!item) throw new ToolError(`cluster ${cluster.svc_id} has no member the catalog holds: nothing to compare`);
    return item;
  },
});

const listOpportunities = define({
  name: 'list_opportunities',
  title: 'Clusters by the price gap between venues',
  description:
    'Browse the clusters of equivalent markets (GET /api/v1/clusters), largest gap first by default: each with svc_id, title, category, close_time, exchanges, confidence, ' +
    'quotes[] per member (yes_bid, yes_ask, last_price, volume, as_of, age_seconds, stale, url), best{yes_ask, no_ask} ({exchange, market_id, price, fee}), ' +
    'gap = 1 - best YES ask - best NO ask and gap_after_fees (each venue\'s published taker fee per contract; fees_complete false when a venue of the best legs publishes none). ' +
    'A gap above 0 means buying YES on one venue and NO on the other costs less than the $1 one of them pays; stale quotes never count. ' +
    `${PRICES} Pass next_cursor back as cursor (same other arguments) for the next page. Needs a key of plan pro, max or admin.`,
  input: z.object({
    q: z.string().max(200).optional().describe('Words that must all appear in the cluster\'s or a member\'s title'),
    category,
    exchange: exchanges.describe('Only clusters that list every one of these venues'),
    min_venues: z.number().int().min(1).max(9).optional().describe('At least this many member markets (default 2)'),
    active_only: z.boolean().optional().describe('Count only open members toward min_venues'),
    min_confidence: z.number().min(0).max(1).optional().describe('The cluster\'s weakest link at least this (0..1)'),
    min_gap: z.number().min(-1).max(1).optional().describe('Gap before fees at least this, e.g. 0.01 = one cent per contract'),
    sort: z.enum(['gap', 'volume', 'venues', 'confidence', 'updated']).optional().describe('gap (default, largest first), volume, venues, confidence, updated (freshest quote first)'),
    limit: z.number().int().min(1).max(100).default(10).describe('Clusters per page, 1..100 (default 10)'),
    cursor: z.string().min(1).max(200).optional().describe('next_cursor of the previous page'),
  }),
  run: (a, { api }) =>
    answer(api.GET('/api/v1/clusters', {
      params: {
        query: {
          q: a.q, category: a.category, exchange: a.exchange, min_venues: a.min_venues, active_only: a.active_only, min_confidence: a.min_confidence,
          min_gap: a.min_gap, sort: a.sort, limit: a.limit, cursor: a.cursor,
        },
      },
    })),
});

export const TOOLS: readonly ToolDefinition[] = [searchMarkets, semanticSearch, getMarket, getOrderbook, getCluster, comparePricesTool, listOpportunities];
