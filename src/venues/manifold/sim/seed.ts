/**
 * The Manifold simulator's seed: FullMarket objects in Manifold's wire format (ms times, 0..1
 * probabilities, mana volumes), made from the shared cross-venue questions plus Manifold-only markets
 * of the kinds the venue really has: multiple choice with answers, a pseudo-numeric, a STONK (no
 * `probability` field), a poll, markets resolved YES / NO / MKT / CANCEL, and one closed-unresolved.
 */
import { venueQuestions } from '../../../sim/fixture-helpers.js';
import { createRng } from '../../../sim/rng.js';
import type { QuestionCategory } from '../../../sim/shared-questions.js';
import type { ManifoldAnswerWire, ManifoldMarketWire } from '../normalise.js';

/** Manifold topic slugs by shared category. */
const GROUP_SLUGS: Record<QuestionCategory, string[]> = {
  politics: ['politics-default', 'us-politics'],
  crypto: ['crypto-speculation', 'bitcoin'],
  sports: ['sports-default'],
  economics: ['economics-default', 'fed'],
  tech: ['technology-default', 'ai'],
  world: ['world-default', 'geopolitics'],
  culture: ['entertainment'],
  science: ['science-default', 'climate'],
};

const ALPHANUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A Manifold-shaped id (10 alphanumerics) derived from a key. */
export function manifoldId(key: string, length = 10): string {
  const r = createRng(`manifold-id:${key}`);
  let s = '';
  for (let i = 0; i < length; i++) s += ALPHANUM[r.int(0, ALPHANUM.length - 1)];
  return s;
}

function slugOf(title: string): string {
  return title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 35).replace(/-$/, '');
}

const CREATORS = [
  { id: 'igi2zGXsfxYPgB0DJTXVJVmwCOr2', username: 'Austin', name: 'Austin' },
  { id: 'qe2QqIlOkeWsbljfeF3MsxpSJ9i2', username: 'Predictor', name: 'Predictor Bot' },
  { id: 'Ph89DIjTlRd35eWciMDoxciQWhB3', username: 'jack', name: 'Jack' },
];

interface BaseSpec {
  key: string;
  question: string;
  description: string;
  createdTime: number;
  closeTime?: number;
  groupSlugs: string[];
  volume: number;
  volume24h: number;
  liquidity: number;
  bettors: number;
  lastUpdatedTime: number;
}

function base(s: BaseSpec, outcomeType: string, mechanism: string): ManifoldMarketWire {
  const r = createRng(`manifold-creator:${s.key}`);
  const creator = CREATORS[r.int(0, CREATORS.length - 1)];
  const slug = slugOf(s.question);
  const m: ManifoldMarketWire = {
    id: manifoldId(s.key),
    creatorId: creator.id,
    creatorUsername: creator.username,
    creatorName: creator.name,
    createdTime: s.createdTime,
    question: s.question,
    slug,
    url: `https://manifold.markets/${creator.username}/${slug}`,
    outcomeType,
    mechanism,
    volume: s.volume,
    volume24Hours: s.volume24h,
    isResolved: false,
    uniqueBettorCount: s.bettors,
    lastUpdatedTime: s.lastUpdatedTime,
    lastBetTime: s.lastUpdatedTime,
    token: 'MANA',
    textDescription: s.description,
    description: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: s.description }] }] },
    groupSlugs: s.groupSlugs,
  };
  if (s.closeTime !== undefined) m.closeTime = s.closeTime;
  if (mechanism !== 'none') m.totalLiquidity = s.liquidity;
  return m;
}

/** A binary CPMM market at `prob`: pool and p chosen so that Manifold's formula gives `prob` back. */
export function binaryMarket(s: BaseSpec, prob: number): ManifoldMarketWire {
  const p = 0.5;
  // With p = 0.5, prob = NO / (YES + NO): pick NO and solve for YES.
  const no = Math.max(50, s.liquidity);
  const yes = (no * (1 - prob)) / prob;
  return { ...base(s, 'BINARY', 'cpmm-1'), pool: { NO: no, YES: yes }, p, probability: prob };
}

function answer(marketId: string, key: string, text: string, index: number, probability: number, createdTime: number): ManifoldAnswerWire {
  return { id: manifoldId(`${key}:${text}`), index, contractId: marketId, text, probability, createdTime, resolution: null };
}

export function manifoldSeed(now = Date.now()): ManifoldMarketWire[] {
  const day = 86_400_000;
  const out: ManifoldMarketWire[] = [];
  const r = createRng('manifold-seed');
  let n = 0;
  // Distinct creation times (the listing is ordered by them).
  const created = (iso: string): number => Date.parse(iso) + (n++ % 1000) * 1_337;

  for (const q of venueQuestions('manifold', now)) {
    const spec: BaseSpec = {
      key: q.key,
      question: q.title,
      description: q.rules,
      createdTime: created(q.openTime),
      closeTime: Date.parse(q.closeTime),
      groupSlugs: GROUP_SLUGS[q.category],
      // Mana volumes run larger than contract counts elsewhere.
      volume: Math.round(q.volume * 3.7 * 100) / 100,
      volume24h: Math.round(q.volume24h * 3.7 * 100) / 100,
      liquidity: Math.max(100, Math.round(q.liquidity / 10)),
      bettors: r.int(5, 400),
      lastUpdatedTime: now - r.int(60, 86_400) * 1000,
    };
    out.push(binaryMarket(spec, q.yes));
  }

  const spec = (key: string, question: string, description: string, groupSlugs: string[], createdDaysAgo: number, closeInDays: number | undefined): BaseSpec => ({
    key,
    question,
    description,
    createdTime: now - createdDaysAgo * day - r.int(0, 86_400) * 1000,
    closeTime: closeInDays === undefined ? undefined : now + closeInDays * day,
    groupSlugs,
    volume: r.int(100, 90_000),
    volume24h: r.int(0, 900),
    liquidity: r.int(100, 5_000),
    bettors: r.int(1, 300),
    lastUpdatedTime: now - r.int(60, 86_400) * 1000,
  });

  // Multiple choice, answers summing to one (the sort of market a list call sends without answers).
  {
    const s = spec('mc-2028-dem-nominee', 'Who will be the 2028 Democratic presidential nominee?', 'Resolves to the candidate formally nominated at the 2028 Democratic National Convention.', ['politics-default', 'us-politics', '2028-election'], 120, 640);
    const m = { ...base(s, 'MULTIPLE_CHOICE', 'cpmm-multi-1'), shouldAnswersSumToOne: true, addAnswersMode: 'ANYONE' };
    const names: [string, number][] = [['Gavin Newsom', 0.31], ['Alexandria Ocasio-Cortez', 0.14], ['Josh Shapiro', 0.12], ['Pete Buttigieg', 0.09], ['Other', 0.34]];
    m.answers = names.map(([t, p], i) => answer(m.id, s.key, t, i, p, s.createdTime + i * 60_000));
    out.push(m);
  }
  {
    const s = spec('mc-ai-lab-agi', 'Which AI lab will be first to claim AGI?', 'Resolves to the first lab whose CEO publicly claims to have built AGI.', ['technology-default', 'ai'], 200, 900);
    const m = { ...base(s, 'MULTIPLE_CHOICE', 'cpmm-multi-1'), shouldAnswersSumToOne: false, addAnswersMode: 'ONLY_CREATOR' };
    const names: [string, number][] = [['OpenAI', 0.41], ['Google DeepMind', 0.33], ['Anthropic', 0.27], ['xAI', 0.18]];
    m.answers = names.map(([t, p], i) => answer(m.id, s.key, t, i, p, s.createdTime + i * 60_000));
    out.push(m);
  }
  {
    const s = spec('multi-numeric-snow', 'How much snow (in inches) will fall in New York City during the 2026-27 winter season?', 'Central Park seasonal snowfall total per NWS.', ['weather', 'nyc'], 20, 160);
    const m = base(s, 'MULTI_NUMERIC', 'cpmm-multi-1');
    const buckets: [string, number][] = [['0-10', 0.18], ['10-20', 0.34], ['20-30', 0.27], ['30+', 0.21]];
    m.answers = buckets.map(([t, p], i) => answer(m.id, s.key, t, i, p, s.createdTime));
    out.push(m);
  }
  // Pseudo-numeric: probability maps onto a value between min and max.
  {
    const s = spec('pseudo-numeric-btc', 'What will the price of Bitcoin be on January 1, 2027?', 'Resolves to the CoinGecko BTC/USD price at 00:00 UTC on January 1, 2027.', ['crypto-speculation', 'bitcoin'], 90, 39);
    out.push({ ...base(s, 'PSEUDO_NUMERIC', 'cpmm-1'), pool: { NO: 900, YES: 700 }, p: 0.5, probability: 0.4375, min: 0, max: 250_000, isLogScale: false, value: 109_375 });
  }
  // STONK: no `probability` field at all; it is implied by pool and p.
  {
    const s = spec('stonk-manifold', 'Manifold Markets stock (permanent)', 'A stock market: never resolves.', ['stonks'], 300, undefined);
    out.push({ ...base(s, 'STONK', 'cpmm-1'), pool: { NO: 763.511403854802, YES: 358.8056015367107 }, p: 0.5721971732708608 });
  }
  // Poll: no prices, no mechanism.
  {
    const s = spec('poll-best-venue', 'Which prediction market do you use most?', 'A poll, not a market.', ['prediction-markets'], 5, 10);
    out.push({ ...base(s, 'POLL', 'none'), options: [{ text: 'Manifold', votes: 41 }, { text: 'Polymarket', votes: 30 }, { text: 'Kalshi', votes: 22 }], volume: 0, volume24Hours: 0 });
  }
  // Plain binaries that only Manifold lists.
  const extras: [string, string, string[], number][] = [
    ['mf-lk99-replicate', 'Will LK-99 style room-temperature superconductivity be replicated before 2028?', ['science-default', 'physics'], 0.03],
    ['mf-mars-sample', 'Will NASA confirm a date for the Mars Sample Return launch before 2027?', ['science-default', 'space'], 0.12],
    ['mf-wordle-streak', 'Will I keep my Wordle streak through December 2026?', ['personal-goals'], 0.61],
    ['mf-eu-ai-act-delay', 'Will the EU delay enforcement of the AI Act general-purpose rules past 2026?', ['technology-default', 'ai', 'europe'], 0.44],
    ['mf-taylor-album', 'Will Taylor Swift release a new studio album in 2026?', ['entertainment', 'music'], 0.22],
  ];
  for (const [key, question, groups, prob] of extras) out.push(binaryMarket(spec(key, question, `Resolves YES if: ${question}`, groups, r.int(10, 150), r.int(20, 400)), prob));

  // Resolved and closed ones.
  const resolved = (key: string, question: string, resolution: 'YES' | 'NO' | 'MKT' | 'CANCEL', prob: number, daysAgo: number): ManifoldMarketWire => {
    const s = spec(key, question, `Resolution criteria for: ${question}`, ['politics-default'], daysAgo + 60, -daysAgo);
    const m = binaryMarket(s, prob);
    m.isResolved = true;
    m.resolution = resolution;
    m.resolutionTime = (m.closeTime as number) + 3_600_000;
    if (resolution === 'MKT') m.resolutionProbability = prob;
    m.lastUpdatedTime = m.resolutionTime;
    return m;
  };
  out.push(resolved('mf-nj-gov-2025', 'Will the Democrat win the 2025 New Jersey governor race?', 'YES', 0.93, 20));
  out.push(resolved('mf-shutdown-oct-2025', 'Will the government shutdown of October 2025 last more than 40 days?', 'NO', 0.08, 30));
  out.push(resolved('mf-approval-mkt', 'What will the presidential approval rating be on Nov 1, 2026? (resolves to MKT)', 'MKT', 0.42, 15));
  out.push(resolved('mf-cancelled', 'Will the debate happen on October 9, 2026?', 'CANCEL', 0.5, 40));
  {
    const s = spec('mf-closed-unresolved', 'Will the October 2026 jobs report show unemployment above 4.5%?', 'Per the BLS Employment Situation release.', ['economics-default'], 80, -2);
    out.push(binaryMarket(s, 0.36));
  }
  return out;
}

/** The LiteMarket projection `/v0/markets` sends: no answers, descriptions, topics or poll options. */
export function toLiteMarket(m: ManifoldMarketWire): ManifoldMarketWire {
  const { answers: _a, textDescription: _t, description: _d, groupSlugs: _g, options: _o, shouldAnswersSumToOne: _s, addAnswersMode: _m, ...lite } = m;
  void _a, void _t, void _d, void _g, void _o, void _s, void _m;
  return lite;
}
