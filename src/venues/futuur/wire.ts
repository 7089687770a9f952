/**
 * Futuur's wire formats (API v2.0), the fields the adapter reads. Source: the venue's published OpenAPI
 * document and reference pages in the public repository `futuur/docs` ("Futuur API Documentation
 * (v2.0).json", `api-reference/**`, as of 2026-11): components EventList/EventDetail (status
 * open/stopped/resolved/cancelled/paused/reversed, `category` CategoryBase[], `tags` EventTag[],
 * `markets` MarketList[]), MarketList (status active/resolved/paused/stopped/cancelled/reversed,
 * `price` nullable number, volumes and liquidity as strings), OrderBook (`bid`/`ask` of
 * Bid/AskLevel: numbers, `price`, `total_shares`, `total_amount`, `cumulative_shares`,
 * `cumulative_amount` required), Paginated*List (`{pagination: {total, next, previous, page_size,
 * offset}, results}`) and LimitOrder (`position` long/short, `side` bid/ask, `status`
 * open/partial_filled/filled/canceled/processing).
 * The spec gives no schema for `GET /events/{id}/price_history/` ("an array of price history data
 * points for each market") nor for the actions' items (`WagerAction`): those two are the shapes our
 * recorded fixtures hold, and the prose docs' `{count, next, results}` list envelope is accepted too.
 */
import { z } from 'zod';
import type { ConformanceCheck, ConformanceKeys, ConformanceRequest } from '../wire.js';
import { signFutuurRequest } from './auth.js';

const isoOrNull = z.string().nullable().optional();
const decimalString = z.string().regex(/^-?\d+(\.\d+)?$/);

export const FUTUUR_EVENT_STATUSES = ['open', 'stopped', 'resolved', 'cancelled', 'paused', 'reversed'] as const;
export const FUTUUR_MARKET_STATUSES = ['active', 'resolved', 'paused', 'stopped', 'cancelled', 'reversed'] as const;
export const FUTUUR_ORDER_STATUSES = ['open', 'partial_filled', 'filled', 'canceled', 'processing'] as const;

export const FutuurMarketSchema = z.looseObject({
  id: z.number().int(),
  title: z.string(),
  price: z.number().nullable(),
  long_label: z.string().nullable().optional(),
  short_label: z.string().nullable().optional(),
  status: z.enum(FUTUUR_MARKET_STATUSES),
  // A read-only string in the spec; the resolved position when set.
  resolution: z.string().nullable().optional(),
  volume_real_money: decimalString,
  liquidity_real_money: decimalString.optional(),
});

export const FutuurEventSchema = z.looseObject({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  status: z.enum(FUTUUR_EVENT_STATUSES),
  category: z.array(z.looseObject({ id: z.number().int(), title: z.string() })),
  tags: z.array(z.looseObject({ name: z.string() })),
  markets: z.array(FutuurMarketSchema),
  bet_end_date: isoOrNull,
  resolve_date: isoOrNull,
  event_start_date: isoOrNull,
  description: z.string().nullable().optional(),
});

const pagination = z.looseObject({ total: z.number().int().nonnegative(), next: z.string().nullable(), previous: z.string().nullable().optional(), page_size: z.number().int().optional(), offset: z.number().int().optional() });
/** A list: the OpenAPI's `{pagination, results}`, or the prose docs' `{count, next, results}`. */
const page = <T extends z.ZodType>(item: T) =>
  z.union([z.looseObject({ pagination, results: z.array(item) }), z.looseObject({ count: z.number().int().nonnegative(), next: z.string().nullable(), results: z.array(item) })]);

export const FutuurEventsPageSchema = page(FutuurEventSchema);

const bookLevel = z.looseObject({ price: z.number().min(0).max(1), total_shares: z.number().nonnegative(), total_amount: z.number(), cumulative_shares: z.number(), cumulative_amount: z.number() });
export const FutuurBookSchema = z.looseObject({ bid: z.array(bookLevel), ask: z.array(bookLevel) });

const numeric = z.union([z.number(), decimalString]);
export const FutuurPriceHistorySchema = z.array(z.looseObject({ market: z.number().int(), history: z.array(z.looseObject({ date: z.string(), price: numeric })) }));

export const FutuurActionSchema = z.looseObject({
  id: z.union([z.number().int(), z.string()]),
  market: z.union([z.number().int(), z.looseObject({ id: z.number().int() })]),
  side: z.enum(['bid', 'ask']),
  position: z.enum(['long', 'short']),
  price: numeric,
  shares: numeric,
  created: z.string(),
});
export const FutuurActionsPageSchema = page(FutuurActionSchema);

/** An order (LimitOrder): what the trading client reads. */
export const FutuurOrderSchema = z.looseObject({
  id: z.number().int(),
  side: z.enum(['bid', 'ask']),
  position: z.enum(['long', 'short']),
  price: z.number().min(0).max(1).nullable(),
  shares_requested: z.number(),
  shares_filled: decimalString,
  status: z.enum(FUTUUR_ORDER_STATUSES),
  expired_at: isoOrNull,
  created: z.string(),
});

/** `GET /orders/`: a PaginatedLimitOrderList. */
export const FutuurOrdersPageSchema = page(FutuurOrderSchema);

/*
 * Positions and balances, from the same OpenAPI document (commit 2a37720, 2026-11) and its reference
 * pages `api-reference/wagers/list.mdx` and `api-reference/me/balances.mdx`. `GET /wagers/` answers a
 * PaginatedWagerListList of WagerList: `market` (and `event`, `user`) a read-only string, the
 * resource's URL in the page's sample (`https://api.futuur.com/v2.0/markets/3801/`); `shares` and
 * `purchases_amount` (the open position's cost basis, nullable) numbers; `amount_on_sell` (what
 * selling now brings), `total_amount` decimal strings. `GET /me/balances/` answers a bare array of
 * UserPrivateAccountBalance `{currency, amount}`, `amount` a decimal string. `PATCH
 * /orders/{id}/cancel/` answers 204 with no body (the OpenAPI and `api-reference/orders/cancel.mdx`).
 */
export const FUTUUR_WAGER_STATUSES = ['lost', 'purchased', 'sold', 'won', 'cancelled', 'disabled'] as const;
export const FutuurWagerSchema = z.looseObject({
  id: z.number().int(),
  status: z.enum(FUTUUR_WAGER_STATUSES),
  market: z.string(),
  event: z.string(),
  position: z.enum(['long', 'short']),
  currency: z.string().optional(),
  shares: z.number(),
  purchases_amount: z.number().nullable().optional(),
  amount_on_sell: decimalString,
  total_amount: decimalString,
  last_purchase: z.string(),
  last_update: z.string(),
});
export const FutuurWagersPageSchema = page(FutuurWagerSchema);
export const FutuurBalancesSchema = z.array(z.looseObject({ currency: z.string(), amount: decimalString }));

/** A not-found answer (`{detail}`, Django REST framework's error body, as the reference pages show it). */
export const FutuurErrorSchema = z.looseObject({ detail: z.string() });

/** The stored key pair's signature of a GET over its query parameters, as the order client signs it (auth.ts). */
const signedByKeyPair = (_r: ConformanceRequest, keys: ConformanceKeys, nowMs: number, url: URL): Record<string, string> =>
  signFutuurRequest(Object.fromEntries(url.searchParams), { publicKey: String(keys.credentials?.public_key ?? ''), privateKey: String(keys.credentials?.private_key ?? '') }, Math.floor(nowMs / 1000));

export const conformanceChecks: readonly ConformanceCheck[] = [
  {
    endpoint: 'GET /events/',
    base: 'rest',
    authenticated: false,
    request: () => ({ method: 'GET', path: '/events/?currency_mode=real_money&limit=10&offset=0&live=true' }),
    schema: FutuurEventsPageSchema,
    remember(response, values) {
      const ev = (response as { results: z.infer<typeof FutuurEventSchema>[] }).results.find((e) => e.markets.length > 0);
      if (!ev) return;
      values.set('event', String(ev.id));
      values.set('market', String(ev.markets[0]!.id));
    },
  },
  { endpoint: 'GET /events/{id}/', base: 'rest', authenticated: false, request: (v) => (v.get('event') ? { method: 'GET', path: `/events/${v.get('event')}/` } : null), schema: FutuurEventSchema },
  { endpoint: 'GET /markets/{id}/book/', base: 'rest', authenticated: false, request: (v) => (v.get('market') ? { method: 'GET', path: `/markets/${v.get('market')}/book/?currency_mode=real_money&position=long` } : null), schema: FutuurBookSchema },
  { endpoint: 'GET /events/{id}/price_history/', base: 'rest', authenticated: false, request: (v) => (v.get('event') ? { method: 'GET', path: `/events/${v.get('event')}/price_history/?currency_mode=real_money&time_interval=week` } : null), schema: FutuurPriceHistorySchema },
  { endpoint: 'GET /events/{id}/actions/', base: 'rest', authenticated: false, request: (v) => (v.get('event') ? { method: 'GET', path: `/events/${v.get('event')}/actions/?currency_mode=real_money&limit=20&offset=0` } : null), schema: FutuurActionsPageSchema },
  // The account's reads the order client relies on, signed with the stored key pair.
  { endpoint: 'GET /me/balances/', base: 'rest', authenticated: true, request: () => ({ method: 'GET', path: '/me/balances/' }), schema: FutuurBalancesSchema, headers: signedByKeyPair },
  { endpoint: 'GET /wagers/', base: 'rest', authenticated: true, request: () => ({ method: 'GET', path: '/wagers/?active=true&currency_mode=real_money&limit=10&offset=0' }), schema: FutuurWagersPageSchema, headers: signedByKeyPair },
  {
    // A signed read of an order id the account has none of: Futuur answers 404, and nothing changes.
    endpoint: 'GET /orders/{unknown id}/ (expects 404)',
    base: 'rest',
    authenticated: true,
    request: () => ({ method: 'GET', path: '/orders/2147483647/' }),
    expectStatus: 404,
    schema: FutuurErrorSchema,
    headers: signedByKeyPair,
  },
];
