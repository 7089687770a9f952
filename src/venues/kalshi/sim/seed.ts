/**
 * The Kalshi simulator's seed: events and markets in Kalshi's 2026 wire format (dollar strings,
 * `_fp` counts, ISO times), made from the shared cross-venue questions plus Kalshi-only markets
 * (multi-market events, weather brackets, a combo market, settled and not-yet-open markets).
 */
import { fixed, venueQuestions } from '../../../sim/fixture-helpers.js';
import { createRng } from '../../../sim/rng.js';
import type { QuestionCategory } from '../../../sim/shared-questions.js';
import type { KalshiEventWire, KalshiMarketWire } from '../normalise.js';

const KALSHI_CATEGORY: Record<QuestionCategory, string> = {
  politics: 'Politics',
  crypto: 'Crypto',
  sports: 'Sports',
  economics: 'Economics',
  tech: 'Science and Technology',
  world: 'World',
  culture: 'Entertainment',
  science: 'Climate and Weather',
};

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** Kalshi's date segment: 26DEC31. */
function dateCode(iso: string): string {
  const d = new Date(iso);
  return `${String(d.getUTCFullYear()).slice(2)}${MONTHS[d.getUTCMonth()]}${String(d.getUTCDate()).padStart(2, '0')}`;
}

interface MarketSpec {
  ticker: string;
  event_ticker: string;
  title: string;
  yes_sub_title?: string;
  rules: string;
  open: string;
  close: string;
  yes: number;
  volume: number;
  volume24h: number;
  status: 'initialized' | 'active' | 'inactive' | 'closed' | 'determined' | 'finalized';
  result?: 'yes' | 'no';
  /** A combo (multivariate) market: its collection and the legs it combines. */
  mve?: { collection: string; legs: { event_ticker: string; market_ticker: string; side: 'yes' | 'no' }[] };
}

/** One market object as the venue sends it; quotes are a cent or two around `yes`. */
export function kalshiMarketWire(s: MarketSpec, now: number): KalshiMarketWire {
  const r = createRng(`kalshi-quote:${s.ticker}`);
  const halfSpread = r.int(1, 2) / 100;
  const live = s.status === 'active';
  const settled = s.status === 'finalized' || s.status === 'determined';
  const yesBid = live ? Math.max(0.01, s.yes - halfSpread) : 0;
  const yesAsk = live ? Math.min(0.99, s.yes + halfSpread) : 0;
  const last = settled ? (s.result === 'yes' ? 1 : 0) : s.yes;
  const updated = new Date(now - r.int(1, 3600) * 1000).toISOString();
  const base: KalshiMarketWire = {
    ticker: s.ticker,
    event_ticker: s.event_ticker,
    market_type: 'binary',
    title: s.title,
    subtitle: '',
    yes_sub_title: s.yes_sub_title ?? s.title,
    no_sub_title: s.yes_sub_title ?? s.title,
    open_time: s.open,
    close_time: s.close,
    expected_expiration_time: s.close,
    expiration_time: s.close,
    latest_expiration_time: s.close,
    created_time: s.open,
    updated_time: updated,
    status: s.status,
    response_price_units: 'usd_cent',
    price_level_structure: 'linear_cent',
    price_ranges: [{ start: '0.0000', end: '1.0000', step: '0.0100' }],
    notional_value_dollars: '1.0000',
    yes_bid_dollars: fixed(yesBid, 4),
    yes_ask_dollars: fixed(yesAsk, 4),
    no_bid_dollars: fixed(live ? 1 - yesAsk : 0, 4),
    no_ask_dollars: fixed(live ? 1 - yesBid : 0, 4),
    yes_bid_size_fp: fixed(live ? r.int(1, 40) * 25 : 0, 2),
    yes_ask_size_fp: fixed(live ? r.int(1, 40) * 25 : 0, 2),
    last_price_dollars: fixed(last, 4),
    previous_price_dollars: fixed(s.yes, 4),
    previous_yes_bid_dollars: fixed(yesBid, 4),
    previous_yes_ask_dollars: fixed(yesAsk, 4),
    volume_fp: fixed(s.volume, 2),
    volume_24h_fp: fixed(live ? s.volume24h : 0, 2),
    open_interest_fp: fixed(Math.round(s.volume * 0.3), 2),
    // Deprecated by the venue: "will always return \"0.0000\"".
    liquidity_dollars: '0.0000',
    result: s.result ?? '',
    can_close_early: true,
    expiration_value: settled ? (s.result === 'yes' ? 'Yes' : 'No') : '',
    settlement_timer_seconds: 300,
    rules_primary: s.rules,
    rules_secondary: '',
    fractional_trading_enabled: false,
  };
  if (s.mve) {
    base.mve_collection_ticker = s.mve.collection;
    base.mve_selected_legs = s.mve.legs;
  }
  return base;
}

interface ExtraEvent {
  series: string;
  event: string;
  title: string;
  category: string;
  markets: { suffix: string; title: string; sub?: string; rules: string; close: string; yes: number; status?: MarketSpec['status']; result?: 'yes' | 'no' }[];
}

/** Kalshi-only events: brackets, ladders, combos, settled and upcoming markets. */
function extraEvents(now: number): ExtraEvent[] {
  const day = (d: number): string => new Date(now + d * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const nyDate = dateCode(day(1));
  return [
    {
      series: 'KXHIGHNY', event: `KXHIGHNY-${nyDate}`, title: `Highest temperature in NYC on ${day(1).slice(0, 10)}?`, category: 'Climate and Weather',
      markets: [
        { suffix: 'B45.5', title: 'Will the high temp in NYC be 45-46° tomorrow?', sub: '45° to 46°', rules: 'If the highest temperature recorded in Central Park, New York for the date is between 45-46°, then the market resolves to Yes. Source: NWS Climatological Report.', close: day(1.2), yes: 0.22 },
        { suffix: 'B47.5', title: 'Will the high temp in NYC be 47-48° tomorrow?', sub: '47° to 48°', rules: 'If the highest temperature recorded in Central Park, New York for the date is between 47-48°, then the market resolves to Yes. Source: NWS Climatological Report.', close: day(1.2), yes: 0.35 },
        { suffix: 'T49', title: 'Will the high temp in NYC be >48° tomorrow?', sub: '49° or above', rules: 'If the highest temperature recorded in Central Park, New York for the date is greater than 48°, then the market resolves to Yes. Source: NWS Climatological Report.', close: day(1.2), yes: 0.28 },
      ],
    },
    {
      series: 'KXFEDCHAIR', event: 'KXFEDCHAIR-27', title: 'Who will be confirmed as Fed Chair?', category: 'Economics',
      markets: [
        { suffix: 'KHAS', title: 'Will Kevin Hassett be confirmed as Fed Chair?', sub: 'Kevin Hassett', rules: 'If Kevin Hassett is confirmed by the Senate as Chair of the Federal Reserve before Jan 1, 2028, then the market resolves to Yes.', close: '2027-12-31T23:59:00Z', yes: 0.48 },
        { suffix: 'KWAR', title: 'Will Kevin Warsh be confirmed as Fed Chair?', sub: 'Kevin Warsh', rules: 'If Kevin Warsh is confirmed by the Senate as Chair of the Federal Reserve before Jan 1, 2028, then the market resolves to Yes.', close: '2027-12-31T23:59:00Z', yes: 0.31 },
        { suffix: 'CWAL', title: 'Will Christopher Waller be confirmed as Fed Chair?', sub: 'Christopher Waller', rules: 'If Christopher Waller is confirmed by the Senate as Chair of the Federal Reserve before Jan 1, 2028, then the market resolves to Yes.', close: '2027-12-31T23:59:00Z', yes: 0.12 },
      ],
    },
    {
      series: 'KXTSAW', event: `KXTSAW-${dateCode(day(6))}`, title: 'TSA check-ins this week', category: 'Economics',
      markets: [
        { suffix: 'A2.6', title: 'Will TSA screen more than 2.6M people on average this week?', sub: 'Above 2.6M', rules: 'If the average daily TSA checkpoint throughput for the week is above 2,600,000, then the market resolves to Yes.', close: day(6), yes: 0.57 },
        { suffix: 'A2.8', title: 'Will TSA screen more than 2.8M people on average this week?', sub: 'Above 2.8M', rules: 'If the average daily TSA checkpoint throughput for the week is above 2,800,000, then the market resolves to Yes.', close: day(6), yes: 0.18 },
      ],
    },
    {
      series: 'KXNBAGAME', event: `KXNBAGAME-${dateCode(day(2))}BOSNYK`, title: 'Boston at New York (Knicks)', category: 'Sports',
      markets: [
        { suffix: 'BOS', title: 'Will Boston win the Boston at New York game?', sub: 'Boston', rules: 'If Boston wins the Boston at New York professional basketball game originally scheduled for the date, then the market resolves to Yes.', close: day(2.2), yes: 0.46 },
        { suffix: 'NYK', title: 'Will New York win the Boston at New York game?', sub: 'New York', rules: 'If New York wins the Boston at New York professional basketball game originally scheduled for the date, then the market resolves to Yes.', close: day(2.2), yes: 0.54 },
      ],
    },
    {
      series: 'KXMENTION', event: 'KXMENTION-26DEC01', title: 'What will be said at the December press briefing?', category: 'Politics',
      markets: [
        { suffix: 'TARIFF', title: 'Will the White House press secretary say "tariff" at the next briefing?', sub: 'Tariff', rules: 'If the White House press secretary says "tariff" or "tariffs" during the first press briefing after the market opens, the market resolves to Yes.', close: day(8), yes: 0.83 },
      ],
    },
    {
      series: 'KXGDP', event: 'KXGDP-26Q3', title: 'US GDP growth in Q3 2026', category: 'Economics',
      markets: [
        { suffix: 'T2.0', title: 'Will Q3 2026 real GDP growth be above 2.0%?', sub: 'Above 2.0%', rules: 'If the BEA advance estimate of Q3 2026 annualised real GDP growth is above 2.0%, then the market resolves to Yes.', close: '2026-10-29T12:30:00Z', yes: 0.66, status: 'finalized', result: 'yes' },
        { suffix: 'T3.0', title: 'Will Q3 2026 real GDP growth be above 3.0%?', sub: 'Above 3.0%', rules: 'If the BEA advance estimate of Q3 2026 annualised real GDP growth is above 3.0%, then the market resolves to Yes.', close: '2026-10-29T12:30:00Z', yes: 0.25, status: 'finalized', result: 'no' },
      ],
    },
    {
      series: 'KXELECTIONNJ', event: 'KXELECTIONNJ-25', title: 'New Jersey governor 2025', category: 'Politics',
      markets: [
        { suffix: 'D', title: 'Will the Democratic candidate win the 2025 NJ governor race?', sub: 'Democratic', rules: 'If the Democratic candidate wins the 2025 New Jersey gubernatorial election, then the market resolves to Yes.', close: '2025-11-05T04:00:00Z', yes: 0.9, status: 'finalized', result: 'yes' },
      ],
    },
    {
      series: 'KXAPPLEWWDC', event: 'KXAPPLEWWDC-27', title: 'Apple WWDC 2027 announcements', category: 'Science and Technology',
      markets: [
        { suffix: 'GLASSES', title: 'Will Apple announce smart glasses at WWDC 2027?', sub: 'Smart glasses', rules: 'If Apple announces smart glasses during the WWDC 2027 keynote, then the market resolves to Yes.', close: '2027-06-14T17:00:00Z', yes: 0.27, status: 'initialized' },
      ],
    },
    {
      series: 'KXINX', event: `KXINX-${dateCode(day(3))}H1600`, title: 'S&P 500 close on Friday', category: 'Financials',
      markets: [
        { suffix: 'B6900', title: 'Will the S&P 500 close between 6,875 and 6,925 on Friday?', sub: '6,875 to 6,924.99', rules: 'If the S&P 500 closing value on the date is between 6,875 and 6,924.99, then the market resolves to Yes.', close: day(3.1), yes: 0.19 },
        { suffix: 'B6950', title: 'Will the S&P 500 close between 6,925 and 6,975 on Friday?', sub: '6,925 to 6,974.99', rules: 'If the S&P 500 closing value on the date is between 6,925 and 6,974.99, then the market resolves to Yes.', close: day(3.1), yes: 0.24 },
        { suffix: 'B7000', title: 'Will the S&P 500 close between 6,975 and 7,025 on Friday?', sub: '6,975 to 7,024.99', rules: 'If the S&P 500 closing value on the date is between 6,975 and 7,024.99, then the market resolves to Yes.', close: day(3.1), yes: 0.21, status: 'inactive' },
      ],
    },
  ];
}

/** Event fields the venue always sends and the simulator has no reason to vary (EventData's required ones). */
const EVENT_FIXED_FIELDS = { collateral_return_type: 'binary', available_on_brokers: false, settlement_sources: [] };

export interface KalshiSeed {
  events: KalshiEventWire[];
  markets: KalshiMarketWire[];
}

export function kalshiSeed(now = Date.now()): KalshiSeed {
  const events: KalshiEventWire[] = [];
  const markets: KalshiMarketWire[] = [];
  for (const q of venueQuestions('kalshi', now)) {
    const series = `KX${q.key.replace(/[^a-z0-9]/gi, '').toUpperCase().slice(0, 12)}`;
    const event = `${series}-${dateCode(q.closeTime)}`;
    const ticker = `${event}-Y`;
    const closed = Date.parse(q.closeTime) <= now;
    events.push({ event_ticker: event, series_ticker: series, title: q.canonicalTitle, sub_title: '', category: KALSHI_CATEGORY[q.category], mutually_exclusive: false, ...EVENT_FIXED_FIELDS, status: closed ? 'closed' : 'open' });
    markets.push(kalshiMarketWire({ ticker, event_ticker: event, title: q.title, rules: q.rules, open: q.openTime, close: q.closeTime, yes: q.yes, volume: q.volume, volume24h: q.volume24h, status: closed ? 'closed' : 'active' }, now));
  }
  const r = createRng('kalshi-extra');
  for (const e of extraEvents(now)) {
    events.push({ event_ticker: e.event, series_ticker: e.series, title: e.title, sub_title: '', category: e.category, mutually_exclusive: e.markets.length > 1, ...EVENT_FIXED_FIELDS, status: 'open' });
    for (const m of e.markets) {
      const volume = r.int(500, 250_000);
      markets.push(
        kalshiMarketWire(
          { ticker: `${e.event}-${m.suffix}`, event_ticker: e.event, title: m.title, yes_sub_title: m.sub, rules: m.rules, open: new Date(now - r.int(2, 60) * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z'), close: m.close, yes: m.yes, volume, volume24h: Math.round(volume * 0.03), status: m.status ?? 'active', result: m.result },
          now,
        ),
      );
    }
  }
  // Two combo (multivariate) markets in two collections, whose legs are markets above: listed by the
  // venue, excluded by `mve_filter=exclude` (so never in the catalog); their trades are parlay trades.
  const leg = (key: string, side: 'yes' | 'no') => {
    const m = markets.find((x) => x.ticker.startsWith(`KX${key}-`));
    if (!m) throw new Error(`kalshi seed: no market for the combo leg ${key}`);
    return { event_ticker: m.event_ticker, market_ticker: m.ticker, side };
  };
  const combo = (ticker: string, title: string, collection: string, legs: ReturnType<typeof leg>[], yes: number) =>
    kalshiMarketWire(
      { ticker, event_ticker: ticker.slice(0, ticker.lastIndexOf('-')), title, rules: '', open: new Date(now - 86_400_000).toISOString(), close: '2027-01-03T17:00:00Z', yes, volume: 0, volume24h: 0, status: 'active', mve: { collection, legs } },
      now,
    );
  markets.push(
    combo('KXMVECROSSCATEGORY-S2026ABC123-7F3A9', 'yes Democrats win House,yes Fed cuts in December', 'KXMVECROSSCATEGORY-R', [leg('USHOUSE2026D', 'yes'), leg('FEDCUTDEC202', 'yes')], 0.4),
    combo('KXMVESPORTSMULTIGAMEEXTENDED-S2026DEF456-1B2C3', 'no Democrats win House,yes Fed cuts in December', 'KXMVESPORTSMULTIGAMEEXTENDED-R', [leg('USHOUSE2026D', 'no'), leg('FEDCUTDEC202', 'yes')], 0.15),
  );
  return { events, markets };
}
