/**
 * What one venue is to the rest of the service, declared in one place: `src/venues/<code>/index.ts`
 * exports a `defineVenue({...})` and `src/venues/index.ts` lists the nine. The exchange table, the
 * adapter and simulator registries, the configuration's per-venue keys, the OpenAPI enums and the
 * tests' per-venue expectations are all derived from that list (CCXT's `describe()`, pmxt's
 * per-exchange folder).
 *
 * A descriptor is the venue's facts (`./<code>/facts.ts`: plain data, which its adapter reads too) plus
 * lazily imported modules (adapter, simulator, stream and order clients, conformance checks): the
 * service loads only what it uses, and production never loads a simulator. The venue folders name
 * venues through the leaf `codes.ts`, never through the list of descriptors, so the imports form no
 * circle (test/lint/import-cycles.test.ts keeps it so). The lazy factories carry explicit return types
 * (`adapter: async (): Promise<AdapterFactory> => ...`) so the descriptor's type stays plain data.
 */
import { createPrivateKey } from 'node:crypto';
import { z } from 'zod';
import { capabilities, type Capabilities, type ReadCapability, type VenueAdapter } from './adapter.js';
import type { AdapterConfig } from './adapter-config.js';
import type { RateLimitOptions } from './http-client.js';
import type { SimulatorFactory } from '../sim/types.js';
import type { StreamClientFactory } from './stream.js';
import type { TradingClientFactory } from './trading.js';
import type { ConformanceCheck } from './wire.js';
import type { ExchangeCode } from './codes.js';
import type { TakerFeeModel } from './fees.js';

export type OrderSigning = 'rsa-pss' | 'eip712' | 'hmac-sha512' | 'none';

/**
 * How a read is served: `native` = the venue has an endpoint for it; `emulated` = built here from
 * other reads (e.g. price points from trades, candles resampled), so its fidelity is ours, not the venue's.
 */
export type ReadSupport = 'native' | 'emulated';

/** The per-venue read routes of the interface spec (docs/interface-spec.md §4.6-4.7), by their path's last segment. */
export type RouteRead = 'market' | 'markets' | 'orderbook' | 'topofbook' | 'tradehistory' | 'prices' | 'candles' | 'events';

export type AdapterFactory = (cfg?: AdapterConfig) => VenueAdapter;

/**
 * How a short-schedule sync asks the venue for what changed since the last run:
 * `updated_since` = the listing filters (or sorts and stops) on the markets' change time, so a run
 * gets only changed and new markets; `open_only` = the venue cannot say what changed but can list
 * its open markets (new ones among them); `none` = neither: a short run lists everything, like a
 * full one, but removes nothing.
 */
export type IncrementalSync = 'updated_since' | 'open_only' | 'none';

export interface VenueDescriptor<Code extends string = string, UrlKey extends string = string> {
  /** Path segment and identifier of the venue everywhere in the API (docs/api-contract.md §1). */
  readonly code: Code;
  /** x1..x9: the spec's anonymised name for the venue (docs/interface-spec.md §1.1). */
  readonly ordinal: `x${number}`;
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

  /** Public reads the adapter implements (absent = the venue lacks it); `market` and `markets` always. */
  readonly reads: Partial<Record<ReadCapability, ReadSupport>> & { market: ReadSupport; markets: ReadSupport };
  /** For each emulated read: what it is built from (shown to the next reader, and checked present). */
  readonly emulated: Partial<Record<ReadCapability, string>>;
  /** Upstream real-time streams the venue offers (for the recorder). */
  readonly streams: { readonly orderbook: boolean; readonly trades: boolean; readonly prices: boolean };

  /** Live base URLs by key (`rest`, `gamma`, `ws`...); `<CODE>_<KEY>_URL` overrides one (see `urlEnvKeys`). */
  readonly baseUrls: Readonly<Record<UrlKey, string>>;
  readonly limits: {
    /** Largest page the venue's listings accept, by listing. */
    readonly page: Readonly<Record<string, number>>;
    /** Request rate per base-URL key the adapter talks to (the venue's documented or observed limits). */
    readonly rate: Readonly<Record<string, RateLimitOptions>>;
    /** A higher rate the venue grants when its market-data key is set. */
    readonly rateWithKey?: Readonly<Record<string, RateLimitOptions>>;
  };

  /** How the venue sync keeps up between full listings (src/indexers/venue-sync.ts). */
  readonly sync: {
    readonly incremental: IncrementalSync;
    /** The venue's parameters it relies on, as its current docs state them (shown to the next reader). */
    readonly how: string;
  };

  /** What a user stores to trade on the venue (docs/api-contract.md §5 Credentials); null = no trading. */
  readonly credentials: z.ZodType<Record<string, unknown>> | null;
  /**
   * The venue's own keys for market-data reads, by field, with the environment variable config reads
   * each from (e.g. `{ api_key: 'PREDICTFUN_API_KEY' }`); the adapter gets them as `AdapterConfig.keys`.
   */
  readonly marketDataKeys: Readonly<Record<string, string>>;

  /** The adapter factory, imported on first use (see the header for why not statically). */
  readonly adapter: () => Promise<AdapterFactory>;
  /** The in-process simulator, imported only when one is started: production never loads them. */
  readonly simulator: () => Promise<SimulatorFactory>;
  /**
   * The venue's upstream market stream client (`./<code>/stream.ts`), imported on first use by the
   * stream gateway; absent for venues without a stream of the service (`stream: null`).
   */
  readonly streamClient?: () => Promise<StreamClientFactory>;
  /**
   * The endpoints the adapter relies on, with their wire schemas (`./<code>/wire.ts`), as the conformance
   * command calls and checks them; imported on first use.
   */
  readonly conformance?: () => Promise<readonly ConformanceCheck[]>;
  /** The venue's order client (`./<code>/trading.ts`), imported on first use; venues that trade have one. */
  readonly tradingClient?: () => Promise<TradingClientFactory>;
  /**
   * What a trader reads from the venue next to their orders (`GET /api/v1/positions`, `/balances`),
   * live with the stored credentials: true where the venue publishes the read. Absent or false, the
   * route answers 404 naming the venue. The order client implements exactly these (a test checks).
   */
  readonly accountReads?: { readonly positions: boolean; readonly balances: boolean };

  /**
   * The venue's standing conventions the pair judge needs where a market's own text does not say them
   * (src/matching/venue-conventions.ts); absent = none.
   */
  readonly matching?: {
    /** Days after a game the venue closes its markets on that game (Kalshi's sports markets: 14). */
    readonly gameCloseLagDays?: number;
  };

  /**
   * The venue's own features beyond the unified reads (Kalshi: `rfqs`, `parlays`; Polymarket:
   * `onboarding`): its services and routes are wired by its extension module at the composition root,
   * `src/features/venues/<code>.ts` (they serve routes, which this layer cannot import); a test checks
   * the two agree. Absent = none.
   */
  readonly extensions?: readonly string[];

  /**
   * What the cross-venue comparison (GET /api/v1/clusters) needs of the venue: its published taker fee
   * (src/venues/fees.ts; the source named beside it) and how old a quote may be before it is `stale`
   * and no longer counts for a cluster's best prices (ms).
   */
  readonly pricing: { readonly takerFee: TakerFeeModel; readonly quoteFreshMs: number };

  /** What the shared tests need to know about the venue's ids. */
  readonly testHints: {
    /** Shaped like a real market id of the venue (0x condition id, number, ticker) but absent. */
    readonly unknownMarketId: string;
    /** The per-venue read routes docs/interface-spec.md §4.6-4.7 lists for the venue (its adapter must serve them). */
    readonly specReads: readonly RouteRead[];
    /** Read routes docs/interface-spec.md §4.6 says the venue does not have (they must answer 404 naming the operation). */
    readonly specLacks: readonly RouteRead[];
  };
}

/** The lazily imported parts of a descriptor (`./<code>/index.ts`); the rest are its facts. */
export type VenueModules = 'adapter' | 'simulator' | 'streamClient' | 'conformance' | 'tradingClient';

/** A venue's plain data (`./<code>/facts.ts`): the descriptor without its lazily imported modules. */
export type VenueFacts<Code extends string = string, UrlKey extends string = string> = Omit<VenueDescriptor<Code, UrlKey>, VenueModules>;

/** Declares a venue's facts; `const` type parameters keep the code and URL keys literals. */
export function defineVenueFacts<const Code extends ExchangeCode, const UrlKey extends string>(f: VenueFacts<Code, UrlKey>): VenueFacts<Code, UrlKey> {
  return Object.freeze(f);
}

/**
 * Declares a venue: its facts and its lazily imported modules. The code is one of `codes.ts`, and
 * `const` type parameters keep it a literal, so the list of descriptors is typed venue by venue.
 */
export function defineVenue<const Code extends ExchangeCode, const UrlKey extends string>(d: VenueDescriptor<Code, UrlKey>): VenueDescriptor<Code, UrlKey> {
  return Object.freeze(d);
}

/** The adapter's capability map, from its descriptor (native and emulated reads alike are served). */
export function capabilitiesOf(d: Pick<VenueDescriptor, 'reads' | 'streams' | 'trading'>): Capabilities {
  const reads = Object.fromEntries(Object.entries(d.reads).map(([cap, support]) => [cap, support !== undefined])) as Partial<Record<ReadCapability, boolean>>;
  return capabilities(reads, { streams: d.streams, trading: d.trading });
}

/** The environment variable that overrides one base URL: `<CODE>_<KEY>_URL`, e.g. `POLYMARKET_GAMMA_URL`. */
export function urlEnvKey(code: string, key: string): string {
  return `${code.toUpperCase()}_${key.toUpperCase()}_URL`;
}

/** Every base-URL override variable of a venue, by URL key. */
export function urlEnvKeys(d: Pick<VenueDescriptor, 'code' | 'baseUrls'>): Record<string, string> {
  return Object.fromEntries(Object.keys(d.baseUrls).map((k) => [k, urlEnvKey(d.code, k)]));
}

const nonEmpty = z.string().trim().min(1);
const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte hex address');

function isRsaPrivateKey(pem: string): boolean {
  try {
    return createPrivateKey(pem).asymmetricKeyType === 'rsa';
  } catch {
    return false;
  }
}

/** Credential schemas shared by several venues (docs/api-contract.md §5). */
export const CredentialSchemas = {
  /** limitless, predictfun, opinion: the venue's API key, plus venue-specific extras. */
  apiKey: z.object({ api_key: nonEmpty }).passthrough(),
  /** A PEM-encoded private key (kalshi). */
  pem: nonEmpty
    .regex(/-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]+-----END [A-Z ]*PRIVATE KEY-----/, 'must be a PEM private key')
    .refine(isRsaPrivateKey, 'must be an RSA private key that parses (PKCS#1 or PKCS#8 PEM)'),
  /** A secret the venue issues base64-encoded (standard or URL-safe alphabet). */
  base64: nonEmpty.regex(/^[A-Za-z0-9+/_-]+={0,2}$/, 'must be base64').refine((v) => Buffer.from(v, 'base64').length >= 16, 'must decode to at least 16 bytes'),
  address,
  nonEmpty,
} as const;
