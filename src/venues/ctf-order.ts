/**
 * The EIP-712 order of the CTF exchanges (Polymarket's exchange, forked by Limitless, predict.fun and
 * Opinion): the signed struct, its amounts as unified price and size, and the check of a caller's
 * signed order (docs/venue-notes.md §2.4, §3.4, §4.3, §5.3). Each venue's `signing.ts` names its domain,
 * its struct version and its wallet rules. Hashing is ethers' (its encoder built once per struct, the
 * domain separator once per domain); the public-key recovery is libsecp256k1 compiled to WASM
 * (tiny-secp256k1), about 7x faster than ethers' pure-JS curve, the signature parsed by ethers first
 * (so the same inputs are refused: malformed, high s). test/trading/fast-recovery.test.ts holds it
 * to ethers' answers.
 */
import { randomInt } from 'node:crypto';
import { concat, dataSlice, getAddress, getBytes, id, keccak256, Signature, TypedDataEncoder, type TypedDataDomain, type TypedDataField } from 'ethers';
import * as secp256k1 from 'tiny-secp256k1';
import { SignedOrderError, type OrderSide, type VenueOrderRequest } from './trading.js';

/** Polymarket's V1 order, which Limitless, predict.fun and Opinion sign. */
export const CTF_ORDER_V1_TYPES: Record<string, TypedDataField[]> = {
  Order: [
    { name: 'salt', type: 'uint256' },
    { name: 'maker', type: 'address' },
    { name: 'signer', type: 'address' },
    { name: 'taker', type: 'address' },
    { name: 'tokenId', type: 'uint256' },
    { name: 'makerAmount', type: 'uint256' },
    { name: 'takerAmount', type: 'uint256' },
    { name: 'expiration', type: 'uint256' },
    { name: 'nonce', type: 'uint256' },
    { name: 'feeRateBps', type: 'uint256' },
    { name: 'side', type: 'uint8' },
    { name: 'signatureType', type: 'uint8' },
  ],
};

/** Signature types of the CTF exchanges. */
export const SIGNATURE_TYPE = { EOA: 0, POLY_PROXY: 1, POLY_GNOSIS_SAFE: 2, POLY_1271: 3 } as const;

export interface ParsedCtfOrder {
  /** The struct's values as signed (numbers as decimal strings, addresses checksummed). */
  message: Record<string, string | number>;
  signature: string;
  maker: string;
  signer: string;
  tokenId: string;
  side: OrderSide;
  signatureType: number;
  makerAmount: bigint;
  takerAmount: bigint;
  expiration: bigint | null;
}

const UINT = /^\d{1,78}$/;

// Addresses checksummed before (EIP-55 costs a keccak-256 in JS, and ethers' isAddress is a getAddress
// that may throw: an order's maker and signer cost four of them). A trader's addresses repeat from one
// order to the next, so the answers are kept, invalid ones included; bounded, emptied when full.
// Only strings of an address's length are kept (a request's longer junk is refused unremembered).
const checksums = new Map<string, string | null>();
/** Recovered public key (base64) -> its checksummed address. */
const keyAddresses = new Map<string, string>();
const MAX_CHECKSUMS = 10_000;

/** `getAddress(v)` (the EIP-55 checksummed form), or null where ethers' `isAddress(v)` is false; remembered. */
export function checksumAddress(v: string): string | null {
  let out = checksums.get(v);
  if (out !== undefined) return out;
  try {
    out = getAddress(v);
  } catch {
    out = null;
  }
  if (v.length <= 42) {
    if (checksums.size >= MAX_CHECKSUMS) checksums.clear();
    checksums.set(v, out);
  }
  return out;
}

/** Reads the signed order's fields named by `types` (strings or numbers; `side` also as BUY/SELL). */
export function parseCtfOrder(raw: unknown, types: readonly TypedDataField[]): ParsedCtfOrder {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new SignedOrderError('must be an object with the order fields and signature');
  const o = raw as Record<string, unknown>;
  const message: Record<string, string | number> = {};
  for (const f of types) {
    let v = o[f.name];
    if (f.name === 'side' && (v === 'BUY' || v === 'SELL')) v = v === 'BUY' ? 0 : 1;
    if (v === undefined || v === null) throw new SignedOrderError(`${f.name} is required`);
    if (f.type === 'address') {
      const address = typeof v === 'string' ? checksumAddress(v) : null;
      if (!address) throw new SignedOrderError(`${f.name} must be a 0x address`);
      message[f.name] = address;
    } else if (f.type === 'bytes32') {
      if (typeof v !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(v)) throw new SignedOrderError(`${f.name} must be 32 bytes of 0x hex`);
      message[f.name] = v;
    } else if (f.type === 'uint8') {
      if (!Number.isInteger(Number(v)) || Number(v) < 0 || Number(v) > 255) throw new SignedOrderError(`${f.name} must be a small integer`);
      message[f.name] = Number(v);
    } else {
      const s = String(v);
      if (!UINT.test(s)) throw new SignedOrderError(`${f.name} must be an unsigned integer`);
      message[f.name] = s;
    }
  }
  const signature = o.signature;
  if (typeof signature !== 'string' || !/^0x([0-9a-fA-F]{2})+$/.test(signature)) throw new SignedOrderError('signature must be 0x hex');
  const side = Number(message.side);
  if (side !== 0 && side !== 1) throw new SignedOrderError('side must be 0 (buy) or 1 (sell)');
  return {
    message,
    signature,
    maker: String(message.maker),
    signer: String(message.signer),
    tokenId: String(message.tokenId),
    side: side === 0 ? 'buy' : 'sell',
    signatureType: Number(message.signatureType ?? 0),
    makerAmount: BigInt(message.makerAmount),
    takerAmount: BigInt(message.takerAmount),
    expiration: message.expiration === undefined ? null : BigInt(message.expiration),
  };
}

/** Price (collateral per share, 0..1) and size (shares) of a signed order: a buy pays makerAmount for takerAmount shares, a sell the reverse. */
export function ctfPriceAndSize(o: ParsedCtfOrder, decimals: number): { price: number; size: number } {
  const shares = o.side === 'buy' ? o.takerAmount : o.makerAmount;
  const collateral = o.side === 'buy' ? o.makerAmount : o.takerAmount;
  if (shares === 0n) throw new SignedOrderError('the order trades no shares');
  const size = Number(shares) / 10 ** decimals;
  const price = Math.round((Number(collateral) / Number(shares)) * 1e6) / 1e6;
  if (!(price > 0 && price < 1)) throw new SignedOrderError(`the amounts imply price ${price}, outside 0..1`);
  return { price, size };
}

// Encoders per struct-types object (the venues' constants; a literal made per call is simply not reused).
const encoders = new WeakMap<Record<string, TypedDataField[]>, TypedDataEncoder>();
// Domain separators per domain: a handful per venue (one per exchange contract); capped all the same.
const domainSeparators = new Map<string, string>();
const MAX_DOMAINS = 1_000;

// The orders' structs are flat: every field a uintN, an address or a bytes32, each one 32-byte word of
// the encoding. Such a struct is hashed here from its words directly (ethers builds and joins a hex
// string per field: ~0.15 ms of an order's 0.18); any value this path does not take exactly as
// ethers would (not a plain decimal or safe integer, out of range, an address that does not
// checksum, a non-hex bytes32) goes to ethers' encoder, which then accepts or throws as it always did.
interface FlatStruct {
  typeHash: Buffer;
  fields: { name: string; kind: 'uint' | 'address' | 'bytes32'; max: bigint }[];
}
const flatStructs = new WeakMap<Record<string, TypedDataField[]>, FlatStruct | null>();

function flatStruct(types: Record<string, TypedDataField[]>, encoder: TypedDataEncoder): FlatStruct | null {
  if (Object.keys(types).length !== 1) return null;
  const fields: FlatStruct['fields'] = [];
  for (const f of types[encoder.primaryType]) {
    const uint = /^uint(\d*)$/.exec(f.type);
    if (uint) fields.push({ name: f.name, kind: 'uint', max: (1n << BigInt(uint[1] || 256)) - 1n });
    else if (f.type === 'address' || f.type === 'bytes32') fields.push({ name: f.name, kind: f.type, max: 0n });
    else return null;
  }
  return { typeHash: Buffer.from(id(encoder.encodeType(encoder.primaryType)).slice(2), 'hex'), fields };
}

const DECIMAL = /^\d{1,78}$/;
const BYTES32 = /^0x[0-9a-fA-F]{64}$/;

/** The struct hash of `value` from its 32-byte words, or null where ethers' encoder must decide. */
function hashFlatStruct(s: FlatStruct, value: Record<string, unknown>): string | null {
  const words = Buffer.alloc(32 * (s.fields.length + 1));
  s.typeHash.copy(words, 0);
  for (let i = 0; i < s.fields.length; i++) {
    const f = s.fields[i];
    const v = value[f.name];
    const at = 32 * (i + 1);
    if (f.kind === 'uint') {
      let n: bigint;
      if (typeof v === 'string' && DECIMAL.test(v)) n = BigInt(v);
      else if (typeof v === 'number' && Number.isSafeInteger(v)) n = BigInt(v);
      else if (typeof v === 'bigint') n = v;
      else return null;
      if (n < 0n || n > f.max) return null;
      words.write(n.toString(16).padStart(64, '0'), at, 'hex');
    } else if (f.kind === 'address') {
      const address = typeof v === 'string' ? checksumAddress(v) : null;
      if (!address) return null;
      words.write(address.slice(2), at + 12, 'hex');
    } else {
      if (typeof v !== 'string' || !BYTES32.test(v)) return null;
      words.write(v.slice(2), at, 'hex');
    }
  }
  return keccak256(words);
}

/** EIP-712 digest, equal to ethers' `TypedDataEncoder.hash(domain, types, value)`, without re-parsing the types and the domain each time. */
export function typedDataHash(domain: TypedDataDomain, types: Record<string, TypedDataField[]>, value: Record<string, unknown>): string {
  let encoder = encoders.get(types);
  if (!encoder) {
    encoder = TypedDataEncoder.from(types);
    encoders.set(types, encoder);
    flatStructs.set(types, flatStruct(types, encoder));
  }
  const flat = flatStructs.get(types);
  const key = [domain.name, domain.version, domain.chainId, domain.verifyingContract, domain.salt].map((v) => (v === undefined || v === null ? '' : String(v))).join('|');
  let separator = domainSeparators.get(key);
  if (!separator) {
    separator = TypedDataEncoder.hashDomain(domain);
    if (domainSeparators.size >= MAX_DOMAINS) domainSeparators.clear();
    domainSeparators.set(key, separator);
  }
  return keccak256(concat(['0x1901', separator, (flat && hashFlatStruct(flat, value)) ?? encoder.hash(value)]));
}

/** The EIP-712 digest of the order under a domain. */
export function ctfOrderHash(domain: TypedDataDomain, types: Record<string, TypedDataField[]>, o: ParsedCtfOrder): string {
  return typedDataHash(domain, types, o.message);
}

/** The address a 65-byte (or EIP-2098 64-byte) ECDSA signature of `digest` recovers to; a malformed signature is a SignedOrderError. */
export function recoverSigner(digest: string, signature: string): string {
  let publicKey: Uint8Array | null = null;
  try {
    const sig = Signature.from(signature);
    publicKey = secp256k1.recover(getBytes(digest), getBytes(concat([sig.r, sig.s])), sig.yParity, false);
  } catch {
    // malformed, or r not the x of a curve point: below
  }
  if (!publicKey) throw new SignedOrderError('signature is not a valid ECDSA signature');
  // The address: the last 20 bytes of keccak256 of the uncompressed key without its 0x04 prefix
  // (remembered per key, as the checksums: a trader signs with the same key order after order).
  const k = Buffer.from(publicKey.buffer, publicKey.byteOffset, publicKey.byteLength).toString('base64');
  let address = keyAddresses.get(k);
  if (!address) {
    address = getAddress(dataSlice(keccak256(publicKey.subarray(1)), 12));
    if (keyAddresses.size >= MAX_CHECKSUMS) keyAddresses.clear();
    keyAddresses.set(k, address);
  }
  return address;
}

/** Common checks: not expired, the token traded is the body's outcome. */
export function checkOrderAgainstBody(o: ParsedCtfOrder, body: { outcome: string }, nowS: number): void {
  if (o.tokenId !== body.outcome) throw new SignedOrderError(`trades token ${o.tokenId}, the body's outcome is ${body.outcome}`);
  if (o.expiration !== null && o.expiration !== 0n && o.expiration <= BigInt(nowS)) throw new SignedOrderError('has expired');
}

// ---- orders made ready to sign (POST /orders/prepare) -------------------------------------------------

export const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

/** `v` checksummed, or a SignedOrderError naming `field`. */
export function requireAddress(field: string, v: unknown): string {
  const address = typeof v === 'string' ? checksumAddress(v) : null;
  if (!address) throw new SignedOrderError(`${field}: must be a 0x address`);
  return address;
}

/** A salt for a new order: random, below 2^47 so that venues taking it as a JSON number keep it exact. */
export const newOrderSalt = (): string => String(randomInt(1, 2 ** 47));

/**
 * The maker and taker amounts (base units of `decimals`) of `size` shares at `price`: a buy gives
 * collateral for shares, a sell the reverse. Price and size are taken to 6 decimals (the unified
 * precision); the collateral is rounded to the nearest base unit, and an order whose amounts then
 * imply another price (a size too small for the price's precision) is refused, as verification would.
 */
export function ctfOrderAmounts(side: OrderSide, price: number, size: number, decimals: number): { makerAmount: string; takerAmount: string } {
  const priceMicro = BigInt(Math.round(price * 1e6));
  const sizeMicro = BigInt(Math.round(size * 1e6));
  const scale = 10n ** BigInt(decimals);
  const shares = (sizeMicro * scale) / 1_000_000n;
  const collateral = (priceMicro * sizeMicro * scale + 500_000_000_000n) / 1_000_000_000_000n;
  if (shares === 0n || collateral === 0n) throw new SignedOrderError('size: too small to trade');
  const implied = Math.round((Number(collateral) / Number(shares)) * 1e6) / 1e6;
  if (Math.abs(implied - price) > 1e-6) throw new SignedOrderError(`size: ${size} shares at ${price} cannot be signed exactly (the amounts would imply ${implied}); use a larger size`);
  return side === 'buy' ? { makerAmount: String(collateral), takerAmount: String(shares) } : { makerAmount: String(shares), takerAmount: String(collateral) };
}

/** The order's expiry in unix seconds ("0": none), from its `expires_at`. */
export const orderExpiration = (order: Pick<VenueOrderRequest, 'expiresAt'>): string => (order.expiresAt ? String(Math.floor(Date.parse(order.expiresAt) / 1000)) : '0');

/** The price an order is signed at: its limit, or for a market order the worst price it accepts (required here). */
export function signedPrice(order: Pick<VenueOrderRequest, 'price' | 'type'>): number {
  if (order.price === null) throw new SignedOrderError('price: is required to sign an order (for a market order, the worst price you accept)');
  return order.price;
}

/** The message of Polymarket's V1 order struct (CTF_ORDER_V1_TYPES), which Limitless, predict.fun and Opinion sign. */
export function ctfV1OrderMessage(o: { maker: string; signer: string; tokenId: string; side: OrderSide; amounts: { makerAmount: string; takerAmount: string }; expiration: string; signatureType: number }): Record<string, string | number> {
  if (!/^\d{1,78}$/.test(o.tokenId)) throw new SignedOrderError('outcome: must be the outcome token id (a decimal number)');
  return {
    salt: newOrderSalt(),
    maker: o.maker,
    signer: o.signer,
    taker: ZERO_ADDRESS,
    tokenId: o.tokenId,
    makerAmount: o.amounts.makerAmount,
    takerAmount: o.amounts.takerAmount,
    expiration: o.expiration,
    nonce: '0',
    feeRateBps: '0',
    side: o.side === 'buy' ? 0 : 1,
    signatureType: o.signatureType,
  };
}
