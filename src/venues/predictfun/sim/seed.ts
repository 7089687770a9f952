/**
 * The predict.fun simulator's seed: categories (events) and markets in the venue's wire format
 * (integer ids, `question` vs outcome `title`, `outcomes[{name, indexSet, onChainId}]`, category slugs,
 * cross-venue hints `polymarketConditionIds` / `kalshiMarketTicker`), from the shared cross-venue
 * questions plus predict.fun-only markets: a neg-risk multi-outcome category, a yield-bearing market,
 * a paused one, one awaiting resolution and a resolved one. Stats (volume, liquidity) are served
 * separately, as the venue does.
 */
import { venueQuestions } from '../../../sim/fixture-helpers.js';
import { createRng, stableHex32, stableTokenId } from '../../../sim/rng.js';
import type { QuestionCategory } from '../../../sim/shared-questions.js';
import type { PredictCategoryWire, PredictMarketWire, PredictStatsWire } from '../normalise.js';

const TAG: Record<QuestionCategory, string> = {
  politics: 'Politics',
  crypto: 'Crypto',
  sports: 'Sports',
  economics: 'Economy',
  tech: 'Tech',
  world: 'Geopolitics',
  culture: 'Culture',
  science: 'Science',
};

export function slugify(title: string): string {
  return title.toLowerCase().replace(/\$/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 80);
}

interface MarketSpec {
  id: number;
  question: string;
  title?: string;
  description: string;
  categorySlug: string;
  created: string;
  status?: string;
  tradingStatus?: string;
  negRisk?: boolean;
  yieldBearing?: boolean;
  resolvedYes?: boolean;
  polymarket?: boolean;
  kalshiTicker?: string;
}

export function predictMarketWire(s: MarketSpec): PredictMarketWire {
  const yes = { name: 'Yes', indexSet: 1, status: null as 'WON' | 'LOST' | null, onChainId: stableTokenId(`predictfun:${s.id}:yes`) };
  const no = { name: 'No', indexSet: 2, status: null as 'WON' | 'LOST' | null, onChainId: stableTokenId(`predictfun:${s.id}:no`) };
  let resolution: PredictMarketWire['resolution'] = null;
  if (s.resolvedYes !== undefined) {
    yes.status = s.resolvedYes ? 'WON' : 'LOST';
    no.status = s.resolvedYes ? 'LOST' : 'WON';
    resolution = s.resolvedYes ? yes : no;
  }
  return {
    id: s.id,
    imageUrl: `https://predict.fun/images/markets/${s.id}.png`,
    title: s.title ?? s.question,
    question: s.question,
    description: s.description,
    tradingStatus: s.tradingStatus ?? 'OPEN',
    status: s.status ?? 'REGISTERED',
    isVisible: true,
    isNegRisk: s.negRisk ?? false,
    isYieldBearing: s.yieldBearing ?? false,
    feeRateBps: 200,
    resolution,
    oracleQuestionId: stableHex32(`predictfun-oq:${s.id}`),
    conditionId: stableHex32(`predictfun-cond:${s.id}`),
    resolverAddress: '0x5Bd6f3B1C2e4A7d8E9f0a1B2c3D4e5F6a7B8c9D0',
    questionIndex: s.negRisk ? 0 : null,
    outcomes: [yes, no],
    spreadThreshold: 0.06,
    shareThreshold: 100,
    polymarketConditionIds: s.polymarket ? [stableHex32(`polymarket-cond-hint:${s.question}`)] : [],
    kalshiMarketTicker: s.kalshiTicker ?? null,
    categorySlug: s.categorySlug,
    createdAt: s.created,
    decimalPrecision: 3,
  };
}

export interface PredictSeed {
  categories: PredictCategoryWire[];
  markets: PredictMarketWire[];
  /** Stats by market id. */
  stats: Map<number, PredictStatsWire>;
  /** Starting YES price by market id. */
  yes: Map<number, number>;
}

export function predictfunSeed(now = Date.now()): PredictSeed {
  const categories: PredictCategoryWire[] = [];
  const markets: PredictMarketWire[] = [];
  const stats = new Map<number, PredictStatsWire>();
  const yes = new Map<number, number>();
  let id = 4_100;
  let catId = 900;
  const day = 86_400_000;
  const iso = (ms: number): string => new Date(ms).toISOString();

  const addCategory = (title: string, slug: string, tag: string, list: PredictMarketWire[], startsAt: string, negRisk = false, yieldBearing = false): void => {
    categories.push({ id: catId++, slug, title, description: list[0]?.description ?? '', imageUrl: `https://predict.fun/images/categories/${slug}.png`, isNegRisk: negRisk, isYieldBearing: yieldBearing, marketVariant: 'DEFAULT', createdAt: startsAt, publishedAt: startsAt, startsAt, status: list.every((m) => m.status === 'RESOLVED') ? 'RESOLVED' : 'OPEN', tags: [{ id: 1, name: tag }], markets: list });
    markets.push(...list);
  };

  for (const q of venueQuestions('predictfun', now)) {
    const m = predictMarketWire({ id: id++, question: q.title, description: q.rules, categorySlug: slugify(q.title), created: q.openTime, polymarket: true, kalshiTicker: q.key.startsWith('fed') ? `KX${q.key.toUpperCase().replace(/-/g, '')}` : undefined });
    stats.set(m.id, { totalLiquidityUsd: q.liquidity, volumeTotalUsd: Math.round(q.volume * q.yes * 100) / 100, volume24hUsd: Math.round(q.volume24h * q.yes * 100) / 100 });
    yes.set(m.id, q.yes);
    addCategory(q.canonicalTitle, m.categorySlug!, TAG[q.category], [m], q.openTime);
  }

  const r = createRng('predictfun-extra');
  const extra = (s: MarketSpec, p: number, tag: string, categoryTitle?: string, list?: PredictMarketWire[]): PredictMarketWire => {
    const m = predictMarketWire(s);
    const vol = r.int(2_000, 400_000);
    stats.set(m.id, { totalLiquidityUsd: Math.round(vol * 0.1), volumeTotalUsd: vol, volume24hUsd: Math.round(vol * 0.02) });
    yes.set(m.id, p);
    if (list) list.push(m);
    else addCategory(categoryTitle ?? s.question, s.categorySlug, tag, [m], s.created, false, s.yieldBearing);
    return m;
  };

  // A neg-risk multi-outcome category: each outcome is a binary market with its own short title.
  const epl: PredictMarketWire[] = [];
  const eplQ = 'Premier League 2026-27 winner?';
  for (const [team, p] of [['Arsenal', 0.34], ['Liverpool', 0.29], ['Manchester City', 0.22]] as const) {
    extra({ id: id++, question: `Will ${team} win the 2026-27 Premier League?`, title: team, description: `This market resolves to "Yes" if ${team} finish first in the 2026-27 English Premier League table.`, categorySlug: 'premier-league-2026-27-winner', created: iso(now - 120 * day), negRisk: true }, p, 'Sports', eplQ, epl);
  }
  addCategory(eplQ, 'premier-league-2026-27-winner', 'Sports', epl, iso(now - 120 * day), true);

  extra({ id: id++, question: 'BNB above $1,000 on December 31, 2026?', description: 'Resolves "Yes" if the Binance BNB/USDT price is above $1,000 at 23:59 UTC on December 31, 2026.', categorySlug: 'bnb-above-1000-on-december-31-2026', created: iso(now - 60 * day), yieldBearing: true }, 0.44, 'Crypto');
  extra({ id: id++, question: 'Will CZ return to Binance in an official role in 2026?', description: 'Resolves "Yes" if Changpeng Zhao is announced in an official executive or board role at Binance before December 31, 2026.', categorySlug: 'cz-returns-to-binance-2026', created: iso(now - 90 * day), yieldBearing: true }, 0.09, 'Crypto');
  extra({ id: id++, question: 'Will Aster flip Hyperliquid in perp volume in a month of 2026?', description: 'Resolves "Yes" if Aster records higher monthly perpetuals volume than Hyperliquid for any calendar month of 2026, per DefiLlama.', categorySlug: 'aster-flips-hyperliquid-2026', created: iso(now - 75 * day) }, 0.18, 'Crypto');
  extra({ id: id++, question: 'Four.meme token above $1B market cap by March 2027?', description: 'Resolves "Yes" if any token launched on four.meme reaches a fully diluted market cap above $1B before March 1, 2027, per CoinGecko.', categorySlug: 'four-meme-token-1b-by-march-2027', created: iso(now - 30 * day), status: 'PAUSED', tradingStatus: 'PAUSED' }, 0.12, 'Crypto');
  extra({ id: id++, question: `BTC above $105,000 on ${iso(now - 2 * day).slice(0, 10)}?`, description: 'Resolves "Yes" if the Binance BTC/USDT 1-minute candle close at 12:00 UTC on the date is above $105,000.', categorySlug: `btc-above-105000-${iso(now - 2 * day).slice(0, 10)}`, created: iso(now - 9 * day), status: 'PRICE_PROPOSED', tradingStatus: 'CLOSED' }, 0.5, 'Crypto');
  extra({ id: id++, question: 'Will Binance list PUMP before 2026?', description: 'Resolves "Yes" if Binance lists PUMP for spot trading before January 1, 2026.', categorySlug: 'binance-lists-pump-before-2026', created: '2025-07-15T00:00:00.000Z', status: 'RESOLVED', tradingStatus: 'CLOSED', resolvedYes: false }, 0.02, 'Crypto');
  return { categories, markets, stats, yes };
}
