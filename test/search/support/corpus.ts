// The fixed corpus of the search contract suite: few markets, each there to pin one expectation.
import type { MarketSearchDoc } from '../../../src/search/engine.js';

let seq = 0;

export function doc(exchange: string, market_id: string, title: string, o: Partial<MarketSearchDoc> = {}): MarketSearchDoc {
  const closed = o.closed ?? false;
  return {
    exchange,
    market_id,
    title,
    subtitle: null,
    category: 'other',
    tags: [],
    status: closed ? 'closed' : 'open',
    closed,
    yes_price: 0.5,
    volume: 1000,
    volume_24h: 10,
    close_time: '2026-06-30T00:00:00.000Z',
    svc_id: null,
    cluster_id: null,
    cluster_exchanges: [exchange],
    change_seq: ++seq,
    ...o,
  };
}

export const CORPUS: MarketSearchDoc[] = [
  // exact > whole word > prefix > typo, whatever the volumes say
  doc('kalshi', 'ETH-EXACT', 'Ethereum', { closed: true, volume: 5, category: 'crypto' }),
  doc('polymarket', '0xeth-word', 'Will Ethereum flip Bitcoin in 2026?', { volume: 50_000, category: 'crypto' }),
  doc('manifold', 'eth-prefix', 'Ethereumclassic ETC above $40?', { volume: 900_000, category: 'crypto' }),
  doc('limitless', 'eth-typo', 'Etherium merge delayed again?', { volume: 9_000_000, category: 'crypto' }),

  // tie-breakers: the same title on three venues; open beats closed, then volume decides
  doc('kalshi', 'LAKERS-OPEN-LOW', 'Will the Lakers win tonight?', { volume: 10, category: 'sports' }),
  doc('polymarket', '0xlakers-closed', 'Will the Lakers win tonight?', { closed: true, volume: 1000, category: 'sports' }),
  doc('predictit', 'lakers-open-high', 'Will the Lakers win tonight?', { volume: 5000, category: 'sports' }),

  // one cluster on two venues (one autocomplete suggestion), and an unclustered look-alike
  doc('kalshi', 'FEDCUT-MAR', 'Fed cuts rates in March?', {
    svc_id: 'svc_aaaaaaaaaaaa', cluster_id: 'c1', cluster_exchanges: ['kalshi', 'polymarket'], category: 'economics', volume: 700,
  }),
  doc('polymarket', '0xfedcut-mar', 'Will the Fed cut rates in March?', {
    svc_id: 'svc_aaaaaaaaaaaa', cluster_id: 'c1', cluster_exchanges: ['kalshi', 'polymarket'], category: 'economics', volume: 900,
  }),
  doc('manifold', 'fed-chair', 'Fed chair replaced before 2027?', { category: 'economics', volume: 100 }),

  // a cluster on seven venues that fills a whole over-fetched page, and a look-alike outside it
  ...['kalshi', 'polymarket', 'limitless', 'predictfun', 'opinion', 'futuur', 'manifold'].map((ex, i) =>
    doc(ex, `quokka-${ex}`, `Quokka population doubles by 2030? (${ex})`, {
      svc_id: 'svc_bbbbbbbbbbbb', cluster_id: 'c2', category: 'nature', volume: 10_000 + i,
      cluster_exchanges: ['futuur', 'kalshi', 'limitless', 'manifold', 'opinion', 'polymarket', 'predictfun'],
    })),
  doc('predictit', 'quokka-sanctuary', 'Quokka sanctuary opens?', { category: 'nature', volume: 1 }),

  // unicode, accents, punctuation
  doc('polymarket', '0xzurich', "Will Zürich's mayor resign?", { category: 'politics' }),
  doc('kalshi', 'SP500-6000', 'S&P 500 above 6,000 by Friday?', { category: 'finance', volume: 3000 }),
  doc('manifold', 'pokemon', 'Pokémon Legends sells 10M copies?', { category: 'culture' }),
  doc('manifold', 'moscow', 'Москва примет саммит в 2026 году?', { category: 'politics' }),
  doc('polymarket', '0xrocket', '🚀 Starship reaches orbit in 2026?', { category: 'science', volume: 2000 }),
  doc('kalshi', 'CPI-Q', 'U.S. CPI above 3% (YoY) in Q3?', { category: 'economics' }),

  // queries as people type them (widened search): the right market among look-alikes that share
  // fewer of the query's content words, some of them far more traded
  doc('polymarket', 'fields-traded', 'Will Justin Fields be traded to another NFL team?', { category: 'football', volume: 200 }),
  doc('polymarket', 'fields-bears', 'Will Justin Fields remain on the Bears?', { category: 'football', volume: 90_000 }),
  doc('kalshi', 'team-usa-medals', 'Team USA tops the medal table?', { category: 'olympics', volume: 80_000 }),
  doc('polymarket', 'gta-delay', 'GTA VI delay announced before November?', { category: 'games', volume: 300 }),
  doc('polymarket', 'gta-price', 'Will GTA 6 cost $100+?', { category: 'games', volume: 70_000 }),
  doc('manifold', 'musk-mars', 'Will Elon Musk land on Mars by 2030?', { category: 'space', volume: 100 }),
  doc('polymarket', 'musk-tweets', 'Will Elon Musk tweet 500 times this week?', { category: 'space', volume: 900_000 }),
  doc('kalshi', 'mars-sample', 'NASA Mars sample return funded?', { category: 'space', volume: 50_000 }),
  doc('polymarket', 'maxwell-pardon', 'Will Trump pardon Ghislaine Maxwell?', { category: 'legal', volume: 400 }),
  doc('polymarket', 'sbf-pardon', 'Will Trump pardon Sam Bankman-Fried?', { category: 'legal', volume: 600_000 }),
  doc('kalshi', 'maxwell-release', 'Ghislaine Maxwell released from prison in 2025?', { category: 'legal', volume: 800_000 }),
  doc('manifold', 'rambo-movie', 'Next Rambo movie released by 2027?', { category: 'movies', volume: 10 }),
  doc('manifold', 'next-bond', 'Next James Bond actor announced in 2026?', { category: 'movies', volume: 20_000 }),

  // a family for pagination: 23 markets that all match "election"
  ...Array.from({ length: 23 }, (_, i) =>
    doc(['kalshi', 'polymarket', 'manifold', 'predictit'][i % 4], `election-${String(i).padStart(2, '0')}`,
      `Election ${2000 + i} turnout above ${40 + i}%?`, {
        category: 'politics',
        closed: i % 3 === 0,
        // some volumes tie and some are missing, to test the sort tie-breaker and nulls last
        volume: i % 5 === 0 ? null : 100 * (i % 7),
        close_time: i % 6 === 0 ? null : `2026-0${1 + (i % 9)}-15T00:00:00.000Z`,
      })),

  // open first: last season's resolved final, traded a million times more, and this season's open one
  doc('polymarket', '0xsb-last-season', 'Super Bowl LIX champion?', { closed: true, status: 'resolved', volume: 80_000_000, category: 'sports' }),
  doc('kalshi', 'SB-THIS-SEASON', 'Super Bowl LX champion?', { volume: 20, category: 'sports' }),
];

export const CORPUS_SIZE = CORPUS.length;

/**
 * Ladders for collapsed searches (added after the contract's other tests): a Kalshi strike ladder of
 * eight markets in one event, PredictIt's four brackets of one event, and two markets with no event.
 */
export const LADDERS: MarketSearchDoc[] = [
  ...Array.from({ length: 8 }, (_, i) =>
    doc('kalshi', `KXZINC-26DEC-T${2000 + 200 * i}`, `Zinc above $${2000 + 200 * i} on Dec 31?`, {
      event_id: 'KXZINC-26DEC', category: 'finance', volume: 100 * (i + 1),
      svc_id: i === 3 ? 'svc_zzzzzzzzzzzz' : null, cluster_exchanges: i === 3 ? ['kalshi', 'polymarket'] : ['kalshi'],
    })),
  ...Array.from({ length: 4 }, (_, i) =>
    doc('predictit', `zinc-bracket-${i}`, `Zinc price bracket ${i + 1} at year end?`, { event_id: '9001', category: 'finance', volume: 50 })),
  doc('polymarket', '0xzinc-2600', 'Zinc above $2600 on Dec 31?', {
    category: 'finance', volume: 10, svc_id: 'svc_zzzzzzzzzzzz', cluster_exchanges: ['kalshi', 'polymarket'],
  }),
  doc('manifold', 'zinc-mine', 'Zinc mine reopens in 2026?', { category: 'finance', volume: 5 }),
];

/**
 * One question of three seasons: last season's resolved markets (one of them, the 2021-22 edition,
 * with less volume than any open one) and this season's open ones, with far more volume.
 */
export const SEASONS: MarketSearchDoc[] = [
  doc('polymarket', '0xquidditch-2122-a', 'Will the Harpies win the 2021-22 Quidditch Cup?', { closed: true, status: 'resolved', close_time: '2022-06-20T00:00:00.000Z', volume: 3000 }),
  doc('polymarket', '0xquidditch-2122-b', 'Will the Tornados win the 2021-22 Quidditch Cup?', { closed: true, status: 'resolved', close_time: '2022-06-20T00:00:00.000Z', volume: 800 }),
  doc('polymarket', '0xquidditch-2024', 'Will the Harpies win the 2024 Quidditch Cup?', { closed: true, status: 'resolved', close_time: '2024-06-20T00:00:00.000Z', volume: 90_000 }),
  ...['Harpies', 'Tornados', 'Falcons', 'Magpies'].map((team, i) =>
    doc('polymarket', `0xquidditch-2026-${i}`, `Will the ${team} win the 2026 Quidditch Cup?`, { close_time: '2026-06-30T00:00:00.000Z', volume: 1_000_000 * (i + 1) })),
];
