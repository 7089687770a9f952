/**
 * The exchange table of docs/api-contract.md §1, derived from the venue descriptors (src/venues/index.ts, the
 * one place a venue's code is spelled). Everything else refers to venues through `ExchangeCode`,
 * `EXCHANGE_CODES` or `EXCHANGES`.
 */
import { z } from 'zod';
import type { VenueDescriptor } from './descriptor.js';
import { VENUES } from './index.js';

export type { OrderSigning } from './descriptor.js';

/** A row of the exchange table: the identity and trading facts of a venue's descriptor. */
export type ExchangeInfo = Pick<VenueDescriptor, 'ordinal' | 'code' | 'name' | 'url' | 'trading' | 'signing' | 'signedBy' | 'chain' | 'smartWallet' | 'stream'>;

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

/** Looks up a venue by its ordinal (`x1`..`x9`); docs/interface-spec.md names venues that way. */
export function exchangeByOrdinal(ordinal: string): Exchange | undefined {
  return EXCHANGES.find((e) => e.ordinal === ordinal);
}
