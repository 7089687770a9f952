/**
 * One small category vocabulary across venues, so that `category` filters and cross-venue matching
 * compare like with like. Venue labels ("Science and Technology", "US-current-affairs", "Elections")
 * map onto it; a market whose labels say nothing known is placed from its title's strong words
 * (marketCategory) and otherwise is `other`. The venue's own word is kept beside it as
 * `venue_category`.
 */

export const CANONICAL_CATEGORIES = ['politics', 'crypto', 'sports', 'economics', 'finance', 'tech', 'science', 'climate', 'world', 'culture', 'other'] as const;
export type CanonicalCategory = (typeof CANONICAL_CATEGORIES)[number];

/** What each word of the vocabulary covers (served by GET /api/v1/categories and in docs/search.md). */
export const CATEGORY_DESCRIPTIONS: Record<CanonicalCategory, string> = {
  politics: 'elections, governments, legislatures, parties, candidates',
  crypto: 'cryptocurrencies, tokens, chains, DeFi',
  sports: 'leagues, matches, tournaments, athletes, e-sports',
  economics: 'central banks, interest rates, inflation, jobs, GDP',
  finance: 'stocks, indices, commodities, companies, earnings',
  tech: 'technology companies, AI, software, gadgets',
  science: 'science, space, health, medicine',
  climate: 'weather, temperatures, storms, climate',
  world: 'international affairs, wars, countries outside the US',
  culture: 'entertainment, films, music, awards, celebrities, media',
  other: 'everything the venue\'s labels and the title do not place',
};

export function isCanonicalCategory(word: string): word is CanonicalCategory {
  return (CANONICAL_CATEGORIES as readonly string[]).includes(word);
}

/**
 * Whole words of a title that place a market whose labels did not. Only unambiguous ones, with word
 * boundaries: the label synonyms above match inside words ("war" in "Warriors"), which is right for a
 * venue's short labels and wrong for a title.
 */
const TITLE_HINTS: [RegExp, CanonicalCategory][] = [
  [/\b(super bowl|nfl|nba|mlb|nhl|wnba|ncaa|world cup|stanley cup|world series|champions league|premier league|la liga|serie a|bundesliga|grand prix|formula 1|wimbledon|us open|ufc|playoffs?|mvp)\b/, 'sports'],
  [/\b(bitcoin|btc|ethereum|eth|solana|dogecoin|xrp|crypto|stablecoin)\b/, 'crypto'],
  [/\b(fed|fomc|federal reserve|inflation|cpi|gdp|recession|unemployment|interest rates?|rate cut|rate hike)\b/, 'economics'],
  [/\b(election|elections|president|presidential|senate|governor|congress|parliament|prime minister|nominee|primary|mayor)\b/, 'politics'],
  [/\b(oscars?|grammys?|emmys?|box office|album|billboard|eurovision)\b/, 'culture'],
  [/\b(hurricane|temperature|rainfall|snowfall)\b/, 'climate'],
];

/**
 * A market's category in the vocabulary: the normaliser's word when it is or maps to one, else the
 * title's strong words, else `other`.
 */
export function marketCategory(normalised: string | null | undefined, title: string): CanonicalCategory {
  // a label the normaliser passed through as it came ("weather") maps as any venue label does
  const word = canonicalCategory(normalised);
  if (isCanonicalCategory(word) && word !== 'other') return word;
  const t = title.toLowerCase();
  for (const [re, cat] of TITLE_HINTS) if (re.test(t)) return cat;
  return 'other';
}

/** The venue's own category label: the first non-empty one given, as sent (trimmed), or null. */
export function venueCategoryLabel(...labels: (string | null | undefined)[]): string | null {
  for (const raw of labels) {
    const l = raw?.trim();
    if (l) return l.slice(0, 200);
  }
  return null;
}

const SYNONYMS: [RegExp, CanonicalCategory][] = [
  [/(politic|election|government|congress|senate|president|geopolit|trump|us[- ]current[- ]affairs|primar)/, 'politics'],
  [/(crypto|bitcoin|ethereum|btc|eth|solana|defi|token|memecoin|airdrop)/, 'crypto'],
  [/(sport|nba|nfl|mlb|nhl|soccer|football|basketball|baseball|tennis|golf|f1|formula|ufc|mma|boxing|esport|cricket|olympic)/, 'sports'],
  [/(econom|inflation|cpi|fed\b|interest rate|recession|gdp|jobs|employment|macro)/, 'economics'],
  [/(financ|stock|equit|index|indices|commodit|company|companies|business|earnings)/, 'finance'],
  [/(tech|\bai\b|artificial intelligence|software|science and technology)/, 'tech'],
  [/(climate|weather|temperature|hurricane)/, 'climate'],
  [/(scien|space|health|medic|pandemic|covid)/, 'science'],
  [/(world|global|international|war|middle east|ukraine|russia|china|europe)/, 'world'],
  [/(culture|entertain|pop|movie|film|music|oscar|award|celebrit|tv|media|gaming|game show)/, 'culture'],
];

/**
 * Maps a venue's category label (or several, first match wins) to the shared vocabulary. Pass topic
 * labels (tags, category names) only, never an identifier such as an event slug: an unknown label
 * becomes a slug of itself, so a slug passed here would turn an event into a "category" (the
 * predict.fun listing once did this to 20 of its 35 markets).
 */
export function canonicalCategory(...labels: (string | null | undefined)[]): string {
  for (const raw of labels) {
    const l = raw?.trim().toLowerCase();
    if (!l) continue;
    if ((CANONICAL_CATEGORIES as readonly string[]).includes(l)) return l;
    for (const [re, cat] of SYNONYMS) if (re.test(l)) return cat;
  }
  for (const raw of labels) {
    const slug = raw?.trim().toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
    if (slug) return slug;
  }
  return 'other';
}
