// The trading routes' request and response schemas (docs/api-contract.md §3 Order, §5 Trading), registered in
// the OpenAPI document under the names clients see.
import { z } from 'zod';
import { EXCHANGES } from '../../venues/exchanges.js';
import { openapi } from '../openapi.js';
import { OrderTypedDataSchema, SignedOrderField, UnsignedOrder } from './signed-order-schemas.js';

/** The venues with trading, in x1..x9 order. */
export const TRADING_CODES = EXCHANGES.filter((e) => e.trading).map((e) => e.code) as [string, ...string[]];
/** The venues whose orders the caller signs (EIP-712). */
const CLIENT_SIGNING_CODES = EXCHANGES.filter((e) => e.trading && e.signedBy === 'client').map((e) => e.code);
const TradingExchange = z.enum(TRADING_CODES).openapi({ description: 'A venue with trading' });
export const ORDER_STATUSES = ['pending', 'open', 'partially_filled', 'filled', 'cancelled', 'expired', 'rejected'] as const;

/** The fields of an order's body, placed or prepared. */
const orderFields = {
  exchange: z.string().min(1).openapi({ description: 'A trading venue: ' + TRADING_CODES.join(', ') }),
  market_id: z.string().trim().min(1).max(200),
  outcome: z.string().trim().min(1).max(100).openapi({ description: 'yes|no on every trading venue for a binary market (the service maps it to kalshi yes|no, futuur long|short, the EIP-712 venues\' outcome token, which the signed order must trade), or one of the market\'s outcome ids (its details\' outcomes[].id); the venues\' own names (futuur long|short, a token id) are accepted too. Orders, their fills and positions name it the same way: yes|no on a binary market, the venue\'s own name in venue_outcome' }),
  side: z.enum(['buy', 'sell']),
  type: z.enum(['limit', 'market']).default('limit'),
  price: z.number().gt(0).lt(1).nullable().optional().openapi({ description: 'Limit price, 0..1 of the outcome; required for limit orders' }),
  size: z.number().positive().max(1e9).openapi({ description: 'Contracts/shares' }),
  time_in_force: z.enum(['gtc', 'gtd', 'ioc', 'fok']).default('gtc'),
  expires_at: z.string().datetime({ offset: true }).nullable().optional().openapi({ description: 'Required for gtd (ISO 8601)' }),
  client_order_id: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9._:-]+$/, 'letters, digits and . _ : - only')
    .nullable()
    .optional()
    .openapi({ description: 'Idempotency key: repeating it with the same body returns the first order (200) and sends nothing twice; with a different body it is a 409 naming the differing fields' }),
};

export const PlaceOrderBody = openapi.register('PlaceOrder', z.object({ ...orderFields, signed_order: SignedOrderField }).strict());

const WalletAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x address (40 hex digits)');

export const PrepareOrderBody = openapi.register(
  'PrepareOrder',
  z
    .object({
      ...orderFields,
      exchange: z.string().min(1).openapi({ description: 'A venue whose orders you sign: ' + CLIENT_SIGNING_CODES.join(', ') }),
      price: orderFields.price.openapi({ description: 'Limit price, 0..1 of the outcome; required (for a market order, the worst price you accept: the signed amounts hold it)' }),
      signer: WalletAddress.nullable().optional().openapi({ description: "The address whose key signs. Required on limitless, predictfun, opinion (the Safe's owner); polymarket takes your stored credentials' address when absent" }),
      maker: WalletAddress.nullable().optional().openapi({
        description: 'The wallet holding the funds, where it is not the signer: polymarket your proxy or Safe (default: the stored funder, else the Safe for signature_type 2, else the signer); opinion your Safe (default: the stored multi_sig_addr)',
      }),
    })
    .strict(),
);

export const PreparedOrder = openapi.register(
  'PreparedOrder',
  z.object({
    typed_data: OrderTypedDataSchema,
    order: z.object({ ...orderFields, type: z.enum(['limit', 'market']), time_in_force: z.enum(['gtc', 'gtd', 'ioc', 'fok']), signed_order: UnsignedOrder }).openapi({
      description: 'The body to post to POST /api/v1/orders once you set `signed_order.signature` to the signature of `typed_data`',
    }),
  }),
);

const OUTCOME_NAME = 'yes|no on a binary market on every venue (src/venues/outcome-sides.ts: the outcome labelled Yes/No, else the first/second of two), else the market\'s outcome id (its details\' outcomes[].id)';
const VENUE_OUTCOME_NAME = "The venue's own name of the outcome: kalshi yes|no, futuur long|short, the outcome token id on the EIP-712 venues";

export const Fill = z.object({
  id: z.string(),
  outcome: z.string().openapi({ description: `The order's outcome: ${OUTCOME_NAME}` }),
  venue_outcome: z.string().openapi({ description: VENUE_OUTCOME_NAME }),
  price: z.number().openapi({ description: '0..1 of the outcome' }),
  size: z.number(),
  fee: z.number().nullable(),
  timestamp: z.string(),
});

export const Order = openapi.register(
  'Order',
  z.object({
    id: z.string().openapi({ example: 'ord_4f1c0d9e8b7a6f5e4d3c2b1a' }),
    exchange: z.string(),
    market_id: z.string(),
    outcome: z.string().openapi({ description: OUTCOME_NAME, example: 'no' }),
    venue_outcome: z.string().openapi({ description: VENUE_OUTCOME_NAME }),
    side: z.enum(['buy', 'sell']),
    type: z.enum(['limit', 'market']),
    price: z.number().nullable(),
    size: z.number(),
    time_in_force: z.enum(['gtc', 'gtd', 'ioc', 'fok']),
    expires_at: z.string().nullable(),
    status: z.enum(ORDER_STATUSES).openapi({ description: 'pending -> open -> partially_filled -> filled; open|partially_filled -> cancelled|expired; pending -> rejected' }),
    filled_size: z.number(),
    avg_fill_price: z.number().nullable(),
    exchange_order_id: z.string().nullable(),
    client_order_id: z.string().nullable(),
    reject_reason: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    fills: z.array(Fill),
  }),
);

export const OrderList = openapi.register('OrderList', z.object({ orders: z.array(Order), count: z.number().int(), next_cursor: z.string().nullable() }));

export const OrdersQuery = z.object({
  exchange: TradingExchange.optional(),
  status: z.enum(ORDER_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  cursor: z.string().min(1).optional(),
});

export const OrderPath = z.object({ id: z.string().min(1).max(100) });

export const ExchangeQuery = z.object({ exchange: TradingExchange });

export const Positions = openapi.register(
  'Positions',
  z.object({
    exchange: z.string(),
    positions: z.array(
      z.object({
        market_id: z.string().openapi({ description: "The venue's market id, as the catalog and orders use it" }),
        outcome: z.string().openapi({ description: `The outcome held, named as orders name it: ${OUTCOME_NAME}` }),
        venue_outcome: z.string().openapi({ description: VENUE_OUTCOME_NAME }),
        size: z.number().openapi({ description: 'Contracts/shares held' }),
        avg_price: z.number().nullable().openapi({ description: 'Average price paid, 0..1 of the outcome; null when the venue does not say' }),
        value: z.number().nullable().openapi({ description: "The venue's valuation of the position now, in USD (or its dollar stablecoin at par); null when it gives none" }),
      }),
    ),
    count: z.number().int(),
  }),
);

export const Balances = openapi.register(
  'Balances',
  z.object({
    exchange: z.string(),
    balances: z.array(
      z.object({
        currency: z.string().openapi({ description: 'USD, or the collateral the venue holds (USDC, pUSD, USDT)' }),
        available: z.number().openapi({ description: 'What new orders can spend' }),
        total: z.number().nullable().openapi({ description: 'Including what open orders hold; null when the venue does not say' }),
      }),
    ),
    count: z.number().int(),
  }),
);

export const CredentialSet = openapi.register(
  'CredentialSet',
  z.object({ exchange: z.string(), connected: z.literal(true), created_at: z.string(), updated_at: z.string() }).openapi({ description: 'A stored set; its values are never returned' }),
);

export const CredentialList = openapi.register('CredentialList', z.object({ credentials: z.array(CredentialSet), count: z.number().int(), next_cursor: z.null() }));

export const CredentialsBody = openapi.register(
  'RegisterCredentials',
  z
    .object({ exchange: TradingExchange })
    .catchall(z.unknown())
    .openapi({
      description:
        'kalshi {key_id, private_key (RSA, PEM)}; futuur {public_key, private_key}; polymarket {api_key, secret (base64), passphrase, address (0x hex), signature_type?, funder?}; limitless/predictfun/opinion {api_key, ...}. Posting again replaces the set.',
    }),
);

export const UserPath = z.object({ userID: z.string().openapi({ description: 'Ignored: the user is the API key\'s (pass `_`)' }) });
