/**
 * The exchange table of CONTRACT.md §1, derived from the venue descriptors (src/venues/index.ts, the
 * one place a venue's code is spelled). Everything else refers to venues through `ExchangeCode`,
 * `EXCHANGE_CODES` or `EXCHANGES`.
 */
import { z } from 'zod';
import type { OrderSigning } from './descriptor.js';
import { VENUES } from './index.js';

export type { OrderSigning } from './descriptor.js';

export interface ExchangeInfo {
  /** x1..x9: the spec's anonymised name for the venue. */
  readonly ordinal: `x${number}`;
  /** Path segment and identifier of the venue everywhere in the API. */
  readonly code: string;
  readonly name: string;
  /** The venue's public website. */
  readonly url: string;
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

type CodesOf<T extends readonly { code: string }[]> = { readonly [K in keyof T]: T[K]['code'] };

/** The nine codes in x1..x9 order (the order the search `exchange` filter enumerates them in). */
export const EXCHANGE_CODES = VENUES.map((v) => v.code) as unknown as CodesOf<typeof VENUES>;

export type ExchangeCode = (typeof VENUES)[number]['code'];

export const ExchangeCodeSchema = z.enum(EXCHANGE_CODES);

export type Exchange = ExchangeInfo & { readonly code: ExchangeCode };

/** The table rows in x1..x9 order. */
export const EXCHANGES: readonly Exchange[] = VENUES.map(
  (v): Exchange => Object.freeze({
    ordinal: v.ordinal, code: v.code, name: v.name, url: v.url, trading: v.trading, signing: v.signing,
    signedBy: v.signedBy, chain: v.chain, smartWallet: v.smartWallet, stream: v.stream,
  }),
);

const BY_CODE = new Map<string, Exchange>(EXCHANGES.map((e) => [e.code, e]));

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
  return EXCHANGES.find((e) => e.ordinal === ordinal);
}
