// Examples for every operation of the OpenAPI document, generated mechanically from the schemas
// where a route did not give its own: each JSON request body and 2xx response gets an `example`
// built from its schema (an `example` or `default` in the schema wins, then the first enum value,
// then a value typical of the field's name, then one of the type), and each parameter without one
// gets the same. Also the guide to the streams' messages (the WebSocket paths cannot say it in
// OpenAPI's own terms), as the description of the Streams tag. Applied when the document is built,
// so /openapi.json, /docs and the generated client all see the same document.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

interface Schema {
  $ref?: string;
  type?: string | string[];
  enum?: Json[];
  const?: Json;
  default?: Json;
  example?: Json;
  examples?: Json[];
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  minItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
}

interface MediaType {
  schema?: Schema;
  example?: Json;
  examples?: Record<string, unknown>;
}
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: Schema;
  example?: Json;
}
interface Operation {
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, MediaType> };
  responses?: Record<string, { content?: Record<string, MediaType> }>;
  'x-websocket'?: unknown;
}
interface Doc {
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
  tags?: { name: string; description?: string }[];
}

/** Values typical of a field's name: an example a reader recognises beats "string". */
const BY_NAME: Record<string, Json> = {
  exchange: 'kalshi',
  market_id: 'KXFEDDECISION-26DEC-C25',
  kalshi_id: 'KXFEDDECISION-26DEC-C25',
  event_id: 'KXFEDDECISION-26DEC',
  svc_id: 'svc_3f9a2c7d1e',
  cluster_id: 'c_000042',
  title: 'Will the Fed cut rates in December 2026?',
  text: 'Will the Fed cut rates in December 2026?',
  q: 'fed rate cut',
  query: 'will the central bank lower borrowing costs',
  category: 'economics',
  email: 'client@example.com',
  password: 'correct horse battery',
  api_key: 'pk_test_0123456789abcdef',
  url: 'https://example.com/market',
  id: '7d9f3a1c',
  label: 'my dashboard',
  cursor: 'eyJvZmZzZXQiOjIwfQ',
  next_cursor: null,
  token_id: null,
};

const DATE_TIME = '2026-12-10T19:00:00Z';
const MAX_DEPTH = 8;

function resolve(doc: Doc, schema: Schema): Schema {
  let s = schema;
  for (let i = 0; s.$ref && i < 10; i++) {
    const name = s.$ref.replace('#/components/schemas/', '');
    s = doc.components?.schemas?.[name] ?? {};
  }
  return s;
}

/** An example value of `schema` (for a field named `name`, when it is one). */
export function exampleOf(doc: Doc, schema: Schema, name?: string, depth = 0): Json {
  const s = resolve(doc, schema);
  if (s.example !== undefined) return s.example;
  if (s.examples?.length) return s.examples[0];
  if (s.const !== undefined) return s.const;
  if (s.default !== undefined) return s.default;
  const nonNullEnum = s.enum?.filter((v) => v !== null);
  if (nonNullEnum?.length) return nonNullEnum[0];
  const variants = s.anyOf ?? s.oneOf;
  if (variants?.length) {
    const chosen = variants.find((v) => resolve(doc, v).type !== 'null') ?? variants[0];
    return exampleOf(doc, chosen, name, depth + 1);
  }
  if (s.allOf?.length) {
    const merged: Record<string, Json> = {};
    for (const part of s.allOf) Object.assign(merged, exampleOf(doc, part, name, depth + 1));
    return merged;
  }
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : s.properties ? ['object'] : [];
  const type = types.find((t) => t !== 'null') ?? types[0];
  if (name !== undefined && name in BY_NAME && (type === 'string' || BY_NAME[name] === null)) return BY_NAME[name];
  switch (type) {
    case 'string':
      if (s.format === 'date-time' || (name !== undefined && /(_time|_at|^start|^end|timestamp|last_update)$/.test(name))) return DATE_TIME;
      return name ? name.replace(/_/g, '-') : 'string';
    case 'integer':
      return Math.max(s.minimum ?? 1, Math.min(s.maximum ?? 20, 20));
    case 'number':
      if (s.minimum === 0 && s.maximum === 1) return 0.42;
      return s.minimum !== undefined ? Math.max(s.minimum, 1) : /price|bid|ask|confidence/.test(name ?? '') ? 0.42 : 1250.5;
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'array': {
      if (depth >= MAX_DEPTH || !s.items) return [];
      const one = exampleOf(doc, s.items, name?.replace(/s$/, ''), depth + 1);
      return Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => one);
    }
    case 'object': {
      if (depth >= MAX_DEPTH) return {};
      const out: Record<string, Json> = {};
      for (const [key, prop] of Object.entries(s.properties ?? {})) out[key] = exampleOf(doc, prop, key, depth + 1);
      return out;
    }
    default:
      return {};
  }
}

function fillMedia(doc: Doc, content: Record<string, MediaType> | undefined): void {
  const media = content?.['application/json'];
  // A route that gives named examples (one per venue, say) knows better than the schema.
  if (media?.schema && media.example === undefined && media.examples === undefined) media.example = exampleOf(doc, media.schema);
}

/** Fills in the examples that the routes did not give (the document is changed in place and returned). */
export function withExamples<D>(document: D): D {
  const doc = document as Doc;
  for (const item of Object.values(doc.paths ?? {})) {
    for (const op of Object.values(item)) {
      if (typeof op !== 'object' || op === null || op['x-websocket']) continue;
      for (const p of op.parameters ?? []) {
        if (p.example === undefined && p.schema && (p.required || p.in === 'path')) p.example = exampleOf(doc, p.schema, p.name);
      }
      fillMedia(doc, op.requestBody?.content);
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        if (/^2\d\d$/.test(status)) fillMedia(doc, response.content);
      }
    }
  }
  return document;
}

const TAG_ORDER = ['Search', 'Cross-exchange matching', 'Venues', 'Streams', 'Accounts', 'Admin', 'Service'];

/** The Streams tag's description: how to connect, what to send, what comes back, with examples. */
export function withStreamsGuide<D>(document: D): D {
  const doc = document as Doc;
  const example = (name: string) => JSON.stringify(exampleOf(doc, { $ref: `#/components/schemas/${name}` }));
  const guide = [
    'Real-time prices, order books and trades over WebSocket at `/ws/kalshi`, `/ws/polymarket`, `/ws/limitless` and `/ws/predictfun` (no API key).',
    '',
    '**Subscribe** (on /ws/kalshi the ids field is `kalshi_ids`, elsewhere `market_ids`; `message_types` defaults to prices and orderbook):',
    '```json',
    '{"action":"subscribe","market_ids":["0xabc..."],"message_types":["prices","orderbook","trades"]}',
    '```',
    `**Acknowledgement** (StreamAck): \`${example('StreamAck')}\`, then at once the current prices and book of each market.`,
    '',
    '**Messages on /ws/polymarket, /ws/limitless, /ws/predictfun** (`{type, data}` envelopes):',
    `- prices (StreamPrices): \`${example('StreamPrices')}\``,
    `- orderbook (StreamOrderbook): \`${example('StreamOrderbook')}\``,
    `- trades (StreamTrade): \`${example('StreamTrade')}\``,
    '',
    '**Messages on /ws/kalshi** (one bare object per message; the kind shows in its fields):',
    `- prices (KalshiStreamPrices): \`${example('KalshiStreamPrices')}\``,
    '- orderbook (KalshiStreamOrderbook): `bid_side` and `ask_side` are 99 sizes, index = cents - 1',
    `- trades (KalshiStreamTrade): \`${example('KalshiStreamTrade')}\``,
    '',
    `**Errors** (StreamError): \`${example('StreamError')}\`; the connection stays open and nothing changes.`,
    '',
    'Every message carries `seq`, counting the messages of its kind for its market: a gap means messages were lost, so resubscribe. ' +
      'The server pings every 54 s and drops a client silent for 60 s. The schemas of every message are under Models, and each stream path lists them in `x-websocket`.',
  ].join('\n');
  // Every tag in reading order (a reference lists declared tags first): what users look for first.
  const used = new Set(Object.values(doc.paths ?? {}).flatMap((item) => Object.values(item).flatMap((op) => op.tags ?? [])));
  const order = [...TAG_ORDER.filter((t) => used.has(t)), ...[...used].filter((t) => !TAG_ORDER.includes(t))];
  const given = new Map((doc.tags ?? []).map((t) => [t.name, t]));
  doc.tags = order.map((name) => ({ ...given.get(name), name, ...(name === 'Streams' ? { description: guide } : {}) }));
  return document;
}
