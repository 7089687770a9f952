/**
 * The cross-venue fixture plan: real-world-style questions that several venues list (each in its own
 * wording), plus near-misses that look alike but are NOT the same question (other threshold, date or
 * subject). Every venue's simulator fixtures draw from this list, so equivalent markets exist across
 * venues for the matcher to find, and near-misses exist for it to reject.
 *
 * A venue's entry is either `true` (use the canonical title) or its own title wording. `yes` is the
 * rough current YES probability every venue starts from (each adds its own noise).
 */
export type QuestionCategory = 'politics' | 'crypto' | 'sports' | 'economics' | 'tech' | 'world' | 'culture' | 'science';

export interface SharedQuestion {
  /** Stable key; venues derive their ids from it. */
  key: string;
  category: QuestionCategory;
  title: string;
  rules: string;
  /** ISO close time. */
  closeTime: string;
  yes: number;
  /** By venue code (test/sim checks every key is one: src/sim knows no venue list of its own). */
  venues: Partial<Record<string, true | string>>;
  /** For near-misses: the key of the question this one must NOT be matched with, and why. */
  nearMissOf?: string;
  differs?: 'threshold' | 'date' | 'subject' | 'scope';
}

const Q = (q: SharedQuestion): SharedQuestion => q;

export const SHARED_QUESTIONS: readonly SharedQuestion[] = [
  // ---- politics ------------------------------------------------------------------------------
  Q({ key: 'us-house-2026-dem', category: 'politics', title: 'Will Democrats win the US House in the 2026 midterms?', rules: 'Resolves YES if the Democratic Party holds a majority of seats in the US House of Representatives when the 120th Congress convenes in January 2027, per the Clerk of the House.', closeTime: '2027-01-03T17:00:00Z', yes: 0.71,
    venues: { kalshi: 'Which party will control the House after 2026? Democrats', polymarket: 'Will the Democratic Party control the House after the 2026 Midterm elections?', limitless: true, predictfun: 'Democrats win the House in 2026?', opinion: 'House control 2026: Democratic majority?', futuur: 'Will the Democrats win the House of Representatives in the 2026 US midterms?', manifold: 'Will Democrats take the House in the 2026 midterm elections?', predictit: 'Which party will control the House after 2026 election? - Democratic' } }),
  Q({ key: 'us-senate-2026-gop', category: 'politics', title: 'Will Republicans keep control of the US Senate after the 2026 midterms?', rules: 'Resolves YES if Republicans (including the Vice President\'s tie-break) control the US Senate when the 120th Congress convenes in January 2027.', closeTime: '2027-01-03T17:00:00Z', yes: 0.64,
    venues: { kalshi: 'Which party will control the Senate after 2026? Republicans', polymarket: 'Will the Republican Party control the Senate after the 2026 Midterm elections?', futuur: 'Will Republicans hold the Senate in 2026?', manifold: 'Will the GOP keep the Senate in the 2026 midterms?', predictit: 'Which party will control the Senate after 2026 election? - Republican', opinion: true } }),
  Q({ key: 'pres-2028-vance', category: 'politics', title: 'Will JD Vance win the 2028 US presidential election?', rules: 'Resolves YES if JD Vance wins the 2028 US presidential election as certified by Congress in January 2029.', closeTime: '2028-11-07T23:59:00Z', yes: 0.29,
    venues: { kalshi: 'Who will win the 2028 presidential election? J.D. Vance', polymarket: 'Will J.D. Vance win the 2028 US Presidential Election?', limitless: 'JD Vance wins 2028 presidency?', predictfun: true, opinion: 'US Election 2028 winner: JD Vance', futuur: 'Will J.D. Vance be elected US President in 2028?', probable: 'Vance wins the 2028 presidential election?', manifold: 'Will JD Vance be elected president in 2028?', predictit: 'Who will win the 2028 US presidential election? - JD Vance' } }),
  Q({ key: 'pres-2028-newsom', category: 'politics', title: 'Will Gavin Newsom win the 2028 US presidential election?', rules: 'Resolves YES if Gavin Newsom wins the 2028 US presidential election as certified by Congress in January 2029.', closeTime: '2028-11-07T23:59:00Z', yes: 0.18,
    venues: { kalshi: 'Who will win the 2028 presidential election? Gavin Newsom', polymarket: 'Will Gavin Newsom win the 2028 US Presidential Election?', predictfun: 'Gavin Newsom wins 2028 presidential election?', opinion: 'US Election 2028 winner: Gavin Newsom', manifold: 'Will Gavin Newsom be elected president in 2028?', predictit: 'Who will win the 2028 US presidential election? - Gavin Newsom' } }),
  Q({ key: 'dem-nominee-2028-aoc', category: 'politics', title: 'Will Alexandria Ocasio-Cortez be the 2028 Democratic presidential nominee?', rules: 'Resolves YES if Alexandria Ocasio-Cortez is formally nominated as the Democratic Party candidate for President at the 2028 Democratic National Convention.', closeTime: '2028-08-31T23:59:00Z', yes: 0.11,
    venues: { kalshi: 'Who will be the 2028 Democratic nominee? Alexandria Ocasio-Cortez', polymarket: 'Will AOC win the 2028 Democratic presidential nomination?', futuur: true, manifold: 'Will AOC be the Democratic nominee for president in 2028?', predictit: 'Who will win the 2028 Democratic presidential nomination? - Ocasio-Cortez' } }),
  Q({ key: 'uk-pm-starmer-2026', category: 'politics', title: 'Will Keir Starmer cease to be UK Prime Minister before 2027?', rules: 'Resolves YES if Keir Starmer leaves the office of Prime Minister of the United Kingdom for any reason before January 1, 2027 (UK time).', closeTime: '2026-12-31T23:59:00Z', yes: 0.12,
    venues: { kalshi: 'Will Starmer leave office before 2027?', polymarket: 'Starmer out as UK Prime Minister in 2026?', limitless: true, futuur: 'Will Keir Starmer stop being Prime Minister in 2026?', manifold: 'Will Keir Starmer no longer be PM by the end of 2026?', opinion: 'Keir Starmer out by December 31, 2026?' } }),
  Q({ key: 'nyc-mayor-approval', category: 'politics', title: 'Will the NYC mayor\'s approval rating be above 50% on March 31, 2027?', rules: 'Resolves YES if the most recent Siena College poll published before March 31, 2027 shows the approval rating of the Mayor of New York City above 50%.', closeTime: '2027-03-31T23:59:00Z', yes: 0.44,
    venues: { kalshi: 'NYC mayor approval above 50% in March 2027?', polymarket: true, manifold: 'Will the NYC mayor have >50% approval (Siena) at the end of March 2027?' } }),
  Q({ key: 'gov-shutdown-jan-2027', category: 'politics', title: 'Will the US federal government shut down before February 1, 2027?', rules: 'Resolves YES if a lapse in appropriations causes a US federal government shutdown that begins after the market opens and before February 1, 2027, ET.', closeTime: '2027-02-01T05:00:00Z', yes: 0.23,
    venues: { kalshi: 'Government shutdown before Feb 1, 2027?', polymarket: 'US government shutdown by January 31, 2027?', predictfun: true, opinion: 'Will there be a US government shutdown by Jan 31 2027?', futuur: true, manifold: 'US federal government shutdown before February 2027?', predictit: 'Will the federal government shut down before Feb. 1, 2027?' } }),
  Q({ key: 'fr-pres-2027-bardella', category: 'politics', title: 'Will Jordan Bardella win the 2027 French presidential election?', rules: 'Resolves YES if Jordan Bardella is declared winner of the 2027 French presidential election by the Constitutional Council.', closeTime: '2027-05-10T20:00:00Z', yes: 0.36,
    venues: { kalshi: 'Who will win the French presidential election? Jordan Bardella', polymarket: 'Will Jordan Bardella win the 2027 French Presidential Election?', limitless: true, opinion: 'France presidential election 2027: Bardella', futuur: true, manifold: 'Will Bardella be elected President of France in 2027?' } }),

  // ---- crypto --------------------------------------------------------------------------------
  Q({ key: 'btc-150k-2026', category: 'crypto', title: 'Will Bitcoin reach $150,000 before January 1, 2027?', rules: 'Resolves YES if the Coinbase BTC-USD price trades at or above $150,000.00 at any time between market open and December 31, 2026 23:59 ET.', closeTime: '2027-01-01T04:59:00Z', yes: 0.07,
    venues: { kalshi: 'Will Bitcoin hit $150,000 in 2026?', polymarket: 'Will Bitcoin reach $150,000 by December 31, 2026?', limitless: 'BTC above $150k before 2027?', predictfun: 'Bitcoin hits $150K in 2026?', opinion: 'BTC reaches $150,000 by Dec 31, 2026?', futuur: true, probable: 'Will BTC hit $150k before 2027?', manifold: 'Will Bitcoin reach $150k before 2027?' } }),
  Q({ key: 'btc-100k-eoy-2026', category: 'crypto', title: 'Will Bitcoin close 2026 above $100,000?', rules: 'Resolves YES if the CoinDesk Bitcoin Price Index (XBX) is above $100,000.00 at 11:59 PM ET on December 31, 2026.', closeTime: '2027-01-01T04:59:00Z', yes: 0.41,
    venues: { kalshi: 'Bitcoin price at end of 2026: above $100,000', polymarket: 'Bitcoin above $100K on December 31?', limitless: '$BTC above $100,000 on Dec 31, 2026?', predictfun: true, opinion: 'Bitcoin above $100k at end of 2026?', probable: true } }),
  Q({ key: 'eth-5k-2026', category: 'crypto', title: 'Will Ethereum reach $5,000 before January 1, 2027?', rules: 'Resolves YES if the Binance ETH/USDT price trades at or above $5,000.00 at any time before December 31, 2026 23:59 UTC.', closeTime: '2026-12-31T23:59:00Z', yes: 0.09,
    venues: { kalshi: 'Will Ethereum hit $5,000 in 2026?', polymarket: 'Will Ethereum reach $5,000 by December 31, 2026?', limitless: 'ETH hits $5k before 2027?', predictfun: 'Ethereum to $5K in 2026?', opinion: true, manifold: 'Will ETH reach $5000 before 2027?' } }),
  Q({ key: 'sol-etf-flows', category: 'crypto', title: 'Will US spot Solana ETFs reach $5B in net inflows by June 30, 2027?', rules: 'Resolves YES if cumulative net inflows into US-listed spot Solana ETFs reach $5 billion by June 30, 2027, per Farside Investors data.', closeTime: '2027-06-30T23:59:00Z', yes: 0.19,
    venues: { polymarket: true, limitless: 'Solana ETFs $5B net inflows by mid-2027?', predictfun: true, opinion: 'SOL ETF cumulative inflows above $5B by June 30, 2027?' } }),
  Q({ key: 'tether-depeg-2026', category: 'crypto', title: 'Will USDT depeg below $0.95 in 2026?', rules: 'Resolves YES if the Tether (USDT) price on Coinbase or Kraken trades below $0.95 at any time before December 31, 2026 23:59 UTC.', closeTime: '2026-12-31T23:59:00Z', yes: 0.02,
    venues: { polymarket: 'USDT depeg in 2026?', limitless: true, predictfun: 'Tether (USDT) depegs below 95 cents in 2026?', probable: true, manifold: 'Will Tether lose its peg (below $0.95) in 2026?' } }),
  Q({ key: 'btc-strategic-reserve', category: 'crypto', title: 'Will the US government purchase Bitcoin for a strategic reserve before 2027?', rules: 'Resolves YES if the US federal government announces an open-market purchase of Bitcoin for a national strategic reserve before January 1, 2027.', closeTime: '2026-12-31T23:59:00Z', yes: 0.06,
    venues: { kalshi: 'Will the US buy Bitcoin for the strategic reserve in 2026?', polymarket: 'US national Bitcoin reserve purchase in 2026?', opinion: true, manifold: true } }),

  // ---- economics -----------------------------------------------------------------------------
  Q({ key: 'fed-cut-dec-2026', category: 'economics', title: 'Will the Fed cut interest rates at the December 2026 FOMC meeting?', rules: 'Resolves YES if the Federal Open Market Committee lowers the target range for the federal funds rate at its meeting concluding December 16, 2026.', closeTime: '2026-12-16T19:00:00Z', yes: 0.58,
    venues: { kalshi: 'Fed decision in Dec 2026: Cut', polymarket: 'Fed decreases interest rates after December 2026 meeting?', limitless: 'Fed rate cut in December 2026?', predictfun: true, opinion: 'Fed cuts rates in December 2026?', futuur: 'Will the Federal Reserve cut rates in December 2026?', probable: true, manifold: 'Will the Fed cut rates at the December 2026 meeting?', predictit: 'Will the Fed cut rates at its December 2026 meeting?' } }),
  Q({ key: 'us-recession-2027', category: 'economics', title: 'Will the US enter a recession in 2027?', rules: 'Resolves YES if the NBER announces a US business-cycle peak occurring in 2027, or if two consecutive quarters of negative real GDP growth are reported by the BEA for quarters within 2027.', closeTime: '2028-01-31T23:59:00Z', yes: 0.27,
    venues: { kalshi: 'Recession in 2027?', polymarket: 'US recession in 2027?', futuur: true, manifold: 'Will the US be in a recession in 2027?', opinion: true } }),
  Q({ key: 'cpi-dec-2026-above-3', category: 'economics', title: 'Will US CPI inflation for December 2026 be above 3.0%?', rules: 'Resolves YES if the year-over-year CPI-U change for December 2026, as first published by the BLS, is above 3.0%.', closeTime: '2027-01-13T13:30:00Z', yes: 0.33,
    venues: { kalshi: 'CPI year-over-year in Dec 2026: Above 3.0%', polymarket: 'December 2026 CPI YoY above 3.0%?', predictfun: true, manifold: 'Will December 2026 US CPI YoY exceed 3%?' } }),
  Q({ key: 'unemployment-5pct', category: 'economics', title: 'Will the US unemployment rate reach 5.0% before July 2027?', rules: 'Resolves YES if any BLS Employment Situation report released before July 1, 2027 shows a seasonally adjusted U-3 unemployment rate of 5.0% or higher.', closeTime: '2027-07-01T12:30:00Z', yes: 0.21,
    venues: { kalshi: 'Unemployment rate hits 5% before July 2027?', polymarket: true, futuur: true, predictit: 'Will the unemployment rate reach 5.0% before July 2027?' } }),
  Q({ key: 'sp500-7500-eoy', category: 'economics', title: 'Will the S&P 500 close above 7,500 on December 31, 2026?', rules: 'Resolves YES if the S&P 500 index official closing level on December 31, 2026 is above 7,500.00.', closeTime: '2026-12-31T21:00:00Z', yes: 0.38,
    venues: { kalshi: 'S&P 500 at end of 2026: Above 7500', polymarket: 'S&P 500 above 7,500 at end of 2026?', limitless: true, opinion: 'SPX closes 2026 above 7500?', probable: true } }),
  Q({ key: 'gas-price-4', category: 'economics', title: 'Will the US average gas price exceed $4.00 before April 2027?', rules: 'Resolves YES if the AAA national average price for regular gasoline exceeds $4.00 per gallon on any day before April 1, 2027.', closeTime: '2027-04-01T04:00:00Z', yes: 0.15,
    venues: { kalshi: 'Gas prices above $4 before April 2027?', polymarket: true, manifold: 'US average gas above $4/gal before April 2027?' } }),

  // ---- sports --------------------------------------------------------------------------------
  Q({ key: 'super-bowl-lxi-chiefs', category: 'sports', title: 'Will the Kansas City Chiefs win Super Bowl LXI?', rules: 'Resolves YES if the Kansas City Chiefs win Super Bowl LXI, played in February 2027.', closeTime: '2027-02-14T23:30:00Z', yes: 0.13,
    venues: { kalshi: 'Pro Football Champion 2027: Kansas City', polymarket: 'Will the Chiefs win Super Bowl 2027?', limitless: true, predictfun: 'Chiefs win Super Bowl LXI?', futuur: 'Kansas City Chiefs to win the Super Bowl LXI?', probable: true, manifold: 'Will the Kansas City Chiefs win the 2027 Super Bowl?' } }),
  Q({ key: 'super-bowl-lxi-eagles', category: 'sports', title: 'Will the Philadelphia Eagles win Super Bowl LXI?', rules: 'Resolves YES if the Philadelphia Eagles win Super Bowl LXI, played in February 2027.', closeTime: '2027-02-14T23:30:00Z', yes: 0.11,
    venues: { kalshi: 'Pro Football Champion 2027: Philadelphia', polymarket: 'Will the Eagles win Super Bowl 2027?', predictfun: true, futuur: true, manifold: true } }),
  Q({ key: 'nba-2027-thunder', category: 'sports', title: 'Will the Oklahoma City Thunder win the 2027 NBA Finals?', rules: 'Resolves YES if the Oklahoma City Thunder win the 2027 NBA Finals.', closeTime: '2027-06-30T23:59:00Z', yes: 0.27,
    venues: { kalshi: 'Pro Basketball Champion 2027: Oklahoma City', polymarket: 'Will the Thunder win the 2027 NBA Finals?', limitless: true, predictfun: true, opinion: 'NBA Champion 2027: Oklahoma City Thunder', futuur: true, manifold: 'Will OKC win the 2027 NBA championship?' } }),
  Q({ key: 'ucl-2027-real-madrid', category: 'sports', title: 'Will Real Madrid win the 2026-27 UEFA Champions League?', rules: 'Resolves YES if Real Madrid win the 2026-27 UEFA Champions League final.', closeTime: '2027-06-05T21:00:00Z', yes: 0.16,
    venues: { kalshi: 'Champions League winner 2027: Real Madrid', polymarket: 'Will Real Madrid win the 2026–27 Champions League?', limitless: true, predictfun: 'Real Madrid wins UCL 2027?', opinion: true, futuur: 'Real Madrid to win the Champions League 2026/27?' } }),
  Q({ key: 'epl-2027-arsenal', category: 'sports', title: 'Will Arsenal win the 2026-27 English Premier League?', rules: 'Resolves YES if Arsenal finish first in the 2026-27 Premier League season.', closeTime: '2027-05-23T17:00:00Z', yes: 0.31,
    venues: { kalshi: 'Premier League winner 2026-27: Arsenal', polymarket: 'Will Arsenal win the 2026–27 English Premier League?', predictfun: true, futuur: 'Arsenal to win the Premier League 2026/27?', manifold: true } }),
  Q({ key: 'world-series-2027-dodgers', category: 'sports', title: 'Will the Los Angeles Dodgers win the 2027 World Series?', rules: 'Resolves YES if the Los Angeles Dodgers win the 2027 MLB World Series.', closeTime: '2027-11-05T23:59:00Z', yes: 0.17,
    venues: { kalshi: 'Pro Baseball Champion 2027: Los Angeles D', polymarket: 'Will the Dodgers win the 2027 World Series?', futuur: true, manifold: 'Will the Dodgers win the 2027 World Series?' } }),
  Q({ key: 'masters-2027-scheffler', category: 'sports', title: 'Will Scottie Scheffler win the 2027 Masters?', rules: 'Resolves YES if Scottie Scheffler wins the 2027 Masters Tournament at Augusta National.', closeTime: '2027-04-11T23:59:00Z', yes: 0.22,
    venues: { kalshi: 'Masters winner 2027: Scottie Scheffler', polymarket: true, futuur: true, probable: 'Scheffler wins the 2027 Masters?' } }),
  Q({ key: 'f1-2027-verstappen', category: 'sports', title: 'Will Max Verstappen win the 2027 Formula 1 Drivers\' Championship?', rules: 'Resolves YES if Max Verstappen is crowned 2027 Formula 1 World Drivers\' Champion.', closeTime: '2027-12-05T23:59:00Z', yes: 0.2,
    venues: { kalshi: 'F1 Drivers Champion 2027: Max Verstappen', polymarket: 'Will Max Verstappen be the 2027 F1 Drivers\' Champion?', limitless: true, futuur: true, opinion: true, manifold: true } }),

  // ---- tech ----------------------------------------------------------------------------------
  Q({ key: 'openai-ipo-2027', category: 'tech', title: 'Will OpenAI announce an IPO before 2028?', rules: 'Resolves YES if OpenAI (or a successor holding company) publicly files for or announces an initial public offering before January 1, 2028.', closeTime: '2027-12-31T23:59:00Z', yes: 0.24,
    venues: { kalshi: 'Will OpenAI IPO before 2028?', polymarket: 'OpenAI announces IPO by December 31, 2027?', limitless: true, predictfun: 'OpenAI IPO announced before 2028?', opinion: true, manifold: 'Will OpenAI announce an IPO before 2028?' } }),
  Q({ key: 'gpt6-2026', category: 'tech', title: 'Will OpenAI release GPT-6 before January 1, 2027?', rules: 'Resolves YES if OpenAI makes a model named GPT-6 generally available to the public (API or ChatGPT) before January 1, 2027.', closeTime: '2026-12-31T23:59:00Z', yes: 0.08,
    venues: { kalshi: 'GPT-6 released in 2026?', polymarket: 'GPT-6 released by December 31, 2026?', limitless: true, predictfun: true, opinion: 'Will GPT-6 be released before 2027?', manifold: 'Will GPT-6 be publicly released in 2026?' } }),
  Q({ key: 'apple-foldable-2026', category: 'tech', title: 'Will Apple announce a foldable iPhone before 2027?', rules: 'Resolves YES if Apple officially announces a foldable iPhone before January 1, 2027.', closeTime: '2026-12-31T23:59:00Z', yes: 0.05,
    venues: { kalshi: 'Foldable iPhone announced in 2026?', polymarket: true, manifold: 'Will Apple announce a foldable iPhone in 2026?', futuur: true } }),
  Q({ key: 'nvidia-largest-eoy', category: 'tech', title: 'Will Nvidia be the largest company by market cap on December 31, 2026?', rules: 'Resolves YES if Nvidia has the largest market capitalisation of any public company at market close on December 31, 2026, per companiesmarketcap.com.', closeTime: '2026-12-31T23:59:00Z', yes: 0.74,
    venues: { kalshi: 'Largest company at end of 2026: Nvidia', polymarket: 'Largest company end of 2026? - NVIDIA', limitless: true, predictfun: true, opinion: 'Nvidia largest company by market cap at end of 2026?', probable: true } }),
  Q({ key: 'tesla-robotaxi-10-cities', category: 'tech', title: 'Will Tesla operate driverless robotaxis in 10 US cities before July 2027?', rules: 'Resolves YES if Tesla operates a public robotaxi service without a safety driver in at least 10 US metropolitan areas before July 1, 2027, per Tesla announcements.', closeTime: '2027-07-01T04:00:00Z', yes: 0.14,
    venues: { kalshi: 'Tesla driverless robotaxi in 10+ cities before July 2027?', polymarket: true, manifold: 'Will Tesla have unsupervised robotaxis in 10 US cities by mid-2027?' } }),

  // ---- world ---------------------------------------------------------------------------------
  Q({ key: 'ukraine-ceasefire-2026', category: 'world', title: 'Will Russia and Ukraine agree to a ceasefire before 2027?', rules: 'Resolves YES if Russia and Ukraine both publicly agree to a general ceasefire that takes effect before January 1, 2027.', closeTime: '2026-12-31T23:59:00Z', yes: 0.09,
    venues: { kalshi: 'Russia-Ukraine ceasefire in 2026?', polymarket: 'Russia x Ukraine ceasefire in 2026?', limitless: true, predictfun: true, opinion: 'Russia–Ukraine ceasefire before 2027?', futuur: true, probable: true, manifold: 'Will there be a Russia-Ukraine ceasefire before 2027?', predictit: 'Will Russia and Ukraine agree to a ceasefire in 2026?' } }),
  Q({ key: 'china-taiwan-blockade', category: 'world', title: 'Will China blockade Taiwan before 2028?', rules: 'Resolves YES if the People\'s Liberation Army enforces a naval blockade of Taiwan (preventing commercial shipping) at any time before January 1, 2028.', closeTime: '2027-12-31T23:59:00Z', yes: 0.06,
    venues: { kalshi: 'China blockade of Taiwan before 2028?', polymarket: 'China blockades Taiwan by end of 2027?', futuur: true, manifold: true } }),
  Q({ key: 'pope-visit-china', category: 'world', title: 'Will Pope Leo XIV visit China before 2028?', rules: 'Resolves YES if Pope Leo XIV makes an official visit to mainland China before January 1, 2028.', closeTime: '2027-12-31T23:59:00Z', yes: 0.07,
    venues: { polymarket: true, futuur: 'Will Pope Leo XIV travel to China before 2028?', manifold: true } }),
  Q({ key: 'iran-deal-2027', category: 'world', title: 'Will the US and Iran sign a nuclear agreement before July 2027?', rules: 'Resolves YES if the United States and Iran sign a new agreement on Iran\'s nuclear programme before July 1, 2027.', closeTime: '2027-06-30T23:59:00Z', yes: 0.13,
    venues: { kalshi: 'US-Iran nuclear deal before July 2027?', polymarket: 'US x Iran nuclear deal by June 30, 2027?', predictfun: true, opinion: true, futuur: true, predictit: 'Will the US and Iran sign a nuclear deal by June 30, 2027?' } }),

  // ---- culture / science ----------------------------------------------------------------------
  Q({ key: 'oscars-2027-best-picture', category: 'culture', title: 'Will "The Odyssey" win Best Picture at the 2027 Oscars?', rules: 'Resolves YES if Christopher Nolan\'s "The Odyssey" wins Best Picture at the 99th Academy Awards.', closeTime: '2027-03-14T23:59:00Z', yes: 0.21,
    venues: { kalshi: 'Oscar for Best Picture 2027: The Odyssey', polymarket: true, futuur: true, manifold: 'Will The Odyssey win Best Picture at the 99th Oscars?' } }),
  Q({ key: 'gta6-release', category: 'culture', title: 'Will GTA VI be released before June 1, 2027?', rules: 'Resolves YES if Grand Theft Auto VI is commercially released on any platform before June 1, 2027.', closeTime: '2027-05-31T23:59:00Z', yes: 0.62,
    venues: { kalshi: 'GTA 6 released before June 2027?', polymarket: 'GTA VI released before June 2027?', limitless: true, predictfun: 'GTA 6 launches before June 1, 2027?', futuur: true, manifold: 'Will GTA 6 come out before June 2027?' } }),
  Q({ key: 'starship-orbit-crew', category: 'science', title: 'Will SpaceX launch humans on Starship before 2028?', rules: 'Resolves YES if a SpaceX Starship carrying at least one human reaches space before January 1, 2028.', closeTime: '2027-12-31T23:59:00Z', yes: 0.18,
    venues: { kalshi: 'Crewed Starship flight before 2028?', polymarket: true, futuur: 'Will Starship fly humans to space before 2028?', manifold: 'Will a crewed Starship launch happen before 2028?' } }),
  Q({ key: 'hottest-year-2026', category: 'science', title: 'Will 2026 be the hottest year on record?', rules: 'Resolves YES if NASA GISTEMP reports 2026 as the warmest calendar year on record in its annual summary.', closeTime: '2027-01-31T23:59:00Z', yes: 0.31,
    venues: { kalshi: '2026 hottest year on record?', polymarket: 'Will 2026 be the hottest year ever recorded?', futuur: true, manifold: true } }),
];

/** Same topic, different question: a matcher must keep these apart from `nearMissOf`. */
export const NEAR_MISSES: readonly SharedQuestion[] = [
  Q({ key: 'btc-150k-jun-2026', nearMissOf: 'btc-150k-2026', differs: 'date', category: 'crypto', title: 'Will Bitcoin reach $150,000 before June 30, 2027?', rules: 'Resolves YES if the Coinbase BTC-USD price trades at or above $150,000.00 at any time before June 30, 2027 23:59 ET.', closeTime: '2027-06-30T23:59:00Z', yes: 0.15,
    venues: { kalshi: 'Will Bitcoin hit $150,000 before July 2027?', polymarket: 'Will Bitcoin reach $150,000 by June 30, 2027?', limitless: 'BTC above $150k before July 2027?' } }),
  Q({ key: 'btc-200k-2026', nearMissOf: 'btc-150k-2026', differs: 'threshold', category: 'crypto', title: 'Will Bitcoin reach $200,000 before January 1, 2027?', rules: 'Resolves YES if the Coinbase BTC-USD price trades at or above $200,000.00 at any time before December 31, 2026 23:59 ET.', closeTime: '2027-01-01T04:59:00Z', yes: 0.02,
    venues: { kalshi: 'Will Bitcoin hit $200,000 in 2026?', polymarket: 'Will Bitcoin reach $200,000 by December 31, 2026?', predictfun: 'Bitcoin hits $200K in 2026?', manifold: true } }),
  Q({ key: 'btc-90k-eoy-2026', nearMissOf: 'btc-100k-eoy-2026', differs: 'threshold', category: 'crypto', title: 'Will Bitcoin close 2026 above $90,000?', rules: 'Resolves YES if the CoinDesk Bitcoin Price Index (XBX) is above $90,000.00 at 11:59 PM ET on December 31, 2026.', closeTime: '2027-01-01T04:59:00Z', yes: 0.58,
    venues: { kalshi: 'Bitcoin price at end of 2026: above $90,000', polymarket: 'Bitcoin above $90K on December 31?', limitless: '$BTC above $90,000 on Dec 31, 2026?' } }),
  Q({ key: 'eth-5k-2026-sol', nearMissOf: 'eth-5k-2026', differs: 'subject', category: 'crypto', title: 'Will Solana reach $500 before January 1, 2027?', rules: 'Resolves YES if the Binance SOL/USDT price trades at or above $500.00 at any time before December 31, 2026 23:59 UTC.', closeTime: '2026-12-31T23:59:00Z', yes: 0.04,
    venues: { polymarket: 'Will Solana reach $500 by December 31, 2026?', limitless: true, predictfun: 'SOL to $500 in 2026?' } }),
  Q({ key: 'fed-cut-jan-2027', nearMissOf: 'fed-cut-dec-2026', differs: 'date', category: 'economics', title: 'Will the Fed cut interest rates at the January 2027 FOMC meeting?', rules: 'Resolves YES if the FOMC lowers the target range for the federal funds rate at its meeting concluding January 27, 2027.', closeTime: '2027-01-27T19:00:00Z', yes: 0.35,
    venues: { kalshi: 'Fed decision in Jan 2027: Cut', polymarket: 'Fed decreases interest rates after January 2027 meeting?', opinion: 'Fed cuts rates in January 2027?', manifold: true } }),
  Q({ key: 'fed-hike-dec-2026', nearMissOf: 'fed-cut-dec-2026', differs: 'subject', category: 'economics', title: 'Will the Fed raise interest rates at the December 2026 FOMC meeting?', rules: 'Resolves YES if the FOMC raises the target range for the federal funds rate at its meeting concluding December 16, 2026.', closeTime: '2026-12-16T19:00:00Z', yes: 0.02,
    venues: { kalshi: 'Fed decision in Dec 2026: Hike', polymarket: 'Fed increases interest rates after December 2026 meeting?', predictit: 'Will the Fed raise rates at its December 2026 meeting?' } }),
  Q({ key: 'us-house-2026-gop', nearMissOf: 'us-house-2026-dem', differs: 'subject', category: 'politics', title: 'Will Republicans win the US House in the 2026 midterms?', rules: 'Resolves YES if the Republican Party holds a majority of seats in the US House of Representatives when the 120th Congress convenes in January 2027.', closeTime: '2027-01-03T17:00:00Z', yes: 0.29,
    venues: { kalshi: 'Which party will control the House after 2026? Republicans', polymarket: 'Will the Republican Party control the House after the 2026 Midterm elections?', predictit: 'Which party will control the House after 2026 election? - Republican' } }),
  Q({ key: 'vance-gop-nominee-2028', nearMissOf: 'pres-2028-vance', differs: 'scope', category: 'politics', title: 'Will JD Vance be the 2028 Republican presidential nominee?', rules: 'Resolves YES if JD Vance is formally nominated as the Republican candidate for President at the 2028 Republican National Convention.', closeTime: '2028-07-31T23:59:00Z', yes: 0.55,
    venues: { kalshi: 'Who will be the 2028 Republican nominee? J.D. Vance', polymarket: 'Will J.D. Vance win the 2028 Republican presidential nomination?', futuur: true, manifold: true, predictit: 'Who will win the 2028 Republican presidential nomination? - Vance' } }),
  Q({ key: 'super-bowl-lxi-chiefs-afc', nearMissOf: 'super-bowl-lxi-chiefs', differs: 'scope', category: 'sports', title: 'Will the Kansas City Chiefs win the 2026-27 AFC Championship?', rules: 'Resolves YES if the Kansas City Chiefs win the AFC Championship Game of the 2026 NFL season.', closeTime: '2027-01-31T23:59:00Z', yes: 0.24,
    venues: { kalshi: 'AFC Champion 2027: Kansas City', polymarket: 'Will the Chiefs win the AFC Championship?', futuur: true } }),
  Q({ key: 'nba-2027-thunder-west', nearMissOf: 'nba-2027-thunder', differs: 'scope', category: 'sports', title: 'Will the Oklahoma City Thunder win the 2027 Western Conference?', rules: 'Resolves YES if the Oklahoma City Thunder win the 2027 NBA Western Conference Finals.', closeTime: '2027-06-01T23:59:00Z', yes: 0.41,
    venues: { kalshi: 'Western Conference Champion 2027: Oklahoma City', polymarket: 'Will the Thunder win the 2027 Western Conference?', predictfun: true } }),
  Q({ key: 'ukraine-ceasefire-2027h1', nearMissOf: 'ukraine-ceasefire-2026', differs: 'date', category: 'world', title: 'Will Russia and Ukraine agree to a ceasefire before July 2027?', rules: 'Resolves YES if Russia and Ukraine both publicly agree to a general ceasefire that takes effect before July 1, 2027.', closeTime: '2027-06-30T23:59:00Z', yes: 0.19,
    venues: { kalshi: 'Russia-Ukraine ceasefire before July 2027?', polymarket: 'Russia x Ukraine ceasefire by June 30, 2027?', manifold: true } }),
  Q({ key: 'openai-ipo-2026', nearMissOf: 'openai-ipo-2027', differs: 'date', category: 'tech', title: 'Will OpenAI announce an IPO before 2027?', rules: 'Resolves YES if OpenAI publicly files for or announces an initial public offering before January 1, 2027.', closeTime: '2026-12-31T23:59:00Z', yes: 0.05,
    venues: { polymarket: 'OpenAI announces IPO by December 31, 2026?', limitless: true, manifold: true } }),
  Q({ key: 'anthropic-ipo-2027', nearMissOf: 'openai-ipo-2027', differs: 'subject', category: 'tech', title: 'Will Anthropic announce an IPO before 2028?', rules: 'Resolves YES if Anthropic publicly files for or announces an initial public offering before January 1, 2028.', closeTime: '2027-12-31T23:59:00Z', yes: 0.3,
    venues: { kalshi: 'Will Anthropic IPO before 2028?', polymarket: 'Anthropic announces IPO by December 31, 2027?', predictfun: true, opinion: true } }),
  Q({ key: 'cpi-dec-2026-above-35', nearMissOf: 'cpi-dec-2026-above-3', differs: 'threshold', category: 'economics', title: 'Will US CPI inflation for December 2026 be above 3.5%?', rules: 'Resolves YES if the year-over-year CPI-U change for December 2026, as first published by the BLS, is above 3.5%.', closeTime: '2027-01-13T13:30:00Z', yes: 0.09,
    venues: { kalshi: 'CPI year-over-year in Dec 2026: Above 3.5%', polymarket: 'December 2026 CPI YoY above 3.5%?' } }),
  Q({ key: 'sp500-8000-eoy', nearMissOf: 'sp500-7500-eoy', differs: 'threshold', category: 'economics', title: 'Will the S&P 500 close above 8,000 on December 31, 2026?', rules: 'Resolves YES if the S&P 500 index official closing level on December 31, 2026 is above 8,000.00.', closeTime: '2026-12-31T21:00:00Z', yes: 0.07,
    venues: { kalshi: 'S&P 500 at end of 2026: Above 8000', polymarket: 'S&P 500 above 8,000 at end of 2026?', opinion: true } }),
  Q({ key: 'hottest-year-2026-copernicus', nearMissOf: 'hottest-year-2026', differs: 'scope', category: 'science', title: 'Will Copernicus rank 2026 as the hottest year on record?', rules: 'Resolves YES if the Copernicus Climate Change Service (ERA5) reports 2026 as the warmest calendar year on record.', closeTime: '2027-01-31T23:59:00Z', yes: 0.28,
    venues: { polymarket: 'Will Copernicus say 2026 was the hottest year on record?', manifold: true } }),
];

/** All questions (shared + near-misses) a venue lists, with the venue's own title wording. */
export function questionsFor(code: string): { q: SharedQuestion; title: string }[] {
  const out: { q: SharedQuestion; title: string }[] = [];
  for (const q of [...SHARED_QUESTIONS, ...NEAR_MISSES]) {
    const w = q.venues[code];
    if (w === undefined) continue;
    out.push({ q, title: w === true ? q.title : w });
  }
  return out;
}
