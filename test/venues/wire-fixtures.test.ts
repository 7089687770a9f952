// The wire schemas against recorded payloads: our per-endpoint fixtures (src/venues/<code>/fixtures,
// which the normaliser tests run through) must fit the schemas taken from the venues' specs and SDKs,
// and so must the payloads other projects recorded from the live APIs (../shared/data/fixtures,
// skipped when absent). A schema that refuses a real payload is wrong, not the venue.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';
import { fixture } from './fixture.js';
import zlib from 'node:zlib';
import * as futuur from '../../src/venues/futuur/wire.js';
import * as limitless from '../../src/venues/limitless/wire.js';
import * as manifold from '../../src/venues/manifold/wire.js';
import * as predictit from '../../src/venues/predictit/wire.js';
import * as opinion from '../../src/venues/opinion/wire.js';
import * as polymarket from '../../src/venues/polymarket/wire.js';
import * as predictfun from '../../src/venues/predictfun/wire.js';

const fits = (schema: z.ZodType, payload: unknown, what: string) => {
  const r = schema.safeParse(payload);
  assert.ok(r.success, `${what}: ${r.success ? '' : r.error.issues.slice(0, 3).map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
};

const OURS: [string, string, z.ZodType][] = [
  ['polymarket', 'gamma_markets_keyset.json', polymarket.GammaMarketsKeysetSchema],
  ['polymarket', 'gamma_events_keyset.json', polymarket.GammaEventsKeysetSchema],
  ['polymarket', 'clob_book.json', polymarket.ClobBookSchema],
  ['polymarket', 'prices_history.json', polymarket.ClobPriceHistorySchema],
  ['polymarket', 'data_trades.json', polymarket.DataApiTradesSchema],
  ['polymarket', 'ws_book.json', polymarket.WsMarketMessageSchema],
  ['polymarket', 'ws_price_change.json', polymarket.WsMarketMessageSchema],
  ['polymarket', 'ws_last_trade_price.json', polymarket.WsMarketMessageSchema],
  ['opinion', 'market_list.json', opinion.OpinionMarketListSchema],
  ['opinion', 'orderbook.json', opinion.OpinionOrderbookSchema],
  ['opinion', 'latest_price_no.json', opinion.OpinionLatestPriceSchema],
  ['opinion', 'price_history.json', opinion.OpinionPriceHistorySchema],
  ['limitless', 'active_page.json', limitless.LimitlessActivePageSchema],
  ['limitless', 'orderbook.json', limitless.LimitlessOrderbookSchema],
  ['limitless', 'events_page.json', limitless.LimitlessEventsPageSchema],
  ['limitless', 'historical_price.json', limitless.LimitlessHistorySchema],
  ['limitless', 'market_resolved.json', limitless.LimitlessMarketSchema],
  ['predictfun', 'markets_page.json', predictfun.PredictMarketsPageSchema],
  ['predictfun', 'orderbook.json', predictfun.PredictOrderbookSchema],
  ['predictfun', 'orderbook_objects.json', predictfun.PredictOrderbookSchema],
  ['predictfun', 'stats.json', predictfun.PredictStatsSchema],
  ['manifold', 'markets-lite.json', manifold.ManifoldMarketsSchema],
  ['manifold', 'bets.json', manifold.ManifoldBetsSchema],
  ['predictit', 'marketdata-all.json', predictit.PredictItAllSchema],
  ['predictit', 'chart-8103.json', predictit.PredictItChartSchema],
  ['futuur', 'events_page.json', futuur.FutuurEventsPageSchema],
  ['futuur', 'event_resolved.json', futuur.FutuurEventSchema],
  ['futuur', 'book.json', futuur.FutuurBookSchema],
  ['futuur', 'price_history.json', futuur.FutuurPriceHistorySchema],
  ['futuur', 'actions_page.json', futuur.FutuurActionsPageSchema],
  ['polymarket', 'clob_order.json', polymarket.ClobOrderSchema],
  ['polymarket', 'clob_trades.json', polymarket.ClobTradesPageSchema],
];

const here = path.dirname(fileURLToPath(import.meta.url));
const SHARED = path.resolve(here, '../../../shared/data/fixtures');
/** Recorded by nautilus_trader from the live APIs (file name under fixtures/polymarket, schema). */
const RECORDED: [string, z.ZodType][] = [
  ['nautilus_trader__crates__adapters__polymarket__test_data__clob_book_response.json', polymarket.ClobBookSchema],
  ['nautilus_trader__crates__adapters__polymarket__test_data__gamma_market_live.json', polymarket.GammaMarketSchema],
  ['nautilus_trader__crates__adapters__polymarket__test_data__gamma_event.json', polymarket.GammaEventSchema],
  ['nautilus_trader__crates__adapters__polymarket__test_data__data_api_trades_response.json', polymarket.DataApiTradesSchema],
  ['nautilus_trader__crates__adapters__polymarket__test_data__ws_market_book_msg.json', polymarket.WsMarketMessageSchema],
  ['nautilus_trader__crates__adapters__polymarket__test_data__ws_market_price_change_msg.json', polymarket.WsMarketMessageSchema],
  ['nautilus_trader__crates__adapters__polymarket__test_data__ws_market_last_trade_msg.json', polymarket.WsMarketMessageSchema],
  // A user's trade as the live API sent it (the Trade of GET /data/trades).
  ['nautilus_trader__tests__integration_tests__adapters__polymarket__resources__ws_messages__trades.json', polymarket.ClobTradeSchema],
];

describe('wire schemas against recorded payloads', () => {
  for (const [venue, file, schema] of OURS) {
    it(`${venue}/${file} fits the venue's wire schema`, () => {
      const payload = fixture(venue, file) as unknown;
      for (const [i, item] of (Array.isArray(payload) && file.startsWith('ws_') ? payload : [payload]).entries()) fits(schema, item, `${file}[${i}]`);
    });
  }

  for (const [file, schema] of RECORDED) {
    it(`recorded ${file.replace(/^.*test_data__/, '')} fits polymarket's wire schema`, function () {
      const full = path.join(SHARED, 'polymarket', file);
      if (!fs.existsSync(full)) return this.skip(); // ../shared/data is not in every checkout
      const payload = JSON.parse(fs.readFileSync(full, 'utf8')) as unknown;
      // A list endpoint's recording (Gamma's /events answers an array) holds one object per item.
      const items = Array.isArray(payload) && schema !== polymarket.DataApiTradesSchema ? payload : [payload];
      items.forEach((item, i) => fits(schema, item, `${file}[${i}]`));
    });
  }

  for (const [file, schema] of [['manifold/markets.jsonl.gz', manifold.ManifoldLiteMarketSchema], ['predictit/markets.jsonl.gz', predictit.PredictItMarketSchema]] as const) {
    it(`recorded ${file} (every record) fits the venue's wire schema`, function () {
      const full = path.resolve(SHARED, '../markets', file);
      if (!fs.existsSync(full)) return this.skip(); // ../shared/data is not in every checkout
      const lines = zlib.gunzipSync(fs.readFileSync(full)).toString('utf8').split('\n').filter(Boolean);
      lines.forEach((line, i) => fits(schema, JSON.parse(line), `${file}:${i + 1}`));
    });
  }

  it('refuses what the venue never sends: a lower-case trade side on the Data API', () => {
    const [trade] = fixture('polymarket', 'data_trades.json') as Record<string, unknown>[];
    assert.equal(polymarket.DataApiTradesSchema.safeParse([{ ...trade, side: 'buy' }]).success, false);
  });
});
