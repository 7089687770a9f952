/**
 * The server messages of the streams, in the spec's shapes (docs/interface-spec.md §6.3-6.4): on /ws/kalshi one bare object per
 * message whose kind shows in its fields; elsewhere `{type, data}`. Every message also carries `seq`,
 * which counts the messages of that kind for that market (a snapshot repeats the latest number), so a
 * client sees a gap and can resubscribe.
 *
 * Units (docs/api-contract.md §2, §5): prices are probabilities 0..1. Kalshi's `bid_side`/`ask_side` are sizes
 * on the 1..99-cent grid (index = cents - 1); the other venues' are prices best first, with the sizes
 * alongside in `bid_sizes`/`ask_sizes` (an addition: a price list alone says nothing of depth).
 *
 * A message is never sent over the venue's size limit: a book that would be is trimmed at its far end
 * (the fewest levels dropped from the worst prices), never split.
 */
import type { BookLevel, Ticker, Trade } from '../venues/records.js';

export type StreamStyle = 'bare' | 'envelope';

export interface BookView {
  bids: BookLevel[];
  asks: BookLevel[];
  outcomeId: string | null;
  timestamp: string;
}

export interface MessageContext {
  exchange: string;
  marketId: string;
  style: StreamStyle;
  /** Largest message in bytes. */
  maxBytes: number;
}

const round6 = (x: number): number => Math.round(x * 1e6) / 1e6;

export function pricesMessage(ctx: MessageContext, t: Ticker, seq: number): string {
  const fields = { price: t.price, yes_bid: t.yes_bid, yes_ask: t.yes_ask, volume: t.volume, open_interest: t.open_interest, last_update: t.last_update, seq };
  if (ctx.style === 'bare') return JSON.stringify({ kalshi_id: ctx.marketId, ...fields });
  return JSON.stringify({ type: 'prices', data: { exchange: ctx.exchange, market_id: ctx.marketId, ...fields } });
}

/**
 * A trade in YES terms. `yesOutcomeId`: the market's YES outcome id, to tell a trade of the NO
 * outcome (priced in NO) from one of YES.
 */
export function tradeMessage(ctx: MessageContext, t: Trade, seq: number, yesOutcomeId: string | null): string {
  const onNo = t.outcome !== null && t.outcome !== 'yes' && t.outcome !== yesOutcomeId && yesOutcomeId !== null;
  const yes = round6(onNo ? 1 - t.price : t.price);
  const takerSide = t.taker_side === null ? null : onNo ? (t.taker_side === 'buy' ? 'sell' : 'buy') : t.taker_side;
  const fields = { exchange: ctx.exchange, yes_price: yes, no_price: round6(1 - yes), count: Math.round(t.size), taker_side: takerSide, last_update: t.timestamp, seq };
  if (ctx.style === 'bare') return JSON.stringify({ id: t.id, kalshi_id: ctx.marketId, ...fields });
  return JSON.stringify({ type: 'trades', data: { id: t.id, market_id: ctx.marketId, ...fields } });
}

/** Kalshi: sizes on the 99-cent grid, index = cents - 1 (sub-cent levels add to their nearest cent). */
function centGrid(levels: BookLevel[]): number[] {
  const grid = new Array<number>(99).fill(0);
  for (const l of levels) {
    const cents = Math.round(l.price * 100);
    if (cents >= 1 && cents <= 99) grid[cents - 1] = round6(grid[cents - 1] + l.size);
  }
  return grid;
}

function envelopeBook(ctx: MessageContext, b: BookView, seq: number, depth: number): string {
  const bids = b.bids.slice(0, depth);
  const asks = b.asks.slice(0, depth);
  return JSON.stringify({
    type: 'orderbook',
    data: {
      exchange: ctx.exchange,
      token_id: b.outcomeId,
      market_id: ctx.marketId,
      bid_side: bids.map((l) => l.price),
      ask_side: asks.map((l) => l.price),
      bid_sizes: bids.map((l) => l.size),
      ask_sizes: asks.map((l) => l.size),
      last_update: b.timestamp,
      seq,
    },
  });
}

/** The orderbook message, trimmed at the far end to fit `ctx.maxBytes`; null if not even the top fits. */
export function orderbookMessage(ctx: MessageContext, b: BookView, seq: number): string | null {
  if (ctx.style === 'bare') {
    const text = JSON.stringify({ kalshi_id: ctx.marketId, bid_side: centGrid(b.bids), ask_side: centGrid(b.asks), last_update: b.timestamp, seq });
    return Buffer.byteLength(text) <= ctx.maxBytes ? text : null;
  }
  const full = Math.max(b.bids.length, b.asks.length);
  const whole = envelopeBook(ctx, b, seq, full);
  if (Buffer.byteLength(whole) <= ctx.maxBytes) return whole;
  // The largest depth that fits: binary search over levels kept per side.
  let lo = 0;
  let hi = full - 1;
  let best: string | null = null;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const text = envelopeBook(ctx, b, seq, mid);
    if (Buffer.byteLength(text) <= ctx.maxBytes) {
      best = text;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return best;
}
