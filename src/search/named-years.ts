// The years a search names ("Stanley Cup 2022", "NBA 2021-22 champion", "CPI in June 2022"). A query
// that names a year asks for that year's markets, open or not, so the open-first bonus of the
// rankings (OPEN_BONUS, ./engine.ts) goes to the markets closing in a named year instead of every open
// market: last year's resolved market named by the query is not pushed below this year's open ones.

/** A four-digit year of these centuries, or a season such as 2021-22 (both of its years). */
const YEAR = /(?<![\p{L}\p{N}])((?:19|20)\d{2})(?:[-–/]((?:19|20)?\d{2}))?(?![\p{L}\p{N}])/gu;

/** The years the query names, ascending, without repeats (none: an ordinary query). */
export function namedYears(query: string): number[] {
  const years = new Set<number>();
  for (const m of query.matchAll(YEAR)) {
    const first = Number(m[1]);
    years.add(first);
    // a season's second year: "2021-22" or "2021-2022" (a longer range names its first year only)
    const second = m[2] === undefined ? NaN : m[2].length === 2 ? first - (first % 100) + Number(m[2]) : Number(m[2]);
    if (second === first + 1) years.add(second);
  }
  return [...years].sort((a, b) => a - b);
}

/** [start, end) of each named year in UTC, as ISO 8601: what "closes in a named year" compares. */
export function yearRanges(years: readonly number[]): { from: string; to: string }[] {
  return years.map((y) => ({ from: `${y}-01-01T00:00:00.000Z`, to: `${y + 1}-01-01T00:00:00.000Z` }));
}

/** Whether a market closing at `closeTime` closes in one of `years`. */
export function closesInYears(closeTime: Date | string | null | undefined, years: readonly number[]): boolean {
  if (!closeTime || years.length === 0) return false;
  const year = (closeTime instanceof Date ? closeTime : new Date(closeTime)).getUTCFullYear();
  return years.includes(year);
}
