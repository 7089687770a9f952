/**
 * Opinion's order client (EXCHANGES.md §6.1, §6.4): the caller's Safe order is checked under the
 * quote token's CTF exchange (`ctfExchangeAddress` of GET /quoteToken) before it is posted with the
 * stored API key (header `apikey`). Envelope `{errno, errmsg, result}`: errno 0 is success.
 *
 * Positions: `GET /positions/user/{walletAddress}` (docs.opinion.trade, Opinion Open API, Position
 * "Get user positions"; header `apikey`), `page` (from 1) and `limit` (at most 20), result `{total,
 * list: [PositionData]}` with `marketId, marketTitle, outcome, outcomeSide (1 yes, 2 no), tokenId,
 * sharesOwned, sharesFrozen, avgEntryPrice, currentValueInQuoteToken (shares x current price),
 * unrealizedPnl, quoteToken`, numbers as decimal strings in display units. The wallet asked for is
 * the Safe (`multi_sig_addr`): every Opinion order's maker, so the one holding the outcome tokens.
 * Balances: `GET /user/balance?chainId=56` with the API key (the official Python SDK's
 * `get_my_balances`, "uses authenticated user from apikey": generated operation
 * `openapi_user_balance_get` with `chain_id`), each entry the docs' QuoteTokenBalance model
 * `{quoteToken, tokenDecimals, totalBalance, availableBalance, frozenBalance}` (display units). The
 * list's field name is not in the published docs: `balances` (what SDK users read) or `list`.
 * Quote-token amounts are USDT, counted as USD (CONTRACT.md's money unit) at par.
 */
import { IncompleteCredentialsError, num, ctfVenueOrderState, VenueCallError, venueCall, type Credentials, type TradingClient, type TradingClientConfig, type VenueBalance, type VenuePosition } from '../trading.js';
import { BNB_CHAIN_ID, OPINION_DECIMALS, verifyOpinionOrder } from './signing.js';

/** The documented page size maximum of Opinion's lists, and how many pages a read follows. */
const PAGE = 20;
const MAX_PAGES = 50;
/** Quote tokens by address (BNB Chain), for a balance's currency; an unknown one keeps its address. */
const QUOTE_TOKENS: Record<string, string> = { '0x55d398326f99059ff775485246999027b3197955': 'USDT' };

interface OpinionPositionWire {
  marketId: number | string;
  tokenId: string;
  sharesOwned?: string;
  avgEntryPrice?: string;
  currentValueInQuoteToken?: string;
}

interface OpinionBalanceWire {
  quoteToken?: string;
  totalBalance?: string;
  availableBalance?: string;
}

export function opinionPosition(p: OpinionPositionWire): VenuePosition {
  return { market_id: String(p.marketId), outcome: String(p.tokenId), size: num(p.sharesOwned) ?? 0, avg_price: num(p.avgEntryPrice), value: num(p.currentValueInQuoteToken) };
}

export function opinionBalance(b: OpinionBalanceWire): VenueBalance {
  const token = String(b.quoteToken ?? '');
  return { currency: QUOTE_TOKENS[token.toLowerCase()] ?? token, available: num(b.availableBalance) ?? 0, total: num(b.totalBalance) };
}

export function createOpinionTradingClient(cfg: TradingClientConfig): TradingClient {
  const base = cfg.baseUrls.rest.replace(/\/$/, '');
  const now = cfg.now ?? Date.now;
  const scale = 10 ** OPINION_DECIMALS;
  const call = async (creds: Credentials | null, method: string, path: string, body?: unknown): Promise<Record<string, unknown>> => {
    const res = await venueCall('opinion', base + path, { method, headers: creds?.api_key ? { apikey: String(creds.api_key) } : {}, body: body === undefined ? undefined : JSON.stringify(body), timeoutMs: cfg.timeoutMs });
    const env = (res.body ?? {}) as { errno?: number; code?: number; errmsg?: string; msg?: string; result?: Record<string, unknown> };
    const errno = env.errno ?? env.code ?? 0;
    if (errno !== 0) throw new VenueCallError('opinion', 'rejected', env.errmsg ?? env.msg ?? `errno ${errno}`);
    return env.result ?? {};
  };

  return {
    exchange: 'opinion',
    async verifySignedOrder(signed, order, creds) {
      const quote = await call(creds, 'GET', '/quoteToken');
      const list = (quote.list as Record<string, unknown>[] | undefined) ?? [];
      const exchange = list.map((q) => q.ctfExchangeAddress).find((a): a is string => typeof a === 'string');
      if (!exchange) throw new VenueCallError('opinion', 'unavailable', 'opinion named no CTF exchange for its quote token');
      return verifyOpinionOrder(signed, { outcome: order.outcome }, exchange, creds?.multi_sig_addr ? String(creds.multi_sig_addr) : null, Math.floor(now() / 1000));
    },
    async place(creds, order) {
      const s = order.signedOrder!;
      const body = { ...s, topicId: Number(order.marketId), price: order.price === null ? '0' : String(order.price), tradingMethod: order.type === 'market' ? 1 : 2, side: Number(s.side) === 0 ? 1 : 2, timestamp: Math.floor(Date.now() / 1000) };
      const res = await call(creds, 'POST', '/order', body);
      return ctfVenueOrderState((res.orderData as Record<string, unknown>) ?? res, order.clientId, scale);
    },
    async get(creds, id) {
      const res = await call(creds, 'GET', `/order/${encodeURIComponent(id)}`);
      return ctfVenueOrderState((res.orderData as Record<string, unknown>) ?? res, id, scale);
    },
    async findByClientId() {
      // Opinion's order list carries no client id or salt to match a pending order by.
      return null;
    },
    async cancel(creds, id) {
      await call(creds, 'POST', '/order/cancel', { orderId: id });
      const res = await call(creds, 'GET', `/order/${encodeURIComponent(id)}`);
      return ctfVenueOrderState((res.orderData as Record<string, unknown>) ?? res, id, scale);
    },
    async positions(creds) {
      const wallet = typeof creds.multi_sig_addr === 'string' ? creds.multi_sig_addr : '';
      if (!wallet) throw new IncompleteCredentialsError('opinion', 'multi_sig_addr: opinion positions are held by your Safe; store its address as multi_sig_addr with your opinion credentials');
      const out: VenuePosition[] = [];
      for (let page = 1; page <= MAX_PAGES; page++) {
        const res = await call(creds, 'GET', `/positions/user/${encodeURIComponent(wallet)}?page=${page}&limit=${PAGE}`);
        const list = (res.list as OpinionPositionWire[] | undefined) ?? [];
        out.push(...list.map(opinionPosition).filter((p) => p.size > 0));
        if (list.length < PAGE || page * PAGE >= (num(res.total) ?? 0)) break;
      }
      return out;
    },
    async balances(creds) {
      const res = await call(creds, 'GET', `/user/balance?chainId=${BNB_CHAIN_ID}`);
      const data = (res.data as Record<string, unknown> | undefined) ?? res;
      const list = (data.balances ?? data.list ?? []) as OpinionBalanceWire[];
      return list.map(opinionBalance);
    },
  };
}
