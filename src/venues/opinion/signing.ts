/**
 * Opinion order signatures (docs/venue-notes.md §5.3; the venue's SDKs as documented by opinion-cpp-client):
 * Polymarket's V1 order struct under `OPINION CTF Exchange` v1 on BNB Chain (56), verifyingContract =
 * the quote token's `ctfExchangeAddress` (GET /quoteToken). Funds sit in a Gnosis Safe
 * (`multi_sig_addr`): signatureType 2, maker = the Safe, signer = the owner EOA that signs; the Safe
 * must be the one stored with the user's credentials (`multi_sig_addr`), when given.
 */
import { getAddress, isAddress } from 'ethers';
import { checkOrderAgainstBody, ctfPriceAndSize, CTF_ORDER_V1_TYPES, parseCtfOrder, recoverSigner, SIGNATURE_TYPE, typedDataHash } from '../ctf-order.js';
import { SignedOrderError, type OrderTypedData, type VerifiedSignedOrder } from '../trading.js';

export const BNB_CHAIN_ID = 56;
/** USDT on BNB Chain: 18 decimals. */
export const OPINION_DECIMALS = 18;
export const opinionDomain = (verifyingContract: string) => ({ name: 'OPINION CTF Exchange', version: '1', chainId: BNB_CHAIN_ID, verifyingContract });

/** The EIP-712 data of an order under the quote token's exchange: what verification hashes and prepared orders sign. */
export function opinionOrderTypedData(message: Record<string, string | number>, exchangeAddress: string): OrderTypedData {
  return { domain: opinionDomain(getAddress(exchangeAddress)), types: CTF_ORDER_V1_TYPES, primaryType: 'Order', message };
}

export function verifyOpinionOrder(raw: unknown, body: { outcome: string }, exchangeAddress: string, safeAddress: string | null, nowS: number): VerifiedSignedOrder {
  const o = parseCtfOrder(raw, CTF_ORDER_V1_TYPES.Order);
  if (o.signatureType !== SIGNATURE_TYPE.POLY_GNOSIS_SAFE) throw new SignedOrderError('signatureType must be 2 (Gnosis Safe) on opinion');
  const typed = opinionOrderTypedData(o.message, exchangeAddress);
  const orderHash = typedDataHash(typed.domain, typed.types, typed.message);
  const recovered = recoverSigner(orderHash, o.signature);
  if (recovered !== o.signer) throw new SignedOrderError(`the signature recovers to ${recovered}, not the order's signer ${o.signer} (wrong key, or the order was changed after signing)`);
  if (safeAddress && isAddress(safeAddress) && getAddress(safeAddress) !== o.maker) throw new SignedOrderError(`maker ${o.maker} is not your stored Safe (multi_sig_addr) ${safeAddress}`);
  checkOrderAgainstBody(o, body, nowS);
  const { price, size } = ctfPriceAndSize(o, OPINION_DECIMALS);
  return { signer: o.signer, orderHash, side: o.side, price, size, tokenId: o.tokenId };
}
