/**
 * The Futuur simulator's seed: events with their markets in the API v2.0 wire format (long-side
 * prices, `*_real_money` / `*_play_money` decimal strings, ISO dates), from the shared cross-venue
 * questions (one yes/no market per event) plus Futuur-only events: an exclusive multi-market event,
 * an up/down event, a paused one and a resolved one.
 */
import { venueQuestions } from '../../../sim/fixture-helpers.js';
import { createRng } from '../../../sim/rng.js';
import type { QuestionCategory } from '../../../sim/shared-questions.js';
import type { FutuurEventWire, FutuurMarketWire } from '../normalise.js';

const CATEGORY: Record<QuestionCategory, { id: number; title: string }> = {
  politics: { id: 11, title: 'Politics' },
  crypto: { id: 12, title: 'Crypto' },
  sports: { id: 13, title: 'Sports' },
  economics: { id: 14, title: 'Economics' },
  tech: { id: 15, title: 'Science & Tech' },
  world: { id: 16, title: 'World' },
  culture: { id: 17, title: 'Entertainment' },
  science: { id: 18, title: 'Science & Tech' },
};

export function slugify(title: string): string {
  return title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 80);
}

const dec = (n: number): string => n.toFixed(2);

function marketWire(id: number, title: string, price: number, volume: number, opts: { status?: string; labels?: [string, string]; kind?: string; resolution?: 'long' | 'short' } = {}): FutuurMarketWire {
  return {
    id,
    title,
    title_verbose: title,
    price: Math.round(price * 1000) / 1000,
    long_label: opts.labels?.[0] ?? 'Yes',
    short_label: opts.labels?.[1] ?? 'No',
    position_labels: opts.kind ?? 'yesno',
    status: opts.status ?? 'active',
    resolution: opts.resolution ?? null,
    volume_real_money: dec(volume),
    volume_play_money: dec(volume * 40),
    liquidity_real_money: dec(volume * 0.15),
    liquidity_play_money: dec(volume * 6),
    depth_real_money: dec(volume * 0.05),
  };
}

export interface FutuurSeed {
  events: FutuurEventWire[];
}

export function futuurSeed(now = Date.now()): FutuurSeed {
  const events: FutuurEventWire[] = [];
  let eventId = 7_000;
  let marketId = 31_000;
  const day = 86_400_000;
  const iso = (ms: number): string => new Date(ms).toISOString();
  const event = (e: { title: string; description: string; category: { id: number; title: string }; created: string; betEnd: string; status?: string; markets: FutuurMarketWire[]; mode?: 'exclusive' | 'non_exclusive'; tags?: string[] }): void => {
    const id = eventId++;
    events.push({
      id,
      title: e.title,
      slug: slugify(e.title),
      status: e.status ?? 'open',
      category: [e.category],
      tags: (e.tags ?? []).map((name) => ({ name })),
      markets: e.markets,
      bet_end_date: e.betEnd,
      resolve_date: e.betEnd,
      event_start_date: null,
      created: e.created,
      description: e.description,
      resolution_mode: e.mode ?? 'exclusive',
      markets_correlation: 'linked',
      canonical_currency: 'USDC',
      order_book_enabled: true,
      real_currency_available: true,
      is_live: false,
      is_wagerable: (e.status ?? 'open') === 'open',
      wagers_count_real_money: e.markets.length * 17,
      volume_real_money: dec(e.markets.reduce((v, m) => v + Number(m.volume_real_money), 0)),
      volume_play_money: dec(e.markets.reduce((v, m) => v + Number(m.volume_play_money), 0)),
    });
  };

  for (const q of venueQuestions('futuur', now)) {
    event({ title: q.title, description: q.rules, category: CATEGORY[q.category], created: q.openTime, betEnd: q.closeTime, markets: [marketWire(marketId++, q.title, q.yes, Math.round(q.volume * q.yes * 0.2))] });
  }
  const r = createRng('futuur-extra');
  event({
    title: "Who will win the 2027 Ballon d'Or?",
    description: "Resolves to the player awarded the 2027 Ballon d'Or by France Football.",
    category: { id: 13, title: 'Sports' },
    created: iso(now - 80 * day),
    betEnd: '2027-10-28T20:00:00Z',
    markets: [marketWire(marketId++, 'Kylian Mbappé', 0.27, r.int(1_000, 50_000)), marketWire(marketId++, 'Lamine Yamal', 0.31, r.int(1_000, 50_000)), marketWire(marketId++, 'Erling Haaland', 0.12, r.int(1_000, 50_000))],
  });
  event({
    title: 'Will the S&P 500 go up or down in December 2026?',
    description: 'Up if the S&P 500 closes December 31, 2026 above its November 30, 2026 close; Down otherwise.',
    category: { id: 14, title: 'Economics' },
    created: iso(now - 10 * day),
    betEnd: '2026-12-31T21:00:00Z',
    markets: [marketWire(marketId++, 'S&P 500 in December 2026', 0.58, r.int(1_000, 20_000), { labels: ['Up', 'Down'], kind: 'updown' })],
  });
  event({
    title: 'Will Brazil win the 2026 World Cup?',
    description: 'Resolves Yes if Brazil wins the 2026 FIFA World Cup final.',
    category: { id: 13, title: 'Sports' },
    created: iso(now - 300 * day),
    betEnd: '2026-07-19T19:00:00Z',
    status: 'paused',
    markets: [marketWire(marketId++, 'Will Brazil win the 2026 World Cup?', 0.11, r.int(1_000, 80_000), { status: 'paused' })],
  });
  event({
    title: 'Will the Fed cut rates in September 2025?',
    description: 'Resolves Yes if the FOMC lowers the federal funds target range at its September 2025 meeting.',
    category: { id: 14, title: 'Economics' },
    created: '2025-06-01T00:00:00Z',
    betEnd: '2025-09-17T18:00:00Z',
    status: 'resolved',
    markets: [marketWire(marketId++, 'Will the Fed cut rates in September 2025?', 1, r.int(1_000, 80_000), { status: 'resolved', resolution: 'long' })],
  });
  return { events };
}
