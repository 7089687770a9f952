/**
 * What a stream client may send (docs/interface-spec.md §6.2 "Client messages"): `{action, <ids field>, message_types?}`
 * where the ids field is `kalshi_ids` on /ws/kalshi and `market_ids` elsewhere, and `message_types`
 * defaults to prices and orderbook (trades only when asked). A subscribe adds kinds to what a market
 * already has; an unsubscribe with `message_types` removes only those, without them the market.
 * Anything else is answered with
 * `{"error": "..."}` naming what is wrong, and changes nothing.
 */
import { z } from 'zod';
import { SVC_ID_PATTERN } from '../matching/ids.js';

export const MESSAGE_TYPES = ['prices', 'orderbook', 'trades'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];
export const DEFAULT_MESSAGE_TYPES: readonly MessageType[] = ['prices', 'orderbook'];

/** `svc_ids` is /ws/svc's (src/ws/svc): cross-venue clusters, with no message_types. */
export type IdsField = 'kalshi_ids' | 'market_ids' | 'svc_ids';

export interface ClientCommand {
  action: 'subscribe' | 'unsubscribe';
  ids: string[];
  /** The kinds named, or the default (prices and orderbook) when the message named none. */
  messageTypes: MessageType[];
  /** Whether the message named its kinds: an unsubscribe without them leaves the whole market. */
  typesGiven: boolean;
}

/** Largest number of ids one message may carry (the per-connection limit is checked separately). */
const MAX_IDS_PER_MESSAGE = 1000;

export function clientMessageSchema(idsField: IdsField) {
  return z
    .object({
      action: z.enum(['subscribe', 'unsubscribe'], { error: 'action must be "subscribe" or "unsubscribe"' }),
      [idsField]: z
        .array(z.string({ error: `${idsField} must be an array of market id strings` }).trim().min(1, `${idsField} must not contain empty ids`).max(200, 'a market id is at most 200 characters'), {
          error: (iss) => (iss.input === undefined ? `${idsField} is required` : `${idsField} must be an array of market ids`),
        })
        .min(1, `${idsField} must list at least one market`)
        .max(MAX_IDS_PER_MESSAGE, `${idsField} may list at most ${MAX_IDS_PER_MESSAGE} markets per message`),
      message_types: z
        .array(z.enum(MESSAGE_TYPES, { error: `message_types may only contain ${MESSAGE_TYPES.join(', ')}` }), { error: 'message_types must be an array' })
        .min(1, 'message_types must not be empty')
        .optional(),
    })
    .strict();
}

/** /ws/svc's client message: `{action, svc_ids}`; every cluster sends all its kinds (snapshot, quote, best, merged). */
export function svcClientMessageSchema() {
  return z
    .object({
      action: z.enum(['subscribe', 'unsubscribe'], { error: 'action must be "subscribe" or "unsubscribe"' }),
      svc_ids: z
        .array(z.string({ error: 'svc_ids must be an array of svc_id strings' }).trim().regex(SVC_ID_PATTERN, 'a svc_id is svc_ followed by 12 lower-case base32 characters'), {
          error: (iss) => (iss.input === undefined ? 'svc_ids is required' : 'svc_ids must be an array of svc_ids'),
        })
        .min(1, 'svc_ids must list at least one svc_id')
        .max(MAX_IDS_PER_MESSAGE, `svc_ids may list at most ${MAX_IDS_PER_MESSAGE} svc_ids per message`),
    })
    .strict();
}

const schemas = { kalshi_ids: clientMessageSchema('kalshi_ids'), market_ids: clientMessageSchema('market_ids'), svc_ids: svcClientMessageSchema() };

/** Parses one client frame; `{error}` says what is wrong with it. */
export function parseClientMessage(text: string, idsField: IdsField): ClientCommand | { error: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { error: 'malformed JSON: a message must be a JSON object' };
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return { error: 'a message must be a JSON object' };
  const r = schemas[idsField].safeParse(json);
  if (!r.success) {
    const issue = r.error.issues[0];
    const where = issue.path.length ? issue.path.join('.') : '';
    const msg = issue.code === 'unrecognized_keys' ? `unknown field(s) ${issue.keys.join(', ')} (ids go in ${idsField}${idsField === 'svc_ids' ? '; /ws/svc takes no message_types' : ''})` : issue.message;
    return { error: where && !msg.includes(String(issue.path[0])) ? `${where}: ${msg}` : msg };
  }
  const data = r.data as Record<string, unknown> & { action: 'subscribe' | 'unsubscribe'; message_types?: MessageType[] };
  const ids = [...new Set(data[idsField] as string[])];
  const messageTypes = data.message_types ? [...new Set(data.message_types)] : [...DEFAULT_MESSAGE_TYPES];
  return { action: data.action, ids, messageTypes, typesGiven: data.message_types !== undefined };
}
