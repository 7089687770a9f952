// The service verifies EIP-712 orders with its own fast path (src/venues/ctf-order.ts: the typed-data
// hash with cached encoders and domain separators, flat order structs hashed from their 32-byte words,
// the public key recovered by libsecp256k1 in WASM);
// the Polymarket simulator uses the same primitives (the busiest one in the trading benchmark; its own
// domains, types and rules), the other simulators keep ethers' own functions. These tests hold the
// fast path to ethers' answers: the same digest for every venue's struct, the same recovered address
// for many keys and digests, and the same refusals (a malformed or high-s signature, an r that is no
// curve point).
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { getAddress, isAddress, recoverAddress, Signature, SigningKey, toBeHex, TypedDataEncoder, Wallet } from 'ethers';
import { checksumAddress, CTF_ORDER_V1_TYPES, recoverSigner, typedDataHash } from '../../src/venues/ctf-order.js';
import { limitlessDomain } from '../../src/venues/limitless/signing.js';
import { opinionDomain } from '../../src/venues/opinion/signing.js';
import { CLOB_AUTH_DOMAIN, CLOB_AUTH_MESSAGE, CLOB_AUTH_TYPES, polymarketOrderDomain, POLYMARKET_ORDER_TYPES } from '../../src/venues/polymarket/signing.js';
import { predictfunDomain } from '../../src/venues/predictfun/signing.js';
import { SignedOrderError } from '../../src/venues/trading.js';

const N = BigInt('0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141');
const ZERO32 = `0x${'0'.repeat(64)}`;
const hex32 = (): string => `0x${crypto.randomBytes(32).toString('hex')}`;

describe('trading: the fast EIP-712 path agrees with ethers', () => {
  it('hashes every venue\'s order struct (and Polymarket\'s ClobAuth) exactly as TypedDataEncoder.hash', () => {
    const w = new Wallet(hex32());
    const v2 = { salt: '12345', maker: w.address, signer: w.address, tokenId: '987654321', makerAmount: '500000', takerAmount: '1000000', side: 0, signatureType: 0, timestamp: '1700000000000', metadata: ZERO32, builder: hex32() };
    const v1 = { salt: '7', maker: w.address, signer: w.address, taker: '0x0000000000000000000000000000000000000000', tokenId: '42', makerAmount: '10', takerAmount: '20', expiration: '0', nonce: '0', feeRateBps: '0', side: 1, signatureType: 0 };
    const exchange = '0x' + 'ab'.repeat(20);
    const cases: [Parameters<typeof typedDataHash>[0], Parameters<typeof typedDataHash>[1], Record<string, unknown>][] = [
      [polymarketOrderDomain(false), POLYMARKET_ORDER_TYPES, v2],
      [polymarketOrderDomain(true), POLYMARKET_ORDER_TYPES, v2],
      [limitlessDomain(exchange), CTF_ORDER_V1_TYPES, v1],
      [opinionDomain(exchange), CTF_ORDER_V1_TYPES, v1],
      [predictfunDomain(exchange), CTF_ORDER_V1_TYPES, v1],
      [CLOB_AUTH_DOMAIN, CLOB_AUTH_TYPES, { address: w.address, timestamp: '1700000000', nonce: 0, message: CLOB_AUTH_MESSAGE }],
    ];
    for (const [domain, types, value] of cases) {
      // twice: the second answer comes from the cached encoder and separator
      assert.equal(typedDataHash(domain, types, value), TypedDataEncoder.hash(domain, types, value));
      assert.equal(typedDataHash(domain, types, value), TypedDataEncoder.hash(domain, types, value));
    }
    // a changed field or another domain gives another digest
    assert.notEqual(typedDataHash(polymarketOrderDomain(false), POLYMARKET_ORDER_TYPES, { ...v2, makerAmount: '500001' }), typedDataHash(polymarketOrderDomain(false), POLYMARKET_ORDER_TYPES, v2));
    assert.notEqual(typedDataHash(polymarketOrderDomain(true), POLYMARKET_ORDER_TYPES, v2), typedDataHash(polymarketOrderDomain(false), POLYMARKET_ORDER_TYPES, v2));
  });

  it('recovers the same address as ethers for 200 random keys and digests, both recovery ids, 65- and 64-byte forms', () => {
    const ids = new Set<number>();
    for (let i = 0; i < 200; i++) {
      const key = new SigningKey(hex32());
      const digest = hex32();
      const sig = key.sign(digest);
      ids.add(sig.yParity);
      const expected = recoverAddress(digest, sig);
      assert.equal(recoverSigner(digest, sig.serialized), expected);
      assert.equal(recoverSigner(digest, sig.compactSerialized), expected);
      // another digest: both recover the same (wrong) address, never the signer's
      const other = hex32();
      const wrong = recoverSigner(other, sig.serialized);
      assert.equal(wrong, recoverAddress(other, sig));
      assert.notEqual(wrong, expected);
    }
    assert.deepEqual([...ids].sort(), [0, 1], 'both recovery ids were exercised');
  });

  it('refuses what ethers refuses: malformed, high s, r not on the curve', () => {
    const key = new SigningKey(hex32());
    const digest = hex32();
    const sig = key.sign(digest);
    const highS = `${sig.r}${toBeHex(N - BigInt(sig.s), 32).slice(2)}${sig.v === 27 ? '1c' : '1b'}`;
    // r = 5 is not the x of any point on secp256k1 (5^3 + 7 = 132 is not a square mod p)
    const offCurve = `0x${'0'.repeat(63)}5${sig.s.slice(2)}1b`;
    for (const bad of ['0x1234', highS, offCurve, `0x${'00'.repeat(65)}`]) {
      let ethersRefused = false;
      try {
        recoverAddress(digest, Signature.from(bad));
      } catch {
        ethersRefused = true;
      }
      assert.ok(ethersRefused, `ethers refuses ${bad.slice(0, 20)}...`);
      assert.throws(() => recoverSigner(digest, bad), (err: unknown) => err instanceof SignedOrderError && /not a valid ECDSA signature/.test(err.message));
    }
  });

  it('checksums addresses as getAddress does, refuses what isAddress refuses, and answers the same when asked again', () => {
    const w = new Wallet(hex32()).address;
    const wrongCase = w.replace(/[a-f]/, (c) => c.toUpperCase()) === w ? w.replace(/[A-F]/, (c) => c.toLowerCase()) : w.replace(/[a-f]/, (c) => c.toUpperCase());
    const inputs = [w, w.toLowerCase(), `0x${w.slice(2).toUpperCase()}`, wrongCase, w.slice(0, 41), `${w}0`, 'not an address', `0x${'zz'.repeat(20)}`, `0x${'0'.repeat(40)}`, `0x${'a'.repeat(40)}`.repeat(3)];
    for (let round = 0; round < 2; round++) {
      for (const v of inputs) {
        const ours = checksumAddress(v);
        if (isAddress(v)) assert.equal(ours, getAddress(v), v);
        else assert.equal(ours, null, v);
      }
    }
    assert.equal(checksumAddress(wrongCase), null, 'a mixed-case address with a wrong checksum is refused');
  });

  it('hashes flat order structs from their words exactly as ethers, and leaves every value it does not take to ethers (same digest or same refusal)', () => {
    const MAX = (1n << 256n) - 1n;
    const rnd = (bits: number) => BigInt(`0x${crypto.randomBytes(bits / 8).toString('hex')}`);
    const w = new Wallet(hex32());
    const cases: [Parameters<typeof typedDataHash>[0], Parameters<typeof typedDataHash>[1], Record<string, unknown>][] = [];
    for (let i = 0; i < 40; i++) {
      const salt = [String(rnd(256)), String(MAX), '0', Number.MAX_SAFE_INTEGER, rnd(64), `0x${crypto.randomBytes(8).toString('hex')}`, ' 12'][i % 7];
      const address = [w.address, w.address.toLowerCase()][i % 2];
      cases.push([polymarketOrderDomain(i % 2 === 0), POLYMARKET_ORDER_TYPES, { salt, maker: address, signer: w.address, tokenId: String(rnd(256)), makerAmount: String(rnd(64)), takerAmount: i, side: i % 2, signatureType: String(i % 4), timestamp: String(Date.now()), metadata: hex32(), builder: hex32().toUpperCase().replace('0X', '0x'), extra: 'ignored' }]);
      cases.push([limitlessDomain(`0x${crypto.randomBytes(20).toString('hex')}`), CTF_ORDER_V1_TYPES, { salt, maker: address, signer: address, taker: '0x0000000000000000000000000000000000000000', tokenId: String(rnd(128)), makerAmount: '10', takerAmount: '20', expiration: String(rnd(32)), nonce: '0', feeRateBps: 100, side: 1, signatureType: 2 }]);
    }
    const base = cases[0][2];
    const refused: Record<string, unknown>[] = [
      { ...base, salt: String(MAX + 1n) }, // out of uint256
      { ...base, side: 256 }, // out of uint8
      { ...base, side: -1 },
      { ...base, makerAmount: 1.5 },
      { ...base, makerAmount: 2 ** 60 }, // an unsafe integer
      { ...base, maker: w.address.toLowerCase().replace(/[a-f]/, (c) => c.toUpperCase()) }, // a broken checksum
      { ...base, metadata: '0x1234' }, // not 32 bytes
      { ...base, builder: undefined }, // missing
    ];
    for (const v of refused) cases.push([cases[0][0], POLYMARKET_ORDER_TYPES, v]);
    for (const [domain, types, value] of cases) {
      let expected: string | Error;
      try {
        expected = TypedDataEncoder.hash(domain, types, value);
      } catch (err) {
        expected = err as Error;
      }
      if (typeof expected === 'string') assert.equal(typedDataHash(domain, types, value), expected, JSON.stringify(value, (_k, x: unknown) => (typeof x === 'bigint' ? `${x}n` : x)));
      else assert.throws(() => typedDataHash(domain, types, value), { message: expected.message });
    }
    assert.ok(cases.some(([d, t, v]) => { try { TypedDataEncoder.hash(d, t, v); return false; } catch { return true; } }), 'some cases are refusals');
  });
});
