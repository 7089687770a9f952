// Builds the trading components from the configuration: the credentials keyring (its key from
// CREDENTIALS_KEY, or a file in the data directory created on first start), the stores, and one
// order client per trading venue (from the descriptors: live base URLs with their overrides, or the
// simulators' in sim mode).
import path from 'node:path';
import type pg from 'pg';
import type { Logger } from 'pino';
import { resolveBaseUrls } from '../venues/adapter-config.js';
import type { ExchangeCode } from '../venues/exchanges.js';
import { VENUES } from '../venues/index.js';
import type { TradingClient } from '../venues/trading.js';
import { loadCredentialCipher, type CredentialCipher } from './credential-cipher.js';
import { CredentialStore } from './credential-store.js';
import { CredentialsService } from './credentials-service.js';
import { OrderRepository } from './order-repository.js';
import { PolymarketOnboarding } from './polymarket-onboarding.js';
import { TradingService, type TradingServiceOptions } from './trading-service.js';

export interface TradingSettings {
  /** CREDENTIALS_KEY (base64/hex, 32 bytes); absent = the key file in the data directory. */
  credentialsKey?: string;
  credentialsPreviousKeys?: readonly string[];
  dataDir: string;
  /** Per-request timeout of order calls to the venues. */
  timeoutMs: number;
}

/** Where the embedded default keeps the credentials key. */
export const credentialsKeyFile = (dataDir: string): string => path.join(dataDir, 'credentials.key');

export interface TradingComponents {
  cipher: CredentialCipher;
  credentials: CredentialsService;
  orders: OrderRepository;
  trading: TradingService;
  clients: Partial<Record<ExchangeCode, TradingClient>>;
  onboarding: PolymarketOnboarding;
}

/** One order client per venue that trades, pointed at `baseUrls[code]` (overrides of the descriptor's). */
export async function createTradingClients(baseUrls: Partial<Record<ExchangeCode, Record<string, string>>>, timeoutMs: number, now?: () => number): Promise<Partial<Record<ExchangeCode, TradingClient>>> {
  const clients: Partial<Record<ExchangeCode, TradingClient>> = {};
  for (const v of VENUES) {
    if (!v.trading || !('tradingClient' in v) || !v.tradingClient) continue;
    const factory = await v.tradingClient();
    clients[v.code] = factory({ baseUrls: resolveBaseUrls(v.baseUrls as Record<string, string>, baseUrls[v.code] ?? {}), timeoutMs, now });
  }
  return clients;
}

export async function setupTrading(opts: {
  pool: pg.Pool;
  settings: TradingSettings;
  baseUrls: Partial<Record<ExchangeCode, Record<string, string>>>;
  logger?: Logger;
  /** This process is the database's only user (the embedded database): recent credential sets are used without re-reading their rows. */
  exclusiveDatabase?: boolean;
  service?: Partial<Pick<TradingServiceOptions, 'pendingGraceMs' | 'now'>>;
  /** A market's outcomes, for `yes` / `no` on the venues that trade outcome tokens (TradingServiceOptions.outcomesOf). */
  outcomesOf?: TradingServiceOptions['outcomesOf'];
}): Promise<TradingComponents> {
  const keyFile = credentialsKeyFile(opts.settings.dataDir);
  const { cipher, created, source } = loadCredentialCipher({ key: opts.settings.credentialsKey, previousKeys: opts.settings.credentialsPreviousKeys, keyFile });
  const log = opts.logger?.child({ component: 'trading' });
  // Said once, when the key is made: where it is (never what it is).
  if (created) log?.warn({ key_file: keyFile }, 'created a new credentials encryption key (owner-only permissions); back it up: stored credentials cannot be read without it');
  else log?.debug({ source, key_id: cipher.currentKeyId }, 'credentials encryption key loaded');
  const credentials = new CredentialsService(new CredentialStore(opts.pool, cipher, opts.exclusiveDatabase ?? false));
  const orders = new OrderRepository(opts.pool);
  const clients = await createTradingClients(opts.baseUrls, opts.settings.timeoutMs);
  const trading = new TradingService({ orders, credentials, clients, logger: opts.logger, outcomesOf: opts.outcomesOf, ...opts.service });
  const polymarketUrls = resolveBaseUrls(VENUES.find((v) => v.code === 'polymarket')!.baseUrls as Record<string, string>, opts.baseUrls.polymarket ?? {});
  const onboarding = new PolymarketOnboarding(credentials, polymarketUrls.clob, opts.settings.timeoutMs);
  return { cipher, credentials, orders, trading, clients, onboarding };
}
