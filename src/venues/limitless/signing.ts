/**
 * Limitless order signatures (docs/venue-notes.md §3.4; the venue's TS SDK, src/orders): Polymarket's V1
 * order struct under the domain `Limitless CTF Exchange` v1 on Base (8453), whose verifyingContract is
 * the market's own exchange (`market.venue.exchange`: per market, so the caller names it in the
 * signed order as `verifyingContract` and the order client checks it against the market).
 * Collateral USDC, 6 decimals. EOA orders (type 0): maker = signer; proxy/Safe (1, 2): the signer
 * signs for the maker.
 */
import { getAddress, isAddress } from 'ethers';
import { checkOrderAgainstBody, ctfPriceAndSize, CTF_ORDER_V1_TYPES, parseCtfOrder, recoverSigner, SIGNATURE_TYPE, typedDataHash } from '../ctf-order.js';
import { SignedOrderError, type OrderTypedData, type VerifiedSignedOrder } from '../trading.js';

export const BASE_CHAIN_ID = 8453;
export const LIMITLESS_DECIMALS = 6;
export const limitlessDomain = (verifyingContract: string) => ({ name: 'Limitless CTF Exchange', version: '1', chainId: BASE_CHAIN_ID, verifyingContract });

/** The EIP-712 data of an order under the market's exchange: what verification hashes and prepared orders sign. */
export function limitlessOrderTypedData(message: Record<string, string | number>, marketExchange: string): OrderTypedData {
  return { domain: limitlessDomain(getAddress(marketExchange)), types: CTF_ORDER_V1_TYPES, primaryType: 'Order', message };
}

export function verifyLimitlessOrder(raw: unknown, body: { outcome: string }, marketExchange: string, nowS: number): VerifiedSignedOrder {
  const o = parseCtfOrder(raw, CTF_ORDER_V1_TYPES.Order);
  const given = (raw as Record<string, unknown>).verifyingContract;
  if (typeof given !== 'string' || !isAddress(given)) throw new SignedOrderError('verifyingContract (the market\'s exchange, market.venue.exchange) is required');
  if (getAddress(given) !== getAddress(marketExchange)) throw new SignedOrderError(`verifyingContract ${given} is not this market's exchange ${marketExchange}`);
  const typed = limitlessOrderTypedData(o.message, marketExchange);
  const orderHash = typedDataHash(typed.domain, typed.types, typed.message);
  const recovered = recoverSigner(orderHash, o.signature);
  if (recovered !== o.signer) throw new SignedOrderError(`the signature recovers to ${recovered}, not the order's signer ${o.signer} (wrong key, or the order was changed after signing)`);
  if (o.signatureType === SIGNATURE_TYPE.EOA && o.maker !== o.signer) throw new SignedOrderError('an EOA order (signatureType 0) must have maker = signer');
  if (o.signatureType > SIGNATURE_TYPE.POLY_GNOSIS_SAFE) throw new SignedOrderError('signatureType must be 0 (EOA), 1 (proxy) or 2 (Safe) on limitless');
  checkOrderAgainstBody(o, body, nowS);
  const { price, size } = ctfPriceAndSize(o, LIMITLESS_DECIMALS);
  return { signer: o.signer, orderHash, side: o.side, price, size, tokenId: o.tokenId };
}
