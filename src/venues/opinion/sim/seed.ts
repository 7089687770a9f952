/**
 * The Opinion simulator's seed: market objects in the OpenAPI wire format (numeric status and
 * marketType, yes/no token ids, unix-second times with 0 for unset, volume strings), from the shared
 * cross-venue questions plus Opinion-only markets: a categorical market with children, a resolved
 * one, one resolving, one created but not yet activated.
 */
import { venueQuestions } from '../../../sim/fixture-helpers.js';
import { createRng, stableHex32, stableTokenId } from '../../../sim/rng.js';
import type { QuestionCategory } from '../../../sim/shared-questions.js';
import type { OpinionMarketWire } from '../normalise.js';

const CATEGORY: Record<QuestionCategory, string> = {
  politics: 'Politics',
  crypto: 'Crypto',
  sports: 'Sports',
  economics: 'Macro',
  tech: 'Tech',
  world: 'Geopolitics',
  culture: 'Culture',
  science: 'Science',
};
const STATUS_ENUM: Record<number, string> = { 1: 'Created', 2: 'Activated', 3: 'Resolving', 4: 'Resolved', 5: 'Failed', 6: 'Deleted' };
/** USDT on BNB Chain. */
export const OPINION_QUOTE_TOKEN = '0x55d398326f99059fF775485246999027B3197955';

interface Spec {
  id: number;
  title: string;
  rules: string;
  category: string;
  created: number;
  cutoff: number;
  status?: number;
  volume: number;
  parentId?: number;
  resolvedYes?: boolean;
  resolvedAt?: number;
}

const secs = (ms: number): number => Math.floor(ms / 1000);

export function opinionMarketWire(s: Spec): OpinionMarketWire {
  const yes = stableTokenId(`opinion:${s.id}:yes`);
  const no = stableTokenId(`opinion:${s.id}:no`);
  const status = s.status ?? 2;
  return {
    marketId: s.id,
    marketTitle: s.title,
    status,
    statusEnum: STATUS_ENUM[status],
    marketType: 0,
    childMarkets: null,
    parentMarketId: s.parentId ?? null,
    category: s.category,
    yesLabel: 'YES',
    noLabel: 'NO',
    rules: s.rules,
    yesTokenId: yes,
    noTokenId: no,
    conditionId: stableHex32(`opinion-cond:${s.id}`),
    resultTokenId: s.resolvedYes === undefined ? '' : s.resolvedYes ? yes : no,
    volume: s.volume.toFixed(2),
    volume24h: (s.volume * 0.02).toFixed(2),
    volume7d: (s.volume * 0.11).toFixed(2),
    quoteToken: OPINION_QUOTE_TOKEN,
    chainId: '56',
    questionId: stableHex32(`opinion-q:${s.id}`),
    createdAt: secs(s.created),
    cutoffAt: secs(s.cutoff),
    resolvedAt: s.resolvedAt ? secs(s.resolvedAt) : 0,
  };
}

export interface OpinionSeed {
  /** Listing items in `/market` order (binaries and categorical parents with children). */
  markets: OpinionMarketWire[];
  /** Starting YES price by market id. */
  yes: Map<number, number>;
}

export function opinionSeed(now = Date.now()): OpinionSeed {
  const markets: OpinionMarketWire[] = [];
  const yes = new Map<number, number>();
  let id = 2_100;
  for (const q of venueQuestions('opinion', now)) {
    const m = opinionMarketWire({ id: id++, title: q.title, rules: q.rules, category: CATEGORY[q.category], created: Date.parse(q.openTime), cutoff: Date.parse(q.closeTime), volume: Math.round(q.volume * q.yes * 100) / 100 });
    yes.set(m.marketId, q.yes);
    markets.push(m);
  }
  const r = createRng('opinion-extra');
  const day = 86_400_000;
  const add = (s: Omit<Spec, 'id' | 'volume'>, p: number): OpinionMarketWire => {
    const m = opinionMarketWire({ ...s, id: id++, volume: r.int(5_000, 900_000) });
    yes.set(m.marketId, p);
    return m;
  };

  // A categorical market: the parent holds binary children named by option.
  const parentId = id++;
  const wcRules = (team: string): string => `This market resolves to YES if ${team} wins the 2026 FIFA World Cup final. Otherwise NO.`;
  const children = (
    [
      ['Spain', 0.19],
      ['France', 0.16],
      ['Argentina', 0.12],
      ['England', 0.11],
    ] as const
  ).map(([team, p]) => add({ title: team, rules: wcRules(team), category: 'Sports', created: now - 200 * day, cutoff: Date.parse('2026-07-19T19:00:00Z'), parentId }, p));
  markets.push({ ...opinionMarketWire({ id: parentId, title: '2026 FIFA World Cup winner?', rules: 'Which national team wins the 2026 FIFA World Cup?', category: 'Sports', created: now - 200 * day, cutoff: Date.parse('2026-07-19T19:00:00Z'), volume: 0 }), marketType: 1, childMarkets: children, yesTokenId: '', noTokenId: '', volume: children.reduce((v, c) => v + Number(c.volume), 0).toFixed(2) });

  markets.push(add({ title: 'Binance Alpha: 20+ new listings in December 2026?', rules: 'Resolves YES if Binance Alpha lists 20 or more new tokens during December 2026 (UTC), per Binance announcements.', category: 'Crypto', created: now - 20 * day, cutoff: Date.parse('2026-12-31T23:59:59Z') }, 0.61));
  markets.push(add({ title: 'BNB all-time high before 2027?', rules: 'Resolves YES if BNB sets a new all-time high on Binance BNB/USDT before January 1, 2027.', category: 'Crypto', created: now - 50 * day, cutoff: Date.parse('2026-12-31T23:59:59Z') }, 0.38));
  markets.push(add({ title: 'Opinion TGE before Q2 2027?', rules: 'Resolves YES if the Opinion token generation event happens before April 1, 2027.', category: 'Crypto', created: now - 5 * day, cutoff: Date.parse('2027-03-31T23:59:59Z'), status: 1 }, 0.5));
  markets.push(add({ title: `ETH above $3,500 on ${new Date(now - 3 * day).toISOString().slice(0, 10)}?`, rules: 'Resolves YES if the Binance ETH/USDT price is above $3,500 at 12:00 UTC on the date.', category: 'Crypto', created: now - 10 * day, cutoff: now - 3 * day, status: 3 }, 0.5));
  markets.push(add({ title: 'Fed cuts rates in September 2025?', rules: 'Resolves YES if the FOMC lowers the federal funds target range at its September 2025 meeting.', category: 'Macro', created: Date.parse('2025-06-01T00:00:00Z'), cutoff: Date.parse('2025-09-17T18:00:00Z'), status: 4, resolvedYes: true, resolvedAt: Date.parse('2025-09-17T19:02:11Z') }, 0.5));
  return { markets, yes };
}
