/**
 * One outcome vocabulary for orders (docs/trading.md): `yes` and `no` name the two sides of a binary
 * market on every trading venue, and a market's outcome ids (its details' `outcomes[].id`) are
 * accepted everywhere too. Here each is turned into what the venue's order names:
 * - kalshi: `yes` / `no` themselves;
 * - futuur: its positions, `long` (yes) and `short` (no);
 * - the venues whose orders trade outcome tokens (EIP-712: Polymarket, Limitless, predict.fun,
 *   Opinion, Probable): the token id of the market's outcome labelled Yes or No (the first and second
 *   outcome of a two-outcome market whose labels say neither), so that the signed order's token is
 *   checked against the outcome named.
 * Anything else (a venue's own name, an outcome id) is passed on as it is: the venue's order client
 * checks it as before.
 */
import type { ExchangeCode } from '../venues/exchanges.js';
import type { Outcome } from '../venues/records.js';

export type BinaryOutcome = 'yes' | 'no';

/** The venues whose own names for yes and no are fixed words, not a market's token ids. */
const NAMED_SIDES: Partial<Record<ExchangeCode, Record<BinaryOutcome, string>>> = {
  kalshi: { yes: 'yes', no: 'no' },
  futuur: { yes: 'long', no: 'short' },
};

export function binaryOutcome(outcome: string): BinaryOutcome | null {
  const o = outcome.trim().toLowerCase();
  return o === 'yes' || o === 'no' ? o : null;
}

/** Whether turning `outcome` into the venue's needs the market's outcomes (a token venue asked for yes/no). */
export function needsMarketOutcomes(code: ExchangeCode, outcome: string): boolean {
  return binaryOutcome(outcome) !== null && !NAMED_SIDES[code];
}

/** The venue's name of the outcome, or `{error}` saying why there is none. */
export function venueOutcome(code: ExchangeCode, marketId: string, outcome: string, outcomes: readonly Outcome[] | null): { outcome: string } | { error: string } {
  const side = binaryOutcome(outcome);
  if (side === null) return { outcome };
  const named = NAMED_SIDES[code];
  if (named) return { outcome: named[side] };
  if (outcomes === null) return { error: `market_id: unknown ${code} market ${marketId} (needed to find the token of outcome "${side}")` };
  const labelled = outcomes.find((o) => o.label.trim().toLowerCase() === side);
  const positional = outcomes.length === 2 && !outcomes.some((o) => /^(yes|no)$/i.test(o.label.trim())) ? outcomes[side === 'yes' ? 0 : 1] : undefined;
  const token = labelled ?? positional;
  if (!token) return { error: `outcome: ${code} market ${marketId} is not a yes/no market; name one of its outcome ids: ${outcomes.map((o) => `${o.id} (${o.label})`).slice(0, 10).join(', ')}` };
  return { outcome: token.id };
}
