/**
 * The fingerprint of a market: what its question is about and which exact predicate it settles on,
 * parsed from the title (and subtitle, outcomes, close time, rules) so that the pair judge can veto
 * look-alikes: another strike, direction, comparator, date, stage, candidate, metric, source or a
 * conditional question. Pure; the caller caches it per market (the job fingerprints 25k markets once).
 *
 * Every regex is compiled once at module load: the judge runs ~250k times per full matching run.
 */
import { canonicaliseAliases, ALIAS_KEYS } from './aliases.js';
import { gameCloseLagDays } from './venue-conventions.js';
import { settlementTerms, type SettlementTerms } from './settlement-rules.js';
import type { MatchMarket } from './types.js';

export type Comparator = '>' | '>=' | '<' | '<=' | 'between' | '=' | 'touch_up' | 'touch_down';

export interface Fingerprint {
  /** Content words of the question (lower case, aliases canonical, stop words out), sorted, unique. */
  tokens: string[];
  /** Canonical alias keys named by the question (bitcoin, fed, trump, ...). */
  entities: string[];
  /** Capitalised names in the title that are not alias keys (people, teams, places), lower case. */
  names: string[];
  /** Words of one or two letters ("x", "ai"): too short for tokens, but an option may be one (a ticker). */
  shortWords: string[];
  /** The comparator of a threshold question, or null. touch_* = "reach"/"dip to" (any time in the window). */
  comparator: Comparator | null;
  /** The threshold(s) in base units (100k -> 100000, 3.25% -> 3.25), ascending; two for a band. */
  thresholds: number[];
  /** Unit of the thresholds: usd, pct, bps, count, or null. */
  unit: string | null;
  /** True for a band question ("between 3% and 3.25%"), false for a tail (above/below). */
  band: boolean;
  /** Metric variant when one is named: close, high, low, popular_vote, electoral_college, nominee, winner. */
  metric: string | null;
  /** The date or window the question names (YYYY, YYYY-MM or YYYY-MM-DD), with how it is bounded. */
  window: { kind: 'by' | 'on' | 'in' | 'end_of'; date: string } | null;
  /** Year named in the title (the last one), or null. */
  year: number | null;
  /** Day of close_time (YYYY-MM-DD, UTC), or null. */
  closeDay: string | null;
  /** close_time in ms since the epoch, or null. */
  closeMs: number | null;
  /** A market on one game (a match-up, a margin, a total, a player's stat line): it closes at the game. */
  eventTimed: boolean;
  /** Days after the game its venue closes such a market (the venue's convention, 0 = at the game). */
  gameCloseLagDays: number;
  /** Time zone named in the title (et, pt, utc, ...), or null. */
  timeZone: string | null;
  /** Cumulative ("total", "at any time", "by") vs at-close ("on", "at close", "end of"), when said. */
  accrual: 'cumulative' | 'at_close' | null;
  /** A resolution source the title or rules name (binance, coingecko, ap, bls, ...), or null. */
  source: string | null;
  /** "If X, will Y?" and "conditional on" questions. */
  conditional: boolean;
  /** The stage/round named (first_round, runoff, primary, final, semifinal, game_3, q1, ...), or null. */
  stage: string | null;
  /** The candidate/outcome this market is about when it is one outcome of a multi-outcome event. */
  candidate: string | null;
  /** The office an election or appointment is for (governor, senate, house, president, mayor), or null. */
  office: string | null;
  /** US states the question names (lower case): "control the Senate" is not "the Texas Senate election". */
  places: string[];
  /** A generational suffix named in the title (jr, sr, ii, iii): "Donald Trump" is not "Donald Trump Jr.". */
  generation: string | null;
  /** The two sides of a match-up ("X at Y", "X vs. Y"), each as its distinctive words; null otherwise. */
  matchup: [string[], string[]] | null;
  /** binary (yes/no) or multi (named outcomes); null when the outcomes are unknown. */
  structure: 'binary' | 'multi' | null;
  /** The outcome a central-bank rate question asks about (cut, hike or hold), or null. */
  decision: 'cut' | 'hike' | 'hold' | null;
  /** The side a "Will X win/beat ..." question backs, as its distinctive words; null otherwise. */
  backs: string[] | null;
  /** The question or its option is the catch-all of a multi-outcome event ("another ticker", "Other"). */
  catchAll: boolean;
  /** The plural noun a bare count strike counts ("strike 3 countries" -> countries), or null. */
  countOf: string | null;
  /** The venue of the market (names it in a rules veto's reason). */
  exchange: string;
  /** Settlement conventions read from the rules (tie rule, race call or inauguration, payout, catch-all). */
  settlement: SettlementTerms;
}

// ---------------------------------------------------------------------------------------------------
// Regexes (compiled once)

const MONTHS: Record<string, number> = {
  jan: 1, january: 1, feb: 2, february: 2, mar: 3, march: 3, apr: 4, april: 4, may: 5, jun: 6, june: 6,
  jul: 7, july: 7, aug: 8, august: 8, sep: 9, sept: 9, september: 9, oct: 10, october: 10, nov: 11,
  november: 11, dec: 12, december: 12,
};
const MONTH_ALT = 'january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec';

// "December 31, 2025", "Dec 31 2025", "Dec 31", "31 December 2025"
const DATE_MDY = new RegExp(`\\b(${MONTH_ALT})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?(?:[,.]?\\s+(\\d{4}))?\\b`, 'g');
const DATE_DMY = new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+(${MONTH_ALT})\\.?(?:,?\\s+(\\d{4}))?\\b`, 'g');
// "June 2026", "in June"
const DATE_MY = new RegExp(`\\b(${MONTH_ALT})\\.?(?:\\s+(\\d{4}))?\\b`, 'g');
// ISO and numeric dates: 2025-12-31, 12/31/2025, 12/31
const DATE_ISO = /\b(\d{4})-(\d{2})-(\d{2})\b/g;
const DATE_US = /\b(\d{1,2})\/(\d{1,2})(?:\/(\d{2,4}))?\b/g;
const YEAR = /\b(19[5-9]\d|20[0-9]\d)\b/g;
// Sports seasons "2025-26" / "2025–26": the season ends in the second year.
// Slug-built titles glue them ("the 202526 champions league").
const SEASON = /\b(20\d\d)(?:\s?[-–/]\s?)?(\d\d)\b/g;
// Times of day ("12:00 ET", "8:00PM") are neither thresholds nor dates.
const TIME_OF_DAY = /\b\d{1,2}:\d{2}\s*(?:am|pm)?\b|\b\d{1,2}\s*(?:am|pm)\b/g;
// Numbers that are part of a name ("Hot 100", "PSA 10", "GPT-5", "Season 2", "#1"), not strikes.
const NAME_NUMBER = /(?:\bs&p|\b(?:nasdaq|dax|cac|nikkei|hot|billboard|fortune|russell|ftse|dow|psa|gpt|grok|gemini|claude|llama|iphone|windows|season|episode|chapter|part|volume|vol\.?|no\.|number|player|pool|group|week|day|game|round|map|set|leg|stage|split|class of|top))\s?-?\d+(?:\.\d+)?\b|#\d+/g;
// A restatement in parentheses after a number ("1 (25 bps)", "8+ (200+ bps)") is not another strike.
const PAREN_RESTATEMENT = /(?<=\d\+?\s*)\([^)]*\d[^)]*\)/g;
// "X at Y", "X vs. Y", "X v Y", "X @ Y": a match-up of two sides (teams, players).
// "at" only in the sports form "X at Y: ..." or a bare "X at Y" (else "cut rates at the next meeting" would be one).
const MATCHUP = /^(?:[a-z0-9' ]+:\s+)?(.+?)\s+(?:vs\.?|v\.?|@|versus)\s+(.+?)(?:\s*[:?(]|\s+-\s|$)/;
// Kalshi's map markets name the match-up inside the question ("Will X win map 3 in the X vs. Y match?").
const MATCHUP_IN = /\bin the (.+?)\s+(?:vs\.?|v\.?|versus)\s+(.+?)\s+(?:match|game|series|fight|bout)\b/;
const MATCHUP_AT = /^([a-z0-9'.´ ]+?)\s+at\s+([a-z0-9'.´ ]+?)(?::|$)/;
// Words that name a club's form rather than the club ("FC", "United" stays: it distinguishes).
const CLUB_NOISE = new Set(['fc', 'sc', 'cf', 'afc', 'ac', 'as', 'sv', 'bc', 'sk', 'ud', 'club', 'de', 'the', 'city', '1.', 'rc', 'ogc', 'tsg', 'bv', 'vfb', 'fsv', 'sco', 'cd', 'ca', 'wfc']);
const QUARTER = /\bq([1-4])\b/;
const STRIKE_BEFORE = /\b(?:to|above|below|over|under|reach|hit|than|at least|at most|exceed)\s*[$€£]?\s*$/;
const WINDOW_KIND_BEFORE = /\b(by|before|prior to|until|through|no later than)\s*$/;
const WINDOW_KIND_ON = /\b(on|at)\s*$/;
const WINDOW_KIND_END = /\b(end of|close of|eoy|year[- ]end|end)\s*(?:of\s*)?$/;

const TIME_ZONE = /\b(et|est|edt|pt|pst|pdt|ct|cst|cdt|utc|gmt)\b/;

// Thresholds: "$100k", "100,000", "82pt5k", "3.25%", "1.5M", "$1.2 trillion", "250 bps", "4.5 percent"
const NUMBER_WITH_UNIT =
  /(?<![\w.#])([$€£])?\s?(\d{1,3}(?:,\d{3})+|\d+(?:pt\d+)?(?:\.\d+)?)\+?\s?(k|m|mm|b|bn|t|thousand|million|billion|trillion|%|percent|pct|bps|basis points?|°f|°c|°|f\b|c\b)?(?![\w])/gi;
const SCALE: Record<string, number> = {
  k: 1e3, thousand: 1e3, m: 1e6, mm: 1e6, million: 1e6, b: 1e9, bn: 1e9, billion: 1e9, t: 1e12, trillion: 1e12,
};

const BAND_PATTERN = /\bbetween\b|\b\d[\d.,]*\s*(?:k|m|b|%)?\s*(?:-|–|to)\s*\$?\d[\d.,]*\s*(?:k|m|b|%)?\b/;
const CMP_GE = /(?:≥|>=|\d\+|\bat least\b|\bor (?:more|higher|above|greater)\b|\band (?:above|up|over|higher)\b|\+(?=\s|$|\?)|\bno (?:less|fewer) than\b|\bminimum of\b)/;
const CMP_LE = /(?:≤|<=|\bat most\b|\bor (?:less|lower|below|fewer)\b|\band (?:below|under|lower)\b|\bno more than\b|\bmaximum of\b)/;
const CMP_GT = /(?:>|\babove\b|\bover\b|\bmore than\b|\bgreater than\b|\bhigher than\b|\bexceeds?\b|\bexceeding\b|\btop\b|\bbeats?\b)/;
const CMP_LT = /(?:<|\bbelow\b|\bunder\b|\bless than\b|\blower than\b|\bfewer than\b)/;
const CMP_TOUCH_UP = /\b(?:reach(?:es)?|hits?|surpass(?:es)?|cross(?:es)?|breaks?|tops?|all[- ]time high|ath)\b/;
const CMP_TOUCH_DOWN = /\b(?:dips? to|falls? to|drops? to|dips? below|falls? below|drops? below|crash(?:es)? to|sinks? to)\b/;
const CMP_EQ = /\bexactly\b|\bequal to\b/;
/**
 * How venues name a one-touch (any time in the window) high or low without "reach"/"dip to": series
 * names and strike-line templates. Checked in order: a low before a high ("one touch minimum").
 */
const ONE_TOUCH: ['touch_up' | 'touch_down', RegExp][] = [
  ['touch_down', /\b(?:one[- ]touch (?:min(?:imum)?|low)|min(?:imum)? (?:one[- ]touch|monthly|weekly|daily)|(?:monthly|weekly|daily) (?:low|min(?:imum)?))|\b(?:hits?|reach(?:es)?)\b(?:\s+\S+){0,2}\s+low\b|\bhits? low\b/],
  ['touch_up', /\b(?:one[- ]touch|max(?:imum)? (?:monthly|weekly|daily)|(?:monthly|weekly|daily) (?:high|max(?:imum)?))/],
];

const METRIC_PATTERNS: [string, RegExp][] = [
  ['popular_vote', /\bpopular vote\b/],
  ['electoral_college', /\belectoral (?:college|votes?)\b/],
  ['nominee', /\bnominee\b|\bnomination\b|\bnominated\b/],
  // Placement other than winning ("finish second", "3rd hottest", "runner-up", "top 4").
  ['place', /\b(?:finish(?:es)?|come in|place[sd]?|end up)\s+(?:in\s+)?(?:the\s+)?(?:second|third|fourth|last|2nd|3rd|4th|\d+th|top \d+)\b|\b(?:2nd|3rd|\d+th|second|third)[- ](?:hottest|coldest|warmest|place|largest|best|most)\b|\brunner[- ]up\b|\btop \d+\b/],
  // Sports: a winning margin (spread) or a total (over/under) is not the match result.
  ['margin', /\bwins? by\b|\bspread\b|\(\s*[-+]\d+(?:\.\d+)?\s*\)|\bhandicap\b/],
  ['total', /\bo\/u\b|\bover\/under\b|\btotal (?:goals|points|runs|kills|games|sets)\b|\bgames total\b|\d\+\s*(?:points|rebounds|assists|goals|threes|3-pointers|strikeouts|hits|runs|yards|touchdowns|kills|aces)\b/],
  ['exact_score', /\bexact score\b|\bcorrect score\b/],
  // Predicates about a person other than the outcome itself: endorsing, saying a word.
  ['endorsement', /\bendorse[sd]?\b|\bendorsement\b/],
  // A word said or posted is quoted ("Will Trump say "Bitcoin"?"); "will Copernicus say 2026 was ..." is a report.
  ['mention', /\b(?:say|says|said|mention|mentions)\s+["“']/],
  // Leaving an office vs holding or getting it ("first Cabinet member to leave" vs "nominated to the Cabinet").
  ['departure', /\b(?:leaves?|left|(?<!\bcomes? |\bcame )out (?:as|by|in|before)|resigns?|resignation|fired|ousted|departs?|cease[sd]? to be|stops? being|no longer)\b/],
  ['tenure', /\b(?:remain|remains|still be|stay)\b/],
  // How many members vote against a decision is not the decision ("two people dissent at the March Fed meeting").
  ['dissent', /\bdissent(?:s|ed|ing|ers?)?\b/],
  ['qualify', /\bqualif(?:y|ies|ied|ication)\b|\badvances? (?:to|from)\b|\bmake the (?:playoffs|final|semifinals?|knockout)\b/],
  ['btts', /\bboth teams to score\b|\bbtts\b/],
  // The album chart is another chart than the song chart ("Hot 100", "#1 song").
  ['album_chart', /\bbillboard 200\b|#1 album\b|\btop album\b/],
  // Price paths: a low before a high, because "hit ... dip to" reads as a low.
  ['low', /\b(?:intraday low|dips? to|falls? to|drops? to|dips? below|at (?:its|the) lowest)\b/],
  ['high', /\b(?:intraday high|all[- ]time high|at any (?:time|point)|reach(?:es)?|hits?)\b/],
  ['close', /\b(?:close[sd]? (?:above|below|at|over|under)|closing price|at close|settles?|on (?:the )?close|end of (?:day|week|month|year)|final price)\b/],
  // The end of a state of affairs ("shutdown end by ...?") is another question than its start or its
  // happening again ("another shutdown by ...?"); "the end of June" is a date.
  ['ending', /(?<![-\w])(?:end|ends|ended|ending)\b(?!\s+(?:of|in)\b)/],
];

// A count of rate moves written as "no" ("Will no Fed rate cuts happen in 2026?") is the count 0 of the
// "how many cuts" ladder.
const ZERO_COUNT = /\bno (?=(?:[a-z.']+ ){0,3}(?:cuts|hikes|increases|decreases)\b)/g;

const SOURCE_PATTERNS: [string, RegExp][] = [
  ['binance', /\bbinance\b/],
  ['coinbase', /\bcoinbase\b/],
  ['coingecko', /\bcoingecko\b/],
  ['coinmarketcap', /\bcoinmarketcap\b/],
  ['kraken', /\bkraken\b/],
  ['cme', /\bcme\b/],
  ['pyth', /\bpyth\b/],
  ['chainlink_feed', /\bchainlink (?:data stream|price feed)/],
  ['bls', /\bbls\b|bureau of labor statistics/],
  ['bea', /\bbea\b|bureau of economic analysis/],
  ['ap', /\bassociated press\b|\bap\b(?! (?:test|exam))/],
  ['rotten_tomatoes', /\brotten tomatoes\b/],
  ['box_office_mojo', /\bbox office mojo\b|\bthe numbers\b/],
  ['billboard', /\bbillboard\b/],
  ['spotify', /\bspotify\b/],
  ['noaa', /\bnoaa\b|national weather service|\bnws\b/],
  ['tsa', /\btsa\b/],
  ['polymarket_oracle', /\buma\b/],
];
// A source mentioned in rules counts only for price feeds (rules text names many institutions in
// passing; the price feed is what settles a crypto or stock market).
/** Words that name a resolution source: a source is compared as a source, never as a subject name. */
const SOURCE_WORDS = new Set(['binance', 'coinbase', 'coingecko', 'coinmarketcap', 'kraken', 'cme', 'pyth', 'bls', 'bea', 'ap', 'noaa', 'tsa', 'uma', 'spotify', 'billboard']);
/** Metrics of one game (its close is the game's time). */
// ("Map 2 Winner" is the stage game_2, compared as a stage: "win map 2" asks the same.)
const GAME_METRICS = new Set(['margin', 'total', 'exact_score', 'btts']);
const OFFICES: [string, RegExp][] = [
  ['governor', /\bgovernor\b|\bgubernatorial\b/],
  ['mayor', /\bmayor(?:al)?\b/],
  ['president', /\bpresident(?:ial)?\b/],
  ['senate', /\bsenate\b/],
  ['house', /\bhouse (?:seats?|election|race|of representatives)\b|\bcongressional\b|\b[a-z]{2}-\d{1,2}\b/],
];
// A congressional district ("TX-31", "OK-1", "WY-AL"): one seat, not the chamber or the state.
const US_POSTAL = 'al|ak|az|ar|ca|co|ct|de|fl|ga|hi|id|il|in|ia|ks|ky|la|me|md|ma|mi|mn|ms|mo|mt|ne|nv|nh|nj|nm|ny|nc|nd|oh|ok|or|pa|ri|sc|sd|tn|tx|ut|vt|va|wa|wv|wi|wy';
const DISTRICT = new RegExp(`\\b(${US_POSTAL})-(\\d{1,2}|al)\\b`, 'g');
const US_STATE = new RegExp(
  '\\b(' +
    ['alabama', 'alaska', 'arizona', 'arkansas', 'california', 'colorado', 'connecticut', 'delaware', 'florida', 'georgia', 'hawaii', 'idaho',
      'illinois', 'indiana', 'iowa', 'kansas', 'kentucky', 'louisiana', 'maine', 'maryland', 'massachusetts', 'michigan', 'minnesota',
      'mississippi', 'missouri', 'montana', 'nebraska', 'nevada', 'new hampshire', 'new jersey', 'new mexico', 'new york', 'north carolina',
      'north dakota', 'ohio', 'oklahoma', 'oregon', 'pennsylvania', 'rhode island', 'south carolina', 'south dakota', 'tennessee', 'texas',
      'utah', 'vermont', 'virginia', 'washington', 'west virginia', 'wisconsin', 'wyoming'].join('|') +
    // "Kansas City", "Oklahoma City", "New York City" are cities (and clubs), not states.
    ')\\b(?! city)',
  'g',
);
const GENERATION = /\b(jr|sr|ii|iii|iv)\b\.?/;
const RULES_SOURCES = new Set(['binance', 'coinbase', 'coingecko', 'coinmarketcap', 'kraken', 'cme', 'pyth', 'chainlink_feed']);

const CONDITIONAL = /^\s*if\b|\bconditional on\b|\bgiven that\b|\bin the event that\b|\bassuming\b/;

const STAGE_PATTERNS: [string, RegExp][] = [
  ['first_round', /\bfirst round\b|\bround 1\b|\b1st round\b/],
  ['second_round', /\bsecond round\b|\bround 2\b|\b2nd round\b/],
  ['runoff', /\brun-?off\b/],
  ['primary', /\bprimary\b|\bprimaries\b|\bcaucus(?:es)?\b/],
  ['semifinal', /\bsemi-?finals?\b/],
  ['quarterfinal', /\bquarter-?finals?\b/],
  ['conference', /\bconference (?:finals?|champion(?:ship)?)\b|\b(?:afc|nfc|east(?:ern)?|west(?:ern)?) (?:conference|champion)/],
  ['final', /\bfinals?\b(?! (?:four|price|score|result|standings|table|tally|count|vote))/],
  ['group_stage', /\bgroup stage\b/],
  ['playoffs', /\bplayoffs?\b|\bpostseason\b/],
  ['division', /\bdivision (?:title|winner|champion)\b/],
  ['first_half', /\b(?:first|1st) half\b|\b1h\b/],
  ['second_half', /\b(?:second|2nd) half\b|\b2h\b/],
  ['map', /\bmap \d\b/],
  ['game', /\bgame \d\b/],
  ['set', /\bset \d\b/],
];

const STOP_WORDS = new Set(
  ('a an the will be is are was were to of in on at by for from with and or than then this that these those it its ' +
    'as any before after during until through end who what which when where how does do did has have had ' +
    'yes no not more less above below over under between least most reach hit price market markets ' +
    'win wins winner next new his her their they there into out up down per via vs versus v ' +
    'close closes closing day week month year time date 2020 2021 2022 2023 2024 2025 2026 2027 2028 2029 2030').split(/\s+/),
);

/** Whether a word is one the fingerprint drops from a question's content words. */
export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word);
}

const TOKEN_SPLIT = /[^a-z0-9&]+/;
const NAME_WORD = /\b([A-Z][a-zA-Z'’.-]+(?:\s+[A-Z][a-zA-Z'’.-]+)*)/g;
const NAME_STOP = new Set([
  'will', 'the', 'a', 'an', 'who', 'what', 'which', 'when', 'how', 'does', 'do', 'is', 'are', 'yes', 'no', 'if', 'by',
  'before', 'after', 'in', 'on', 'at', 'of', 'q1', 'q2', 'q3', 'q4', 'et', 'pt', 'utc', 'gmt', 'est', 'edt', 'up', 'down',
  'above', 'below', 'over', 'under', 'between', 'election', 'elections', 'president', 'presidential', 'prime', 'minister',
  'market', 'price', 'winner', 'game', 'match', 'round', 'final', 'finals', 'cup', 'league', 'championship', 'series',
  'party', 'house', 'senate', 'governor', 'mayor', 'court', 'supreme', 'first', 'second', 'third', 'world', 'national',
  'state', 'states', 'united', 'city', 'new', 'north', 'south', 'east', 'west', 'democratic', 'republican', 'fc', 'sc',
  'both', 'teams', 'score', 'hot', 'chart', 'charts', 'song', 'album', 'total', 'points', 'goals', 'spread', 'over/under', 'o/u', 'nominee', 'popular', 'vote',
]);

// ---------------------------------------------------------------------------------------------------

/** "before March 3" is "by March 2"; "before July 2027" is "by June 2027"; "before 2027" is "by 2026". */
function previousPeriod(date: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(date)) return new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  const ym = /^(\d{4})-(\d{2})$/.exec(date);
  if (ym) {
    const y = Number(ym[1]);
    const mo = Number(ym[2]);
    return mo === 1 ? `${y - 1}-12` : `${y}-${pad2(mo - 1)}`;
  }
  return date;
}

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

interface DateHit {
  date: string;
  index: number;
  length: number;
}

/** Finds the dates named in a lower-cased title (most specific first) and a year guess for yearless ones. */
/**
 * The year of a date written without one ("on December 31"): the latest of the close year and the
 * year before that does not fall after the close (plus a week of settlement slack). A market closing
 * 2027-01-01 04:59 UTC asks about December 31, 2026, not 2027.
 */
type YearFor = (month: number, day: number | null) => number | null;

function yearGuesser(closeMs: number | null): YearFor {
  if (closeMs === null) return () => null;
  const closeYear = new Date(closeMs).getUTCFullYear();
  return (month, day) => {
    for (const y of [closeYear, closeYear - 1]) {
      const at = Date.UTC(y, month - 1, day ?? 1);
      if (at <= closeMs + 7 * 86_400_000) return y;
    }
    return closeYear;
  };
}

function findDates(lower: string, yearFor: YearFor): DateHit[] {
  const hits: DateHit[] = [];
  const taken: [number, number][] = [];
  const overlaps = (i: number, len: number) => taken.some(([s, e]) => i < e && i + len > s);
  const add = (date: string, index: number, length: number) => {
    if (overlaps(index, length)) return;
    taken.push([index, index + length]);
    hits.push({ date, index, length });
  };
  for (const m of lower.matchAll(DATE_ISO)) add(`${m[1]}-${m[2]}-${m[3]}`, m.index!, m[0].length);
  for (const m of lower.matchAll(DATE_MDY)) {
    const day = Number(m[2]);
    if (day < 1 || day > 31) continue;
    const year = m[3] ? Number(m[3]) : yearFor(MONTHS[m[1]], day);
    add(`${year ?? '????'}-${pad2(MONTHS[m[1]])}-${pad2(day)}`, m.index!, m[0].length);
  }
  for (const m of lower.matchAll(DATE_DMY)) {
    const day = Number(m[1]);
    if (day < 1 || day > 31) continue;
    const year = m[3] ? Number(m[3]) : yearFor(MONTHS[m[2]], day);
    add(`${year ?? '????'}-${pad2(MONTHS[m[2]])}-${pad2(day)}`, m.index!, m[0].length);
  }
  for (const m of lower.matchAll(DATE_US)) {
    const mo = Number(m[1]);
    const day = Number(m[2]);
    if (mo < 1 || mo > 12 || day < 1 || day > 31) continue;
    let year = m[3] ? Number(m[3]) : yearFor(mo, day);
    if (year !== null && year < 100) year += 2000;
    add(`${year ?? '????'}-${pad2(mo)}-${pad2(day)}`, m.index!, m[0].length);
  }
  for (const m of lower.matchAll(DATE_MY)) {
    // "may" is also a verb: only take it with a year or after "in"/"of"/"end of".
    if (m[1] === 'may' && !m[2] && !/\b(?:in|of|end of|by)\s*$/.test(lower.slice(0, m.index))) continue;
    // "mar", "jan" etc. inside a name are already excluded by \b; "sep"/"oct" alone are fine.
    const year = m[2] ? Number(m[2]) : yearFor(MONTHS[m[1]], null);
    add(`${year ?? '????'}-${pad2(MONTHS[m[1]])}`, m.index!, m[0].length);
  }
  return hits;
}

const DAY_RANGE_AFTER = /^\s*[-–]\s*\d{1,2}\b(?!\s*(?:k|m|b|%|[.,]\d))/;

/** The text with the given spans replaced by a mark no pattern reads across (indices kept). */
function blank(text: string, spans: readonly [number, number][]): string {
  const chars = text.split('');
  for (const [start, end] of spans) for (let i = start; i < end && i < chars.length; i++) chars[i] = '§';
  return chars.join('');
}

function parseNumber(raw: string): number {
  const pt = raw.replace(/,/g, '').replace(/pt/i, '.');
  return Number(pt);
}

interface NumberHit {
  value: number;
  unit: string | null;
  /** Written with a scale ("100k", "1.5 million"). */
  scaled: boolean;
  index: number;
  length: number;
}

function findNumbers(text: string, skip: [number, number][]): NumberHit[] {
  const out: NumberHit[] = [];
  for (const m of text.matchAll(NUMBER_WITH_UNIT)) {
    const index = m.index!;
    if (skip.some(([s, e]) => index < e && index + m[0].length > s)) continue;
    const currency = m[1];
    const suffix = m[3]?.toLowerCase();
    let value = parseNumber(m[2]);
    if (!Number.isFinite(value)) continue;
    let unit: string | null = null;
    if (suffix && SCALE[suffix] !== undefined) value *= SCALE[suffix];
    if (suffix === '%' || suffix === 'percent' || suffix === 'pct') unit = 'pct';
    else if (suffix && suffix.startsWith('b') && (suffix === 'bps' || suffix.startsWith('basis'))) unit = 'bps';
    else if (suffix && (suffix.startsWith('°') || suffix === 'f' || suffix === 'c')) unit = 'deg';
    if (currency) unit = currency === '$' ? 'usd' : currency === '€' ? 'eur' : 'gbp';
    // A bare 4-digit number between 1950 and 2099 is a year, not a threshold.
    if (!currency && !suffix && /^\d{4}$/.test(m[2]) && value >= 1950 && value <= 2099 && !STRIKE_BEFORE.test(text.slice(0, index))) continue;
    // Ordinals and small counts glued to words ("game 3", "round 2") are stages, not thresholds.
    if (!currency && !suffix && value < 10 && /\b(?:game|round|map|set|week|q|quarter|day|leg|stage|season)\s*$/.test(text.slice(0, index).toLowerCase())) continue;
    out.push({ value, unit, scaled: !!suffix && SCALE[suffix] !== undefined, index, length: m[0].length });
  }
  return out;
}

// How rules state a comparator around a strike, checked in order (the inclusive wordings contain the
// strict ones: "greater than or equal to").
const RULES_CMP_BEFORE: [Comparator, RegExp][] = [
  ['>=', /(?:greater than or equal to|equal to or (?:greater than|above|higher than)|at least|no less than)\s*$/],
  ['<=', /(?:less than or equal to|equal to or (?:less than|below|lower than)|at most|no more than)\s*$/],
  ['=', /(?:exactly|equal to)\s*$/],
  ['>', /(?:greater than|more than|higher than|above|exceeds?|exceeding|over)\s*$/],
  ['<', /(?:less than|fewer than|lower than|below|under)\s*$/],
];
const RULES_CMP_AFTER: [Comparator, RegExp][] = [
  ['>=', /^\s*(?:jobs? |basis points? |bps )?or (?:more|higher|above|greater)\b/],
  ['<=', /^\s*(?:jobs? |basis points? |bps )?or (?:less|lower|below|fewer)\b/],
];

/**
 * The comparator the rules state at a strike ("greater than or equal to 3.0%", "150,000 or more", "by
 * 50 or more basis points"), or null when they name the strike with no comparator, with two, or not at all.
 */
function rulesComparator(rulesLower: string, strike: number, unit: string | null): Comparator | null {
  const found = new Set<Comparator>();
  for (const hit of findNumbers(rulesLower, [])) {
    if (Math.abs(hit.value - strike) > 1e-9 * Math.max(1, Math.abs(strike))) continue;
    if (unit && unit !== 'count' && hit.unit && hit.unit !== unit) continue;
    const before = rulesLower.slice(Math.max(0, hit.index - 40), hit.index).replace(/[$€£]\s*$/, '');
    const after = rulesLower.slice(hit.index + hit.length, hit.index + hit.length + 30);
    const cmp = RULES_CMP_AFTER.find(([, re]) => re.test(after))?.[0] ?? RULES_CMP_BEFORE.find(([, re]) => re.test(before))?.[0];
    if (cmp) found.add(cmp);
  }
  return found.size === 1 ? [...found][0] : null;
}

function detectComparator(lower: string, band: boolean): Comparator | null {
  if (band) return 'between';
  if (CMP_TOUCH_DOWN.test(lower)) return 'touch_down';
  if (CMP_GE.test(lower)) return '>=';
  if (CMP_LE.test(lower)) return '<=';
  if (CMP_TOUCH_UP.test(lower)) return 'touch_up';
  if (CMP_LT.test(lower)) return '<';
  if (CMP_GT.test(lower)) return '>';
  if (CMP_EQ.test(lower)) return '=';
  return null;
}

function stem(token: string): string {
  if (token.length > 4 && token.endsWith('ies')) return token.slice(0, -3) + 'y';
  if (token.length > 3 && token.endsWith('s') && !token.endsWith('ss')) return token.slice(0, -1);
  return token;
}

const YES_NO = /^(yes|no)$/i;

// Venues whose subtitle names the market's own outcome (Kalshi's strike line or yes-label, PredictIt's
// contract, Polymarket's groupItemTitle); elsewhere the subtitle is the parent event's title.
const CANDIDATE_SUBTITLE = new Set(['kalshi', 'predictit', 'polymarket']);
// "Question? - Option" (Opinion's children, listings that append the option): the option after the
// first " - " that does not sit between two numbers ("Real Madrid 0 - 0 Getafe" is a score); a year
// before a strike option is a date, not a score ("ECB Rates Decision (DFR): February 2026 - 50+ bps decrease").
const OPTION_SUFFIX = /^(.*?(?:[^\d\s]|\b(?:19|20)\d\d(?=\s+[-–]\s+[<>≥≤$€£]?\d+\+?\s?(?:bps|%|k|m|b)\b)))\s+[-–]\s+(.{1,80})$/;
const PLACEHOLDER = /\s*(?:\.\.\.|…|_{2,})\s*/;
const ARROW_UP = /↑\s*/g;
const ARROW_DOWN = /↓\s*/g;

/** Splits an option appended to a title; returns the question with the option worked in. */
function splitOption(title: string): { question: string; option: string | null } {
  const m = OPTION_SUFFIX.exec(title);
  if (!m || m[2].split(/\s+/).length > 10) return { question: title, option: null };
  const [, left, option] = m;
  // "How many seats ...? - 48": a count bucket, exactly that many unless the option says otherwise.
  if (/^\s*(?:how many|how much)\b/i.test(left) && /^\d[\d,.]*$/.test(option.trim())) return { question: `${left} exactly ${option}`, option: null };
  // "Who will win ...? - 191": a contestant's number, not a strike.
  if (/^\s*who\b/i.test(left) && /^#?\d{1,4}$/.test(option.trim())) return { question: left, option: `#${option.trim().replace(/^#/, '')}` };
  // A strike or date option fills the question's blank ("Bitcoin above ... on Jan 5? - 92,000").
  if (PLACEHOLDER.test(left)) return { question: left.replace(PLACEHOLDER, ` ${option} `), option: /\d/.test(option) ? null : option };
  return { question: `${left} ${option}`, option: /\d/.test(option) ? null : option };
}

function sideWords(side: string): string[] {
  return side
    .split(/[^a-z0-9&]+/)
    .filter((w) => w.length > 1 && !CLUB_NOISE.has(w) && !/^\d+$/.test(w) && !STOP_WORDS.has(w))
    .map(stem);
}

/** The two sides of a match-up title, or null when the title is not one. */
function findMatchup(lower: string): [string[], string[]] | null {
  const text = lower.replace(/^will\s+/, '');
  const m = MATCHUP_IN.exec(text) ?? MATCHUP.exec(text) ?? MATCHUP_AT.exec(text);
  if (!m) return null;
  const x = sideWords(m[1]);
  const y = sideWords(m[2]);
  // A long left side is a sentence, not a team ("will the fed cut rates at the next meeting").
  if (!x.length || !y.length || x.length > 4 || y.length > 5) return null;
  return [x, y];
}

// A central bank's decision named as its outcome: venues word one meeting's options as verbs ("Will
// the PBOC maintain the rate", "rate cut by March 31?") or nouns ("No change", "50+ bps decrease").
const RATE_CONTEXT = /\b(?:rates?|bps|basis points?|central bank|bank of|fed|fomc|ecb|boe|boj|pboc|rba|boc|snb|monetary policy)\b/;
const DECISION_PATTERNS: ['cut' | 'hike' | 'hold', RegExp][] = [
  ['hold', /\b(?:maintains?|maintained|holds?|held|keeps?|kept|no change|unchanged|pauses?|paused|leaves? (?:\w+ )?(?:rates?|it) (?:alone|as is))\b/],
  ['cut', /\b(?:cuts?|decreases?|decreased|lowers?|lowered|reduces?|reduced|reduction|eases?|eased)\b/],
  ['hike', /\b(?:hikes?|hiked|increases?|increased|raises?|raised)\b/],
];
// "Will X win ...", "Will X beat Y": the side the question backs (X), when X is a short name.
const BACKS = /^will\s+(?:the\s+)?([a-z0-9'.&\- ]{2,40}?)\s+(?:win|beat|defeat|advance)\b/;
// The catch-all outcome of a multi-outcome event, as an option or worded into the question.
const CATCH_ALL_OPTION = /^(?:another|other|others|any other|someone else|none|none of the above|field|the field)\b/;
const CATCH_ALL_TITLE = /\b(?:be|in|is|to) (?:an)?other (?:\w+ )?(?:ticker|team|country|candidate|person|player|company|party|nominee|driver|club|artist|song|movie|film|city|location|name|one)\b|\bsomeone else\b|\bany other (?:team|country|candidate|person|player|company|party)\b/;
// A contestant known by a number ("player 38", "contestant #12"), or a number as the option of a
// "who" question ("Who will win the Beast Games? - 191"): an outcome, not a strike.
const CONTESTANT = /\b(?:player|contestant|participant|competitor)\s?#?(\d{1,4})\b/;
// Units of time after a number are a window ("in 3 days"), not a count of things.
const TIME_NOUNS = new Set(['days', 'weeks', 'months', 'years', 'hours', 'minutes', 'seconds']);

const DEADLINE_SUBTITLE = /^\s*(?:before|by|in|on|through|until)\b/i;

/** The window a deadline subtitle names ("Before March 2026", "Before Jan 19, 2026", "Before 2027"). */
function subtitleWindow(text: string, yearFor: YearFor): Fingerprint['window'] {
  const dates = findDates(text, yearFor);
  if (dates.length) {
    const d = dates[dates.length - 1];
    const before = text.slice(0, d.index);
    if (/\bbefore\s*$/.test(before)) return { kind: 'by', date: previousPeriod(d.date) };
    return { kind: WINDOW_KIND_BEFORE.test(before) ? 'by' : WINDOW_KIND_ON.test(before) ? 'on' : 'in', date: d.date };
  }
  const y = [...text.matchAll(YEAR)].pop();
  if (!y) return null;
  return /\bbefore\s*$/.test(text.slice(0, y.index)) ? { kind: 'by', date: String(Number(y[1]) - 1) } : { kind: 'in', date: y[1] };
}

// An award ceremony named by its edition is named by its year ("the 98th Academy Awards" = the Oscars
// 2026): the edition plus the year before the first ceremony.
const AWARD_EDITION = /\b(\d{1,3})(?:st|nd|rd|th) (?:annual )?(academy awards?|oscars?|grammy awards?|grammys?|golden globes?(?: awards?)?|primetime emmy awards?|emmy awards?|emmys?)\b/g;
const AWARD_FIRST_YEAR: [RegExp, number][] = [[/^(?:academy|oscar)/, 1928], [/^gramm/, 1958], [/^golden/, 1943], [/^(?:primetime )?emm/, 1948]];
function awardEditionAsYear(lower: string): string {
  return lower.replace(AWARD_EDITION, (whole, n: string, award: string) => {
    const base = AWARD_FIRST_YEAR.find(([re]) => re.test(award))?.[1];
    return base === undefined ? whole : `${award} ${base + Number(n)}`;
  });
}

/** The fingerprint of one market. Pure; cache it per market. */
export function fingerprint(m: MatchMarket): Fingerprint {
  const rawSubtitle = m.subtitle?.trim() || null;
  const subtitle = rawSubtitle && CANDIDATE_SUBTITLE.has(m.exchange) ? rawSubtitle : null;
  const split = splitOption((m.title ?? '').replace(ARROW_UP, 'reach ').replace(ARROW_DOWN, 'dip to '));
  const title = split.question;
  // Accents off ("Montréal" = "Montreal"), one apostrophe.
  const lower = awardEditionAsYear(title.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[’‘´]/g, "'")).replace(ZERO_COUNT, '0 ');
  const rulesLower = m.rules ? m.rules.toLowerCase() : '';
  const closeMsValue = m.close_time && !Number.isNaN(Date.parse(m.close_time)) ? Date.parse(m.close_time) : null;

  // Dates first: their day numbers must not be read as thresholds.
  const dates = findDates(lower, yearGuesser(closeMsValue));
  // A day range after a date ("November 24-30") belongs to the date, not to the strikes.
  const skip: [number, number][] = dates.map((d) => {
    const range = DAY_RANGE_AFTER.exec(lower.slice(d.index + d.length));
    return [d.index, d.index + d.length + (range ? range[0].length : 0)];
  });
  // Years are not thresholds either.
  let year: number | null = null;
  for (const y of lower.matchAll(YEAR)) {
    // "dip to 2000", "above 2050": a strike that looks like a year.
    if (STRIKE_BEFORE.test(lower.slice(0, y.index))) continue;
    year = Number(y[1]);
    skip.push([y.index!, y.index! + y[0].length]);
  }
  for (const se of lower.matchAll(SEASON)) {
    const end = 2000 + Number(se[2]);
    if (end === Number(se[1]) + 1) {
      year = end;
      skip.push([se.index!, se.index! + se[0].length]);
    }
  }
  for (const t of lower.matchAll(TIME_OF_DAY)) skip.push([t.index!, t.index! + t[0].length]);
  for (const t of lower.matchAll(NAME_NUMBER)) skip.push([t.index!, t.index! + t[0].length]);
  for (const t of lower.matchAll(PAREN_RESTATEMENT)) skip.push([t.index!, t.index! + t[0].length]);
  const q = QUARTER.exec(lower);
  if (q) skip.push([q.index, q.index + q[0].length]);

  // The subtitle (Kalshi's strike line) often carries the threshold: "$100,000 or above".
  const thresholdText = subtitle ? `${lower} | ${subtitle.toLowerCase()}` : lower;
  const numbers = findNumbers(thresholdText, skip);
  // A band needs two different numbers; dates, years and times are blanked first ("July 2026 - $82,500
  // or above" is a strike after a month, not a range from 2026 to 82,500).
  const band = new Set(numbers.map((n) => n.value)).size >= 2 && BAND_PATTERN.test(blank(thresholdText, skip));
  let comparator = numbers.length > 0 ? detectComparator(thresholdText, band) : CMP_TOUCH_UP.test(lower) ? 'touch_up' : null;
  // A one-touch series ("monthly one touch", "Max Monthly", "how low", "hit ... low") asks whether the
  // price touches the strike at any time in the window, whatever its strike line says ("or above").
  const touch = ONE_TOUCH.find(([, re]) => re.test(lower))?.[0] ?? null;
  if (touch && !band && comparator !== null && comparator !== '=') comparator = touch;
  // A number with a currency, scale or unit is the strike; a bare one ("PSA 10") only when nothing else is.
  const withUnit = numbers.filter((n) => n.unit || n.scaled);
  // A band's lower bound often goes without the unit ("78-79°F").
  const strikes = withUnit.length && !(band && withUnit.length < 2) ? withUnit : numbers;
  const thresholdHits = band ? strikes.slice(0, 2) : strikes.slice(0, 1);
  const thresholds = thresholdHits.map((n) => n.value).sort((x, y) => x - y);
  const unit = thresholdHits.find((n) => n.unit)?.unit ?? (thresholdHits.length ? 'count' : null);
  let cmp: Comparator | null = comparator;
  // A stat line ("Points O/U 17.5") or a spread ("(-1.5)") asks for the over.
  if (cmp === null && thresholds.length === 1 && /\bo\/u\b|\bover\/under\b|\(\s*-\d|\bspread\b/.test(lower)) cmp = '>';
  // Where the rules state the comparator at the title's strike, it settles the market: titles are loose
  // ("above" for "at or above", "by 50 bps" for the 50-or-more bucket).
  if (rulesLower && thresholds.length === 1 && !band && cmp !== 'touch_up' && cmp !== 'touch_down') {
    const stated = rulesComparator(rulesLower, thresholds[0], unit);
    if (stated) cmp = stated;
  }
  // "be 4.2%" with no comparator is a point bucket.
  if (cmp === null && thresholds.length === 1 && (unit === 'pct' || unit === 'bps' || unit === 'deg')) cmp = '=';
  // Counts are whole: "over 4.5" is "5 or more" ("5+"), "more than 4" is "5 or more".
  if (unit === 'count' && thresholds.length === 1 && (cmp === '>' || cmp === '>=')) {
    const t = thresholds[0];
    if (cmp === '>' && !Number.isInteger(t)) {
      thresholds[0] = Math.ceil(t);
      cmp = '>=';
    }
  }

  let metric: string | null = null;
  for (const [name, re] of METRIC_PATTERNS) {
    if (re.test(lower)) {
      metric = name;
      break;
    }
  }
  if (touch && (metric === null || metric === 'high' || metric === 'low')) metric = touch === 'touch_up' ? 'high' : 'low';

  let window: Fingerprint['window'] = null;
  if (dates.length) {
    // The last date named is the window ("between Jan 1 and Dec 31" -> Dec 31).
    const d = dates[dates.length - 1];
    const before = lower.slice(0, d.index);
    const kind = WINDOW_KIND_END.test(before) ? 'end_of' : WINDOW_KIND_BEFORE.test(before) ? 'by' : WINDOW_KIND_ON.test(before) ? 'on' : 'in';
    // "before March 3" is "by March 2".
    const date = /\bbefore\s*$/.test(before) ? previousPeriod(d.date) : d.date;
    window = { kind, date };
  } else if (q && year) {
    window = { kind: 'in', date: `${year}-Q${q[1]}` };
  } else if (year) {
    const at = lower.lastIndexOf(String(year));
    const before = at >= 0 ? lower.slice(0, at) : '';
    // "before 2027" is "by the end of 2026".
    window = /\bbefore\s*$/.test(before)
      ? { kind: 'by', date: String(year - 1) }
      : { kind: WINDOW_KIND_BEFORE.test(before) ? 'by' : WINDOW_KIND_END.test(before) ? 'end_of' : 'in', date: String(year) };
  }

  // Kalshi writes a deadline option in the subtitle ("Will Trump invoke the Insurrection Act during
  // his Presidency?" | "Before March 2026"): with no window in the title, that is the window.
  if (!window && subtitle && DEADLINE_SUBTITLE.test(subtitle)) window = subtitleWindow(subtitle.toLowerCase(), yearGuesser(closeMsValue));

  const tz = TIME_ZONE.exec(lower);
  const accrual = /\b(?:total|cumulative|at any (?:time|point)|combined)\b/.test(lower)
    ? 'cumulative'
    : /\b(?:at close|closing|end of (?:day|week|month|year)|on (?:the )?close)\b/.test(lower)
      ? 'at_close'
      : null;

  let source: string | null = null;
  for (const [name, re] of SOURCE_PATTERNS) {
    if (re.test(lower)) {
      source = name;
      break;
    }
  }
  if (!source && rulesLower) {
    const found = SOURCE_PATTERNS.filter(([name, re]) => RULES_SOURCES.has(name) && re.test(rulesLower)).map(([n]) => n);
    if (found.length === 1) source = found[0];
  }

  let stage: string | null = null;
  for (const [name, re] of STAGE_PATTERNS) {
    const hit = re.exec(lower);
    if (hit) {
      // In esports a map is a game ("win map 3" = "Game 3 Winner").
      stage = name === 'map' || name === 'game' || name === 'set' ? hit[0].replace(/^map/, 'game').replace(/\s+/g, '_') : name;
      break;
    }
  }

  // Content tokens: aliases canonical, stop words, numbers and dates out.
  const canon = canonicaliseAliases(lower);
  const tokenSet = new Set<string>();
  const entitySet = new Set<string>();
  const shortSet = new Set<string>();
  for (const raw of canon.split(TOKEN_SPLIT)) {
    if (raw && raw.length <= 2 && /^[a-z]+$/.test(raw)) shortSet.add(raw);
    if (!raw || raw.length < 2 || /^\d/.test(raw) || STOP_WORDS.has(raw) || MONTHS[raw] !== undefined) continue;
    if (ALIAS_KEYS.has(raw)) entitySet.add(raw);
    tokenSet.add(ALIAS_KEYS.has(raw) ? raw : stem(raw));
  }

  // Names: capitalised words of the original title that are not at the start of a question and not
  // alias keys; a candidate-of-an-event market differs from its siblings exactly there.
  const nameSet = new Set<string>();
  for (const nm of title.matchAll(NAME_WORD)) {
    for (const w of nm[1].split(/\s+/)) {
      // "J.D." = "JD"; possessives and trailing dots off.
      const lw = w.toLowerCase().replace(/['’]s$/, '').replace(/\./g, '').replace(/['’]+$/, '');
      if (lw.length < 2 || /\d/.test(lw) || NAME_STOP.has(lw) || SOURCE_WORDS.has(lw) || MONTHS[lw] !== undefined) continue;
      const key = canonicaliseAliases(lw);
      if (ALIAS_KEYS.has(key)) continue;
      nameSet.add(stem(lw));
    }
  }

  const matchup = findMatchup(canonicaliseAliases(lower));
  const outcomeLabels = (m.outcomes ?? []).map((o) => o.label).filter((l) => l && !YES_NO.test(l.trim()));
  const structure: Fingerprint['structure'] = m.outcomes == null ? null : outcomeLabels.length >= 2 ? 'multi' : 'binary';
  // Kalshi and PredictIt put the candidate in the subtitle; a subtitle that is only a strike line is not one.
  const candidateText = split.option ?? (subtitle && !/\d/.test(subtitle) ? subtitle : null);
  const contestant = CONTESTANT.exec(lower);
  const candidate = candidateText
    ? canonicaliseAliases(candidateText.toLowerCase()).replace(/\s+/g, ' ').trim()
    : contestant
      ? `#${Number(contestant[1])}`
      : null;

  let decision: Fingerprint['decision'] = null;
  if (RATE_CONTEXT.test(lower)) {
    const named = DECISION_PATTERNS.filter(([, re]) => re.test(lower)).map(([d]) => d);
    // One outcome named; a question naming two ("cut or hold?") is about the meeting, not an outcome.
    if (named.length === 1) decision = named[0];
  }
  const backsMatch = BACKS.exec(canonicaliseAliases(lower));
  const backsWords = backsMatch ? sideWords(backsMatch[1]) : [];
  const backs = backsWords.length > 0 && backsWords.length <= 4 ? backsWords : null;
  const catchAll = (candidate !== null && CATCH_ALL_OPTION.test(candidate)) || CATCH_ALL_TITLE.test(lower);
  // A bare count strike followed by a plural noun counts things ("strike 3 countries", "5 justices").
  let countOf: string | null = null;
  // A number in a match-up is part of a club's name ("Stade Brestois 29 vs. Le Havre").
  if (thresholdHits.length === 1 && unit === 'count' && !matchup) {
    const after = /^\s+([a-z]{3,}s)\b/.exec(thresholdText.slice(thresholdHits[0].index + thresholdHits[0].length));
    if (after && !TIME_NOUNS.has(after[1])) countOf = after[1];
  }

  return {
    tokens: [...tokenSet].sort(),
    entities: [...entitySet].sort(),
    names: [...nameSet].sort(),
    shortWords: [...shortSet].sort(),
    comparator: cmp,
    thresholds,
    unit,
    band,
    metric,
    window,
    year,
    closeDay: m.close_time ? m.close_time.slice(0, 10) : null,
    closeMs: closeMsValue,
    eventTimed: matchup !== null || (metric !== null && GAME_METRICS.has(metric)) || (stage !== null && /^game_/.test(stage)),
    gameCloseLagDays: gameCloseLagDays(m.exchange),
    timeZone: tz ? tz[1] : null,
    accrual,
    source,
    conditional: CONDITIONAL.test(lower),
    stage,
    candidate,
    matchup,
    generation: GENERATION.exec(lower)?.[1] ?? null,
    office: OFFICES.find(([, re]) => re.test(lower))?.[0] ?? null,
    places: [...new Set([
      ...[...canonicaliseAliases(lower).matchAll(US_STATE)].map((x) => x[1]),
      ...[...lower.matchAll(DISTRICT)].map((x) => `${x[1]}-${x[2] === 'al' ? 'al' : Number(x[2])}`),
    ])].sort(),
    structure,
    decision,
    backs,
    catchAll,
    countOf,
    exchange: m.exchange,
    settlement: settlementTerms(m.title ?? '', m.rules),
  };
}
