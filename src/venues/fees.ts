/**
 * A venue's published taker fee, as data (each descriptor's `pricing.takerFee`, with its source named
 * there), and what it costs to take one contract at a price. Cross-venue gaps after fees
 * (src/cross-venue) are computed from these; nothing else reads them.
 *
 * Models, per contract bought at price p (0..1 of $1):
 * - `quadratic`: rate * p * (1 - p) (Kalshi, Polymarket's fee-enabled markets): the fee peaks at 0.5.
 *   With `roundUpPerOrder`, the order's total is rounded up to that step (Kalshi: to the cent), so the
 *   fee per contract depends on the order's size: it is computed for `FEE_REFERENCE_CONTRACTS`.
 * - `min_side`: rate * min(p, 1 - p) (predict.fun's buy fee).
 * - `profit`: rate * (1 - p), a share of the profit, charged only when the contract wins (PredictIt).
 *   An arbitrage wins on exactly one leg; the fee is counted as if this leg wins (an upper bound).
 * - `none`: the venue charges no taker fee.
 * - `unpublished`: no fee model is published (or none that applies per trade); counted as 0, and the
 *   answer says the gap after fees is incomplete.
 */

export type TakerFeeModel =
  | { kind: 'quadratic'; rate: number; roundUpPerOrder?: number; note?: string }
  | { kind: 'min_side'; rate: number; note?: string }
  | { kind: 'profit'; rate: number; note?: string }
  | { kind: 'none'; note?: string }
  | { kind: 'unpublished'; note: string };

/** The order size a per-order rounding is computed for (fees per contract fall as orders grow). */
export const FEE_REFERENCE_CONTRACTS = 100;

// Decimal fractions: rounding keeps 1 - 0.55 - 0.43 from printing as 0.019999999999999907.
const r8 = (x: number): number => Math.round(x * 1e8) / 1e8;

/** The taker fee of buying one contract at `price`, in dollars (0..1), under `model`. */
export function takerFeePerContract(model: TakerFeeModel, price: number): number {
  const p = Math.min(1, Math.max(0, price));
  switch (model.kind) {
    case 'quadratic': {
      const perContract = model.rate * p * (1 - p);
      if (!model.roundUpPerOrder) return r8(perContract);
      const step = model.roundUpPerOrder;
      // r8 first: 0.07 * 100 * 0.25 is 1.7500000000000002 in binary, which must not round up to 1.76
      const order = Math.ceil(r8((perContract * FEE_REFERENCE_CONTRACTS) / step)) * step;
      return r8(order / FEE_REFERENCE_CONTRACTS);
    }
    case 'min_side':
      return r8(model.rate * Math.min(p, 1 - p));
    case 'profit':
      return r8(model.rate * (1 - p));
    case 'none':
    case 'unpublished':
      return 0;
  }
}

/** Whether the model states the venue's fee (false: `unpublished`, counted as 0). */
export const feeKnown = (model: TakerFeeModel): boolean => model.kind !== 'unpublished';
