// The venues' signing schemes, pinned: fixed keys and timestamps give the same bytes every run (the
// HMACs were cross-checked with Python's hmac module; the Safe address is a real owner/Safe pair seen
// in public code); RSA-PSS is randomised, so Kalshi's is pinned through its exact signed string and a
// verification with the public key. Then the simulators, which re-implement each venue's check:
// a wrong key, a changed request and an expired timestamp are refused. And the EIP-712 orders of
// the four client-signing venues: verified, or refused with the reason, before anything is sent.
import assert from 'node:assert/strict';
import { constants, createPublicKey, createVerify, createPrivateKey } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { concat, Signature, toBeHex, TypedDataEncoder, Wallet } from 'ethers';
import { CTF_ORDER_V1_TYPES } from '../../src/venues/ctf-order.js';
import { signFutuurRequest, futuurSigningString } from '../../src/venues/futuur/auth.js';
import { startFutuurSimulator, FUTUUR_SIM_CREDENTIALS } from '../../src/venues/futuur/sim/simulator.js';
import { kalshiSigningMessage, signKalshiRequest, signKalshiRequestAsync } from '../../src/venues/kalshi/signing.js';
import { startKalshiSimulator } from '../../src/venues/kalshi/sim/simulator.js';
import { startPolymarketSimulator } from '../../src/venues/polymarket/sim/simulator.js';
import { limitlessDomain, verifyLimitlessOrder } from '../../src/venues/limitless/signing.js';
import { opinionDomain, verifyOpinionOrder } from '../../src/venues/opinion/signing.js';
import { CLOB_AUTH_DOMAIN, CLOB_AUTH_MESSAGE, CLOB_AUTH_TYPES, l1Headers, l2Headers, l2Message, l2Signature, polymarketOrderDomain, polymarketSafeAddress, POLYMARKET_ORDER_TYPES, recoverL1, verifyPolymarketOrder } from '../../src/venues/polymarket/signing.js';
import { KERNEL_ECDSA_VALIDATOR, kernelWrappedHash, predictfunDomain, predictfunExchange, verifyPredictfunOrder } from '../../src/venues/predictfun/signing.js';
import { SignedOrderError } from '../../src/venues/trading.js';
import type { RunningSimulator } from '../../src/sim/types.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const PEM = fs.readFileSync(path.join(here, 'fixtures/kalshi-test-private.pem'), 'utf8');
const PUBLIC = fs.readFileSync(path.join(here, 'fixtures/kalshi-test-public.pem'), 'utf8');
const OTHER = fs.readFileSync(path.join(here, 'fixtures/other-private.pem'), 'utf8');
/** The public half of OTHER: a key that did not sign. */
const OTHER_PUBLIC = createPublicKey(createPrivateKey(OTHER)).export({ type: 'spki', format: 'pem' }).toString();
const TS = 1_700_000_000;
const wallet = new Wallet(`0x${'11'.repeat(32)}`);
const intruder = new Wallet(`0x${'22'.repeat(32)}`);
const ZERO32 = `0x${'0'.repeat(64)}`;

describe('trading: signing schemes', function () {
  this.timeout(30_000);

  describe('kalshi RSA-PSS', () => {
    it('signs timestamp + METHOD + path without the query string (the docs\' example)', () => {
      assert.equal(kalshiSigningMessage(1703123456789, 'get', '/trade-api/v2/portfolio/orders?limit=5'), '1703123456789GET/trade-api/v2/portfolio/orders');
      assert.equal(kalshiSigningMessage(1703123456789, 'GET', '/trade-api/v2/portfolio/balance'), '1703123456789GET/trade-api/v2/portfolio/balance');
    });

    /** Whether `sig` is Kalshi's RSA-PSS signature (SHA-256, salt = digest length) of `msg` by the holder of public key `key`. */
    const verifiesPss = (sig: Buffer, msg: string, key: string): boolean => {
      const v = createVerify('RSA-SHA256');
      v.update(msg);
      return v.verify({ key: createPublicKey(key), padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: constants.RSA_PSS_SALTLEN_DIGEST }, sig);
    };

    it('produces headers whose signature verifies with the public key (PSS, SHA-256, salt = digest)', () => {
      const h = signKalshiRequest('key-1', PEM, 'POST', '/trade-api/v2/portfolio/orders', 1703123456789);
      assert.equal(h['KALSHI-ACCESS-KEY'], 'key-1');
      assert.equal(h['KALSHI-ACCESS-TIMESTAMP'], '1703123456789');
      const sig = Buffer.from(h['KALSHI-ACCESS-SIGNATURE'], 'base64');
      assert.equal(sig.length, 256);
      const verify = (msg: string, key: string) => verifiesPss(sig, msg, key);
      assert.ok(verify('1703123456789POST/trade-api/v2/portfolio/orders', PUBLIC));
      assert.ok(!verify('1703123456789POST/trade-api/v2/portfolio/order', PUBLIC), 'another path');
      assert.ok(!verify('1703123456789POST/trade-api/v2/portfolio/orders', OTHER_PUBLIC), 'another key');
      // Randomised: two signatures of one message differ, both verify.
      assert.notEqual(signKalshiRequest('key-1', PEM, 'POST', '/trade-api/v2/portfolio/orders', 1703123456789)['KALSHI-ACCESS-SIGNATURE'], h['KALSHI-ACCESS-SIGNATURE']);
    });

    it('signs the same way off the main thread (the service\'s path): same headers, a signature that verifies only for that string and key', async () => {
      const sync = signKalshiRequest('key-1', PEM, 'DELETE', '/trade-api/v2/portfolio/orders/abc?x=1', 1703123456789);
      const h = await signKalshiRequestAsync('key-1', createPrivateKey(PEM), 'DELETE', '/trade-api/v2/portfolio/orders/abc?x=1', 1703123456789);
      assert.equal(h['KALSHI-ACCESS-KEY'], sync['KALSHI-ACCESS-KEY']);
      assert.equal(h['KALSHI-ACCESS-TIMESTAMP'], sync['KALSHI-ACCESS-TIMESTAMP']);
      assert.deepEqual(Object.keys(h), Object.keys(sync));
      const sig = Buffer.from(h['KALSHI-ACCESS-SIGNATURE'], 'base64');
      assert.equal(sig.length, 256);
      const verify = (msg: string, key: string) => verifiesPss(sig, msg, key);
      assert.ok(verify('1703123456789DELETE/trade-api/v2/portfolio/orders/abc', PUBLIC));
      assert.ok(!verify('1703123456788DELETE/trade-api/v2/portfolio/orders/abc', PUBLIC), 'another timestamp');
      assert.ok(!verify('1703123456789DELETE/trade-api/v2/portfolio/orders/abc', OTHER_PUBLIC), 'another key');
      // PSS with a fresh salt: not a copy of the synchronous signature.
      assert.notEqual(h['KALSHI-ACCESS-SIGNATURE'], sync['KALSHI-ACCESS-SIGNATURE']);
    });
  });

  describe('futuur HMAC-SHA512', () => {
    it('pins the signed string and the HMAC byte for byte', () => {
      const params = { market: 123, side: 'bid', price: 0.5, shares: 10, currency: 'USDC', expired_at: null };
      assert.equal(futuurSigningString(params, 'pub-key', TS), 'Key=pub-key&Timestamp=1700000000&currency=USDC&market=123&price=0.5&shares=10&side=bid');
      assert.deepEqual(signFutuurRequest(params, { publicKey: 'pub-key', privateKey: 'priv-key' }, TS), {
        Key: 'pub-key',
        Timestamp: '1700000000',
        HMAC: '79e77e016fc85d40a0a311143dcecb6ab1fc7105617722100e0f21d9613b8a163fca5e69bb314c5fc734c908a133ec11dc1fe074f136cbcf55d2fe8452535ac0',
      });
    });
  });

  describe('polymarket L1, L2 and Safe', () => {
    it('pins the ClobAuth digest and its (deterministic) signature', async () => {
      assert.equal(wallet.address, '0x19E7E376E7C213B7E7e7e46cc70A5dD086DAff2A');
      assert.equal(TypedDataEncoder.hash(CLOB_AUTH_DOMAIN, CLOB_AUTH_TYPES, { address: wallet.address, timestamp: String(TS), nonce: 0, message: CLOB_AUTH_MESSAGE }), '0x171589dd46503f2247dc695a4eed9fbf0f1fbe56f418ee3b9a0b60de26f52eab');
      const h = await l1Headers(wallet, TS, 0);
      assert.deepEqual(h, {
        POLY_ADDRESS: '0x19E7E376E7C213B7E7e7e46cc70A5dD086DAff2A',
        POLY_SIGNATURE: '0x0f08c184141f23f61012ba15fef7303dff47a1da48c10ae8a6737eff59618f6e568b2868fedf252be3eb6e80f3a5f09bfdf609cd8f1c9725f9862742b33dc5fc1b',
        POLY_TIMESTAMP: '1700000000',
        POLY_NONCE: '0',
      });
      assert.equal(recoverL1(wallet.address, String(TS), '0', h.POLY_SIGNATURE), wallet.address);
      assert.notEqual(recoverL1(wallet.address, String(TS + 1), '0', h.POLY_SIGNATURE), wallet.address);
    });

    it('pins the L2 HMAC (URL-safe base64 of HMAC-SHA256 keyed with the base64 secret)', () => {
      assert.equal(l2Message(TS, 'post', '/order', '{"a":1}'), '1700000000POST/order{"a":1}');
      assert.equal(l2Signature(Buffer.from('polymarket-test-secret-0123456789').toString('base64'), l2Message(TS, 'POST', '/order', '{"a":1}')), '1AorgPmrHXFcLe2QVNK7p0FzZSQXEmwOfBmzIDtKiOo=');
    });

    it('derives the Safe of an owner by CREATE2 (a real owner/Safe pair)', () => {
      assert.equal(polymarketSafeAddress('0x2Bc8acFDFaD41ec4aD399dCAC0E09e237bB7bBa8'), '0x1Ca9521aC17f434A1fCe224c7584a0B62882cFAf');
      assert.equal(polymarketSafeAddress('0x2bc8acfdfad41ec4ad399dcac0e09e237bb7bba8'), '0x1Ca9521aC17f434A1fCe224c7584a0B62882cFAf');
    });
  });

  describe('the simulators refuse what the venues refuse', () => {
    let kalshi: RunningSimulator;
    let futuur: RunningSimulator;
    before(async () => {
      kalshi = await startKalshiSimulator({ tickMs: 0 });
      futuur = await startFutuurSimulator({ tickMs: 0 });
      await fetch(`${kalshi.server.baseUrl}/_sim/api_keys`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ key_id: 'k1', public_key: PUBLIC }) });
    });
    after(async () => {
      await kalshi?.stop();
      await futuur?.stop();
    });

    const kalshiGet = (headers: object, p = '/portfolio/balance') => fetch(`${kalshi.baseUrls.rest}${p}`, { headers: headers as Record<string, string> });

    it('kalshi: right key and time pass; wrong key, another path, an expired timestamp, no headers are a 401', async () => {
      const p = new URL(kalshi.baseUrls.rest).pathname;
      assert.equal((await kalshiGet(signKalshiRequest('k1', PEM, 'GET', `${p}/portfolio/balance`, Date.now()))).status, 200);
      const cases: [object, string][] = [
        [signKalshiRequest('k1', OTHER, 'GET', `${p}/portfolio/balance`, Date.now()), 'invalid signature'],
        [signKalshiRequest('k1', PEM, 'GET', `${p}/portfolio/positions`, Date.now()), 'invalid signature'],
        [signKalshiRequest('k1', PEM, 'GET', `${p}/portfolio/balance`, Date.now() - 120_000), 'timestamp'],
        [signKalshiRequest('unknown', PEM, 'GET', `${p}/portfolio/balance`, Date.now()), 'unknown API key'],
        [{}, 'required'],
      ];
      for (const [headers, why] of cases) {
        const res = await kalshiGet(headers);
        assert.equal(res.status, 401, why);
        assert.match(JSON.stringify(await res.json()), new RegExp(why));
      }
    });

    it('futuur: right pair passes; wrong secret, changed params, an expired timestamp are a 401 with futuur\'s codes', async () => {
      const creds = FUTUUR_SIM_CREDENTIALS;
      const get = (q: Record<string, string>, h: Record<string, string>) => fetch(`${futuur.baseUrls.rest}/orders/?${new URLSearchParams(q).toString()}`, { headers: h });
      const now = Math.floor(Date.now() / 1000);
      assert.equal((await get({ limit: '5' }, signFutuurRequest({ limit: 5 }, creds, now))).status, 200);
      const bad: [Response, string][] = [
        [await get({ limit: '5' }, signFutuurRequest({ limit: 5 }, { ...creds, privateKey: 'wrong' }, now)), 'InvalidHMACSignature'],
        [await get({ limit: '6' }, signFutuurRequest({ limit: 5 }, creds, now)), 'InvalidHMACSignature'],
        [await get({ limit: '5' }, signFutuurRequest({ limit: 5 }, creds, now - 600)), 'ExpiredTimestamp'],
        [await get({ limit: '5' }, signFutuurRequest({ limit: 5 }, { ...creds, publicKey: 'nobody' }, now)), 'InvalidHMACKey'],
      ];
      for (const [res, code] of bad) {
        assert.equal(res.status, 401, code);
        assert.equal(((await res.json()) as { code: string }).code, code);
      }
    });
  });

  describe('the polymarket simulator checks EIP-712 as the venue does', () => {
    let polymarket: RunningSimulator;
    let token: string;
    let negRisk: boolean;
    before(async () => {
      polymarket = await startPolymarketSimulator({ tickMs: 0 });
      const list = (await (await fetch(`${polymarket.baseUrls.gamma}/markets?limit=50&closed=false`)).json()) as { clobTokenIds?: string; negRisk?: boolean; acceptingOrders?: boolean; enableOrderBook?: boolean; closed?: boolean }[];
      const m = list.find((x) => x.clobTokenIds && x.acceptingOrders !== false && x.enableOrderBook !== false && !x.closed)!;
      token = (JSON.parse(m.clobTokenIds!) as string[])[0];
      negRisk = !!m.negRisk;
    });
    after(async () => {
      await polymarket?.stop();
    });

    const derive = async (headers: object) => fetch(`${polymarket.baseUrls.clob}/auth/derive-api-key`, { headers: headers as Record<string, string> });
    const N = BigInt('0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141');

    it('L1: a ClobAuth signed by the address derives a key; by another key, or stale, is a 401', async () => {
      const now = Math.floor(Date.now() / 1000);
      assert.equal((await derive(await l1Headers(wallet, now))).status, 200);
      const foreign = { ...(await l1Headers(wallet, now)), POLY_SIGNATURE: (await l1Headers(intruder, now)).POLY_SIGNATURE };
      const stale = await l1Headers(wallet, now - 600);
      for (const [h, why] of [[foreign, 'signature'], [stale, 'timestamp']] as const) {
        const res = await derive(h);
        assert.equal(res.status, 401, why);
        assert.match(JSON.stringify(await res.json()), new RegExp(why));
      }
    });

    it('orders: the signer\'s own order rests; a changed amount, another key, the other exchange\'s domain, a high-s copy or another account\'s signer are refused', async () => {
      const creds = (await (await derive(await l1Headers(wallet, Math.floor(Date.now() / 1000)))).json()) as { apiKey: string; secret: string; passphrase: string };
      let salt = 1000;
      const order = (over: Record<string, unknown> = {}) => ({ salt: String(++salt), maker: wallet.address, signer: wallet.address, tokenId: token, makerAmount: '10000', takerAmount: '1000000', side: 0, signatureType: 0, timestamp: String(Date.now()), metadata: ZERO32, builder: ZERO32, ...over });
      const sign = (o: Record<string, unknown>, by: Wallet = wallet, onNegRisk = negRisk) => by.signTypedData(polymarketOrderDomain(onNegRisk), POLYMARKET_ORDER_TYPES, o);
      const post = async (o: Record<string, unknown>, signature: string) => {
        const body = JSON.stringify({ order: { ...o, side: o.side === 0 ? 'BUY' : 'SELL', expiration: '0', taker: `0x${'0'.repeat(40)}`, signature }, owner: creds.apiKey, orderType: 'GTC', negRisk });
        const headers = l2Headers({ api_key: creds.apiKey, secret: creds.secret, passphrase: creds.passphrase, address: wallet.address }, Math.floor(Date.now() / 1000), 'POST', '/order', body);
        const res = await fetch(`${polymarket.baseUrls.clob}/order`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
        return { status: res.status, body: (await res.json()) as Record<string, unknown> };
      };
      const good = order();
      const goodSig = await sign(good);
      const placed = await post(good, goodSig);
      assert.equal(placed.status, 200, JSON.stringify(placed.body));
      assert.equal(placed.body.success, true);
      assert.equal(placed.body.status, 'live');
      assert.equal(placed.body.orderID, TypedDataEncoder.hash(polymarketOrderDomain(negRisk), POLYMARKET_ORDER_TYPES, good), 'called by its EIP-712 hash');

      const tampered = order();
      const tamperedSig = await sign(tampered);
      const foreign = order();
      const otherDomain = order();
      // The same signature with s -> n - s (and the parity flipped) recovers to the same key: refused as non-canonical.
      const malleable = order();
      const parsed = Signature.from(await sign(malleable));
      const highS = concat([parsed.r, toBeHex(N - BigInt(parsed.s), 32), parsed.v === 27 ? '0x1c' : '0x1b']);
      const intruderOrder = order({ maker: intruder.address, signer: intruder.address });
      const cases: [Record<string, unknown>, string, RegExp][] = [
        [{ ...tampered, makerAmount: '20000' }, tamperedSig, /invalid signature/],
        [foreign, await sign(foreign, intruder), /invalid signature/],
        [otherDomain, await sign(otherDomain, wallet, !negRisk), /invalid signature/],
        [malleable, highS, /invalid signature/],
        [intruderOrder, await sign(intruderOrder, intruder), /signer address has to be the address of the API KEY/],
      ];
      for (const [o, signature, why] of cases) {
        const res = await post(o, signature);
        assert.equal(res.status, 400, `${why}: ${JSON.stringify(res.body)}`);
        assert.match(String(res.body.error), why);
      }
    });
  });

  describe('EIP-712 orders of the client-signing venues', () => {
    const now = Math.floor(Date.now() / 1000);
    const tokenId = '123456789012345678901234567890';
    // buy 10 shares at 0.42 (6 decimals)
    const v2 = (over: Record<string, unknown> = {}) => ({
      salt: '12345', maker: wallet.address, signer: wallet.address, tokenId, makerAmount: '4200000', takerAmount: '10000000', side: 0, signatureType: 0,
      timestamp: String(now * 1000), metadata: ZERO32, builder: ZERO32, ...over,
    });
    const signV2 = async (order: Record<string, unknown>, by = wallet, negRisk = false) => ({ ...order, signature: await by.signTypedData(polymarketOrderDomain(negRisk), POLYMARKET_ORDER_TYPES, order) });
    const reason = (fn: () => unknown): string => {
      try {
        fn();
      } catch (err) {
        assert.ok(err instanceof SignedOrderError, String(err));
        return err.message;
      }
      assert.fail('accepted');
    };

    it('polymarket: a good order verifies (price and size from the amounts); a wrong key, a changed amount, a wrong maker, another token or signer are refused', async () => {
      const ok = verifyPolymarketOrder(await signV2(v2()), { outcome: tokenId }, wallet.address, now);
      assert.deepEqual({ side: ok.side, price: ok.price, size: ok.size, signer: ok.signer }, { side: 'buy', price: 0.42, size: 10, signer: wallet.address });
      assert.equal(ok.orderHash, TypedDataEncoder.hash(polymarketOrderDomain(false), POLYMARKET_ORDER_TYPES, v2()));
      assert.match(reason(() => verifyPolymarketOrder({ ...v2(), signature: (intruder.signingKey.sign(TypedDataEncoder.hash(polymarketOrderDomain(false), POLYMARKET_ORDER_TYPES, v2()))).serialized }, { outcome: tokenId }, null, now)), /recovers to/);
      const signed = await signV2(v2());
      assert.match(reason(() => verifyPolymarketOrder({ ...signed, makerAmount: '5200000' }, { outcome: tokenId }, null, now)), /recovers to/);
      assert.match(reason(() => verifyPolymarketOrder(signed, { outcome: '999' }, null, now)), /trades token/);
      assert.match(reason(() => verifyPolymarketOrder(signed, { outcome: tokenId }, intruder.address, now)), /not the address of your stored/);
      assert.match(reason(() => verifyPolymarketOrder({ ...signed, negRisk: true }, { outcome: tokenId }, null, now)), /recovers to/, 'the neg-risk exchange is another domain');
      const eoaWithOtherMaker = await signV2(v2({ maker: intruder.address }));
      assert.match(reason(() => verifyPolymarketOrder(eoaWithOtherMaker, { outcome: tokenId }, null, now)), /maker = signer/);
      const safe = await signV2(v2({ maker: polymarketSafeAddress(wallet.address), signatureType: 2 }));
      assert.equal(verifyPolymarketOrder(safe, { outcome: tokenId }, null, now).signer, wallet.address);
      const wrongSafe = await signV2(v2({ maker: intruder.address, signatureType: 2 }));
      assert.match(reason(() => verifyPolymarketOrder(wrongSafe, { outcome: tokenId }, null, now)), /not the Safe/);
      assert.match(reason(() => verifyPolymarketOrder({ ...signed, signature: '0x1234' }, { outcome: tokenId }, null, now)), /not a valid ECDSA/);
      assert.match(reason(() => verifyPolymarketOrder({ salt: '1' }, { outcome: tokenId }, null, now)), /is required/);
    });

    const v1 = (over: Record<string, unknown> = {}, decimals = 6) => {
      const unit = 10n ** BigInt(decimals);
      return {
        salt: '777', maker: wallet.address, signer: wallet.address, taker: '0x0000000000000000000000000000000000000000', tokenId,
        makerAmount: String((unit * 3n) / 10n * 5n), takerAmount: String(unit * 5n), expiration: String(now + 3600), nonce: '0', feeRateBps: '0', side: 0, signatureType: 0, ...over,
      };
    };

    it('limitless: verifies under the market\'s own exchange contract; another contract, a wrong key, an expired order are refused', async () => {
      const exchange = '0x05c748E2f4DcDe0ec9Fa8DDc40DE6b867f923fa5';
      const order = v1();
      const signed = { ...order, verifyingContract: exchange, signature: await wallet.signTypedData(limitlessDomain(exchange), CTF_ORDER_V1_TYPES, order) };
      const ok = verifyLimitlessOrder(signed, { outcome: tokenId }, exchange, now);
      assert.deepEqual({ price: ok.price, size: ok.size, side: ok.side }, { price: 0.3, size: 5, side: 'buy' });
      assert.match(reason(() => verifyLimitlessOrder(signed, { outcome: tokenId }, '0x0000000000000000000000000000000000000001', now)), /not this market's exchange/);
      const byIntruder = { ...order, verifyingContract: exchange, signature: await intruder.signTypedData(limitlessDomain(exchange), CTF_ORDER_V1_TYPES, order) };
      assert.match(reason(() => verifyLimitlessOrder(byIntruder, { outcome: tokenId }, exchange, now)), /recovers to/);
      const old = v1({ expiration: String(now - 10) });
      const expired = { ...old, verifyingContract: exchange, signature: await wallet.signTypedData(limitlessDomain(exchange), CTF_ORDER_V1_TYPES, old) };
      assert.match(reason(() => verifyLimitlessOrder(expired, { outcome: tokenId }, exchange, now)), /expired/);
    });

    it('opinion: a Safe order signed by its owner verifies; type 0 or another Safe are refused', async () => {
      const exchange = '0x5F45344126D6488025B0b84A3A8189F2487a7246';
      const safe = '0x000000000000000000000000000000000000beef';
      const order = v1({ maker: safe, signatureType: 2 }, 18);
      const signed = { ...order, signature: await wallet.signTypedData(opinionDomain(exchange), CTF_ORDER_V1_TYPES, order) };
      const ok = verifyOpinionOrder(signed, { outcome: tokenId }, exchange, safe, now);
      assert.deepEqual({ price: ok.price, size: ok.size }, { price: 0.3, size: 5 });
      assert.match(reason(() => verifyOpinionOrder(signed, { outcome: tokenId }, exchange, '0x000000000000000000000000000000000000dead', now)), /not your stored Safe/);
      const eoa = v1({}, 18);
      const eoaSigned = { ...eoa, signature: await wallet.signTypedData(opinionDomain(exchange), CTF_ORDER_V1_TYPES, eoa) };
      assert.match(reason(() => verifyOpinionOrder(eoaSigned, { outcome: tokenId }, exchange, null, now)), /signatureType must be 2/);
    });

    it('predictfun: an EOA order and a Predict Account (Kernel ERC-1271) order verify; the account\'s signature by another key is refused', async () => {
      const market = { negRisk: true, yieldBearing: false };
      const domain = predictfunDomain(predictfunExchange(market));
      const eoa = v1({}, 18);
      const eoaSigned = { ...eoa, signature: await wallet.signTypedData(domain, CTF_ORDER_V1_TYPES, eoa) };
      assert.equal(verifyPredictfunOrder(eoaSigned, { outcome: tokenId }, market, null, now).size, 5);
      assert.match(reason(() => verifyPredictfunOrder(eoaSigned, { outcome: tokenId }, { negRisk: false, yieldBearing: false }, null, now)), /recovers to/, 'another exchange contract');

      const account = '0x00000000000000000000000000000000c0ffee00';
      const accOrder = v1({ maker: account, signer: account }, 18);
      const digest = TypedDataEncoder.hash(domain, CTF_ORDER_V1_TYPES, accOrder);
      const inner = wallet.signingKey.sign(kernelWrappedHash(account, digest)).serialized;
      const wrapped = `0x01${KERNEL_ECDSA_VALIDATOR.slice(2)}${inner.slice(2)}`;
      assert.equal(verifyPredictfunOrder({ ...accOrder, signature: wrapped }, { outcome: tokenId }, market, wallet.address, now).signer.toLowerCase(), account);
      assert.match(reason(() => verifyPredictfunOrder({ ...accOrder, signature: wrapped }, { outcome: tokenId }, market, intruder.address, now)), /does not recover to its owner/);
      assert.match(reason(() => verifyPredictfunOrder({ ...accOrder, signature: wrapped }, { outcome: tokenId }, market, null, now)), /owner_address/);
    });
  });
});
