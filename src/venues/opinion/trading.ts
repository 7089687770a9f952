/**
 * Opinion's order client (docs/venue-notes.md §5.1, §5.3): the caller's Safe order is checked under the
 * quote token's CTF exchange (`ctfExchangeAddress` of GET /quoteToken) before it is posted with the
 * stored API key (header `apikey`). Envelope `{errno, errmsg, result}` or `{code, msg, result}`: 0 is
 * success. Every answer read is checked against the wire schemas of opinion/wire.ts (the venue's
 * generated OpenAPI client and docs; differences go to the drift log).
 *
 * Positions: `GET /positions/user/{walletAddress}` (docs.opinion.trade, Opinion Open API, Position
 * "Get user positions"; header `apikey`), `page` (from 1) and `limit` (at most 20), result `{total,
 * list: [PositionData]}` with `marketId, marketTitle, outcome, outcomeSide (1 yes, 2 no), tokenId,
 * sharesOwned, sharesFrozen, avgEntryPrice, currentValueInQuoteToken (shares x current price),
 * unrealizedPnl, quoteToken`, numbers as decimal strings in display units. The wallet asked for is
 * the Safe (`multi_sig_addr`): every Opinion order's maker, so the one holding the outcome tokens.
 * Balances: `GET /user/balance?chain_id=56` with the API key (the official SDKs' getMyBalances,
 * "uses authenticated user from apikey"; the generated client names the query `chain_id`), result
 * `{walletAddress, multiSignAddress, chainId, balances: [QuoteTokenBalance]}`, each `{quoteToken,
 * tokenDecimals, totalBalance, availableBalance, frozenBalance}` (display units); a list under `list`
 * is read too.
 * Quote-token amounts are USDT, counted as USD (docs/api-contract.md §2's money unit) at par.
 *
 * Orders and their fills: `GET /order/{orderId}` (docs.opinion.trade, Opinion Open API, Order "Get
 * order detail"; the placement answer's `orderData` is the same record) answers `result.orderData`,
 * the docs' OrderData model, "list item or detail; detail includes trades": `orderId, status (1
 * pending, 2 filled, 3 canceled, 4 expired, 5 failed), statusEnum (Pending, Finished, Canceled,
 * Expired, Failed), marketId, side, sideEnum, tradingMethod, price, orderShares, orderAmount,
 * filledShares, filledAmount, createdAt (unix s)`, numbers as decimal strings in display units (the
 * ccxt opinion client reads the same fields: filled = filledShares, cost = filledAmount). The detail's
 * `trades` are the order's fills in the shape of the docs' trade model (Trade "Get user trades",
 * `GET /trade/user/{walletAddress}`: `txHash, marketId, side, outcome, outcomeSide, price, shares,
 * amount, fee, createdAt`; for one's own trades also `orderNo` and `tradeNo`, which the docs say are
 * hidden only when reading other users' trades). A fill's id is its `tradeNo`, else its `txHash`; its
 * price is that of the order's own outcome token, as the order's. Its fee is `feeFormatted` (display
 * units): the generated client's TradeData `fee` is a number the SDK does not read for the fee.
 */
import { averageFillPrice, IncompleteCredentialsError, isoTime, num, SignedOrderError, VenueCallError, venueCall, type Credentials, type TradingClient, type TradingClientConfig, type VenueBalance, type VenueFill, type VenueOrderState, type VenuePosition } from '../trading.js';
import { ctfOrderAmounts, ctfV1OrderMessage, orderExpiration, requireAddress, signedPrice, SIGNATURE_TYPE } from '../ctf-order.js';
import { BNB_CHAIN_ID, OPINION_DECIMALS, opinionOrderTypedData, verifyOpinionOrder } from './signing.js';
import { checkWire } from '../wire.js';
import { OpinionBalanceSchema, OpinionCancelSchema, OpinionMarketDetailSchema, OpinionOrderSchema, OpinionPositionsSchema, OpinionQuoteTokensSchema, readOpinionEnvelope } from './wire.js';
import type { z } from 'zod';

/** The documented page size maximum of Opinion's lists, and how many pages a read follows. */
const PAGE = 20;
const MAX_PAGES = 50;
/** Quote tokens by address (BNB Chain), for a balance's currency; an unknown one keeps its address. */
const QUOTE_TOKENS: Record<string, string> = { '0x55d398326f99059ff775485246999027b3197955': 'USDT' };

interface OpinionPositionWire {
  marketId: number | string;
  tokenId: string;
  /** 1 yes, 2 no. */
  outcomeSide?: number;
  sharesOwned?: string;
  avgEntryPrice?: string;
  currentValueInQuoteToken?: string;
}

interface OpinionBalanceWire {
  quoteToken?: string;
  totalBalance?: string;
  availableBalance?: string;
}

interface OpinionTradeWire {
  tradeNo?: string | number;
  txHash?: string;
  price?: string | number;
  shares?: string | number;
  /** A number in the spec (its unit unstated): only a display string is read as the fee. */
  fee?: string | number | null;
  /** The fee in display units (the SDK reads this one). */
  feeFormatted?: string;
  createdAt?: number | string;
}

/** A trade's fee in the quote token: `feeFormatted`, else a `fee` given as a display string; a numeric `fee` is not in display units. */
function opinionTradeFee(t: OpinionTradeWire): number | null {
  return num(t.feeFormatted) ?? (typeof t.fee === 'string' ? num(t.fee) : null);
}

const OPINION_STATUS: Record<string, VenueOrderState['status'] | 'pending'> = {
  '1': 'pending', pending: 'pending',
  '2': 'filled', finished: 'filled', filled: 'filled',
  '3': 'cancelled', canceled: 'cancelled', cancelled: 'cancelled',
  '4': 'expired', expired: 'expired',
  // Failed: the match did not settle on chain; nothing more will fill.
  '5': 'cancelled', failed: 'cancelled',
};

/** An Opinion OrderData record (with its `trades`, from the detail) in unified terms. */
export function opinionOrderState(o: Record<string, unknown>, fallbackId: string, now = () => new Date().toISOString()): VenueOrderState {
  const fills: VenueFill[] = ((Array.isArray(o.trades) ? o.trades : []) as OpinionTradeWire[])
    .map((t) => ({ id: String(t.tradeNo ?? t.txHash ?? ''), price: num(t.price) ?? 0, size: num(t.shares) ?? 0, fee: opinionTradeFee(t), at: isoTime(t.createdAt, now()) }))
    .filter((f) => f.id && f.size > 0);
  const filled = num(o.filledShares) ?? fills.reduce((n, f) => n + f.size, 0);
  const cost = num(o.filledAmount);
  const word = OPINION_STATUS[String(o.status ?? '').toLowerCase()] ?? OPINION_STATUS[String(o.statusEnum ?? '').toLowerCase()] ?? 'pending';
  const status: VenueOrderState['status'] = word === 'pending' ? (filled > 0 ? 'partially_filled' : 'open') : word;
  // The fills when they account for the whole filled size; else the venue's own totals.
  const listed = fills.reduce((n, f) => n + f.size, 0);
  const avg = fills.length && Math.abs(listed - filled) < 1e-9 ? averageFillPrice(fills) : filled > 0 && cost !== null ? Math.round((cost / filled) * 1e6) / 1e6 : null;
  return { exchangeOrderId: String(o.orderId ?? o.transNo ?? fallbackId), status, filledSize: filled, avgFillPrice: avg, fills };
}

export function opinionPosition(p: OpinionPositionWire): VenuePosition {
  const side = p.outcomeSide === 1 ? 'yes' : p.outcomeSide === 2 ? 'no' : null;
  return { market_id: String(p.marketId), outcome: side ?? String(p.tokenId), venue_outcome: String(p.tokenId), size: num(p.sharesOwned) ?? 0, avg_price: num(p.avgEntryPrice), value: num(p.currentValueInQuoteToken) };
}

export function opinionBalance(b: OpinionBalanceWire): VenueBalance {
  const token = String(b.quoteToken ?? '');
  return { currency: QUOTE_TOKENS[token.toLowerCase()] ?? token, available: num(b.availableBalance) ?? 0, total: num(b.totalBalance) };
}

/** The CTF exchange of `GET /quoteToken`'s result (`list[].ctfExchangeAddress`), or null when it names none. */
export function opinionCtfExchangeOf(result: Record<string, unknown>): string | null {
  const list = (result.list as Record<string, unknown>[] | undefined) ?? [];
  return list.map((q) => q.ctfExchangeAddress).find((a): a is string => typeof a === 'string') ?? null;
}

/** The balances of `GET /user/balance`'s result: under `balances` (what SDK users read) or `list`, at the top or under `data`. */
export function opinionBalancesOf(result: Record<string, unknown>): VenueBalance[] {
  const data = (result.data as Record<string, unknown> | undefined) ?? result;
  return ((data.balances ?? data.list ?? []) as OpinionBalanceWire[]).map(opinionBalance);
}

export function createOpinionTradingClient(cfg: TradingClientConfig): TradingClient {
  const base = cfg.baseUrls.rest.replace(/\/$/, '');
  const now = cfg.now ?? Date.now;
  /**
   * The result of a call; a successful answer is checked against its wire schema (opinion/wire.ts),
   * a difference noted in the drift log and the answer read as it is.
   */
  const call = async (creds: Credentials | null, method: string, path: string, wire: { endpoint: string; schema: z.ZodType }, body?: unknown): Promise<Record<string, unknown>> => {
    const res = await venueCall('opinion', base + path, { method, headers: creds?.api_key ? { apikey: String(creds.api_key) } : {}, body: body === undefined ? undefined : JSON.stringify(body), timeoutMs: cfg.timeoutMs });
    const env = readOpinionEnvelope<Record<string, unknown>>(res.body) ?? { code: 0, message: '', result: null };
    if (env.code !== 0) throw new VenueCallError('opinion', 'rejected', env.message || `code ${env.code}`);
    checkWire(wire.schema, res.body, { exchange: 'opinion', endpoint: wire.endpoint });
    return env.result ?? {};
  };
  const ORDER_DETAIL = { endpoint: 'GET /order/{orderId}', schema: OpinionOrderSchema };

  /** The quote token's CTF exchange, which every order is signed under. */
  const ctfExchange = async (creds: Credentials | null): Promise<string> => {
    const exchange = opinionCtfExchangeOf(await call(creds, 'GET', '/quoteToken', { endpoint: 'GET /quoteToken', schema: OpinionQuoteTokensSchema }));
    if (!exchange) throw new VenueCallError('opinion', 'unavailable', 'opinion named no CTF exchange for its quote token');
    return exchange;
  };

  return {
    exchange: 'opinion',
    async prepareSignedOrder(order, input, creds) {
      const signer = requireAddress('signer', input.signer);
      // Every order is made by the user's Safe (multi_sig_addr), signed by its owner.
      const safe = input.maker ?? (typeof creds?.multi_sig_addr === 'string' && creds.multi_sig_addr ? creds.multi_sig_addr : undefined);
      if (safe === undefined) throw new SignedOrderError('maker: opinion orders are made by your Safe: give it as maker, or store it as multi_sig_addr with your opinion credentials');
      const maker = requireAddress('maker', safe);
      // The market (public read): it must exist and trade the outcome token.
      const market = ((await call(null, 'GET', `/market/${encodeURIComponent(order.marketId)}`, { endpoint: 'GET /market/{id}', schema: OpinionMarketDetailSchema })).data ?? null) as { yesTokenId?: string; noTokenId?: string } | null;
      if (!market) throw new VenueCallError('opinion', 'rejected', `market ${order.marketId} not found`, 404);
      if (![market.yesTokenId, market.noTokenId].includes(order.outcome)) throw new SignedOrderError(`outcome: ${order.outcome} is not a token of market ${order.marketId}`);
      const message = ctfV1OrderMessage({
        maker, signer, tokenId: order.outcome, side: order.side, amounts: ctfOrderAmounts(order.side, signedPrice(order), order.size, OPINION_DECIMALS), expiration: orderExpiration(order), signatureType: SIGNATURE_TYPE.POLY_GNOSIS_SAFE,
      });
      return { typedData: opinionOrderTypedData(message, await ctfExchange(creds)), signedOrder: { ...message } };
    },
    async verifySignedOrder(signed, order, creds) {
      const exchange = await ctfExchange(creds);
      return verifyOpinionOrder(signed, { outcome: order.outcome }, exchange, creds?.multi_sig_addr ? String(creds.multi_sig_addr) : null, Math.floor(now() / 1000));
    },
    async place(creds, order) {
      const s = order.signedOrder!;
      const body = { ...s, topicId: Number(order.marketId), price: order.price === null ? '0' : String(order.price), tradingMethod: order.type === 'market' ? 1 : 2, side: Number(s.side) === 0 ? 1 : 2, timestamp: Math.floor(Date.now() / 1000) };
      const res = await call(creds, 'POST', '/order', { endpoint: 'POST /order', schema: OpinionOrderSchema }, body);
      const placed = opinionOrderState((res.orderData as Record<string, unknown>) ?? res, order.clientId);
      // The placement answer may leave out the detail's trades: read them when something filled.
      return placed.filledSize > 0 && !placed.fills?.length ? this.get(creds, placed.exchangeOrderId, { marketId: order.marketId }) : placed;
    },
    async get(creds, id) {
      const res = await call(creds, 'GET', `/order/${encodeURIComponent(id)}`, ORDER_DETAIL);
      return opinionOrderState((res.orderData as Record<string, unknown>) ?? res, id);
    },
    async findByClientId() {
      // Opinion's order list carries no client id or salt to match a pending order by.
      return null;
    },
    async cancel(creds, id) {
      await call(creds, 'POST', '/order/cancel', { endpoint: 'POST /order/cancel', schema: OpinionCancelSchema }, { orderId: id });
      const res = await call(creds, 'GET', `/order/${encodeURIComponent(id)}`, ORDER_DETAIL);
      return opinionOrderState((res.orderData as Record<string, unknown>) ?? res, id);
    },
    async positions(creds) {
      const wallet = typeof creds.multi_sig_addr === 'string' ? creds.multi_sig_addr : '';
      if (!wallet) throw new IncompleteCredentialsError('opinion', 'multi_sig_addr: opinion positions are held by your Safe; store its address as multi_sig_addr with your opinion credentials');
      const out: VenuePosition[] = [];
      for (let page = 1; page <= MAX_PAGES; page++) {
        const res = await call(creds, 'GET', `/positions/user/${encodeURIComponent(wallet)}?page=${page}&limit=${PAGE}`, { endpoint: 'GET /positions/user/{walletAddress}', schema: OpinionPositionsSchema });
        const list = (res.list as OpinionPositionWire[] | undefined) ?? [];
        out.push(...list.map(opinionPosition).filter((p) => p.size > 0));
        if (list.length < PAGE || page * PAGE >= (num(res.total) ?? 0)) break;
      }
      return out;
    },
    async balances(creds) {
      // The spec's query name is `chain_id` (required), unlike the other routes' `chainId`.
      return opinionBalancesOf(await call(creds, 'GET', `/user/balance?chain_id=${BNB_CHAIN_ID}`, { endpoint: 'GET /user/balance', schema: OpinionBalanceSchema }));
    },
  };
}
