/**
 * The exchange table of CONTRACT.md §1: the one place in the project where a venue's code is spelled.
 * Everything else refers to venues through `ExchangeCode`, `EXCHANGE_CODES` or `EXCHANGES`.
 */
import { z } from 'zod';

export type OrderSigning = 'rsa-pss' | 'eip712' | 'hmac-sha512' | 'none';

export interface ExchangeInfo {
  /** x1..x9: the spec's anonymised name for the venue. */
  readonly ordinal: `x${number}`;
  /** Path segment and identifier of the venue everywhere in the API. */
  readonly code: string;
  readonly name: string;
  /** Whether orders can be placed through the service. */
  readonly trading: boolean;
  /** Who signs orders, and how. */
  readonly signing: OrderSigning;
  /** Where the order signature is produced: the service (server) or the caller (client). */
  readonly signedBy: 'server' | 'client' | null;
  /** Chain of EIP-712 orders, if any. */
  readonly chain: 'polygon' | 'base' | 'bnb' | null;
  /** Whether the venue's orders may come from a smart-contract wallet (ERC-1271). */
  readonly smartWallet: boolean;
  /** Path of the service's own stream for this venue, or null when it has none. */
  readonly stream: `/ws/${string}` | null;
}

const TABLE = [
  { ordinal: 'x1', code: 'kalshi', name: 'Kalshi', trading: true, signing: 'rsa-pss', signedBy: 'server', chain: null, smartWallet: false, stream: '/ws/kalshi' },
  { ordinal: 'x2', code: 'polymarket', name: 'Polymarket', trading: true, signing: 'eip712', signedBy: 'client', chain: 'polygon', smartWallet: false, stream: '/ws/polymarket' },
  { ordinal: 'x3', code: 'limitless', name: 'Limitless Exchange', trading: true, signing: 'eip712', signedBy: 'client', chain: 'base', smartWallet: false, stream: '/ws/limitless' },
  { ordinal: 'x4', code: 'predictfun', name: 'predict.fun', trading: true, signing: 'eip712', signedBy: 'client', chain: 'bnb', smartWallet: true, stream: '/ws/predictfun' },
  { ordinal: 'x5', code: 'opinion', name: 'Opinion', trading: true, signing: 'eip712', signedBy: 'client', chain: 'bnb', smartWallet: false, stream: null },
  { ordinal: 'x6', code: 'futuur', name: 'Futuur', trading: true, signing: 'hmac-sha512', signedBy: 'server', chain: null, smartWallet: false, stream: null },
  { ordinal: 'x7', code: 'probable', name: 'Probable', trading: false, signing: 'none', signedBy: null, chain: null, smartWallet: false, stream: null },
  { ordinal: 'x8', code: 'manifold', name: 'Manifold Markets', trading: false, signing: 'none', signedBy: null, chain: null, smartWallet: false, stream: null },
  { ordinal: 'x9', code: 'predictit', name: 'PredictIt', trading: false, signing: 'none', signedBy: null, chain: null, smartWallet: false, stream: null },
] as const satisfies readonly ExchangeInfo[];

type CodesOf<T extends readonly { code: string }[]> = { readonly [K in keyof T]: T[K]['code'] };

/** The nine codes in x1..x9 order (the order the search `exchange` filter enumerates them in). */
export const EXCHANGE_CODES = TABLE.map((e) => e.code) as unknown as CodesOf<typeof TABLE>;

export type ExchangeCode = (typeof TABLE)[number]['code'];

export const ExchangeCodeSchema = z.enum(EXCHANGE_CODES);

export type Exchange = (typeof TABLE)[number] & ExchangeInfo;

/** The table rows in x1..x9 order. */
export const EXCHANGES: readonly Exchange[] = TABLE;

const BY_CODE = new Map<string, Exchange>(TABLE.map((e) => [e.code, e]));

export function isExchangeCode(value: unknown): value is ExchangeCode {
  return typeof value === 'string' && BY_CODE.has(value);
}

export function getExchange(code: ExchangeCode): Exchange {
  const e = BY_CODE.get(code);
  if (!e) throw new Error(`unknown exchange code: ${code}`);
  return e;
}

/** Looks up a venue by its ordinal (`x1`..`x9`); the spec's messages name venues that way. */
export function exchangeByOrdinal(ordinal: string): Exchange | undefined {
  return TABLE.find((e) => e.ordinal === ordinal);
}
