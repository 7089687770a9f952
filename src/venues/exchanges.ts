/**
 * The exchange table of docs/api-contract.md §1, derived from the venue descriptors (src/venues/index.ts).
 * Everything else refers to venues through `ExchangeCode`, `EXCHANGE_CODES` (the leaf codes.ts, which
 * the venue folders import instead of this file) or `EXCHANGES`.
 */
import type { VenueDescriptor } from './descriptor.js';
import { EXCHANGE_CODES, type ExchangeCode } from './codes.js';
import { VENUES } from './index.js';

export { EXCHANGE_CODES, ExchangeCodeSchema, isExchangeCode, type ExchangeCode } from './codes.js';

export type { OrderSigning } from './descriptor.js';

/** A row of the exchange table: the identity and trading facts of a venue's descriptor. */
export type ExchangeInfo = Pick<VenueDescriptor, 'ordinal' | 'code' | 'name' | 'url' | 'trading' | 'signing' | 'signedBy' | 'chain' | 'smartWallet' | 'stream'>;

type CodesOf<T extends readonly { code: string }[]> = { readonly [K in keyof T]: T[K]['code'] };

// The descriptors' codes, in their order, are the leaf's: tsc fails here when the two lists differ.
const sameCodes: CodesOf<typeof VENUES> extends typeof EXCHANGE_CODES ? (typeof EXCHANGE_CODES extends CodesOf<typeof VENUES> ? true : never) : never = true;
void sameCodes;

export type Exchange = ExchangeInfo & { readonly code: ExchangeCode };

/** The table rows in x1..x9 order. */
export const EXCHANGES: readonly Exchange[] = VENUES.map(
  (v): Exchange => Object.freeze({
    ordinal: v.ordinal, code: v.code, name: v.name, url: v.url, trading: v.trading, signing: v.signing,
    signedBy: v.signedBy, chain: v.chain, smartWallet: v.smartWallet, stream: v.stream,
  }),
);

const BY_CODE = new Map<string, Exchange>(EXCHANGES.map((e) => [e.code, e]));

export function getExchange(code: ExchangeCode): Exchange {
  const e = BY_CODE.get(code);
  if (!e) throw new Error(`unknown exchange code: ${code}`);
  return e;
}

/** Looks up a venue by its ordinal (`x1`..`x9`); docs/interface-spec.md names venues that way. */
export function exchangeByOrdinal(ordinal: string): Exchange | undefined {
  return EXCHANGES.find((e) => e.ordinal === ordinal);
}
