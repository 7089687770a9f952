/**
 * Helpers for venue simulators' seed data: the shared questions a venue lists, with per-venue prices,
 * volumes and dates made deterministic from the venue code and question key (each venue quotes the
 * same question a little differently, as real venues do).
 */
import { createRng } from './rng.js';
import { questionsFor, type QuestionCategory } from './shared-questions.js';

export interface VenueQuestion {
  /** Shared-question key (stable; derive venue ids from it). */
  key: string;
  /** The venue's own wording. */
  title: string;
  canonicalTitle: string;
  rules: string;
  category: QuestionCategory;
  /** ISO. */
  closeTime: string;
  /** ISO: when the venue opened the market (30-200 days before `now`). */
  openTime: string;
  /** The venue's current YES price (shared price +- a few cents), in (0.01, 0.99). */
  yes: number;
  /** Lifetime volume in contracts/shares, 24h volume, and liquidity in USD. */
  volume: number;
  volume24h: number;
  liquidity: number;
  /** Set for near-misses: the key of the look-alike question. */
  nearMissOf?: string;
}

export function venueQuestions(code: string, now = Date.now()): VenueQuestion[] {
  return questionsFor(code).map(({ q, title }) => {
    const r = createRng(`${code}:${q.key}`);
    const yes = Math.min(0.99, Math.max(0.01, Math.round((q.yes + (r.next() - 0.5) * 0.06) * 100) / 100));
    const volume = Math.round(10 ** (3 + r.next() * 3.5));
    return {
      key: q.key,
      title,
      canonicalTitle: q.title,
      rules: q.rules,
      category: q.category,
      closeTime: q.closeTime,
      openTime: new Date(now - r.int(30, 200) * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      yes,
      volume,
      volume24h: Math.round(volume * (0.005 + r.next() * 0.05)),
      liquidity: Math.round(volume * (0.05 + r.next() * 0.3)),
      nearMissOf: q.nearMissOf,
    };
  });
}

/** Formats a probability as a fixed-decimals string ("0.5600"). */
export function fixed(n: number, decimals: number): string {
  return n.toFixed(decimals);
}
