/**
 * The Kalshi simulator's member endpoints for recorded-data reads: RFQs (`GET /communications/rfqs`,
 * `GET /communications/rfqs/{rfq_id}`), which the venue serves only to a signed member request. The
 * simulator accepts its test key (`KALSHI_SIM_TEST_KEY_ID`, any RSA key: the signature headers must be
 * present, they are not verified) and answers 401 otherwise, as the venue does. RFQs are generated
 * deterministically for every active market: three per market over the last three days, newest first.
 */
import { stableUuid } from '../../../sim/rng.js';
import { intParam, json, type SimServer, type SimResponse } from '../../../sim/server.js';
import { KALSHI_SIM_TEST_KEY_ID } from '../rfqs.js';

const kalshiError = (status: number, code: string, message: string): SimResponse => ({ status, body: { error: { code, message, service: 'exchange' } } });

interface RfqWire {
  id: string;
  creator_id: string;
  market_ticker: string;
  contracts_fp: string;
  target_cost_dollars: string | null;
  status: 'open' | 'closed';
  rest_remainder: boolean;
  created_ts: string;
  updated_ts: string;
  mve_collection_ticker?: string;
  mve_selected_legs?: { event_ticker: string; market_ticker: string; side: string }[];
}

export function registerKalshiMemberHistory(server: SimServer, opts: { prefix: string; tickers: () => string[]; now?: () => number }): void {
  const now = opts.now ?? Date.now;
  const rfqs = (only?: string): RfqWire[] => {
    const hour = 3_600_000;
    const t0 = Math.floor(now() / hour) * hour;
    const out: RfqWire[] = [];
    opts.tickers().forEach((ticker, i) => {
      if (only && ticker !== only) return;
      for (let k = 0; k < 3; k++) {
        const created = t0 - ((i % 20) * 3 + k * 24 + 1) * hour;
        out.push({
          id: stableUuid(`rfq:${ticker}:${k}`), creator_id: stableUuid(`member:${i % 4}`), market_ticker: ticker, contracts_fp: `${(k + 1) * 100}.00`, target_cost_dollars: null,
          status: k === 0 ? 'open' : 'closed', rest_remainder: k % 2 === 0, created_ts: new Date(created).toISOString(), updated_ts: new Date(created + 60_000).toISOString(),
        });
      }
    });
    return out.sort((a, b) => b.created_ts.localeCompare(a.created_ts));
  };
  const signed = (headers: Record<string, string | string[] | undefined>): boolean =>
    headers['kalshi-access-key'] === KALSHI_SIM_TEST_KEY_ID && !!headers['kalshi-access-signature'] && !!headers['kalshi-access-timestamp'];
  server.get(`${opts.prefix}/communications/rfqs`, (req) => {
    if (!signed(req.headers)) return kalshiError(401, 'authentication_error', 'authentication required');
    const limit = intParam(req.query, 'limit', 100, 100);
    const market = req.query.get('market_ticker');
    let list = rfqs(market ?? undefined);
    const status = req.query.get('status');
    if (status) list = list.filter((r) => r.status === status);
    const offset = Number(req.query.get('cursor') || 0);
    if (!Number.isInteger(offset) || offset < 0) return kalshiError(400, 'invalid_cursor', 'invalid cursor');
    const page = list.slice(offset, offset + limit);
    return json({ rfqs: page, cursor: offset + limit < list.length ? String(offset + limit) : '' });
  });
  server.get(`${opts.prefix}/communications/rfqs/:rfq_id`, (req) => {
    if (!signed(req.headers)) return kalshiError(401, 'authentication_error', 'authentication required');
    const r = rfqs().find((x) => x.id === req.params.rfq_id);
    return r ? json({ rfq: r }) : kalshiError(404, 'not_found', 'rfq not found');
  });
}
