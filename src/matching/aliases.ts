/**
 * The alias table of the matcher: spellings that name the same subject on different venues, mapped to
 * one canonical key, so that "BTC" on one venue and "Bitcoin" on another fingerprint alike.
 *
 * Keys are lower-case single tokens (no spaces) so that they survive tokenisation. An alias may be
 * several words ("federal reserve"); aliases are matched on word boundaries, longest first.
 * Entries were chosen from the real listings (see test/fixtures/matching/labelled-pairs.jsonl).
 */

/** canonical key -> aliases (lower case). The key itself is always an alias of itself. */
const ALIAS_GROUPS: Record<string, string[]> = {
  // crypto assets
  bitcoin: ['btc', 'xbt', 'bitcoin', 'btcusd', 'btc/usd', 'btcusdt', 'btc/usdt'],
  ethereum: ['eth', 'ether', 'ethereum', 'ethusd', 'eth/usd', 'ethusdt', 'eth/usdt'],
  solana: ['sol', 'solana', 'solusdt', 'sol/usdt'],
  ripple: ['xrp', 'ripple'],
  dogecoin: ['doge', 'dogecoin'],
  cardano: ['ada', 'cardano'],
  binancecoin: ['bnb', 'binance coin'],
  hyperliquid: ['hype', 'hyperliquid'],
  zcash: ['zec', 'zcash'],
  litecoin: ['ltc', 'litecoin'],
  chainlink: ['link', 'chainlink'],
  avalanche: ['avax', 'avalanche'],
  shiba: ['shib', 'shiba inu'],
  tron: ['trx', 'tron'],
  ethena: ['ena', 'ethena'],
  // central banks and macro
  fed: ['fed', 'the fed', 'fomc', 'federal reserve', 'federal open market committee', 'fed funds', 'federal funds'],
  ecb: ['ecb', 'european central bank'],
  boe: ['boe', 'bank of england'],
  boj: ['boj', 'bank of japan'],
  cpi: ['cpi', 'consumer price index', 'inflation'],
  gdp: ['gdp', 'gross domestic product'],
  unemployment: ['unemployment', 'unemployment rate', 'jobless rate'],
  ratecut: ['rate cut', 'rate cuts', 'cut rates', 'cuts rates', 'lower rates', 'lowers rates', 'decrease rates', 'decreases rates', 'interest rate cut', 'interest rate cuts'],
  ratehike: ['rate hike', 'rate hikes', 'raise rates', 'raises rates', 'hike rates', 'hikes rates', 'increase rates', 'increases rates', 'interest rate hike'],
  // parties, offices
  republican: ['gop', 'republican', 'republicans', 'republican party', 'rep', 'r'],
  democrat: ['dem', 'dems', 'democrat', 'democrats', 'democratic', 'democratic party', 'd'],
  president: ['president', 'presidency', 'potus', 'presidential'],
  us: ['us', 'u.s.', 'usa', 'u.s.a.', 'united states', 'america'],
  uk: ['uk', 'u.k.', 'united kingdom', 'britain', 'great britain'],
  senate: ['senate'],
  house: ['house', 'house of representatives'],
  // people (short forms used by venues)
  trump: ['trump', 'donald trump', 'donald j. trump', 'donald j trump'],
  biden: ['biden', 'joe biden'],
  harris: ['harris', 'kamala harris', 'kamala'],
  vance: ['vance', 'jd vance', 'j.d. vance'],
  newsom: ['newsom', 'gavin newsom'],
  desantis: ['desantis', 'ron desantis'],
  musk: ['musk', 'elon musk', 'elon'],
  powell: ['powell', 'jerome powell', 'jay powell'],
  putin: ['putin', 'vladimir putin'],
  zelensky: ['zelensky', 'zelenskyy', 'volodymyr zelensky', 'zelenskiy'],
  netanyahu: ['netanyahu', 'bibi', 'benjamin netanyahu'],
  xi: ['xi', 'xi jinping'],
  mamdani: ['mamdani', 'zohran mamdani'],
  // Opinion lists the Bond candidate Jack Lowden as "Jack Lowdon".
  lowden: ['lowden', 'jack lowden', 'jack lowdon', 'lowdon'],
  // sports leagues and trophies
  nba: ['nba', 'national basketball association'],
  nfl: ['nfl', 'national football league'],
  mlb: ['mlb', 'major league baseball'],
  nhl: ['nhl', 'national hockey league'],
  superbowl: ['super bowl', 'superbowl'],
  worldseries: ['world series'],
  stanleycup: ['stanley cup'],
  championsleague: ['champions league', 'ucl', 'uefa champions league'],
  premierleague: ['premier league', 'epl', 'english premier league'],
  worldcup: ['world cup', 'fifa world cup'],
  // award ceremonies (an edition number is turned into the year by the fingerprint)
  oscars: ['oscars', 'oscar', 'academy awards', 'academy award', 'the academy awards'],
  grammys: ['grammys', 'grammy', 'grammy awards', 'grammy award'],
  // NBA teams: venues write a club as its city, nickname or three-letter code ("SAC" = Kings).
  // Codes that are also common words ("was", "min") are left out.
  hawks: ['hawks', 'atlanta hawks', 'atl'],
  celtics: ['celtics', 'boston celtics', 'bos'],
  nets: ['nets', 'brooklyn nets', 'bkn'],
  hornets: ['hornets', 'charlotte hornets', 'cha'],
  bulls: ['bulls', 'chicago bulls', 'chi'],
  cavaliers: ['cavaliers', 'cavs', 'cleveland cavaliers', 'cle'],
  mavericks: ['mavericks', 'mavs', 'dallas mavericks', 'dal'],
  nuggets: ['nuggets', 'denver nuggets', 'den'],
  pistons: ['pistons', 'detroit pistons', 'det'],
  warriors: ['warriors', 'golden state warriors', 'golden state', 'gsw'],
  rockets: ['rockets', 'houston rockets', 'hou'],
  pacers: ['pacers', 'indiana pacers', 'ind'],
  clippers: ['clippers', 'la clippers', 'los angeles clippers', 'lac'],
  lakers: ['lakers', 'la lakers', 'los angeles lakers', 'lal'],
  grizzlies: ['grizzlies', 'memphis grizzlies', 'mem'],
  heat: ['miami heat'],
  bucks: ['bucks', 'milwaukee bucks', 'mil'],
  timberwolves: ['timberwolves', 'wolves', 'minnesota timberwolves'],
  pelicans: ['pelicans', 'new orleans pelicans', 'nop'],
  knicks: ['knicks', 'new york knicks', 'nyk'],
  thunder: ['thunder', 'oklahoma city thunder', 'okc'],
  magic: ['orlando magic', 'orl'],
  sixers: ['76ers', 'sixers', 'philadelphia 76ers', 'phi'],
  suns: ['suns', 'phoenix suns', 'phx'],
  blazers: ['trail blazers', 'blazers', 'portland trail blazers', 'por'],
  kings: ['sacramento kings', 'sac'],
  spurs: ['spurs', 'san antonio spurs', 'sas'],
  raptors: ['raptors', 'toronto raptors', 'tor'],
  jazz: ['utah jazz', 'uta'],
  wizards: ['wizards', 'washington wizards'],
  // NFL: Opinion's Super Bowl options name a club by its region ("New England").
  patriots: ['patriots', 'new england patriots', 'new england'],
  // Football clubs: Inter Milan is Internazionale. A bare "Inter" is left alone: Kalshi writes Inter
  // Miami as "Miami", which must keep meeting "Inter Miami CF". "Spurs" stays the NBA's San Antonio
  // Spurs, so Tottenham is matched by its own names only.
  internazionale: ['internazionale', 'inter milan', 'inter milano', 'fc internazionale'],
  tottenham: ['tottenham', 'tottenham hotspur', 'hotspur'],
  // companies
  openai: ['openai', 'open ai'],
  google: ['google', 'alphabet', 'googl', 'goog'],
  tesla: ['tesla', 'tsla'],
  nvidia: ['nvidia', 'nvda'],
  apple: ['apple', 'aapl'],
  microsoft: ['microsoft', 'msft'],
  sp500: ['s&p 500', 's&p500', 'sp500', 's&p', 'spx', 'spy'],
  nasdaq: ['nasdaq', 'nasdaq 100', 'nasdaq-100', 'ndx', 'qqq'],
  // misc
  // "GC" and "SI" are the COMEX futures codes venues use in slugs ("gc-above-5200-jun-2026").
  gold: ['gold', 'xau', 'xauusd', 'gc'],
  silver: ['silver', 'xag', 'xagusd', 'si'],
  oil: ['oil', 'crude oil', 'wti', 'crude'],
};

/** Canonical keys that name a subject strongly enough that two disjoint sets mean two subjects. */
export const ALIAS_KEYS: ReadonlySet<string> = new Set(Object.keys(ALIAS_GROUPS));

const aliasToKey = new Map<string, string>();
for (const [key, aliases] of Object.entries(ALIAS_GROUPS)) {
  aliasToKey.set(key, key);
  for (const a of aliases) aliasToKey.set(a, key);
}

// Single-letter party aliases ("R", "D") would eat ordinary words; they are only applied in the
// "(R)"/"(D)" form below, never by the general pattern.
const GENERAL_ALIASES = [...aliasToKey.keys()].filter((a) => a.length > 1).sort((x, y) => y.length - x.length);

function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/&]/g, '\\$&');
}

const ALIAS_PATTERN = new RegExp(`(?<![\\w.])(${GENERAL_ALIASES.map(escapeRegex).join('|')})(?![\\w])`, 'g');
const PARTY_LETTER = /\((r|d)(?:-[a-z]{2})?\)/g;

/**
 * Rewrites every alias in a lower-cased text to its canonical key ("the fed cuts" -> "fed cuts").
 * The text must already be lower case.
 */
export function canonicaliseAliases(lower: string): string {
  return lower
    .replace(PARTY_LETTER, (_m, p: string) => (p === 'r' ? ' republican ' : ' democrat '))
    .replace(ALIAS_PATTERN, (m) => aliasToKey.get(m) ?? m);
}

/** The canonical key of one alias, or undefined. */
export function aliasKey(alias: string): string | undefined {
  return aliasToKey.get(alias.toLowerCase());
}
