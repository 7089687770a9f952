/**
 * Kalshi: the venue's facts (identity, reads, base URLs, limits, credentials), plain data its adapter
 * reads too; the descriptor (./index.ts) adds the lazily imported modules.
 */
import { z } from 'zod';
import { CredentialSchemas, defineVenueFacts } from '../descriptor.js';

export const kalshiFacts = defineVenueFacts({
  code: 'kalshi',
  ordinal: 'x1',
  name: 'Kalshi',
  url: 'https://kalshi.com',
  trading: true,
  signing: 'rsa-pss',
  signedBy: 'server',
  chain: null,
  smartWallet: false,
  stream: '/ws/kalshi',
  reads: { market: 'native', markets: 'native', events: 'native', orderbook: 'native', trades: 'native', prices: 'native', candles: 'emulated' },
  emulated: { candles: '1m/1h/1d are the venue\'s candlesticks; 5m and 10m are resampled from 1m, 1s is built from trades' },
  streams: { orderbook: true, trades: true, prices: true },
  // The hosts Kalshi recommends for API traders; the shared `api.elections.kalshi.com` hosts "remain
  // supported" and take the same signatures (docs getting_started/api_environments.md, lastmod
  // 2026-08-20; changelog May 7 2026). KALSHI_REST_URL / KALSHI_WS_URL override them.
  baseUrls: {
    rest: 'https://external-api.kalshi.com/trade-api/v2',
    ws: 'wss://external-api-ws.kalshi.com/trade-api/ws/v2',
  },
  sync: { incremental: 'updated_since', how: 'GET /markets?min_updated_ts=<unix s> (alone, or with mve_filter=exclude; it wins over status)' },
  limits: {
    page: { markets: 1000, events: 200 },
    // Basic tier: 20 reads/s.
    rate: { rest: { perSecond: 20, burst: 20 } },
  },
  credentials: z.object({ key_id: CredentialSchemas.nonEmpty, private_key: CredentialSchemas.pem }),
  marketDataKeys: {},
  // Portfolio reads of trade-api v2: /portfolio/positions, /portfolio/balance.
  accountReads: { positions: true, balances: true },
  // Kalshi closes a game's markets 14 days after the game (the settlement window of its sports rules).
  matching: { gameCloseLagDays: 14 },
  // Wired by src/features/venues/kalshi.ts.
  extensions: ['rfqs', 'parlays'],
  // Taker fee: 0.07 x contracts x P x (1 - P), the order's total rounded up to the next cent (Kalshi's
  // fee schedule, kalshi.com/docs/kalshi-fee-schedule.pdf; docs.kalshi.com/getting_started/fee_rounding).
  // Some series charge makers or a reduced rate; this is the general taker rate. Quotes older than
  // two catalog syncs (5 min each by default) are stale.
  pricing: { takerFee: { kind: 'quadratic', rate: 0.07, roundUpPerOrder: 0.01 }, quoteFreshMs: 600_000 },
  testHints: {
    unknownMarketId: 'KXNOSUCH-00JAN01-T0',
    specReads: ['market', 'markets', 'orderbook', 'topofbook', 'tradehistory', 'prices', 'candles', 'events'],
    specLacks: [],
  },
});
