/**
 * The streams in the API reference (/openapi.json): each `/ws/<code>` path declared with
 * defineStreamPath, as a GET that upgrades (101), with the client messages (the same zod schemas that parse them) and the server messages as
 * named components. OpenAPI has no WebSocket vocabulary, so the message schemas are listed under the
 * path's `x-websocket` extension and described in words; test/ws/messages.test.ts checks real
 * messages against these schemas so the two cannot drift.
 */
import { z } from 'zod';
import { defineStreamPath } from '../http/define-route.js';
import { openapi } from '../http/openapi.js';
import { clientMessageSchema, MESSAGE_TYPES } from './protocol.js';

const prob = z.number().min(0).max(1).nullable();
const seq = z.number().int().nonnegative().openapi({ description: 'Counts the messages of this kind for this market; a snapshot repeats the latest. A gap means messages were lost: resubscribe.' });
const iso = z.string().openapi({ format: 'date-time' });

export const StreamSubscribeKalshi = openapi.register('StreamSubscribeKalshi', clientMessageSchema('kalshi_ids').openapi({ description: 'Client message on /ws/kalshi. message_types defaults to ["prices","orderbook"]. Subscribing a market again adds the kinds named to those it has. An unsubscribe with action and kalshi_ids only leaves the markets; with message_types it removes only those kinds (a market left with none is unsubscribed).' }));
export const StreamSubscribe = openapi.register('StreamSubscribe', clientMessageSchema('market_ids').openapi({ description: 'Client message on /ws/polymarket, /ws/limitless, /ws/predictfun; the same rules as StreamSubscribeKalshi with market_ids.' }));

export const StreamAck = openapi.register(
  'StreamAck',
  z.object({ event: z.enum(['subscribed', 'unsubscribed']), kalshi_ids: z.array(z.string()).optional(), market_ids: z.array(z.string()).optional(), message_types: z.array(z.enum(MESSAGE_TYPES)).optional().openapi({ description: 'The kinds the message named (a subscribe without any: the default two); an unsubscribe of whole markets has none.' }) }),
);
export const StreamError = openapi.register('StreamError', z.object({ error: z.string() }).openapi({ description: 'Malformed JSON, an invalid field, an unknown market, too many subscriptions: the connection stays open and nothing changes.' }));

export const KalshiPrices = openapi.register('KalshiStreamPrices', z.object({ kalshi_id: z.string(), price: prob, yes_bid: prob, yes_ask: prob, volume: z.number().nullable(), open_interest: z.number().nullable(), last_update: iso, seq }).strict());
export const KalshiOrderbook = openapi.register(
  'KalshiStreamOrderbook',
  z.object({
    kalshi_id: z.string(),
    bid_side: z.array(z.number().nonnegative()).length(99).openapi({ description: 'YES bid sizes by price: index = cents - 1.' }),
    ask_side: z.array(z.number().nonnegative()).length(99).openapi({ description: 'YES ask sizes by price: index = cents - 1.' }),
    last_update: iso,
    seq,
  }).strict(),
);
export const KalshiTrade = openapi.register('KalshiStreamTrade', z.object({ id: z.string(), kalshi_id: z.string(), exchange: z.literal('kalshi'), yes_price: z.number().min(0).max(1), no_price: z.number().min(0).max(1), count: z.number().int(), taker_side: z.enum(['buy', 'sell']).nullable(), last_update: iso, seq }).strict());

const envelope = <T extends z.ZodTypeAny>(type: string, data: T) => z.object({ type: z.literal(type), data }).strict();
export const EnvelopePrices = openapi.register('StreamPrices', envelope('prices', z.object({ exchange: z.string(), market_id: z.string(), price: prob, yes_bid: prob, yes_ask: prob, volume: z.number().nullable(), open_interest: z.number().nullable(), last_update: iso, seq }).strict()));
export const EnvelopeOrderbook = openapi.register(
  'StreamOrderbook',
  envelope(
    'orderbook',
    z.object({
      exchange: z.string(),
      token_id: z.string().nullable(),
      market_id: z.string(),
      bid_side: z.array(z.number().min(0).max(1)).openapi({ description: 'Bid prices, best (highest) first.' }),
      ask_side: z.array(z.number().min(0).max(1)).openapi({ description: 'Ask prices, best (lowest) first.' }),
      bid_sizes: z.array(z.number().nonnegative()).openapi({ description: 'Sizes of bid_side, level by level (an addition to the spec).' }),
      ask_sizes: z.array(z.number().nonnegative()),
      last_update: iso,
      seq,
    }).strict(),
  ),
);
export const EnvelopeTrade = openapi.register('StreamTrade', envelope('trades', z.object({ id: z.string(), exchange: z.string(), market_id: z.string(), yes_price: z.number().min(0).max(1), no_price: z.number().min(0).max(1), count: z.number().int(), taker_side: z.enum(['buy', 'sell']).nullable(), last_update: iso, seq }).strict()));

const STREAMS = [
  { code: 'kalshi', limit: '512 KB', ids: 'kalshi_ids (Kalshi tickers)', shape: 'one bare object per message (KalshiStreamPrices, KalshiStreamOrderbook, KalshiStreamTrade; the kind shows in the fields)', client: 'StreamSubscribeKalshi', server: ['KalshiStreamPrices', 'KalshiStreamOrderbook', 'KalshiStreamTrade'] },
  { code: 'polymarket', limit: '16 KB', ids: 'market_ids (condition ids)', shape: '{type, data} envelopes (StreamPrices, StreamOrderbook, StreamTrade)', client: 'StreamSubscribe', server: ['StreamPrices', 'StreamOrderbook', 'StreamTrade'] },
  { code: 'limitless', limit: '16 KB', ids: 'market_ids (slugs)', shape: '{type, data} envelopes (StreamPrices, StreamOrderbook, StreamTrade)', client: 'StreamSubscribe', server: ['StreamPrices', 'StreamOrderbook', 'StreamTrade'] },
  { code: 'predictfun', limit: '16 KB', ids: 'market_ids (numeric ids)', shape: '{type, data} envelopes (StreamPrices, StreamOrderbook, StreamTrade)', client: 'StreamSubscribe', server: ['StreamPrices', 'StreamOrderbook', 'StreamTrade'] },
];

for (const s of STREAMS) {
  defineStreamPath({
    path: `/ws/${s.code}`,
    tags: ['Streams'],
    summary: `Real-time ${s.code} stream (WebSocket)`,
    description:
      `Upgrade to WebSocket (no API key). Send {"action":"subscribe","${s.ids.split(' ')[0]}":[...],"message_types":["prices","orderbook","trades"]} ` +
      `(message_types optional, default prices and orderbook); ids: ${s.ids}. Answered with {"event":"subscribed",...} then at once the current prices and book of each market. ` +
      'Subscribing a market again adds kinds (a snapshot of each kind added follows); {"action":"unsubscribe",...,"message_types":[...]} removes only those kinds. ' +
      `Server messages: ${s.shape}, each with a per-market, per-kind seq. Errors: {"error":"..."}, the connection stays open. ` +
      `Keepalive: server ping every 54 s, dropped after 60 s without a pong. Messages up to ${s.limit} both ways (a larger client frame closes with 1009; a larger book is trimmed at its far end). ` +
      'Prices, polled where the venue has no channel, every WS_POLL_INTERVAL_MS (5 s).',
    responses: {
      101: 'Switching Protocols: the WebSocket stream.',
      404: 'Not a stream path (any other upgrade).',
    },
    messages: { client: s.client, server: s.server, errors: 'StreamError', ack: 'StreamAck' },
  });
}
