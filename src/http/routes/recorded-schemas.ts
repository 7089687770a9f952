// Request and response schemas of the recorded-data routes (deltas, best bid/ask series, book
// analytics): the single source of their validation and of their OpenAPI documentation.
import { z } from 'zod';
import { openapi } from '../openapi.js';
import { RangeQuery } from './venues-schemas.js';

const SeriesLimit = z.coerce.number().int().min(1).max(10_000).default(1000).openapi({ description: 'Page size, 1..10000 (default 1000)' });
const Cursor = z.string().min(1).optional().openapi({ description: 'Opaque cursor from next_cursor of the previous page' });

export const SeriesQuery = RangeQuery.extend({ limit: SeriesLimit, cursor: Cursor });

const Num = z.number().nullable();

export const DeltaList = openapi.register(
  'BookDeltaList',
  z.object({
    deltas: z.array(
      z.object({
        seq: z.number().int().openapi({ description: 'Recorder sequence: increases with every recorded change and snapshot of the market; order of application' }),
        side: z.enum(['bid', 'ask']).openapi({ description: 'YES bid or YES ask (a NO bid at p is a YES ask at 1 - p)' }),
        price: z.number(),
        size: z.number().openapi({ description: 'The level\'s size after the change (0: the level is gone)' }),
        size_delta: z.number().openapi({ description: 'The change of the level\'s size' }),
        timestamp: z.string().openapi({ format: 'date-time' }),
      }),
    ),
    count: z.number().int(),
    next_cursor: z.string().nullable(),
  }),
);

export const BboSeries = openapi.register(
  'BboSeries',
  z.object({
    bbo: z.array(
      z.object({
        timestamp: z.string().openapi({ format: 'date-time' }),
        best_bid: Num,
        best_ask: Num,
        bid_size: Num,
        ask_size: Num,
        mid: Num,
        spread: Num,
      }),
    ),
    count: z.number().int(),
    next_cursor: z.string().nullable(),
  }),
);

const Depth = z.object({ bid: z.number(), ask: z.number(), imbalance: Num });
export const Analytics = openapi.register(
  'BookAnalytics',
  z.object({
    exchange: z.string(),
    market_id: z.string(),
    best_bid: Num,
    best_ask: Num,
    bid_size: Num,
    ask_size: Num,
    spread: Num.openapi({ description: 'best_ask - best_bid' }),
    mid: Num.openapi({ description: '(best_bid + best_ask) / 2' }),
    microprice: Num.openapi({ description: '(best_bid * ask_size + best_ask * bid_size) / (bid_size + ask_size)' }),
    imbalance: Num.openapi({ description: '(bid_size - ask_size) / (bid_size + ask_size) at the top level, in [-1, 1]' }),
    depth: z
      .object({ '1c': Depth, '5c': Depth, '10c': Depth })
      .openapi({ description: 'Size bid within w of the best bid (price >= best_bid - w) and asked within w of the best ask (price <= best_ask + w), w = 0.01, 0.05, 0.10, with their imbalance' }),
    bid_levels: z.number().int(),
    ask_levels: z.number().int(),
    timestamp: z.string().openapi({ format: 'date-time', description: 'Time of the book analysed' }),
  }),
);
