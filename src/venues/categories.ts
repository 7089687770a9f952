/**
 * One small category vocabulary across venues, so that `category` filters and cross-venue matching
 * compare like with like. Venue labels ("Science and Technology", "US-current-affairs", "Elections")
 * map onto it; anything unknown keeps a slug of its own label.
 */

export const CANONICAL_CATEGORIES = ['politics', 'crypto', 'sports', 'economics', 'finance', 'tech', 'science', 'climate', 'world', 'culture', 'other'] as const;
export type CanonicalCategory = (typeof CANONICAL_CATEGORIES)[number];

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
