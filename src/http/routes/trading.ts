// Orders, positions and balances (CONTRACT.md §5 Trading) over HTTP: thin handlers that parse
// (400 naming the field), call the trading service for the key's user, and answer JSON. The user is
// always the API key's; another user's order is a 404.
import { Router } from 'express';
import { z } from 'zod';
import type { TradingService } from '../../trading/trading-service.js';
import { defineGetRoute, type RouteDefinition } from '../define-route.js';
import { apiKeyScheme, errorResponse, keyedErrors, openapi } from '../openapi.js';
import { parseBody, parseParams } from '../validate.js';
import { tradingErrors } from './trading-errors.js';
import { Balances, ExchangeQuery, Order, OrderList, OrderPath, OrdersQuery, PlaceOrderBody, Positions } from './trading-schemas.js';

const tags = ['Trading'];
const security = [{ [apiKeyScheme.name]: [] }];
const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema } } });

openapi.registerPath({
  method: 'post',
  path: '/api/v1/orders',
  tags,
  security,
  summary: 'Place an order',
  description:
    'kalshi and futuur orders are signed here with your stored credentials (RSA-PSS, HMAC-SHA512). polymarket, limitless, predictfun and opinion orders carry `signed_order`, the EIP-712 order you signed; its signature is checked (domain, types, signer; ERC-1271 for smart wallets) before anything is sent. The order is stored `pending` before the venue is called, so no outcome leaves it unknown: a repeated client_order_id returns the first order (200).',
  request: { body: { content: { 'application/json': { schema: PlaceOrderBody } } } },
  responses: {
    201: json(Order, 'Placed (its status says whether it rests, filled, ...)'),
    200: json(Order, 'A repeated client_order_id: the first order, nothing sent again'),
    ...keyedErrors,
    422: errorResponse('The venue rejected the order; it is stored as rejected with the reason'),
    502: errorResponse('The venue is down or failed; the order is stored as rejected, or pending until reconciled (the message says which)'),
    503: errorResponse('Trading on the venue is not available in this process'),
    504: errorResponse('The venue did not answer in time; the order is pending until reconciled with the venue'),
  },
});
openapi.registerPath({
  method: 'delete',
  path: '/api/v1/orders/{id}',
  tags,
  security,
  summary: 'Cancel a resting order',
  request: { params: OrderPath },
  responses: {
    200: json(Order, 'The order after the cancel'),
    ...keyedErrors,
    404: errorResponse('No such order of yours'),
    409: errorResponse('The order is not resting (filled, cancelled, rejected, pending...)'),
    502: errorResponse('The venue is down or failed'),
    504: errorResponse('The venue did not answer in time'),
  },
});

interface Ctx {
  trading: TradingService;
}

const getRoutes: RouteDefinition<Ctx>[] = [
  defineGetRoute({
    path: '/orders',
    tags,
    summary: 'Your orders, newest first',
    description: 'Filter by exchange and status; `cursor` is the previous page\'s next_cursor.',
    params: z.object({}),
    query: OrdersQuery,
    response: OrderList,
    handle: (ctx: Ctx, { query }, req) => tradingErrors(() => ctx.trading.listOrders(req.auth!.userId, query)),
  }),
  defineGetRoute({
    path: '/orders/:id',
    tags,
    summary: 'One order: status, fills, price',
    description: 'An order not final yet is brought up to date with the venue first (its stored state is served if the venue does not answer).',
    params: OrderPath,
    response: Order,
    errors: { 404: 'No such order of yours' },
    handle: (ctx: Ctx, { params }, req) => tradingErrors(() => ctx.trading.getOrder(req.auth!.userId, params.id)),
  }),
  defineGetRoute({
    path: '/positions',
    tags,
    summary: 'Your positions on a venue (live, with your stored credentials)',
    params: z.object({}),
    query: ExchangeQuery,
    response: Positions,
    errors: { 404: 'The venue has no positions operation', 502: 'The venue is down or failed', 504: 'The venue did not answer in time' },
    handle: (ctx: Ctx, { query }, req) => tradingErrors(() => ctx.trading.positions(req.auth!.userId, query.exchange)),
  }),
  defineGetRoute({
    path: '/balances',
    tags,
    summary: 'Your balances on a venue (live, with your stored credentials)',
    params: z.object({}),
    query: ExchangeQuery,
    response: Balances,
    errors: { 404: 'The venue has no balances operation', 502: 'The venue is down or failed', 504: 'The venue did not answer in time' },
    handle: (ctx: Ctx, { query }, req) => tradingErrors(() => ctx.trading.balances(req.auth!.userId, query.exchange)),
  }),
];

export function createTradingRouter(trading: TradingService): Router {
  const router = Router();
  const ctx: Ctx = { trading };
  router.post('/orders', async (req, res) => {
    const body = parseBody(PlaceOrderBody, req);
    const { order, created } = await tradingErrors(() => trading.placeOrder(req.auth!.userId, body));
    res.status(created ? 201 : 200).json(order);
  });
  router.delete('/orders/:id', async (req, res) => {
    const { id } = parseParams(OrderPath, req);
    res.json(await tradingErrors(() => trading.cancelOrder(req.auth!.userId, id)));
  });
  for (const r of getRoutes) r.mount(router, ctx);
  return router;
}
