/**
 * Polymarket's signatures (docs/venue-notes.md §2.3-2.4; the venue's clob-client-v2: signing/eip712.ts,
 * signing/hmac.ts, order-utils/model/ctfExchangeV2TypedData.ts):
 * - L1: an EIP-712 `ClobAuth` signed with the wallet's key, to create or derive API credentials;
 * - L2: HMAC-SHA256 over `timestamp + METHOD + path (+ body)`, keyed with the base64 secret, sent
 *   URL-safe base64, on every trading request;
 * - orders: the CTF Exchange V2 EIP-712 `Order` (no taker/expiration/nonce/fee in the signed struct;
 *   a millisecond `timestamp`, `metadata` and `builder` instead);
 * - the Gnosis Safe of a browser-wallet account, by CREATE2 (no network).
 */
import { createHmac } from 'node:crypto';
import { AbiCoder, getAddress, getCreate2Address, keccak256, type TypedDataField, type Wallet } from 'ethers';
import { checkOrderAgainstBody, checksumAddress, ctfPriceAndSize, newOrderSalt, parseCtfOrder, recoverSigner, SIGNATURE_TYPE, typedDataHash } from '../ctf-order.js';
import { SignedOrderError, type OrderTypedData, type VerifiedSignedOrder } from '../trading.js';

export const POLYGON_CHAIN_ID = 137;

// ---- L1 -------------------------------------------------------------------------------------------
export const CLOB_AUTH_DOMAIN = { name: 'ClobAuthDomain', version: '1', chainId: POLYGON_CHAIN_ID } as const;
export const CLOB_AUTH_TYPES: Record<string, TypedDataField[]> = {
  ClobAuth: [
    { name: 'address', type: 'address' },
    { name: 'timestamp', type: 'string' },
    { name: 'nonce', type: 'uint256' },
    { name: 'message', type: 'string' },
  ],
};
export const CLOB_AUTH_MESSAGE = 'This message attests that I control the given wallet';

export interface L1Headers {
  POLY_ADDRESS: string;
  POLY_SIGNATURE: string;
  POLY_TIMESTAMP: string;
  POLY_NONCE: string;
}

export async function l1Headers(wallet: Wallet, timestampS: number, nonce = 0): Promise<L1Headers> {
  const value = { address: wallet.address, timestamp: String(timestampS), nonce, message: CLOB_AUTH_MESSAGE };
  const signature = await wallet.signTypedData(CLOB_AUTH_DOMAIN, CLOB_AUTH_TYPES, value);
  return { POLY_ADDRESS: wallet.address, POLY_SIGNATURE: signature, POLY_TIMESTAMP: String(timestampS), POLY_NONCE: String(nonce) };
}

/** The address an L1 signature recovers to (the simulator's check, and tests'). */
export function recoverL1(address: string, timestamp: string, nonce: string, signature: string): string {
  const digest = typedDataHash(CLOB_AUTH_DOMAIN, CLOB_AUTH_TYPES, { address, timestamp, nonce, message: CLOB_AUTH_MESSAGE });
  return recoverSigner(digest, signature);
}

// ---- L2 -------------------------------------------------------------------------------------------
export interface L2Credentials {
  api_key: string;
  secret: string;
  passphrase: string;
  address: string;
}

/** The exact string L2 signs. */
export function l2Message(timestampS: number, method: string, requestPath: string, body?: string): string {
  return `${timestampS}${method.toUpperCase()}${requestPath}${body ?? ''}`;
}

export function l2Signature(secret: string, message: string): string {
  const key = Buffer.from(secret.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return createHmac('sha256', key).update(message).digest('base64').replace(/\+/g, '-').replace(/\//g, '_');
}

export function l2Headers(creds: L2Credentials, timestampS: number, method: string, requestPath: string, body?: string): Record<string, string> {
  return {
    POLY_ADDRESS: creds.address,
    POLY_SIGNATURE: l2Signature(creds.secret, l2Message(timestampS, method, requestPath, body)),
    POLY_TIMESTAMP: String(timestampS),
    POLY_API_KEY: creds.api_key,
    POLY_PASSPHRASE: creds.passphrase,
  };
}

// ---- orders (CTF Exchange V2) ---------------------------------------------------------------------
export const POLYMARKET_EXCHANGES = {
  standard: '0xE111180000d2663C0091e4f400237545B87B996B',
  negRisk: '0xe2222d279d744050d28e00520010520000310F59',
} as const;

export const POLYMARKET_ORDER_TYPES: Record<string, TypedDataField[]> = {
  Order: [
    { name: 'salt', type: 'uint256' },
    { name: 'maker', type: 'address' },
    { name: 'signer', type: 'address' },
    { name: 'tokenId', type: 'uint256' },
    { name: 'makerAmount', type: 'uint256' },
    { name: 'takerAmount', type: 'uint256' },
    { name: 'side', type: 'uint8' },
    { name: 'signatureType', type: 'uint8' },
    { name: 'timestamp', type: 'uint256' },
    { name: 'metadata', type: 'bytes32' },
    { name: 'builder', type: 'bytes32' },
  ],
};

export const polymarketOrderDomain = (negRisk: boolean) => ({
  name: 'Polymarket CTF Exchange',
  version: '2',
  chainId: POLYGON_CHAIN_ID,
  verifyingContract: negRisk ? POLYMARKET_EXCHANGES.negRisk : POLYMARKET_EXCHANGES.standard,
});

/**
 * The EIP-712 data of an order: the one place its domain and struct are chosen; verification, the
 * order hash and prepared orders (POST /orders/prepare) all take them from here.
 */
export function polymarketOrderTypedData(message: Record<string, string | number>, negRisk: boolean): OrderTypedData {
  return { domain: polymarketOrderDomain(negRisk), types: POLYMARKET_ORDER_TYPES, primaryType: 'Order', message };
}

/** Collateral (pUSD) and outcome tokens both have 6 decimals. */
export const POLYMARKET_DECIMALS = 6;

/**
 * Checks a caller's signed V2 order: its fields, its signature under the standard or neg-risk
 * exchange's domain (`negRisk` in the signed order picks; default standard), the signer's wallet
 * rules (EOA: maker = signer; Gnosis Safe: maker = the signer's Safe, by CREATE2; proxy: the signer
 * signs for its proxy), that the signer is the stored credentials' address, and the token traded.
 */
export function verifyPolymarketOrder(raw: unknown, body: { outcome: string }, credsAddress: string | null, nowS: number): VerifiedSignedOrder {
  const o = parseCtfOrder(raw, POLYMARKET_ORDER_TYPES.Order);
  const typed = polymarketOrderTypedData(o.message, (raw as Record<string, unknown>).negRisk === true);
  const orderHash = typedDataHash(typed.domain, typed.types, typed.message);
  if (o.signatureType === SIGNATURE_TYPE.POLY_1271) throw new SignedOrderError('deposit-wallet (type 3, ERC-1271) orders need an on-chain check this service does not make; sign as EOA, proxy or Safe');
  const recovered = recoverSigner(orderHash, o.signature);
  if (recovered !== o.signer) throw new SignedOrderError(`the signature recovers to ${recovered}, not the order's signer ${o.signer} (wrong key, or the order was changed after signing)`);
  if (o.signatureType === SIGNATURE_TYPE.EOA && o.maker !== o.signer) throw new SignedOrderError('an EOA order (signatureType 0) must have maker = signer');
  if (o.signatureType === SIGNATURE_TYPE.POLY_GNOSIS_SAFE && o.maker !== polymarketSafeAddress(o.signer)) throw new SignedOrderError(`maker ${o.maker} is not the Safe of signer ${o.signer}`);
  if (credsAddress && (checksumAddress(credsAddress) ?? credsAddress) !== o.signer) throw new SignedOrderError(`the signer ${o.signer} is not the address of your stored polymarket credentials`);
  checkOrderAgainstBody(o, body, nowS);
  const { price, size } = ctfPriceAndSize(o, POLYMARKET_DECIMALS);
  return { signer: o.signer, orderHash, side: o.side, price, size, tokenId: o.tokenId };
}

// ---- Safe address (CREATE2) -----------------------------------------------------------------------
export const POLYMARKET_SAFE_FACTORY = '0xaacFeEa03eb1561C4e67d661e40682Bd20E3541b';
export const POLYMARKET_SAFE_INIT_CODE_HASH = '0x2bce2127ff07fb632d16c8347c4ebf501f4841168bed00d9e6ef715ddb6fcecf';

/** The 1-of-1 Gnosis Safe Polymarket deploys for a browser-wallet owner: CREATE2(factory, keccak256(abi.encode(owner)), initCodeHash). */
export function polymarketSafeAddress(owner: string): string {
  const salt = keccak256(AbiCoder.defaultAbiCoder().encode(['address'], [getAddress(owner)]));
  return getCreate2Address(POLYMARKET_SAFE_FACTORY, salt, POLYMARKET_SAFE_INIT_CODE_HASH);
}

// ---- orders made ready to sign (POST /orders/prepare) -----------------------------------------------
const ZERO_BYTES32 = `0x${'0'.repeat(64)}`;

/** A new order's message in the struct of `polymarketOrderTypedData` (no metadata, no builder). */
export function polymarketOrderMessage(o: { maker: string; signer: string; tokenId: string; side: 'buy' | 'sell'; amounts: { makerAmount: string; takerAmount: string }; signatureType: number; nowMs: number }): Record<string, string | number> {
  if (!/^\d{1,78}$/.test(o.tokenId)) throw new SignedOrderError('outcome: must be the outcome token id (a decimal number)');
  return {
    salt: newOrderSalt(),
    maker: o.maker,
    signer: o.signer,
    tokenId: o.tokenId,
    makerAmount: o.amounts.makerAmount,
    takerAmount: o.amounts.takerAmount,
    side: o.side === 'buy' ? 0 : 1,
    signatureType: o.signatureType,
    timestamp: String(o.nowMs),
    metadata: ZERO_BYTES32,
    builder: ZERO_BYTES32,
  };
}
