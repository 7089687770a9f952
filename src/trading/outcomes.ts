/**
 * One outcome vocabulary for orders (docs/trading.md): `yes` and `no` name the two sides of a binary
 * market on every trading venue, and a market's outcome ids (its details' `outcomes[].id`) are
 * accepted everywhere too. Each order has two names for its outcome:
 * - `outcome`, the service's: `yes` / `no` on a binary market, else the market's outcome id;
 * - `venueOutcome`, what the venue's order names: kalshi `yes` / `no`; futuur its positions, `long`
 *   (yes) and `short` (no); on the venues whose orders trade outcome tokens (EIP-712: Polymarket,
 *   Limitless, predict.fun, Opinion, Probable) the token id of the market's outcome of that side
 *   (src/venues/outcome-sides.ts), so that the signed order's token is checked against the outcome named.
 * A name the venue does not know is passed on as it is: the venue's order client refuses it.
 */
import type { ExchangeCode } from '../venues/exchanges.js';
import { binaryOutcome, outcomeOfSide, sideOfOutcome, type BinaryOutcome } from '../venues/outcome-sides.js';
import type { Outcome } from '../venues/records.js';

/** The venues whose own names for yes and no are fixed words, not a market's token ids. */
const NAMED_SIDES: Partial<Record<ExchangeCode, Record<BinaryOutcome, string>>> = {
  kalshi: { yes: 'yes', no: 'no' },
  futuur: { yes: 'long', no: 'short' },
};

export interface OrderOutcome {
  /** The service's name: yes / no on a binary market, else the market's outcome id. */
  outcome: string;
  /** The venue's name: its side word or the outcome token id. */
  venueOutcome: string;
}

/** Whether naming `outcome` on the venue needs the market's outcomes (the venues that trade outcome tokens). */
export function needsMarketOutcomes(code: ExchangeCode): boolean {
  return !NAMED_SIDES[code];
}

/**
 * Both names of an order's outcome, from the body's `outcome` and, on a token venue, the market's
 * outcomes (null: the market is unknown); `{error}` says why `yes` / `no` has no token.
 */
export function orderOutcome(code: ExchangeCode, marketId: string, outcome: string, outcomes: readonly Outcome[] | null): OrderOutcome | { error: string } {
  const side = binaryOutcome(outcome);
  const named = NAMED_SIDES[code];
  if (named) {
    if (side) return { outcome: side, venueOutcome: named[side] };
    const sideOfName = (['yes', 'no'] as const).find((s) => named[s] === outcome);
    return { outcome: sideOfName ?? outcome, venueOutcome: outcome };
  }
  if (!side) return { outcome: (outcomes && sideOfOutcome(outcomes, outcome)) ?? outcome, venueOutcome: outcome };
  if (outcomes === null) return { error: `market_id: unknown ${code} market ${marketId} (needed to find the token of outcome "${side}")` };
  const token = outcomeOfSide(outcomes, side);
  if (!token) return { error: `outcome: ${code} market ${marketId} is not a yes/no market; name one of its outcome ids: ${outcomes.map((o) => `${o.id} (${o.label})`).slice(0, 10).join(', ')}` };
  return { outcome: side, venueOutcome: token.id };
}
