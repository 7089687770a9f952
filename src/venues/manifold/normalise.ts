/**
 * Manifold Markets wire format (`/v0/markets` LiteMarket, `/v0/market/{id}` FullMarket, `/v0/bets`)
 * -> unified records. Pure functions, no I/O.
 *
 * Traps handled here (docs/venue-notes.md §8, Manifold docs/docs/api.md):
 * - Every time is unix MILLISECONDS (`createdTime`, `closeTime`, `resolutionTime`, `lastUpdatedTime`,
 *   bet `createdTime`); a seconds value is refused rather than read as 1970.
 * - Probabilities are already 0..1. STONK markets send no `probability`: it is derived from the CPMM
 *   pool and `p` exactly as Manifold does (p*NO / ((1-p)*YES + p*NO)).
 * - The list endpoint sends LiteMarkets: multi-answer markets (MULTIPLE_CHOICE, MULTI_NUMERIC, DATE)
 *   come WITHOUT `answers`, so their outcomes are empty until the market is read alone (FullMarket).
 *   They have no single YES price (yes_price null); each answer is an outcome with its own price.
 * - `closeTime` in the past without `isResolved` means closed, not open.
 * - Money: Manifold trades play money (mana, token MANA; a few CASH markets). docs/api-contract.md §2 wants USD
 *   for money, so `liquidity` (mana deposited) is null. `volume`/`volume_24h` carry Manifold's own
 *   volume figure, in mana traded: a share pays M1 if it wins, so mana traded is the closest thing to a
 *   contract count the venue publishes. The token is kept as a tag (`mana` / `cash`).
 * - No order book (AMM): yes_bid/yes_ask are null; last_price is the AMM probability, which is the
 *   price the last bet moved it to.
 * - Bets: `amount`/`shares` are negative for sales; redemptions, cancelled and unfilled limit orders
 *   are not trades. A trade is reported in YES terms of the market (or of the answer, for multi-answer
 *   markets): a NO bet at 0.30 is a taker selling YES at 0.70.
 */
import { canonicalCategory, CANONICAL_CATEGORIES } from '../categories.js';
import { makeMarket, makeTrade, type Market, type MarketStatus, type Outcome, type Trade } from '../records.js';
import { complement, millisToIso, parseDecimalOrNull, probFrom, probOrNull, roundPrice, UnitError } from '../units.js';

const EXCHANGE = 'manifold' as const;

export interface ManifoldAnswerWire {
  id: string;
  text: string;
  probability?: number;
  index?: number;
  contractId?: string;
  createdTime?: number;
  resolution?: string | null;
  [k: string]: unknown;
}

/** LiteMarket (list) and FullMarket (single) in one type: the Full-only fields are optional. */
export interface ManifoldMarketWire {
  id: string;
  question: string;
  slug?: string;
  url?: string;
  creatorId?: string;
  creatorUsername?: string;
  creatorName?: string;
  createdTime: number;
  closeTime?: number;
  outcomeType: string;
  mechanism?: string;
  probability?: number;
  pool?: Record<string, number> | number | null;
  p?: number;
  totalLiquidity?: number;
  value?: number;
  min?: number;
  max?: number;
  isLogScale?: boolean;
  volume?: number;
  volume24Hours?: number;
  isResolved?: boolean;
  resolution?: string | null;
  resolutionTime?: number;
  resolutionProbability?: number;
  uniqueBettorCount?: number;
  lastUpdatedTime?: number;
  lastBetTime?: number;
  lastCommentTime?: number;
  token?: 'MANA' | 'CASH';
  siblingContractId?: string;
  // FullMarket only
  answers?: ManifoldAnswerWire[];
  shouldAnswersSumToOne?: boolean;
  options?: { text: string; votes?: number }[];
  textDescription?: string;
  description?: unknown;
  groupSlugs?: string[];
  [k: string]: unknown;
}

export interface ManifoldBetWire {
  id: string;
  contractId: string;
  userId?: string;
  answerId?: string;
  createdTime: number;
  amount: number;
  shares: number;
  outcome: string;
  probBefore?: number;
  probAfter?: number;
  limitProb?: number;
  orderAmount?: number;
  isFilled?: boolean;
  isCancelled?: boolean;
  isRedemption?: boolean;
  fills?: { amount: number; shares: number; timestamp: number; matchedBetId: string | null }[];
  [k: string]: unknown;
}

export interface NormaliseContext {
  /** When the payload was fetched (ISO): decides open vs closed by `closeTime`, and `updated_at` fallback. */
  fetchedAt: string;
}

/** Outcome types whose market has one YES probability. */
const SINGLE_PROB_TYPES = new Set(['BINARY', 'PSEUDO_NUMERIC', 'STONK', 'NUMERIC']);
/** Outcome types whose outcomes are the answers. */
const MULTI_ANSWER_TYPES = new Set(['MULTIPLE_CHOICE', 'FREE_RESPONSE', 'MULTI_NUMERIC', 'DATE', 'NUMBER']);

export function isMultiAnswer(raw: Pick<ManifoldMarketWire, 'outcomeType'>): boolean {
  return MULTI_ANSWER_TYPES.has(raw.outcomeType);
}

/** Optional epoch-ms field -> ISO or null; throws on a value that is evidently seconds. */
function msOrNull(v: unknown, what: string): string | null {
  return v === null || v === undefined ? null : millisToIso(v, what);
}

/**
 * The YES probability of a single-probability market: `probability` when sent, else derived from the
 * CPMM pool (STONK lite markets carry only `pool` and `p`).
 */
export function yesProbability(raw: ManifoldMarketWire): number | null {
  const what = `${raw.id}.probability`;
  if (raw.probability !== undefined && raw.probability !== null) return probFrom(raw.probability, what);
  const pool = raw.pool;
  if (raw.mechanism === 'cpmm-1' && pool && typeof pool === 'object' && typeof raw.p === 'number') {
    const yes = parseDecimalOrNull(pool.YES, `${raw.id}.pool.YES`);
    const no = parseDecimalOrNull(pool.NO, `${raw.id}.pool.NO`);
    if (yes === null || no === null) return null;
    const denom = (1 - raw.p) * yes + raw.p * no;
    return denom > 0 ? probFrom(roundPrice((raw.p * no) / denom), what) : null;
  }
  return null;
}

export function manifoldStatus(raw: ManifoldMarketWire, fetchedAtMs: number): MarketStatus {
  if (raw.isResolved) return 'resolved';
  if (raw.closeTime !== undefined && raw.closeTime !== null && raw.closeTime <= fetchedAtMs) return 'closed';
  return 'open';
}

/** Venue resolution -> `result`: `yes`/`no` for binaries, `cancelled`, `mkt` (resolved to a probability), or an answer id. */
export function manifoldResult(raw: ManifoldMarketWire): string | null {
  if (!raw.isResolved || raw.resolution === undefined || raw.resolution === null || raw.resolution === '') return null;
  switch (raw.resolution) {
    case 'YES':
      return 'yes';
    case 'NO':
      return 'no';
    case 'CANCEL':
      return 'cancelled';
    case 'MKT':
      return 'mkt';
    default:
      return raw.resolution;
  }
}

/**
 * Topic of a market: Manifold's topics (`groupSlugs`) when the FullMarket has them; LiteMarkets carry
 * none, so the question's words are matched against the shared vocabulary, else `other`.
 */
export function manifoldCategory(raw: ManifoldMarketWire): string {
  if (raw.groupSlugs?.length) return canonicalCategory(...raw.groupSlugs);
  const guess = canonicalCategory(raw.question);
  return (CANONICAL_CATEGORIES as readonly string[]).includes(guess) ? guess : 'other';
}

function outcomesOf(raw: ManifoldMarketWire, yes: number | null): Outcome[] {
  if (SINGLE_PROB_TYPES.has(raw.outcomeType)) {
    // Pseudo-numeric YES/NO are "higher"/"lower" than the current value.
    const [yesLabel, noLabel] = raw.outcomeType === 'PSEUDO_NUMERIC' ? ['Higher', 'Lower'] : ['Yes', 'No'];
    return [
      { id: 'YES', label: yesLabel, price: yes },
      { id: 'NO', label: noLabel, price: yes === null ? null : complement(yes) },
    ];
  }
  if (raw.answers?.length) {
    return [...raw.answers]
      .sort((a, b) => (a.index ?? 0) - (b.index ?? 0))
      .map((a) => ({ id: a.id, label: a.text?.trim() || a.id, price: probOrNull(a.probability, `${raw.id}.answers.${a.id}.probability`) }));
  }
  if (raw.outcomeType === 'POLL' && raw.options?.length) {
    // Poll options are votes, not prices, and have no ids of their own: their position is the id.
    return raw.options.map((o, i) => ({ id: `option-${i}`, label: o.text?.trim() || `Option ${i + 1}`, price: null }));
  }
  return [];
}

export function normaliseMarket(raw: ManifoldMarketWire, ctx: NormaliseContext): Market {
  const id = raw.id;
  const f = (name: string): string => `${id}.${name}`;
  if (typeof raw.createdTime !== 'number') throw new UnitError(`${id}: createdTime missing`);
  const status = manifoldStatus(raw, Date.parse(ctx.fetchedAt));
  const result = manifoldResult(raw);
  const single = SINGLE_PROB_TYPES.has(raw.outcomeType);
  const amm = single ? yesProbability(raw) : null;
  let yes = amm;
  if (single && status === 'resolved') {
    if (result === 'yes') yes = 1;
    else if (result === 'no') yes = 0;
    else if (result === 'mkt' && raw.resolutionProbability !== undefined) yes = probFrom(raw.resolutionProbability, f('resolutionProbability'));
  }
  const token = raw.token === 'CASH' ? 'cash' : 'mana';
  const tags = [raw.outcomeType.toLowerCase().replace(/_/g, '-'), token, ...(raw.groupSlugs ?? [])];
  const volume = parseDecimalOrNull(raw.volume, f('volume'));
  const volume24 = parseDecimalOrNull(raw.volume24Hours, f('volume24Hours'));

  return makeMarket({
    exchange: EXCHANGE,
    market_id: id,
    event_id: null,
    title: raw.question?.trim() || id,
    subtitle: null,
    category: manifoldCategory(raw),
    tags: [...new Set(tags)],
    status,
    outcomes: outcomesOf(raw, yes),
    yes_price: yes,
    yes_bid: null,
    yes_ask: null,
    last_price: amm,
    volume: volume === null ? null : Math.max(0, volume),
    volume_24h: volume24 === null ? null : Math.max(0, volume24),
    liquidity: null,
    open_interest: null,
    open_time: millisToIso(raw.createdTime, f('createdTime')),
    close_time: msOrNull(raw.closeTime, f('closeTime')),
    resolution_time: msOrNull(raw.resolutionTime, f('resolutionTime')),
    result,
    rules: typeof raw.textDescription === 'string' ? raw.textDescription.trim() : '',
    url: raw.url ?? (raw.creatorUsername && raw.slug ? `https://manifold.markets/${raw.creatorUsername}/${raw.slug}` : null),
    updated_at: raw.lastUpdatedTime !== undefined ? millisToIso(raw.lastUpdatedTime, f('lastUpdatedTime')) : ctx.fetchedAt,
    raw,
  });
}

/**
 * What a bet took at placement: a resting limit order filled later was the maker of those fills, and
 * the bets that filled it list the same fills as theirs (the docs' /v0/bets example shows such an
 * order, its fill stamped after its creation), so only its fills at placement time are its own trade.
 */
function takenAtPlacement(raw: ManifoldBetWire): { amount: number; shares: number } {
  if (raw.limitProb === undefined || !Array.isArray(raw.fills) || raw.fills.length === 0) return { amount: raw.amount, shares: raw.shares };
  const taken = raw.fills.filter((f) => f.timestamp <= raw.createdTime);
  return { amount: taken.reduce((v, f) => v + f.amount, 0), shares: taken.reduce((v, f) => v + f.shares, 0) };
}

/** Whether a bet record is a trade (redemptions, cancelled and never-filled limit orders, makers' fills are not). */
export function isTrade(raw: ManifoldBetWire): boolean {
  if (raw.isRedemption) return false;
  // A cancelled limit order still counts for what it filled before the cancel (amount/shares > 0).
  const { amount, shares } = takenAtPlacement(raw);
  return typeof shares === 'number' && Math.abs(shares) > 1e-9 && typeof amount === 'number' && Math.abs(amount) > 1e-9;
}

/**
 * A bet -> a trade in YES terms (of the market, or of the bet's answer). Price per share is
 * |amount| / |shares| of the outcome bought or sold; when that is not a probability (fees, rounding on
 * dust bets) the AMM's `probAfter` is used. Returns null for bets that are not trades.
 */
export function normaliseBet(raw: ManifoldBetWire): Trade | null {
  if (!isTrade(raw)) return null;
  const what = `bet ${raw.id}`;
  if (raw.outcome !== 'YES' && raw.outcome !== 'NO') throw new UnitError(`${what}: unknown outcome ${JSON.stringify(raw.outcome)}`);
  const taken = takenAtPlacement(raw);
  const size = Math.abs(taken.shares);
  let outcomePrice = roundPrice(Math.abs(taken.amount) / size);
  if (!(outcomePrice > 0 && outcomePrice <= 1)) {
    if (raw.probAfter === undefined) throw new UnitError(`${what}: price ${outcomePrice} per share and no probAfter`);
    const after = probFrom(raw.probAfter, `${what}.probAfter`);
    outcomePrice = raw.outcome === 'YES' ? after : complement(after);
  }
  const yesPrice = raw.outcome === 'YES' ? outcomePrice : complement(outcomePrice);
  // Buying YES or selling NO moves YES up: a taker buying YES. Buying NO or selling YES: selling YES.
  const bought = taken.shares > 0;
  const takerSide = (raw.outcome === 'YES') === bought ? 'buy' : 'sell';
  return makeTrade({
    exchange: EXCHANGE,
    market_id: raw.contractId,
    id: raw.id,
    price: yesPrice,
    size: roundPrice(size),
    taker_side: takerSide,
    outcome: raw.answerId ?? 'YES',
    timestamp: millisToIso(raw.createdTime, `${what}.createdTime`),
  });
}
