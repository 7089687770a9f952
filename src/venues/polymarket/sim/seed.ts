/**
 * The Polymarket simulator's seed: Gamma market objects (string-encoded outcomes/prices/token ids,
 * condition ids, nested events) made from the shared cross-venue questions plus Polymarket-only
 * markets (a neg-risk multi-outcome event, short crypto up/down markets, resolved and legacy markets).
 */
import { venueQuestions } from '../../../sim/fixture-helpers.js';
import { createRng, stableHex32, stableTokenId } from '../../../sim/rng.js';
import type { QuestionCategory } from '../../../sim/shared-questions.js';
import type { GammaEventRef, GammaEventWire, GammaMarketWire } from '../normalise.js';

const TAGS: Record<QuestionCategory, { id: string; label: string; slug: string }> = {
  politics: { id: '2', label: 'Politics', slug: 'politics' },
  crypto: { id: '21', label: 'Crypto', slug: 'crypto' },
  sports: { id: '1', label: 'Sports', slug: 'sports' },
  economics: { id: '100328', label: 'Economy', slug: 'economy' },
  tech: { id: '1401', label: 'Tech', slug: 'tech' },
  world: { id: '101970', label: 'World', slug: 'world' },
  culture: { id: '596', label: 'Culture', slug: 'pop-culture' },
  science: { id: '74', label: 'Science', slug: 'science' },
};

const slugify = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 80);

interface Spec {
  key: string;
  question: string;
  description: string;
  category: QuestionCategory;
  start: string;
  end: string;
  yes: number;
  volume: number;
  volume24h: number;
  liquidity: number;
  event: GammaEventRef;
  closed?: boolean;
  resolvedYes?: boolean;
  groupItemTitle?: string;
  negRisk?: boolean;
  outcomes?: [string, string];
  legacyNoBook?: boolean;
}

let nextId = 600_000;

export function gammaMarketWire(s: Spec, now: number): GammaMarketWire {
  const r = createRng(`pm:${s.key}`);
  const conditionId = stableHex32(`polymarket:${s.key}`);
  const tokens = [stableTokenId(`${s.key}:0`), stableTokenId(`${s.key}:1`)];
  const settled = s.closed && s.resolvedYes !== undefined;
  const yes = settled ? (s.resolvedYes ? 1 : 0) : s.yes;
  const half = r.int(1, 2) / 200;
  const live = !s.closed;
  const m: GammaMarketWire = {
    id: String(nextId++),
    question: s.question,
    conditionId,
    slug: slugify(s.question),
    resolutionSource: '',
    endDate: s.end,
    startDate: s.start,
    liquidity: s.liquidity.toFixed(4),
    description: s.description,
    outcomes: JSON.stringify(s.outcomes ?? ['Yes', 'No']),
    outcomePrices: JSON.stringify([String(yes), String(Math.round((1 - yes) * 1000) / 1000)]),
    volume: s.volume.toFixed(6),
    active: true,
    closed: !!s.closed,
    archived: false,
    new: false,
    featured: false,
    restricted: true,
    createdAt: s.start,
    updatedAt: new Date(now - r.int(10, 7200) * 1000).toISOString(),
    questionID: stableHex32(`question:${s.key}`),
    enableOrderBook: !s.legacyNoBook,
    orderPriceMinTickSize: 0.01,
    orderMinSize: 5,
    volumeNum: s.volume,
    liquidityNum: s.liquidity,
    endDateIso: s.end.slice(0, 10),
    startDateIso: s.start.slice(0, 10),
    volume24hr: live ? s.volume24h : 0,
    acceptingOrders: live,
    negRisk: !!s.negRisk,
    groupItemTitle: s.groupItemTitle ?? '',
    spread: live ? Math.round(2 * half * 1000) / 1000 : 0,
    bestBid: live ? Math.max(0.001, Math.round((yes - half) * 1000) / 1000) : 0,
    bestAsk: live ? Math.min(0.999, Math.round((yes + half) * 1000) / 1000) : 1,
    lastTradePrice: yes,
    oneDayPriceChange: Math.round((r.next() - 0.5) * 40) / 1000,
    events: [s.event],
  };
  if (!s.legacyNoBook) m.clobTokenIds = JSON.stringify(tokens);
  if (s.closed) {
    m.closedTime = new Date(Date.parse(s.end) + 3_600_000).toISOString().replace('T', ' ').replace(/\.\d{3}Z$/, '+00');
    if (settled) m.umaResolutionStatus = 'resolved';
  }
  return m;
}

function eventRef(id: number, title: string, category: QuestionCategory, start: string, end: string, negRisk = false): GammaEventRef {
  return { id: String(id), ticker: slugify(title), slug: slugify(title), title, description: '', startDate: start, endDate: end, active: true, closed: Date.parse(end) < Date.now(), negRisk, tags: [TAGS[category]] };
}

/** Shared questions grouped into one multi-outcome (neg-risk) event, as Polymarket lists them. */
const GROUPS: Record<string, { title: string; items: Record<string, string> }> = {
  'pres-2028': { title: 'Presidential Election Winner 2028', items: { 'pres-2028-vance': 'JD Vance', 'pres-2028-newsom': 'Gavin Newsom' } },
  'super-bowl-lxi': { title: 'Super Bowl Champion 2027', items: { 'super-bowl-lxi-chiefs': 'Kansas City Chiefs', 'super-bowl-lxi-eagles': 'Philadelphia Eagles' } },
};

export interface PolymarketSeed {
  markets: GammaMarketWire[];
  events: GammaEventWire[];
}

export function polymarketSeed(now = Date.now()): PolymarketSeed {
  nextId = 600_000;
  let eventId = 90_000;
  const markets: GammaMarketWire[] = [];
  const groupEvents = new Map<string, GammaEventRef>();
  for (const q of venueQuestions('polymarket', now)) {
    const group = Object.entries(GROUPS).find(([, g]) => q.key in g.items);
    let event: GammaEventRef;
    if (group) {
      event = groupEvents.get(group[0]) ?? eventRef(eventId++, group[1].title, q.category, q.openTime, q.closeTime, true);
      groupEvents.set(group[0], event);
    } else {
      event = eventRef(eventId++, q.canonicalTitle, q.category, q.openTime, q.closeTime);
    }
    markets.push(
      gammaMarketWire(
        { key: q.key, question: q.title, description: q.rules, category: q.category, start: q.openTime, end: q.closeTime, yes: q.yes, volume: q.volume, volume24h: q.volume24h, liquidity: q.liquidity, event, groupItemTitle: group ? group[1].items[q.key] : undefined, negRisk: !!group, closed: Date.parse(q.closeTime) <= now },
        now,
      ),
    );
  }

  const iso = (ms: number): string => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const day = 86_400_000;
  const r = createRng('polymarket-extra');
  const extra = (key: string, question: string, description: string, category: QuestionCategory, startMs: number, endMs: number, yes: number, more: Partial<Spec> = {}, ev?: GammaEventRef): void => {
    const volume = r.int(2_000, 3_000_000);
    markets.push(gammaMarketWire({ key, question, description, category, start: iso(startMs), end: iso(endMs), yes, volume, volume24h: Math.round(volume * 0.02), liquidity: Math.round(volume * 0.1), event: ev ?? eventRef(eventId++, question, category, iso(startMs), iso(endMs)), ...more }, now));
  };

  // A neg-risk event of brackets (one market per bracket).
  const tweets = eventRef(eventId++, 'Elon Musk # of tweets this week?', 'culture', iso(now - 3 * day), iso(now + 4 * day), true);
  for (const [i, b] of ['200-219', '220-239', '240-259', '260+'].entries()) {
    extra(`musk-tweets-${b}`, `Will Elon Musk post ${b} tweets this week?`, `This market will resolve to "Yes" if Elon Musk posts ${b} tweets on X during the week, per the xtracker count. Otherwise, it will resolve to "No".`, 'culture', now - 3 * day, now + 4 * day, [0.18, 0.34, 0.29, 0.15][i], { groupItemTitle: b, negRisk: true }, tweets);
  }
  // Sports moneyline (outcomes are team names, not Yes/No).
  extra('nba-lal-gsw', 'Lakers vs. Warriors', 'In the upcoming NBA game between the Los Angeles Lakers and the Golden State Warriors, this market resolves to the team that wins. If the game is cancelled, the market resolves 50-50.', 'sports', now - 2 * day, now + 1.5 * day, 0.47, { outcomes: ['Lakers', 'Warriors'] });
  extra('ucl-ars-bay', 'Will Arsenal beat Bayern Munich on matchday 6?', 'Resolves "Yes" if Arsenal wins its Champions League matchday 6 game against Bayern Munich in regulation time.', 'sports', now - 5 * day, now + 2 * day, 0.41);
  // Short crypto up/down markets: one live, one closed and resolved.
  extra('btc-updown-live', 'Bitcoin Up or Down - Today, 4PM ET', 'This market will resolve to "Up" if the Bitcoin price at the end of the period is greater than or equal to the price at the beginning. Otherwise, it will resolve to "Down". Source: Chainlink BTC/USD data stream.', 'crypto', now - 0.5 * day, now + 0.4 * day, 0.52, { outcomes: ['Up', 'Down'] });
  extra('btc-updown-done', 'Bitcoin Up or Down - Yesterday, 4PM ET', 'This market will resolve to "Up" if the Bitcoin price at the end of the period is greater than or equal to the price at the beginning. Otherwise, it will resolve to "Down". Source: Chainlink BTC/USD data stream.', 'crypto', now - 2 * day, now - 1 * day, 0.5, { outcomes: ['Up', 'Down'], closed: true, resolvedYes: false });
  extra('taylor-swift-engaged', 'Will Taylor Swift announce a wedding date in 2026?', 'Resolves "Yes" if Taylor Swift or her representatives publicly announce a wedding date before December 31, 2026, 11:59 PM ET.', 'culture', now - 90 * day, Date.parse('2026-12-31T23:59:00Z'), 0.22);
  extra('mrbeast-subs', 'Will MrBeast reach 500M YouTube subscribers by March 31, 2027?', 'Resolves "Yes" if the MrBeast YouTube channel shows 500 million or more subscribers at any point before March 31, 2027, per Social Blade.', 'culture', now - 40 * day, Date.parse('2027-03-31T23:59:00Z'), 0.37);
  extra('argentina-inflation', 'Will Argentina\'s monthly inflation be below 2% in December 2026?', 'Resolves "Yes" if INDEC reports month-over-month CPI inflation below 2.0% for December 2026.', 'economics', now - 60 * day, Date.parse('2027-01-15T23:59:00Z'), 0.58);
  extra('election-2024-trump', 'Will Donald Trump win the 2024 US Presidential Election?', 'This market will resolve to "Yes" if Donald J. Trump wins the 2024 US Presidential Election.', 'politics', Date.parse('2024-01-04T22:58:00Z'), Date.parse('2024-11-05T12:00:00Z'), 1, { closed: true, resolvedYes: true });
  extra('fed-sep-2026-cut', 'Fed decreases interest rates by 25 bps after September 2026 meeting?', 'Resolves "Yes" if the FOMC lowers the federal funds target range by 25 bps at its September 2026 meeting.', 'economics', Date.parse('2026-06-01T00:00:00Z'), Date.parse('2026-09-16T18:00:00Z'), 0, { closed: true, resolvedYes: false });
  // A 2020-era market from before the CLOB: no token ids, no order book.
  extra('legacy-amm-2020', 'Will Kanye West win the 2020 US Presidential Election?', 'This is a market on whether Kanye West wins the 2020 US Presidential Election.', 'politics', Date.parse('2020-07-06T00:00:00Z'), Date.parse('2020-11-04T00:00:00Z'), 0, { closed: true, resolvedYes: false, legacyNoBook: true });
  // Not yet open.
  extra('oscars-host-2028', 'Will Conan O\'Brien host the 2028 Oscars?', 'Resolves "Yes" if Conan O\'Brien is the host of the 100th Academy Awards ceremony.', 'culture', now + 10 * day, Date.parse('2028-03-10T23:59:00Z'), 0.33);

  const events = new Map<string, GammaEventWire>();
  for (const m of markets) {
    const ref = m.events?.[0];
    if (!ref) continue;
    const e = events.get(String(ref.id)) ?? { ...ref, markets: [] };
    e.markets!.push(m);
    events.set(String(ref.id), e);
  }
  return { markets, events: [...events.values()] };
}
