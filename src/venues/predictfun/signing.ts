/**
 * predict.fun order signatures (docs/venue-notes.md §4.3; the venue's SDK, src/Constants.ts and
 * src/OrderBuilder.ts): Polymarket's V1 order struct under `predict.fun CTF Exchange` v1 on BNB Chain
 * (56); the verifyingContract is one of four exchanges (neg-risk x yield-bearing, by market).
 * Collateral USDT, 18 decimals.
 *
 * The smart wallet ("Predict Account", a ZeroDev Kernel v0.3.1 account): maker = signer = the
 * account, and the signature is ERC-1271 style: `0x01 || ECDSA validator address || ECDSA signature`
 * over the Kernel-wrapped digest, EIP-712 `Kernel(bytes32 hash)` under the domain {Kernel, 0.3.1,
 * chainId, verifyingContract: the account}. The validator accepts it when it recovers to the account's
 * owner; without a chain call the owner is the one stored with the user's credentials (`owner_address`).
 */
import { getAddress, isAddress, hashMessage, type TypedDataField } from 'ethers';
import { checkOrderAgainstBody, ctfPriceAndSize, CTF_ORDER_V1_TYPES, parseCtfOrder, recoverSigner, SIGNATURE_TYPE, typedDataHash } from '../ctf-order.js';
import { SignedOrderError, type OrderTypedData, type VerifiedSignedOrder } from '../trading.js';

export const PREDICTFUN_CHAIN_ID = 56;
export const PREDICTFUN_DECIMALS = 18;
export const PREDICTFUN_EXCHANGES = {
  ctf: '0x8BC070BEdAB741406F4B1Eb65A72bee27894B689',
  negRisk: '0x365fb81bd4A24D6303cd2F19c349dE6894D8d58A',
  yieldBearing: '0x6bEb5a40C032AFc305961162d8204CDA16DECFa5',
  yieldBearingNegRisk: '0x8A289d458f5a134bA40015085A8F50Ffb681B41d',
} as const;
/** ZeroDev's ECDSA validator (Kernel v0.3.1). */
export const KERNEL_ECDSA_VALIDATOR = '0x845ADb2C711129d4f3966735eD98a9F09fC4cE57';
export const KERNEL_TYPES: Record<string, TypedDataField[]> = { Kernel: [{ name: 'hash', type: 'bytes32' }] };

export const predictfunExchange = (m: { negRisk: boolean; yieldBearing: boolean }): string =>
  m.yieldBearing ? (m.negRisk ? PREDICTFUN_EXCHANGES.yieldBearingNegRisk : PREDICTFUN_EXCHANGES.yieldBearing) : m.negRisk ? PREDICTFUN_EXCHANGES.negRisk : PREDICTFUN_EXCHANGES.ctf;
export const predictfunDomain = (verifyingContract: string) => ({ name: 'predict.fun CTF Exchange', version: '1', chainId: PREDICTFUN_CHAIN_ID, verifyingContract });

/** The EIP-712 data of an order under its market's exchange: what verification hashes and prepared orders sign. */
export function predictfunOrderTypedData(message: Record<string, string | number>, market: { negRisk: boolean; yieldBearing: boolean }): OrderTypedData {
  return { domain: predictfunDomain(predictfunExchange(market)), types: CTF_ORDER_V1_TYPES, primaryType: 'Order', message };
}
export const kernelDomain = (account: string) => ({ name: 'Kernel', version: '0.3.1', chainId: PREDICTFUN_CHAIN_ID, verifyingContract: account });

/** The digest a Predict Account's owner signs for an order digest. */
export function kernelWrappedHash(account: string, digest: string): string {
  return typedDataHash(kernelDomain(getAddress(account)), KERNEL_TYPES, { hash: digest });
}

export function verifyPredictfunOrder(raw: unknown, body: { outcome: string }, market: { negRisk: boolean; yieldBearing: boolean }, ownerAddress: string | null, nowS: number): VerifiedSignedOrder {
  const o = parseCtfOrder(raw, CTF_ORDER_V1_TYPES.Order);
  if (o.signatureType !== SIGNATURE_TYPE.EOA) throw new SignedOrderError('signatureType must be 0 on predict.fun (it also covers Predict Accounts)');
  if (o.maker !== o.signer) throw new SignedOrderError('maker must equal signer (the EOA, or the Predict Account)');
  const typed = predictfunOrderTypedData(o.message, market);
  const orderHash = typedDataHash(typed.domain, typed.types, typed.message);
  const sig = o.signature.toLowerCase();
  const prefix = `0x01${KERNEL_ECDSA_VALIDATOR.slice(2).toLowerCase()}`;
  if (sig.startsWith(prefix)) {
    // Smart wallet: the account's owner signed the Kernel-wrapped digest.
    if (!ownerAddress || !isAddress(ownerAddress)) throw new SignedOrderError('a Predict Account order needs the account owner\'s address stored with your predictfun credentials (owner_address)');
    const inner = `0x${sig.slice(prefix.length)}`;
    const wrapped = kernelWrappedHash(o.maker, orderHash);
    const owner = getAddress(ownerAddress);
    const direct = recoverSigner(wrapped, inner);
    if (direct !== owner && recoverSigner(hashMessage(Buffer.from(wrapped.slice(2), 'hex')), inner) !== owner) {
      throw new SignedOrderError(`the Predict Account signature does not recover to its owner ${owner} (wrong key, or the order was changed after signing)`);
    }
  } else {
    const recovered = recoverSigner(orderHash, o.signature);
    if (recovered !== o.signer) throw new SignedOrderError(`the signature recovers to ${recovered}, not the order's signer ${o.signer} (wrong key, or the order was changed after signing)`);
  }
  checkOrderAgainstBody(o, body, nowS);
  const { price, size } = ctfPriceAndSize(o, PREDICTFUN_DECIMALS);
  return { signer: o.signer, orderHash, side: o.side, price, size, tokenId: o.tokenId };
}
