/**
 * The Limitless simulator's seed: market objects in the venue's wire format (slugs, token ids,
 * `prices: [yes, no]`, volumes as USDC base-unit strings plus `volumeFormatted`, ms expiration
 * timestamps, HTML descriptions), from the shared cross-venue questions plus Limitless-only markets:
 * recurring crypto "Up or Down" markets, two group (NegRisk) markets with children, an expired
 * market awaiting resolution, a resolved one (reachable by slug, not listed as active) and a legacy
 * AMM market quoted in percentages.
 */
import { venueQuestions } from '../../../sim/fixture-helpers.js';
import { createRng, stableHex32, stableTokenId } from '../../../sim/rng.js';
import type { QuestionCategory } from '../../../sim/shared-questions.js';
import type { LimitlessMarketWire } from '../normalise.js';

const CATEGORY: Record<QuestionCategory, string> = {
  politics: 'Politics',
  crypto: 'Crypto',
  sports: 'Sports',
  economics: 'Economy',
  tech: 'Tech',
  world: 'World',
  culture: 'Pop Culture',
  science: 'Science',
};

export const LIMITLESS_CLOB_EXCHANGE = '0xa4409D988CA2218d956BeEFD3874100F444f0DC3';
const USDC_BASE = { address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', decimals: 6, symbol: 'USDC' };
const CREATOR = { name: 'Limitless', address: '0x60e61631d9a585797cDee9f79FafDecf3bd7F64D', imageURI: 'https://limitless.exchange/assets/images/logo.svg', link: 'https://x.com/trylimitless' };

export function slugify(title: string): string {
  return title
    .toLowerCase()
    .replace(/\$/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);
}

const usdc = (n: number): string => String(Math.round(n * 1e6));
const r3 = (p: number): number => Math.round(p * 1000) / 1000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const humanDate = (ms: number): string => {
  const d = new Date(ms);
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
};

export interface LimitlessSpec {
  id: number;
  slug: string;
  title: string;
  rules: string;
  categories: string[];
  tags?: string[];
  yes: number;
  volumeUsd: number;
  created: string;
  expiresMs: number;
  status?: 'FUNDED' | 'RESOLVED' | 'CREATED';
  expired?: boolean;
  winningOutcomeIndex?: 0 | 1 | null;
  tradeType?: 'clob' | 'amm';
  negRisk?: boolean;
}

/** One market object as the venue sends it. */
export function limitlessMarketWire(s: LimitlessSpec, now: number): LimitlessMarketWire {
  const r = createRng(`limitless-quote:${s.slug}`);
  const half = r.int(1, 3) / 100;
  const live = (s.status ?? 'FUNDED') === 'FUNDED' && !s.expired;
  const bid = live ? Math.max(0.01, r3(s.yes - half)) : 0.001;
  const ask = live ? Math.min(0.99, r3(s.yes + half)) : 0.999;
  const amm = s.tradeType === 'amm';
  const base: LimitlessMarketWire = {
    id: s.id,
    slug: s.slug,
    address: amm ? `0x${stableHex32(`amm:${s.slug}`).slice(2, 42)}` : null,
    title: s.title,
    proxyTitle: null,
    description: `<p>${s.rules.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}</p><p><br></p><p>Resolution source: official announcements.</p>`,
    collateralToken: USDC_BASE,
    creator: CREATOR,
    conditionId: amm ? null : stableHex32(`limitless-cond:${s.slug}`),
    negRiskRequestId: s.negRisk ? stableHex32(`limitless-negrisk:${s.slug}`) : null,
    expirationDate: humanDate(s.expiresMs),
    expirationTimestamp: s.expiresMs,
    expired: s.expired ?? false,
    createdAt: s.created,
    updatedAt: new Date(now - r.int(5, 7200) * 1000).toISOString(),
    categories: s.categories,
    tags: s.tags ?? [],
    status: s.status ?? 'FUNDED',
    tradeType: s.tradeType ?? 'clob',
    marketType: 'single',
    hidden: false,
    isRewardable: !amm,
    // The legacy AMM generation quoted percentages.
    prices: amm ? [Math.round(s.yes * 1000) / 10, Math.round((1 - s.yes) * 1000) / 10] : [r3(s.yes), r3(1 - s.yes)],
    volume: usdc(s.volumeUsd),
    volumeFormatted: s.volumeUsd.toFixed(6),
    winningOutcomeIndex: s.winningOutcomeIndex ?? null,
    priorityIndex: 10,
  };
  if (!amm) {
    base.tokens = { yes: stableTokenId(`limitless:${s.slug}:yes`), no: stableTokenId(`limitless:${s.slug}:no`) };
    base.tradePrices = { buy: { market: [ask, r3(1 - bid)], limit: [bid, r3(1 - ask)] }, sell: { market: [bid, r3(1 - ask)], limit: [ask, r3(1 - bid)] } };
    base.settings = { minSize: '5000000', maxSpread: 0.05, dailyReward: '50', rebateRate: '0', c: '3' };
    base.venue = { exchange: LIMITLESS_CLOB_EXCHANGE, adapter: s.negRisk ? `0x${stableHex32('limitless-negrisk-adapter').slice(2, 42)}` : null };
    base.metadata = { fee: true, isPolyArbitrage: false, marketVariant: 'clob', shouldMarketMake: true };
  }
  return base;
}

export interface LimitlessGroupSpec {
  id: number;
  slug: string;
  title: string;
  categories: string[];
  children: LimitlessSpec[];
}

export function limitlessGroupWire(g: LimitlessGroupSpec, now: number): LimitlessMarketWire {
  const children = g.children.map((c) => limitlessMarketWire({ ...c, negRisk: true }, now));
  const expires = Math.max(...g.children.map((c) => c.expiresMs));
  return {
    id: g.id,
    slug: g.slug,
    title: g.title,
    proxyTitle: null,
    description: `<p>${g.title}</p>`,
    collateralToken: USDC_BASE,
    expirationDate: humanDate(expires),
    expirationTimestamp: expires,
    expired: false,
    createdAt: g.children[0].created,
    updatedAt: new Date(now - 600_000).toISOString(),
    categories: g.categories,
    tags: ['NegRisk'],
    status: 'FUNDED',
    tradeType: 'group',
    marketType: 'group',
    negRiskMarketId: stableHex32(`limitless-group:${g.slug}`),
    volume: usdc(g.children.reduce((v, c) => v + c.volumeUsd, 0)),
    volumeFormatted: g.children.reduce((v, c) => v + c.volumeUsd, 0).toFixed(6),
    markets: children,
  };
}

export interface LimitlessSeed {
  /** Listing items in `/markets/active` order (singles and groups). */
  active: LimitlessMarketWire[];
  /** Markets reachable by slug but not listed as active (resolved). */
  inactive: LimitlessMarketWire[];
}

export function limitlessSeed(now = Date.now()): LimitlessSeed {
  const active: LimitlessMarketWire[] = [];
  const inactive: LimitlessMarketWire[] = [];
  let id = 140_000;
  for (const q of venueQuestions('limitless', now)) {
    const spec: LimitlessSpec = { id: id++, slug: slugify(q.title), title: q.title, rules: q.rules, categories: [CATEGORY[q.category]], yes: q.yes, volumeUsd: Math.round(q.volume * q.yes * 100) / 100, created: q.openTime, expiresMs: Date.parse(q.closeTime) };
    if (Date.parse(q.closeTime) <= now) spec.expired = true;
    active.push(limitlessMarketWire(spec, now));
  }

  const r = createRng('limitless-extra');
  const hour = 3_600_000;
  const nextHour = Math.ceil(now / hour) * hour;
  // Recurring crypto markets, slugged with their creation timestamp in ms as the venue does.
  for (const coin of ['BTC', 'ETH', 'SOL', 'DOGE', 'XRP']) {
    for (const [label, span, cats] of [['Hourly', hour, ['Hourly', 'Crypto']], ['5 Min', 300_000, ['Minutely', '5 min']]] as const) {
      const created = now - r.int(60, 600) * 1000;
      active.push(
        limitlessMarketWire(
          {
            id: id++,
            slug: `${coin.toLowerCase()}-up-or-down-${slugify(label)}-${created}`,
            title: `${coin} Up or Down - ${label}`,
            rules: `This market will resolve to "Up" if the Chainlink ${coin}/USD price at the end of the period is greater than or equal to the price captured at its start. Otherwise, this market will resolve to "Down".`,
            categories: [...cats],
            tags: ['Lumy', 'Recurring'],
            yes: r.int(40, 60) / 100,
            volumeUsd: r.int(100, 20_000),
            created: new Date(created).toISOString(),
            expiresMs: span === hour ? nextHour : Math.ceil(now / 300_000) * 300_000 + 300_000,
          },
          now,
        ),
      );
    }
  }

  const day = 86_400_000;
  active.push(
    limitlessGroupWire(
      {
        id: id++,
        slug: 'fed-decision-in-march-2027',
        title: 'Fed decision in March 2027?',
        categories: ['Economy'],
        children: [
          { id: id++, slug: 'fed-march-2027-no-change', title: 'Fed holds rates in March 2027?', rules: 'Resolves Yes if the FOMC leaves the federal funds target range unchanged at its March 2027 meeting.', categories: ['Economy'], yes: 0.58, volumeUsd: 81_250.5, created: new Date(now - 40 * day).toISOString(), expiresMs: Date.parse('2027-03-17T18:00:00Z') },
          { id: id++, slug: 'fed-march-2027-cut-25', title: 'Fed cuts 25 bps in March 2027?', rules: 'Resolves Yes if the FOMC lowers the federal funds target range by 25 basis points at its March 2027 meeting.', categories: ['Economy'], yes: 0.34, volumeUsd: 40_110.25, created: new Date(now - 40 * day).toISOString(), expiresMs: Date.parse('2027-03-17T18:00:00Z') },
          { id: id++, slug: 'fed-march-2027-cut-50', title: 'Fed cuts 50+ bps in March 2027?', rules: 'Resolves Yes if the FOMC lowers the federal funds target range by 50 basis points or more at its March 2027 meeting.', categories: ['Economy'], yes: 0.06, volumeUsd: 9_870, created: new Date(now - 40 * day).toISOString(), expiresMs: Date.parse('2027-03-17T18:00:00Z') },
        ],
      },
      now,
    ),
  );
  active.push(
    limitlessGroupWire(
      {
        id: id++,
        slug: 'top-ai-model-end-of-2026',
        title: 'Which company has the top AI model end of 2026?',
        categories: ['Tech'],
        children: [
          { id: id++, slug: 'top-ai-model-2026-google', title: 'Google has the top AI model end of 2026?', rules: 'Resolves Yes if a Google model ranks first on the LMArena text leaderboard on December 31, 2026.', categories: ['Tech'], yes: 0.47, volumeUsd: 25_300, created: new Date(now - 90 * day).toISOString(), expiresMs: Date.parse('2026-12-31T23:59:00Z') },
          { id: id++, slug: 'top-ai-model-2026-openai', title: 'OpenAI has the top AI model end of 2026?', rules: 'Resolves Yes if an OpenAI model ranks first on the LMArena text leaderboard on December 31, 2026.', categories: ['Tech'], yes: 0.31, volumeUsd: 19_870, created: new Date(now - 90 * day).toISOString(), expiresMs: Date.parse('2026-12-31T23:59:00Z') },
        ],
      },
      now,
    ),
  );
  // Expired, awaiting resolution: still FUNDED, listed, closed.
  active.push(limitlessMarketWire({ id: id++, slug: `btc-above-95000-on-${new Date(now - day).toISOString().slice(0, 10)}`, title: `$BTC above $95,000 on ${humanDate(now - day)}?`, rules: 'Resolves Yes if the Chainlink BTC/USD price is at or above $95,000 at 16:00 UTC on the date.', categories: ['Daily', 'Crypto'], yes: 0.52, volumeUsd: 4_410, created: new Date(now - 3 * day).toISOString(), expiresMs: now - day, expired: true }, now));
  // Legacy AMM market (percent prices, no order book), listed last.
  active.push(limitlessMarketWire({ id: id++, slug: 'will-base-launch-a-token-in-2026', title: 'Will Base launch a token in 2026?', rules: 'Resolves Yes if Base (the Coinbase L2) launches a native token before December 31, 2026 23:59 UTC.', categories: ['Crypto'], yes: 0.235, volumeUsd: 152_004.75, created: '2025-03-02T10:00:00.000Z', expiresMs: Date.parse('2026-12-31T23:59:00Z'), tradeType: 'amm' }, now));
  // Resolved: reachable by slug only.
  inactive.push(limitlessMarketWire({ id: id++, slug: 'eth-above-3000-on-jan-1-2026', title: '$ETH above $3,000 on Jan 1, 2026?', rules: 'Resolves Yes if the Chainlink ETH/USD price is at or above $3,000 at 00:00 UTC on January 1, 2026.', categories: ['Crypto'], yes: 0.97, volumeUsd: 63_002, created: '2025-12-01T00:00:00.000Z', expiresMs: Date.parse('2026-01-01T00:00:00Z'), status: 'RESOLVED', expired: true, winningOutcomeIndex: 0 }, now));
  return { active, inactive };
}
