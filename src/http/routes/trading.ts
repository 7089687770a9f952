// Orders, positions and balances (docs/api-contract.md §5 Trading) over HTTP: thin handlers that parse
// (400 naming the field), call the trading service for the key's user, and answer JSON. The user is
// always the API key's; another user's order is a 404.
import { Router } from 'express';
import { z } from 'zod';
import type { TradingService } from '../../trading/trading-service.js';
import { defineRoute, mountRoutes, reply, type RouteDefinition } from '../define-route.js';
import { errorResponse, keyedErrors } from '../openapi.js';
import { PLACE_ORDER_EXAMPLES } from './signed-order-schemas.js';
import { tradingErrors } from './trading-errors.js';
import { Balances, ExchangeQuery, Order, OrderList, OrderPath, OrdersQuery, PlaceOrderBody, Positions, PreparedOrder, PrepareOrderBody } from './trading-schemas.js';
import { VENUES } from '../../venues/index.js';

const tags = ['Trading'];
/** The 503 of a key rotation in progress (src/trading/credential-keys-health.ts), as the routes document it. */
const KEY_ROTATION_503 =
  'a rotation of the credentials key is in progress (the message names the key id and what to do; /health shows `credentials` degraded)';
const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema } } });

interface Ctx {
  trading: TradingService;
}

/** The venues that publish a read (their descriptors' `accountReads`), for the routes' descriptions. */
const venuesWith = (read: 'positions' | 'balances'): string => VENUES.filter((v) => v.accountReads?.[read]).map((v) => v.code).join(', ');
const venuesWithout = (read: 'positions' | 'balances'): string => VENUES.filter((v) => v.trading && !v.accountReads?.[read]).map((v) => v.code).join(', ') || 'none';

const routes: RouteDefinition<Ctx>[] = [
  defineRoute({
    method: 'post',
    path: '/orders',
    tags,
    summary: 'Place an order',
    description:
      'kalshi and futuur orders are signed here with your stored credentials (RSA-PSS, HMAC-SHA512). polymarket, limitless, predictfun and opinion orders carry `signed_order`, the EIP-712 order you signed (POST /api/v1/orders/prepare gives the typed data to sign and this body); its signature is checked (domain, types, signer; ERC-1271 for smart wallets) before anything is sent. The order is stored `pending` before the venue is called, so no outcome leaves it unknown: a repeated client_order_id returns the first order (200).',
    body: { schema: PlaceOrderBody, examples: PLACE_ORDER_EXAMPLES },
    responses: {
      201: json(Order, 'Placed (its status says whether it rests, filled, ...)'),
      200: json(Order, 'A repeated client_order_id with the same body: the first order, nothing sent again'),
      ...keyedErrors,
      409: errorResponse('The client_order_id was used for an order with a different body; the message names the differing fields. Nothing is sent'),
      422: errorResponse('The venue rejected the order; it is stored as rejected with the reason'),
      502: errorResponse('The venue is down or failed; the order is stored as rejected, or pending until reconciled (the message says which)'),
      503: errorResponse(`Trading on the venue is not available in this process, or ${KEY_ROTATION_503}`),
      504: errorResponse('The venue did not answer in time; the order is pending until reconciled with the venue'),
    },
    handle: async (ctx: Ctx, { body }, req) => {
      const { order, created } = await tradingErrors(() => ctx.trading.placeOrder(req.auth!.userId, body));
      return reply(created ? 201 : 200, order);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/orders/prepare',
    tags,
    summary: 'Make an order ready to sign (polymarket, limitless, predictfun, opinion)',
    description:
      'Takes the body of an order without `signed_order` (plus `signer`, and `maker` where the wallet holding the funds is not the signer) and answers the EIP-712 typed data to sign, with the exchange contract and neg-risk chosen from the venue, and the body to post. ' +
      'Sign `typed_data` with any wallet library (ethers: `wallet.signTypedData(typed_data.domain, typed_data.types, typed_data.message)`), set `order.signed_order.signature` to the result, and post `order` to POST /api/v1/orders. ' +
      'Nothing is stored or placed; the venue is asked only its public reads (the market, its exchange).',
    body: { schema: PrepareOrderBody },
    responses: {
      200: json(PreparedOrder, 'The typed data to sign and the order to post'),
      ...keyedErrors,
      502: errorResponse('The venue is down or failed'),
      503: errorResponse('Trading on the venue is not available in this process'),
      504: errorResponse('The venue did not answer in time'),
    },
    handle: (ctx: Ctx, { body }, req) => tradingErrors(() => ctx.trading.prepareOrder(req.auth!.userId, body)),
  }),
  defineRoute({
    method: 'delete',
    path: '/orders/:id',
    tags,
    summary: 'Cancel a resting order',
    params: OrderPath,
    responses: {
      200: json(Order, 'The order after the cancel'),
      ...keyedErrors,
      404: errorResponse('No such order of yours'),
      409: errorResponse('The order is not resting (filled, cancelled, rejected, pending...)'),
      502: errorResponse('The venue is down or failed'),
      503: errorResponse(`Your stored credentials are encrypted with a key this instance lacks: ${KEY_ROTATION_503}`),
      504: errorResponse('The venue did not answer in time'),
    },
    handle: (ctx: Ctx, { params }, req) => tradingErrors(() => ctx.trading.cancelOrder(req.auth!.userId, params.id)),
  }),
  defineRoute({
    method: 'get',
    path: '/orders',
    tags,
    summary: 'Your orders, newest first',
    description: 'Filter by exchange and status; `cursor` is the previous page\'s next_cursor.',
    params: z.object({}),
    query: OrdersQuery,
    response: OrderList,
    handle: (ctx: Ctx, { query }, req) => tradingErrors(() => ctx.trading.listOrders(req.auth!.userId, query)),
  }),
  defineRoute({
    method: 'get',
    path: '/orders/:id',
    tags,
    summary: 'One order: status, fills, price',
    description: 'An order not final yet is brought up to date with the venue first (its stored state is served if the venue does not answer).',
    params: OrderPath,
    response: Order,
    errors: { 404: 'No such order of yours' },
    handle: (ctx: Ctx, { params }, req) => tradingErrors(() => ctx.trading.getOrder(req.auth!.userId, params.id)),
  }),
  defineRoute({
    method: 'get',
    path: '/positions',
    tags,
    summary: 'Your positions on a venue (live, with your stored credentials)',
    description:
      `Read from the venue at each call, in unified units: \`size\` in contracts/shares, \`avg_price\` 0..1 of the outcome held, \`value\` in USD (the venue's own valuation). \`outcome\` names the outcome as orders do (yes/no on a binary market, on every venue), \`venue_outcome\` as the venue does (kalshi yes/no, futuur long/short, the token id on the EIP-712 venues). Venues with positions: ${venuesWith('positions')}. ` +
      'polymarket reads the wallet holding your tokens (your `funder`, else your Safe for signature_type 2, else your address); opinion reads your Safe (`multi_sig_addr`) and predictfun your `address` (Predict Account or EOA), both stored with the credentials (400 naming the field when absent). ' +
      `Without a positions read: ${venuesWithout('positions')} (404 naming the venue).`,
    params: z.object({}),
    query: ExchangeQuery,
    response: Positions,
    errors: { 400: 'Unknown or non-trading exchange, no stored credentials, or a field the read needs missing from them', 404: 'The venue has no positions operation', 422: 'The venue refused the stored credentials', 502: 'The venue is down or failed', 503: `Your stored credentials are encrypted with a key this instance lacks: ${KEY_ROTATION_503}`, 504: 'The venue did not answer in time' },
    handle: (ctx: Ctx, { query }, req) => tradingErrors(() => ctx.trading.positions(req.auth!.userId, query.exchange)),
  }),
  defineRoute({
    method: 'get',
    path: '/balances',
    tags,
    summary: 'Your balances on a venue (live, with your stored credentials)',
    description:
      `Read from the venue at each call: \`available\` is what new orders can spend, \`total\` includes what open orders hold (null when the venue does not say), amounts in the currency named (USD, or the venue's dollar stablecoin at par). Venues with balances: ${venuesWith('balances')}. ` +
      `Without a balances read: ${venuesWithout('balances')} (their balances live on-chain only; 404 naming the venue).`,
    params: z.object({}),
    query: ExchangeQuery,
    response: Balances,
    errors: { 400: 'Unknown or non-trading exchange, or no stored credentials', 404: 'The venue has no balances operation', 422: 'The venue refused the stored credentials', 502: 'The venue is down or failed', 503: `Your stored credentials are encrypted with a key this instance lacks: ${KEY_ROTATION_503}`, 504: 'The venue did not answer in time' },
    handle: (ctx: Ctx, { query }, req) => tradingErrors(() => ctx.trading.balances(req.auth!.userId, query.exchange)),
  }),
];

export function createTradingRouter(trading: TradingService): Router {
  return mountRoutes(Router(), { trading }, routes);
}
