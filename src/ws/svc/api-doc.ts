/**
 * /ws/svc in the API reference (/openapi.json), as the venue streams are (src/ws/api-doc.ts): the
 * path (defineStreamPath) as a GET that upgrades, the client message (the zod schema that parses it) and the server
 * messages as named components under `x-websocket`. test/ws/svc-stream.test.ts checks real messages
 * against these schemas.
 */
import { z } from 'zod';
import { defineStreamPath } from '../../http/define-route.js';
import { openapi } from '../../http/openapi.js';
import { svcClientMessageSchema } from '../protocol.js';

const prob = z.number().min(0).max(1).nullable();
const seq = z.number().int().nonnegative().openapi({ description: "Counts the cluster's messages on this instance: every number from the snapshot on reaches the client; a snapshot to a new subscriber repeats the latest." });
const iso = z.string().openapi({ format: 'date-time' });

export const SvcStreamSubscribe = openapi.register(
  'SvcStreamSubscribe',
  svcClientMessageSchema().openapi({ description: 'Client message on /ws/svc: {"action":"subscribe"|"unsubscribe","svc_ids":[...]}. A svc_id that merged away is followed as its survivor (a merged message first).' }),
);

const side = z
  .object({ exchange: z.string(), market_id: z.string(), price: z.number().min(0).max(1), fee: z.number().openapi({ description: "The venue's taker fee for one contract at this price (dollars)." }) })
  .strict()
  .nullable();
// The same fields and arithmetic as GET /api/v1/clusters' best, gap, gap_after_fees and fees_complete.
const bestFields = {
  yes_ask: side.openapi({ description: 'The lowest YES ask over the fresh quotes of open member markets.' }),
  no_ask: side.openapi({ description: 'The lowest NO ask (1 - YES bid) over the same quotes.' }),
  gap: z.number().nullable().openapi({ description: '1 - yes_ask - no_ask: above 0, buying YES and NO on the two venues costs less than the 1 they pay (before fees).' }),
  gap_after_fees: z.number().nullable().openapi({ description: "gap minus both legs' fee." }),
  fees_complete: z.boolean().openapi({ description: 'false: a venue of the best legs publishes no fee model, counted as 0.' }),
};
export const SvcBest = openapi.register('SvcStreamBestFields', z.object(bestFields).strict());
const quoteFields = {
  exchange: z.string(),
  market_id: z.string(),
  status: z.string().nullable().openapi({ description: "The catalog's status of the market; null when the catalog does not hold it. Only open markets count for best." }),
  yes_bid: prob,
  yes_ask: prob,
  last_price: prob,
  as_of: iso.openapi({ description: 'When the service last had this quote from the venue.' }),
  stale: z.boolean().openapi({ description: "Older than its venue's freshness bound and not held from a live stream: never used for best." }),
};
export const SvcSnapshot = openapi.register(
  'SvcStreamSnapshot',
  z.object({ type: z.literal('snapshot'), svc_id: z.string(), quotes: z.array(z.object(quoteFields).strict()), best: SvcBest, seq }).strict()
    .openapi({ description: "Every member's quote and the best: on subscribe, after the cluster's members changed, after a fan-out leader change." }),
);
export const SvcQuote = openapi.register('SvcStreamQuote', z.object({ type: z.literal('quote'), svc_id: z.string(), ...quoteFields, seq }).strict().openapi({ description: "One member's quote changed." }));
export const SvcBestMessage = openapi.register(
  'SvcStreamBest',
  z.object({ type: z.literal('best'), svc_id: z.string(), ...bestFields, seq }).strict().openapi({ description: 'The cross-venue best (a leg, the gap or the gap after fees) changed.' }),
);
export const SvcMerged = openapi.register(
  'SvcStreamMerged',
  z.object({ type: z.literal('merged'), svc_id: z.string(), merged_into: z.string() }).strict().openapi({ description: "The svc_id's cluster merged into merged_into: the client now follows that cluster, whose snapshot follows." }),
);
export const SvcDissolved = openapi.register('SvcStreamDissolved', z.object({ type: z.literal('dissolved'), svc_id: z.string() }).strict().openapi({ description: 'The cluster no longer exists: nothing more comes for this svc_id.' }));
export const SvcAck = openapi.register('SvcStreamAck', z.object({ event: z.enum(['subscribed', 'unsubscribed']), svc_ids: z.array(z.string()) }).strict());

defineStreamPath({
  path: '/ws/svc',
  tags: ['Streams'],
  summary: 'Real-time cross-venue cluster stream (WebSocket)',
  description:
    'Upgrade to WebSocket with an API key whose plan has the svc lookups (pro, max, admin): X-API-Key, or ?api_key= from a browser. ' +
    'Send {"action":"subscribe","svc_ids":[...]}: answered {"event":"subscribed","svc_ids":[...]}, then a snapshot of each cluster (every member quote and the best), ' +
    'then a quote message on each member change and a best message when the best YES ask, best NO ask or gap changes, each with the cluster\'s seq. ' +
    'merged / dissolved when a cluster merges (the survivor is followed from then on) or dissolves. Errors: {"error":"..."}, the connection stays open. ' +
    'Limits, keepalive and sizes as the venue streams: WS_MAX_SUBSCRIPTIONS clusters per connection, ping every 54 s, 16 KB messages.',
  responses: {
    101: 'Switching Protocols: the WebSocket stream.',
    401: 'Missing or invalid API key.',
    403: 'The key\'s plan has no svc lookups.',
  },
  messages: {
    client: 'SvcStreamSubscribe',
    server: ['SvcStreamSnapshot', 'SvcStreamQuote', 'SvcStreamBest', 'SvcStreamMerged', 'SvcStreamDissolved'],
    errors: 'StreamError',
    ack: 'SvcStreamAck',
  },
});
