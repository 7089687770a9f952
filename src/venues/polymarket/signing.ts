/**
 * Polymarket's signatures (docs/venue-notes.md §2.3-2.4; the venue's clob-client-v2: signing/eip712.ts,
 * signing/hmac.ts, order-utils/model/ctfExchangeV2TypedData.ts):
 * - L1: an EIP-712 `ClobAuth` signed with the wallet's key, to create or derive API credentials;
 * - L2: HMAC-SHA256 over `timestamp + METHOD + path (+ body)`, keyed with the base64 secret, sent
 *   URL-safe base64, on every trading request;
 * - orders: the CTF Exchange V2 EIP-712 `Order` (no taker/expiration/nonce/fee in the signed struct;
 *   a millisecond `timestamp`, `metadata` and `builder` instead), under the domain of the exchange
 *   version the CLOB announces (`GET /version`: 2, or 3 for the one V3 exchange contract);
 * - deposit wallets (signature type 3, POLY_1271): the owner's ERC-7739 nested signature;
 * - the Gnosis Safe of a browser-wallet account, by CREATE2 (no network).
 */
import { createHmac } from 'node:crypto';
import { AbiCoder, dataSlice, getAddress, getCreate2Address, hexlify, keccak256, toUtf8String, TypedDataEncoder, ZeroHash, type TypedDataField, type Wallet } from 'ethers';
import { checkOrderAgainstBody, checksumAddress, ctfPriceAndSize, newOrderSalt, parseCtfOrder, recoverSigner, SIGNATURE_TYPE, typedDataHash, type ParsedCtfOrder } from '../ctf-order.js';
import { IncompleteCredentialsError, SignedOrderError, type Credentials, type OrderTypedData, type VerifiedSignedOrder } from '../trading.js';

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

// ---- orders (CTF Exchange V2 and V3) --------------------------------------------------------------
// Contracts, domain versions and the version choice as in Polymarket's official TypeScript client,
// clob-client-v2 v1.1.0 (2026-07-17): src/config.ts (MATIC_CONTRACTS: exchangeV2, negRiskExchangeV2,
// exchangeV3), src/order-utils/model/ctfExchangeV2TypedData.ts (domain "Polymarket CTF Exchange",
// versions "2" and "3", one struct for both), src/order-builder/helpers/createOrder.ts (version 3
// signs for exchangeV3 whether or not the market is neg-risk), src/client.ts `getVersion` (GET
// /version, `{version}`, 2 when absent) and `_isOrderVersionMismatch` ("order_version_mismatch").
export const POLYMARKET_EXCHANGES = {
  standard: '0xE111180000d2663C0091e4f400237545B87B996B',
  negRisk: '0xe2222d279d744050d28e00520010520000310F59',
  /** CTF Exchange V3: one contract for every market, neg-risk included. */
  v3: '0xe3333700cA9d93003F00f0F71f8515005F6c00Aa',
} as const;

/** The CTF Exchange versions the service verifies and hashes orders for. */
export type PolymarketExchangeVersion = 2 | 3;
export const POLYMARKET_EXCHANGE_VERSIONS: readonly PolymarketExchangeVersion[] = [2, 3];
/** What the CLOB's error says when an order was signed for another exchange version than it runs. */
export const ORDER_VERSION_MISMATCH = 'order_version_mismatch';

/**
 * The CLOB's `GET /version` answer as an exchange version: `{version: 3}` -> 3; no version -> 2 (the
 * official client's default); a version this service cannot sign for -> null.
 */
export function parseExchangeVersion(body: unknown): PolymarketExchangeVersion | null {
  const v = body && typeof body === 'object' ? (body as { version?: unknown }).version : undefined;
  if (v === undefined || v === null) return 2;
  const n = Number(v);
  return n === 2 || n === 3 ? n : null;
}

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

/**
 * THE choice of an order's EIP-712 domain: the exchange version the CLOB runs (2 unless told) and,
 * under V2, whether the market is neg-risk (V3 has one contract). Verification, hashing and the
 * typed data handed to signers all take their domain from here.
 */
export const polymarketOrderDomain = (negRisk: boolean, version: PolymarketExchangeVersion = 2) => ({
  name: 'Polymarket CTF Exchange',
  version: String(version),
  chainId: POLYGON_CHAIN_ID,
  verifyingContract: version === 3 ? POLYMARKET_EXCHANGES.v3 : negRisk ? POLYMARKET_EXCHANGES.negRisk : POLYMARKET_EXCHANGES.standard,
});

/**
 * The EIP-712 data of an order: the one place its domain and struct are chosen; verification, the
 * order hash and prepared orders (POST /orders/prepare) all take them from here.
 */
export function polymarketOrderTypedData(message: Record<string, string | number>, negRisk: boolean, version: PolymarketExchangeVersion = 2): OrderTypedData {
  return { domain: polymarketOrderDomain(negRisk, version), types: POLYMARKET_ORDER_TYPES, primaryType: 'Order', message };
}

/** Collateral (pUSD) and outcome tokens both have 6 decimals. */
export const POLYMARKET_DECIMALS = 6;

// ---- deposit wallets (signature type 3, ERC-1271) -------------------------------------------------
// clob-client-v2 v1.1.0 src/order-utils/exchangeOrderBuilderV2.ts `buildOrderSignature`: for POLY_1271
// the order's maker and signer are the deposit wallet; its owner signs an ERC-7739 `TypedDataSign`
// (contents = the order, the wallet's own domain "DepositWallet" "1", salt 0) under the exchange's
// domain, and the signature sent is innerSig(65) || exchange domain separator(32) || order struct
// hash(32) || the Order type string || uint16 length of that string.
const ORDER_TYPE_STRING = TypedDataEncoder.from(POLYMARKET_ORDER_TYPES).encodeType('Order');
const DEPOSIT_WALLET_SIGN_TYPES: Record<string, TypedDataField[]> = {
  TypedDataSign: [
    { name: 'contents', type: 'Order' },
    { name: 'name', type: 'string' },
    { name: 'version', type: 'string' },
    { name: 'chainId', type: 'uint256' },
    { name: 'verifyingContract', type: 'address' },
    { name: 'salt', type: 'bytes32' },
  ],
  Order: POLYMARKET_ORDER_TYPES.Order,
};

/** The digest a deposit wallet's owner signs for an order (the inner signature of type 3). */
export function depositWalletDigest(domain: ReturnType<typeof polymarketOrderDomain>, message: Record<string, unknown>, wallet: string): string {
  return typedDataHash(domain, DEPOSIT_WALLET_SIGN_TYPES, { contents: message, name: 'DepositWallet', version: '1', chainId: POLYGON_CHAIN_ID, verifyingContract: wallet, salt: ZeroHash });
}

/** A type-3 signature as the SDK sends it: the owner's signature wrapped with the domain, struct hash and type string. */
export function wrapDepositWalletSignature(innerSignature: string, domain: ReturnType<typeof polymarketOrderDomain>, message: Record<string, unknown>): string {
  const typeHex = Buffer.from(ORDER_TYPE_STRING, 'utf8').toString('hex');
  const structHash = TypedDataEncoder.from(POLYMARKET_ORDER_TYPES).hash(message);
  return `0x${innerSignature.slice(2)}${TypedDataEncoder.hashDomain(domain).slice(2)}${structHash.slice(2)}${typeHex}${ORDER_TYPE_STRING.length.toString(16).padStart(4, '0')}`;
}

/**
 * A deposit-wallet order made ready for its owner to sign (POST /orders/prepare): the ERC-7739
 * `TypedDataSign` around the order, under the exchange's domain, as the official client builds it.
 * The owner's 65-byte signature of it is wrapped here on the way to the venue (`depositWalletSignature`).
 */
export function polymarketDepositWalletTypedData(message: Record<string, string | number>, negRisk: boolean, version: PolymarketExchangeVersion): OrderTypedData {
  const wallet = String(message.signer);
  return {
    domain: polymarketOrderDomain(negRisk, version),
    types: DEPOSIT_WALLET_SIGN_TYPES,
    primaryType: 'TypedDataSign',
    message: { contents: message, name: 'DepositWallet', version: '1', chainId: POLYGON_CHAIN_ID, verifyingContract: wallet, salt: ZeroHash },
  };
}

/** A deposit-wallet order's signature as the venue takes it: a bare 65-byte owner signature is wrapped (ERC-7739); a wrapped one is kept. */
export function depositWalletSignature(signature: string, domain: ReturnType<typeof polymarketOrderDomain>, message: Record<string, unknown>): string {
  return /^0x[0-9a-fA-F]{130}$/.test(signature) ? wrapDepositWalletSignature(signature, domain, message) : signature;
}

/** A signed order with its signature in the form the venue takes (only deposit-wallet orders change). */
export function polymarketSignedForVenue(signed: Record<string, unknown>, version: PolymarketExchangeVersion): Record<string, unknown> {
  const o = parseCtfOrder(signed, POLYMARKET_ORDER_TYPES.Order);
  if (o.signatureType !== SIGNATURE_TYPE.POLY_1271) return signed;
  return { ...signed, signature: depositWalletSignature(o.signature, polymarketOrderDomain(signed.negRisk === true, version), o.message) };
}

/**
 * The owner (EOA) of a deposit-wallet order's signature: the wrapper must name this exchange's domain,
 * this order's struct hash and the Order type, and the inner signature recovers to the owner. That
 * the owner controls the wallet is the wallet contract's own answer (`isValidSignature`, on chain):
 * this service makes no chain call, so it binds the wallet to the account instead (the stored
 * `funder`) and the owner to the stored credentials' address.
 */
export function depositWalletOwner(o: ParsedCtfOrder, domain: ReturnType<typeof polymarketOrderDomain>): string {
  const sig = o.signature;
  const bytes = (sig.length - 2) / 2;
  if (bytes < 65 + 32 + 32 + 2) throw new SignedOrderError('a deposit-wallet (type 3) signature is the owner\'s signature wrapped with the exchange domain, the order hash and its type (ERC-7739); this one is too short');
  const typeLength = parseInt(sig.slice(-4), 16);
  if (65 + 32 + 32 + typeLength + 2 !== bytes) throw new SignedOrderError('deposit-wallet signature: its type-string length does not match its size');
  const domainSeparator = dataSlice(sig, 65, 97);
  const contentsHash = dataSlice(sig, 97, 129);
  const typeString = toUtf8String(dataSlice(sig, 129, 129 + typeLength));
  if (typeString !== ORDER_TYPE_STRING) throw new SignedOrderError('deposit-wallet signature: it does not wrap a Polymarket Order');
  if (domainSeparator !== TypedDataEncoder.hashDomain(domain)) throw new SignedOrderError(`deposit-wallet signature: signed for another exchange than ${domain.verifyingContract} (domain version ${domain.version})`);
  if (contentsHash !== TypedDataEncoder.from(POLYMARKET_ORDER_TYPES).hash(o.message)) throw new SignedOrderError('deposit-wallet signature: wraps another order (changed after signing)');
  return recoverSigner(depositWalletDigest(domain, o.message, o.signer), hexlify(dataSlice(sig, 0, 65)));
}

/** Who may sign for an order's maker, from the stored credentials. */
export interface PolymarketSigners {
  /** The stored credentials' address (the key that derived the API key). */
  address: string | null;
  /** The stored `funder` (the proxy, Safe or deposit wallet holding the tokens). */
  funder?: string | null;
}

/**
 * Checks a caller's signed order: its fields, its signature under the domain of the exchange version
 * the CLOB runs (`version`; under V2 the order's `negRisk` picks the standard or neg-risk exchange),
 * the signer's wallet rules (EOA: maker = signer; Gnosis Safe: maker = the signer's Safe, by CREATE2;
 * proxy: the signer signs for its proxy; deposit wallet: maker = signer = the stored funder, signed by
 * the stored address), that the signer is the stored credentials' address, and the token traded.
 * An order signed for the other exchange version says so.
 */
export function verifyPolymarketOrder(raw: unknown, body: { outcome: string }, creds: string | PolymarketSigners | null, nowS: number, version: PolymarketExchangeVersion = 2): VerifiedSignedOrder {
  const signers: PolymarketSigners = typeof creds === 'string' || creds === null ? { address: creds } : creds;
  const credsAddress = signers.address ? (checksumAddress(signers.address) ?? signers.address) : null;
  const o = parseCtfOrder(raw, POLYMARKET_ORDER_TYPES.Order);
  const negRisk = (raw as Record<string, unknown>).negRisk === true;
  const domain = polymarketOrderDomain(negRisk, version);
  const orderHash = typedDataHash(domain, POLYMARKET_ORDER_TYPES, o.message);
  // An order that does not verify under the running version but does under the other one: say so.
  const signedForOtherVersion = (): SignedOrderError | null => {
    for (const v of POLYMARKET_EXCHANGE_VERSIONS) {
      if (v === version) continue;
      const d = polymarketOrderDomain(negRisk, v);
      try {
        const deposit = o.signatureType === SIGNATURE_TYPE.POLY_1271;
        const who = deposit ? depositWalletOwner({ ...o, signature: depositWalletSignature(o.signature, d, o.message) }, d) : recoverSigner(typedDataHash(d, POLYMARKET_ORDER_TYPES, o.message), o.signature);
        if (who === (deposit ? credsAddress : o.signer)) return new SignedOrderError(`signed for Polymarket's CTF Exchange V${v}, but the exchange now runs V${version}: sign it again under domain version "${version}" (verifyingContract ${domain.verifyingContract})`);
      } catch {
        // not signed for that version either
      }
    }
    return null;
  };
  if (o.signatureType === SIGNATURE_TYPE.POLY_1271) {
    if (o.maker !== o.signer) throw new SignedOrderError('a deposit-wallet order (signatureType 3) has maker = signer = the deposit wallet');
    const funder = signers.funder ? checksumAddress(signers.funder) : null;
    if (!funder) throw new SignedOrderError('a deposit-wallet order (signatureType 3) needs your deposit wallet stored as funder with your polymarket credentials');
    if (o.signer !== funder) throw new SignedOrderError(`the order's deposit wallet ${o.signer} is not your stored funder ${funder}`);
    let owner: string;
    try {
      owner = depositWalletOwner({ ...o, signature: depositWalletSignature(o.signature, domain, o.message) }, domain);
    } catch (e) {
      throw signedForOtherVersion() ?? e;
    }
    if (credsAddress && owner !== credsAddress) throw new SignedOrderError(`the deposit wallet's signature recovers to ${owner}, not the address of your stored polymarket credentials`);
    checkOrderAgainstBody(o, body, nowS);
    const { price, size } = ctfPriceAndSize(o, POLYMARKET_DECIMALS);
    return { signer: o.signer, orderHash, side: o.side, price, size, tokenId: o.tokenId };
  }
  const recovered = recoverSigner(orderHash, o.signature);
  if (recovered !== o.signer) {
    throw signedForOtherVersion() ?? new SignedOrderError(`the signature recovers to ${recovered}, not the order's signer ${o.signer} (wrong key, or the order was changed after signing)`);
  }
  if (o.signatureType === SIGNATURE_TYPE.EOA && o.maker !== o.signer) throw new SignedOrderError('an EOA order (signatureType 0) must have maker = signer');
  if (o.signatureType === SIGNATURE_TYPE.POLY_GNOSIS_SAFE && o.maker !== polymarketSafeAddress(o.signer)) throw new SignedOrderError(`maker ${o.maker} is not the Safe of signer ${o.signer}`);
  if (credsAddress && credsAddress !== o.signer) throw new SignedOrderError(`the signer ${o.signer} is not the address of your stored polymarket credentials`);
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

/**
 * The wallet Polymarket keys a user's positions and trades by: the one holding the outcome tokens,
 * i.e. the `maker` of their orders (the Data API calls it `proxyWallet`). That is the stored `funder` when
 * there is one (the proxy or Safe, as the venue's clients call it); else, for a Safe account
 * (signature_type 2), the signer's Safe by CREATE2; else (an EOA account, type 0 or unset) the
 * signer's own address. A proxy account (type 1) without `funder` cannot be derived here.
 */
export function polymarketAccountWallet(creds: Readonly<Credentials>): string {
  if (typeof creds.funder === 'string' && creds.funder) return creds.funder;
  if (creds.signature_type === 2) return polymarketSafeAddress(String(creds.address));
  if (creds.signature_type === 3) throw new IncompleteCredentialsError('polymarket', 'funder: polymarket positions are held by your deposit wallet; store its address as funder with your polymarket credentials');
  if (creds.signature_type === 1) throw new IncompleteCredentialsError('polymarket', 'funder: polymarket positions are held by your proxy wallet; store its address as funder with your polymarket credentials');
  return String(creds.address);
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
