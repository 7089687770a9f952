/**
 * The service's names of a binary market's two outcomes, `yes` and `no` (docs/trading.md, "Outcomes"),
 * and which of a market's outcomes each names: the outcome labelled Yes or No, else, in a two-outcome
 * market whose labels say neither (Up/Down, two teams), the first and the second. One rule for the
 * orders the service sends (which token `no` trades) and for what it reads back (which side a held
 * token is), so an order placed as `no` is held and reported as `no`.
 */
import type { Outcome } from './records.js';

export type BinaryOutcome = 'yes' | 'no';

/** `yes` or `no` in any case, else null. */
export function binaryOutcome(outcome: string): BinaryOutcome | null {
  const o = outcome.trim().toLowerCase();
  return o === 'yes' || o === 'no' ? o : null;
}

type Named = Pick<Outcome, 'id' | 'label'>;

const saysSide = (o: Named): boolean => binaryOutcome(o.label) !== null;

/** The outcome `side` names in a market with these outcomes; undefined in a market that is not yes/no. */
export function outcomeOfSide<T extends Named>(outcomes: readonly T[], side: BinaryOutcome): T | undefined {
  const labelled = outcomes.find((o) => binaryOutcome(o.label) === side);
  if (labelled) return labelled;
  return outcomes.length === 2 && !outcomes.some(saysSide) ? outcomes[side === 'yes' ? 0 : 1] : undefined;
}

/** Which side the outcome `id` is in a market with these outcomes; null when it is none (a multi-outcome market, an unknown id). */
export function sideOfOutcome(outcomes: readonly Named[], id: string): BinaryOutcome | null {
  for (const side of ['yes', 'no'] as const) if (outcomeOfSide(outcomes, side)?.id === id) return side;
  return null;
}

/**
 * The side of one outcome of a two-outcome market known by its label and its index (as a venue's
 * position row gives them): its label when it says yes or no, else its index (0 yes, 1 no).
 */
export function sideOfLabelled(label: string | null | undefined, index: number | null | undefined): BinaryOutcome | null {
  const byLabel = label ? binaryOutcome(label) : null;
  if (byLabel) return byLabel;
  return index === 0 ? 'yes' : index === 1 ? 'no' : null;
}
