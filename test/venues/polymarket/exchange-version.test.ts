// Polymarket's CTF Exchange version (clob-client-v2 v1.1.0: GET /version, domain version "3" with one
// exchange contract, `order_version_mismatch`) and deposit-wallet (type 3, ERC-1271) orders: the
// service verifies and hashes under the version the CLOB announces, the simulator enforces it with a
// real signature check, and a mismatch at posting time refreshes the version and tells the user what
// to sign.
import assert from 'node:assert/strict';
import { TypedDataEncoder, Wallet, ZeroHash } from 'ethers';
import { l1Headers, polymarketOrderDomain, POLYMARKET_EXCHANGES, POLYMARKET_ORDER_TYPES, verifyPolymarketOrder, wrapDepositWalletSignature, type PolymarketExchangeVersion } from '../../../src/venues/polymarket/signing.js';
import { startPolymarketSimulator, type PolymarketSimulatorControls } from '../../../src/venues/polymarket/sim/simulator.js';
import { createPolymarketTradingClient, orderHashOf, polymarketExchangeVersion } from '../../../src/venues/polymarket/trading.js';
import { SignedOrderError, VenueCallError, type TradingClient, type VenueOrderRequest } from '../../../src/venues/trading.js';
import type { RunningSimulator } from '../../../src/sim/types.js';

const owner = new Wallet(`0x${'31'.repeat(32)}`);
const intruder = new Wallet(`0x${'32'.repeat(32)}`);
/** A deposit wallet (a contract: no key of its own). */
const DEPOSIT_WALLET = '0x5555555555555555555555555555555555555555';

const DEPOSIT_SIGN_TYPES = {
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

let salt = 5000;
function order(token: string, over: Record<string, unknown> = {}): Record<string, unknown> {
  // buy 10 shares at 0.42
  return { salt: String(++salt), maker: owner.address, signer: owner.address, tokenId: token, makerAmount: '4200000', takerAmount: '10000000', side: 0, signatureType: 0, timestamp: String(Date.now()), metadata: ZeroHash, builder: ZeroHash, ...over };
}
async function sign(o: Record<string, unknown>, version: PolymarketExchangeVersion, negRisk = false, by = owner): Promise<Record<string, unknown>> {
  return { ...o, negRisk, signature: await by.signTypedData(polymarketOrderDomain(negRisk, version), POLYMARKET_ORDER_TYPES, o) };
}
/** A deposit-wallet order signed as the official client signs it (ERC-7739 TypedDataSign, then wrapped). */
async function signDeposit(o: Record<string, unknown>, version: PolymarketExchangeVersion, by = owner, wrapDomainVersion = version): Promise<Record<string, unknown>> {
  const domain = polymarketOrderDomain(false, version);
  const inner = await by.signTypedData(domain, DEPOSIT_SIGN_TYPES, { contents: o, name: 'DepositWallet', version: '1', chainId: 137, verifyingContract: o.signer, salt: ZeroHash });
  return { ...o, negRisk: false, signature: wrapDepositWalletSignature(inner, polymarketOrderDomain(false, wrapDomainVersion), o) };
}
const reason = (fn: () => unknown): string => {
  try {
    fn();
  } catch (err) {
    assert.ok(err instanceof SignedOrderError, String(err));
    return err.message;
  }
  assert.fail('accepted');
};

describe('polymarket: CTF Exchange version and deposit wallets', function () {
  this.timeout(30_000);
  const now = Math.floor(Date.now() / 1000);
  const token = '123456789012345678901234567890';

  it('V3 is domain version "3" on the one V3 exchange, neg-risk or not; V2 keeps its two contracts', () => {
    assert.deepEqual(polymarketOrderDomain(true, 3), { name: 'Polymarket CTF Exchange', version: '3', chainId: 137, verifyingContract: POLYMARKET_EXCHANGES.v3 });
    assert.equal(polymarketOrderDomain(false, 3).verifyingContract, '0xe3333700cA9d93003F00f0F71f8515005F6c00Aa');
    assert.equal(polymarketOrderDomain(true).verifyingContract, POLYMARKET_EXCHANGES.negRisk);
    assert.equal(polymarketOrderDomain(false, 2).version, '2');
  });

  it('verifies and hashes a V3 order under V3; an order signed for the other version is refused naming the version to sign', async () => {
    const v3 = await sign(order(token), 3, true);
    const ok = verifyPolymarketOrder(v3, { outcome: token }, owner.address, now, 3);
    assert.equal(ok.orderHash, TypedDataEncoder.hash(polymarketOrderDomain(true, 3), POLYMARKET_ORDER_TYPES, order(token, { salt: v3.salt, timestamp: v3.timestamp })));
    assert.equal(orderHashOf(v3, 3), ok.orderHash);
    assert.match(reason(() => verifyPolymarketOrder(v3, { outcome: token }, owner.address, now, 2)), /signed for Polymarket's CTF Exchange V3, but the exchange now runs V2/);
    const v2 = await sign(order(token), 2);
    assert.match(reason(() => verifyPolymarketOrder(v2, { outcome: token }, owner.address, now, 3)), /V2, but the exchange now runs V3: sign it again under domain version "3"/);
    const foreign = await sign(order(token), 3, false, intruder);
    assert.match(reason(() => verifyPolymarketOrder({ ...foreign, signer: owner.address, maker: owner.address }, { outcome: token }, owner.address, now, 3)), /recovers to/);
  });

  it('deposit wallets (type 3): the owner\'s wrapped signature verifies for the stored funder; another owner, funder, order or exchange is refused', async () => {
    const creds = { address: owner.address, funder: DEPOSIT_WALLET };
    const o = order(token, { maker: DEPOSIT_WALLET, signer: DEPOSIT_WALLET, signatureType: 3 });
    const signed = await signDeposit(o, 3);
    const byIntruder = await signDeposit(o, 3, intruder);
    const wrappedForV2 = await signDeposit(o, 3, owner, 2);
    const ok = verifyPolymarketOrder(signed, { outcome: token }, creds, now, 3);
    assert.equal(ok.signer, DEPOSIT_WALLET);
    assert.equal(ok.price, 0.42);
    assert.match(reason(() => verifyPolymarketOrder(byIntruder, { outcome: token }, creds, now, 3)), /recovers to 0x.*not the address of your stored/);
    assert.match(reason(() => verifyPolymarketOrder(signed, { outcome: token }, { address: owner.address }, now, 3)), /stored as funder/);
    assert.match(reason(() => verifyPolymarketOrder(signed, { outcome: token }, { address: owner.address, funder: intruder.address }, now, 3)), /not your stored funder/);
    assert.match(reason(() => verifyPolymarketOrder({ ...signed, makerAmount: '4300000' }, { outcome: token }, creds, now, 3)), /wraps another order/);
    assert.match(reason(() => verifyPolymarketOrder(signed, { outcome: token }, creds, now, 2)), /signed for Polymarket's CTF Exchange V3, but the exchange now runs V2/);
    assert.match(reason(() => verifyPolymarketOrder(wrappedForV2, { outcome: token }, creds, now, 3)), /signed for another exchange/);
    assert.match(reason(() => verifyPolymarketOrder({ ...signed, signature: signed.signature!.toString().slice(0, 140) }, { outcome: token }, creds, now, 3)), /too short/);
    assert.match(reason(() => verifyPolymarketOrder({ ...signed, maker: owner.address }, { outcome: token }, creds, now, 3)), /maker = signer/);
  });

  describe('against the simulator (which announces a version and checks signatures under it)', () => {
    let sim: RunningSimulator & PolymarketSimulatorControls;
    let client: TradingClient;
    let creds: Record<string, unknown>;
    let simToken: string;
    let negRisk: boolean;
    let marketId: string;
    before(async () => {
      sim = await startPolymarketSimulator({ tickMs: 0, exchangeVersion: 3 });
      const list = (await (await fetch(`${sim.baseUrls.gamma}/markets?limit=50&closed=false`)).json()) as { conditionId: string; clobTokenIds?: string; negRisk?: boolean; acceptingOrders?: boolean; closed?: boolean }[];
      const m = list.find((x) => x.clobTokenIds && x.acceptingOrders !== false && !x.closed)!;
      simToken = (JSON.parse(m.clobTokenIds!) as string[])[0];
      negRisk = !!m.negRisk;
      marketId = m.conditionId;
      const key = (await (await fetch(`${sim.baseUrls.clob}/auth/derive-api-key`, { headers: { ...(await l1Headers(owner, Math.floor(Date.now() / 1000))) } })).json()) as { apiKey: string; secret: string; passphrase: string };
      creds = { api_key: key.apiKey, secret: key.secret, passphrase: key.passphrase, address: owner.address, funder: DEPOSIT_WALLET };
      client = createPolymarketTradingClient({ baseUrls: sim.baseUrls, timeoutMs: 5_000 });
    });
    after(async () => {
      await sim?.stop();
    });

    const request = (signed: Record<string, unknown>): VenueOrderRequest => ({ marketId, outcome: simToken, side: 'buy', type: 'limit', price: 0.42, size: 10, timeInForce: 'gtc', expiresAt: null, clientId: 'c1', signedOrder: signed });

    it('serves GET /version, and the client reads it (cached until refreshed)', async () => {
      assert.deepEqual(await (await fetch(`${sim.baseUrls.clob}/version`)).json(), { version: 3 });
      assert.equal(await polymarketExchangeVersion(sim.baseUrls.clob, { timeoutMs: 5_000, refresh: true }), 3);
    });

    it('a V3 order verifies through the client and rests on the simulator; a V2-signed one is refused by both', async () => {
      const v3 = await sign(order(simToken), 3, negRisk);
      const verified = await client.verifySignedOrder!(v3, request(v3), creds);
      const placed = await client.place(creds, request(v3));
      assert.equal(placed.exchangeOrderId, verified.orderHash, 'the simulator calls the order by its V3 hash');
      const v2 = await sign(order(simToken), 2, negRisk);
      await assert.rejects(client.verifySignedOrder!(v2, request(v2), creds), /runs V3/);
      await assert.rejects(client.place(creds, request(v2)), (e: unknown) => e instanceof VenueCallError && e.failure === 'rejected' && /sign it again under domain version "3"/.test(e.message));
    });

    it('a deposit-wallet order signed by its owner rests; one signed by another key is refused by the simulator', async () => {
      const o = order(simToken, { maker: DEPOSIT_WALLET, signer: DEPOSIT_WALLET, signatureType: 3 });
      const signed = { ...(await signDeposit(o, 3)), negRisk };
      await client.verifySignedOrder!(signed, request(signed), creds);
      assert.equal((await client.place(creds, request(signed))).status, 'open');
      const forged = { ...(await signDeposit(order(simToken, { maker: DEPOSIT_WALLET, signer: DEPOSIT_WALLET, signatureType: 3 }), 3, intruder)), negRisk };
      await assert.rejects(client.place(creds, request(forged)), /invalid signature/);
    });

    it('a deposit-wallet order prepared here: the owner signs the TypedDataSign, the service wraps it, the simulator takes it', async () => {
      const { signedOrder: _s, ...toPrepare } = request({});
      const typeThree = { ...creds, signature_type: 3 };
      const prepared = await client.prepareSignedOrder!(toPrepare, {}, typeThree);
      assert.equal(prepared.typedData.primaryType, 'TypedDataSign');
      assert.deepEqual(prepared.typedData.domain, polymarketOrderDomain(negRisk, 3));
      assert.deepEqual([prepared.signedOrder.maker, prepared.signedOrder.signer, prepared.signedOrder.signatureType, prepared.typedData.message.verifyingContract], [DEPOSIT_WALLET, DEPOSIT_WALLET, 3, DEPOSIT_WALLET]);
      const { domain, types, message } = prepared.typedData;
      const signed = { ...prepared.signedOrder, signature: await owner.signTypedData(domain, types, message) };
      await client.verifySignedOrder!(signed, request(signed), typeThree);
      assert.equal((await client.place(typeThree, request(signed))).status, 'open');
      const forged = { ...prepared.signedOrder, signature: await intruder.signTypedData(domain, types, message) };
      await assert.rejects(client.verifySignedOrder!(forged, request(forged), typeThree), /recovers to .*not the address of your stored polymarket credentials/);
      await assert.rejects(client.prepareSignedOrder!(toPrepare, {}, { ...typeThree, funder: undefined }), (e: unknown) => e instanceof SignedOrderError && /maker: a deposit-wallet order \(signature_type 3\) is made by your deposit wallet/.test(e.message));
    });

    it('when the exchange moves after the check, the post fails with the version to sign and the client\'s version is refreshed', async () => {
      sim.setExchangeVersion(2);
      await polymarketExchangeVersion(sim.baseUrls.clob, { timeoutMs: 5_000, refresh: true });
      const v2 = await sign(order(simToken), 2, negRisk);
      await client.verifySignedOrder!(v2, request(v2), creds);
      sim.setExchangeVersion(3);
      await assert.rejects(client.place(creds, request(v2)), (e: unknown) => e instanceof VenueCallError && /now runs version 3.*sign it again under domain version "3"/.test(e.message));
      const v3 = await sign(order(simToken), 3, negRisk);
      await client.verifySignedOrder!(v3, request(v3), creds);
    });
  });
});

