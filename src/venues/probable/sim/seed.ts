/**
 * The Probable simulator's seed: events with markets in the market API's format (numeric ids,
 * `tokens[{token_id, outcome}]` on some markets and JSON-encoded `outcomes`/`clobTokenIds` strings on
 * others, no prices, decimal-string volumes), from the shared questions plus Probable-only markets:
 * BNB-ecosystem crypto questions, a three-market event, halted and closed/resolved markets.
 */
import { createHash } from 'node:crypto';
import { venueQuestions } from '../../../sim/fixture-helpers.js';
import { createRng, stableTokenId } from '../../../sim/rng.js';
import type { QuestionCategory } from '../../../sim/shared-questions.js';
import type { ProbableEventWire, ProbableMarketWire } from '../normalise.js';

const CATEGORY: Record<QuestionCategory, string> = {
  politics: 'Politics',
  crypto: 'Crypto',
  sports: 'Sports',
  economics: 'Economy',
  tech: 'Tech',
  world: 'Geopolitics',
  culture: 'Culture',
  science: 'Science',
};

export interface ProbableSeedMarket {
  wire: ProbableMarketWire;
  /** Current YES price (the simulator's books start there; the wire object has no price). */
  yes: number;
}

export interface ProbableSeed {
  events: ProbableEventWire[];
  markets: ProbableSeedMarket[];
}

const slugOf = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60);
const iso = (ms: number): string => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

interface Spec {
  key: string;
  question: string;
  rules: string;
  category: string;
  tags: string[];
  end: string;
  start: string;
  yes: number;
  volume: number;
  volume24h: number;
  liquidity: number;
  active?: boolean;
  closed?: boolean;
  winner?: string;
}

export function probableSeed(now = Date.now()): ProbableSeed {
  const events: ProbableEventWire[] = [];
  const markets: ProbableSeedMarket[] = [];
  let eventId = 410;
  let marketId = 1200;
  const r = createRng('probable-seed');

  const addEvent = (title: string, category: string, tags: string[], end: string, specs: Spec[]): void => {
    const id = eventId++;
    const ev: ProbableEventWire = { id, slug: slugOf(title), title, category, tags, status: specs.every((s) => s.closed) ? 'closed' : 'active', endDate: end };
    const ref = { id, slug: ev.slug, title, category, tags };
    const ms: ProbableMarketWire[] = [];
    for (const s of specs) {
      const mid = marketId++;
      const yesToken = stableTokenId(`probable:${s.key}:yes`);
      const noToken = stableTokenId(`probable:${s.key}:no`);
      // Both spellings of outcomes/tokens exist in the wild: alternate them.
      // Who won: per token where the market lists its tokens, else as resolved_outcomes.
      const resolved = s.closed === true && s.winner !== undefined;
      const tokenFields: Partial<ProbableMarketWire> =
        mid % 2 === 0
          ? {
              tokens: [
                { token_id: yesToken, outcome: 'Yes', ...(resolved ? { winner: s.winner === 'Yes' } : {}) },
                { token_id: noToken, outcome: 'No', ...(resolved ? { winner: s.winner === 'No' } : {}) },
              ],
              outcomes: JSON.stringify(['Yes', 'No']),
            }
          : { outcomes: JSON.stringify(['Yes', 'No']), clobTokenIds: JSON.stringify([yesToken, noToken]), ...(resolved ? { resolved_outcomes: [s.winner!] } : {}) };
      const wire: ProbableMarketWire = {
        id: mid,
        condition_id: `0x${createHash('sha256').update(`probable-condition:${s.key}`).digest('hex')}`,
        question: s.question,
        market_slug: slugOf(s.question),
        description: s.rules,
        ...tokenFields,
        active: s.active ?? true,
        closed: s.closed ?? false,
        startDate: s.start,
        endDate: s.end,
        createdAt: s.start,
        volume: s.volume.toFixed(6),
        volume24hr: s.volume24h.toFixed(6),
        liquidity: s.liquidity.toFixed(6),
        category: s.category,
        tags: s.tags,
        event_id: id,
        event: ref,
        ...(s.closed ? { resolved } : {}),
        icon: `https://static.probable.markets/icons/${slugOf(s.key)}.png`,
      };
      ms.push(wire);
      markets.push({ wire, yes: s.yes });
    }
    ev.markets = ms;
    events.push(ev);
  };

  for (const q of venueQuestions('probable', now)) {
    addEvent(q.canonicalTitle, CATEGORY[q.category], [CATEGORY[q.category]], q.closeTime, [
      { key: q.key, question: q.title, rules: q.rules, category: CATEGORY[q.category], tags: [CATEGORY[q.category]], end: q.closeTime, start: q.openTime, yes: q.yes, volume: q.volume * 0.8, volume24h: q.volume24h, liquidity: q.liquidity },
    ]);
  }

  const day = (d: number): string => iso(now + d * 86_400_000);
  const spec = (key: string, question: string, category: string, end: string, yes: number, extra: Partial<Spec> = {}): Spec => {
    const volume = r.int(2_000, 900_000);
    return { key, question, rules: `This market resolves to "Yes" if ${question.replace(/^Will /, '').replace(/\?$/, '')}. Otherwise it resolves to "No".`, category, tags: [category, 'BNB Chain'], end, start: day(-r.int(5, 120)), yes, volume, volume24h: Math.round(volume * 0.04), liquidity: Math.round(volume * 0.1), ...extra };
  };
  const crypto: [string, string, number][] = [
    ['bnb-1500-2026', 'Will BNB reach $1,500 before January 1, 2027?', 0.17],
    ['bnb-flip-sol', 'Will BNB flip Solana by market cap on December 31, 2026?', 0.42],
    ['cz-return-binance', 'Will CZ return to an executive role at Binance before 2027?', 0.08],
    ['aster-top-50', 'Will ASTER be a top-50 token by market cap on December 31, 2026?', 0.31],
    ['pancake-v4-tvl', 'Will PancakeSwap TVL exceed $5B on December 31, 2026?', 0.26],
    ['bnb-chain-1b-tx', 'Will BNB Chain process more than 1B transactions in December 2026?', 0.55],
    ['four-meme-launch', 'Will a four.meme token reach a $1B market cap before 2027?', 0.12],
    ['btc-dominance-60', 'Will Bitcoin dominance be above 60% on December 31, 2026?', 0.47],
    ['eth-etf-staking', 'Will a US spot ETH ETF stake its ETH before 2027?', 0.64],
  ];
  for (const [key, q, yes] of crypto) addEvent(q, 'Crypto', ['Crypto', 'BNB Chain'], day(r.int(20, 40)), [spec(key, q, 'Crypto', day(r.int(20, 40)), yes)]);

  addEvent('Fed decision in December 2026', 'Economy', ['Economy', 'Fed'], '2026-12-16T19:00:00Z', [
    spec('fed-dec-hold', 'Fed holds rates in December 2026?', 'Economy', '2026-12-16T19:00:00Z', 0.38),
    spec('fed-dec-cut-50', 'Fed cuts rates by 50+ bps in December 2026?', 'Economy', '2026-12-16T19:00:00Z', 0.05),
    spec('fed-dec-hike', 'Fed hikes rates in December 2026?', 'Economy', '2026-12-16T19:00:00Z', 0.02),
  ]);
  addEvent('World Cup 2026 winner', 'Sports', ['Sports', 'Soccer'], '2026-07-19T23:00:00Z', [
    spec('wc-2026-argentina', 'Will Argentina win the 2026 FIFA World Cup?', 'Sports', '2026-07-19T23:00:00Z', 0.0, { closed: true, active: false, winner: 'No' }),
    spec('wc-2026-spain', 'Will Spain win the 2026 FIFA World Cup?', 'Sports', '2026-07-19T23:00:00Z', 1.0, { closed: true, active: false, winner: 'Yes' }),
  ]);
  addEvent('Binance listing', 'Crypto', ['Crypto'], day(3), [spec('binance-list-paused', 'Will Binance list a new memecoin this week?', 'Crypto', day(3), 0.5, { active: false })]);
  addEvent('US CPI October 2026', 'Economy', ['Economy'], day(-5), [spec('cpi-oct-closed', 'Will October 2026 CPI YoY be above 3%?', 'Economy', day(-5), 0.4, { closed: true })]);
  return { events, markets };
}
