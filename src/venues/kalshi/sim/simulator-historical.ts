/**
 * The Kalshi simulator's historical tier. Kalshi splits its data at cutoff timestamps (`GET
 * /historical/cutoff`: `trades_created_ts`, `market_settled_ts`, `orders_updated_ts`): trades created
 * before the trades cutoff are served only by `GET /historical/trades`, markets settled before the
 * market cutoff only by `GET /historical/markets`. Here the cutoff is 90 days before the simulator
 * started (so the live tier, the last day of activity, is untouched), and the historical tier holds a
 * few days of deterministic trades before it: of one live combo market, and of two markets settled
 * before the cutoff (a combo and a plain one) that only `/historical/markets` lists.
 */
import { createRng, stableUuid } from '../../../sim/rng.js';
import { intParam, json, type SimServer, type SimResponse } from '../../../sim/server.js';
import type { KalshiMarketWire } from '../normalise.js';
import { kalshiMarketWire } from './seed.js';

const DAY = 86_400_000;
const kalshiError = (status: number, code: string, message: string): SimResponse => ({ status, body: { error: { code, message, service: 'exchange' } } });

interface HistTrade {
  trade_id: string;
  ticker: string;
  yes_price_dollars: string;
  no_price_dollars: string;
  count_fp: string;
  taker_side: 'yes' | 'no';
  taker_outcome_side: 'yes' | 'no';
  taker_book_side: 'bid' | 'ask';
  created_time: string;
  is_block_trade: boolean;
}

/** Markets settled before the cutoff, in the venue's wire format. */
function archivedMarkets(cutoff: number, liveMarkets: KalshiMarketWire[]): KalshiMarketWire[] {
  const leg = (prefix: string, side: 'yes' | 'no') => {
    const m = liveMarkets.find((x) => x.ticker.startsWith(prefix));
    return m ? [{ event_ticker: m.event_ticker, market_ticker: m.ticker, side }] : [];
  };
  const settled = (ticker: string, title: string, mve?: NonNullable<Parameters<typeof kalshiMarketWire>[0]['mve']>) =>
    kalshiMarketWire(
      { ticker, event_ticker: ticker.slice(0, ticker.lastIndexOf('-')), title, rules: '', open: new Date(cutoff - 30 * DAY).toISOString(), close: new Date(cutoff - 2 * DAY).toISOString(), yes: 0.2, volume: 500, volume24h: 0, status: 'finalized', result: 'no', mve },
      cutoff,
    );
  return [
    settled('KXMVECROSSCATEGORY-S2026OLD001-AA111', 'yes Democrats win House,no Fed cuts in December', { collection: 'KXMVECROSSCATEGORY-R', legs: [...leg('KXUSHOUSE2026D-', 'yes'), ...leg('KXFEDCUTDEC202-', 'no')] }),
    settled('KXOLDWEATHER-25JUN01-T80', 'Will the high temp in NYC be >80° on Jun 1?'),
  ];
}

export function registerKalshiHistorical(server: SimServer, opts: { prefix: string; liveMarkets: () => KalshiMarketWire[]; now?: () => number }): void {
  const cutoff = (opts.now ?? Date.now)() - 90 * DAY;
  const iso = (ms: number) => new Date(ms).toISOString();
  const archived = archivedMarkets(cutoff, opts.liveMarkets());
  const liveCombo = opts.liveMarkets().find((m) => m.mve_collection_ticker);
  // Trades of the three days before the cutoff, newest first.
  const trades: HistTrade[] = [...archived, ...(liveCombo ? [liveCombo] : [])]
    .flatMap((m) => {
      const r = createRng(`kalshi-historical:${m.ticker}`);
      return Array.from({ length: r.int(4, 9) }, (_, k) => {
        const price = r.int(5, 60) / 100;
        const side = r.chance(0.5) ? ('yes' as const) : ('no' as const);
        return {
          trade_id: stableUuid(`historical:${m.ticker}:${k}`), ticker: m.ticker, yes_price_dollars: price.toFixed(4), no_price_dollars: (1 - price).toFixed(4), count_fp: `${r.int(1, 40)}.00`,
          // One direction bit, two vocabularies: yes ≡ bid, no ≡ ask.
          taker_side: side, taker_outcome_side: side, taker_book_side: side === 'yes' ? ('bid' as const) : ('ask' as const), created_time: iso(cutoff - r.int(60, 3 * 86_400) * 1000), is_block_trade: false,
        };
      });
    })
    .sort((a, b) => b.created_time.localeCompare(a.created_time));

  const offsetOf = (c: string | null): number | null => {
    if (!c) return 0;
    const n = Number(c);
    return Number.isInteger(n) && n >= 0 ? n : null;
  };

  server.get(`${opts.prefix}/historical/cutoff`, () => json({ market_settled_ts: iso(cutoff), trades_created_ts: iso(cutoff), orders_updated_ts: iso(cutoff) }));

  server.get(`${opts.prefix}/historical/trades`, (req) => {
    const q = req.query;
    const limit = intParam(q, 'limit', 100, 1000);
    const offset = offsetOf(q.get('cursor'));
    if (offset === null) return kalshiError(400, 'invalid_cursor', 'invalid cursor');
    const ticker = q.get('ticker');
    const min = q.get('min_ts') ? Number(q.get('min_ts')) * 1000 : -Infinity;
    const max = q.get('max_ts') ? Number(q.get('max_ts')) * 1000 : Infinity;
    const list = trades.filter((t) => (!ticker || t.ticker === ticker) && Date.parse(t.created_time) >= min && Date.parse(t.created_time) <= max);
    return json({ trades: list.slice(offset, offset + limit), cursor: offset + limit < list.length ? String(offset + limit) : '' });
  });

  server.get(`${opts.prefix}/historical/markets`, (req) => {
    const q = req.query;
    const limit = intParam(q, 'limit', 100, 1000);
    const offset = offsetOf(q.get('cursor'));
    if (offset === null) return kalshiError(400, 'invalid_cursor', 'invalid cursor');
    const tickers = q.get('tickers');
    const list = tickers ? archived.filter((m) => tickers.split(',').includes(m.ticker)) : archived;
    return json({ markets: list.slice(offset, offset + limit), cursor: offset + limit < list.length ? String(offset + limit) : '' });
  });
}
