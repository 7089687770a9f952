// A Polymarket question rebuilt from its slug, for the pair files that carry slugs only (the
// labelled set's `title_from_slug` rows and the bot-asserted files the evaluation reports on).
// Numbers keep their dashes and decimal points ("2pt5" is 2.5; dates stay dates), a trailing
// "-123" disambiguator is dropped, the other hyphens become spaces.
export function slugTitle(slug: string): string {
  const s = slug
    .replace(/(-\d{3})+$/, '')
    .replace(/(\d)pt(\d)/g, '$1.$2')
    .replace(/\b(\d{4})-(\d{2})-(\d{2})\b/g, '$1~$2~$3')
    .replace(/(\d)-(?=\d)(?!(?:19|20)\d\d\b)/g, '$1~')
    .replace(/-/g, ' ')
    .replace(/~/g, '-');
  return `${s.charAt(0).toUpperCase()}${s.slice(1)}?`;
}
