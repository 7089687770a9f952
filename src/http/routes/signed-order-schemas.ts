// The EIP-712 orders callers sign for the client-signing venues (polymarket, limitless, predictfun,
// opinion), as OpenAPI schemas: what `signed_order` of POST /api/v1/orders holds per venue, and what
// POST /api/v1/orders/prepare answers. Each example is signed here, at load, with a published example
// key, under the typed data of the venue's own signing module: the examples verify as they are shown.
// The request body itself stays an open object at run time: the venue's verification names what is
// wrong with a signed order far better than a schema union could.
import { SigningKey, TypedDataEncoder, computeAddress } from 'ethers';
import { z } from 'zod';
import { limitlessOrderTypedData } from '../../venues/limitless/signing.js';
import { opinionOrderTypedData } from '../../venues/opinion/signing.js';
import { polymarketOrderTypedData } from '../../venues/polymarket/signing.js';
import { predictfunOrderTypedData } from '../../venues/predictfun/signing.js';
import type { OrderTypedData } from '../../venues/trading.js';
import { openapi } from '../openapi.js';

/** A key anyone can read (never hold funds with it): the examples' signer. */
const EXAMPLE_KEY = new SigningKey(`0x${'11'.repeat(32)}`);
const EXAMPLE_SIGNER = computeAddress(EXAMPLE_KEY.publicKey);
const EXAMPLE_SAFE = '0x1Ca9521aC17f434A1fCe224c7584a0B62882cFAf';
const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';
const ZERO_BYTES32 = `0x${'0'.repeat(64)}`;
const EXAMPLE_TOKEN = '71321045679252212594626385532706912750332728571942532289631379312455583992563';

const signatureOf = (typed: OrderTypedData): string => EXAMPLE_KEY.sign(TypedDataEncoder.hash(typed.domain, typed.types, typed.message)).serialized;

// A buy of 10 shares at 0.42: 4.2 of collateral for 10 shares (6 decimals on polymarket and limitless,
// 18 on predictfun and opinion).
const v1Message = (over: Record<string, string | number>): Record<string, string | number> => ({
  salt: '184467440737095', maker: EXAMPLE_SIGNER, signer: EXAMPLE_SIGNER, taker: ZERO_ADDRESS, tokenId: EXAMPLE_TOKEN, makerAmount: '4200000', takerAmount: '10000000',
  expiration: '0', nonce: '0', feeRateBps: '0', side: 0, signatureType: 0, ...over,
});
const polymarketMessage = { salt: '184467440737095', maker: EXAMPLE_SIGNER, signer: EXAMPLE_SIGNER, tokenId: EXAMPLE_TOKEN, makerAmount: '4200000', takerAmount: '10000000', side: 0, signatureType: 0, timestamp: '1790000000000', metadata: ZERO_BYTES32, builder: ZERO_BYTES32 };
const LIMITLESS_EXAMPLE_EXCHANGE = '0xa4409D988CA2218d956BeEFD3874100F444f0DC3';
const OPINION_EXAMPLE_EXCHANGE = '0x5F45344126D6488025B0b84A3A8189F2487a7246';
const wei = { makerAmount: String(42n * 10n ** 17n), takerAmount: String(10n * 10n ** 18n) };

/** The typed data of each example, kept so a test can check that each example verifies. */
export const SIGNED_ORDER_EXAMPLE_TYPED_DATA = {
  polymarket: polymarketOrderTypedData(polymarketMessage, false),
  limitless: limitlessOrderTypedData(v1Message({}), LIMITLESS_EXAMPLE_EXCHANGE),
  predictfun: predictfunOrderTypedData(v1Message(wei), { negRisk: false, yieldBearing: false }),
  opinion: opinionOrderTypedData(v1Message({ ...wei, maker: EXAMPLE_SAFE, signatureType: 2 }), OPINION_EXAMPLE_EXCHANGE),
};
const td = SIGNED_ORDER_EXAMPLE_TYPED_DATA;

export const SIGNED_ORDER_EXAMPLES = {
  polymarket: { ...td.polymarket.message, expiration: '0', taker: ZERO_ADDRESS, negRisk: false, signature: signatureOf(td.polymarket) },
  limitless: { ...td.limitless.message, verifyingContract: LIMITLESS_EXAMPLE_EXCHANGE, signature: signatureOf(td.limitless) },
  predictfun: { ...td.predictfun.message, signature: signatureOf(td.predictfun) },
  opinion: { ...td.opinion.message, signature: signatureOf(td.opinion) },
};

const Uint = (description: string) => z.string().regex(/^\d{1,78}$/).openapi({ description });
const Address = (description: string) => z.string().regex(/^0x[0-9a-fA-F]{40}$/).openapi({ description });
const Bytes32 = (description: string) => z.string().regex(/^0x[0-9a-fA-F]{64}$/).openapi({ description });
const Signature = z.string().regex(/^0x([0-9a-fA-F]{2})+$/).openapi({ description: 'The EIP-712 signature (0x, 65 bytes) of the typed data by `signer`' });

const common = {
  salt: Uint('Any unsigned integer, unique per order'),
  maker: Address('The wallet holding the funds'),
  signer: Address('The address whose key signs'),
  tokenId: Uint('The outcome token traded (= the body\'s `outcome`)'),
  makerAmount: Uint('Base units given: a buy\'s collateral (price x size), a sell\'s shares'),
  takerAmount: Uint('Base units received: a buy\'s shares, a sell\'s collateral'),
  side: z.union([z.literal(0), z.literal(1)]).openapi({ description: '0 buy, 1 sell' }),
  signatureType: z.number().int().min(0).max(3).openapi({ description: '0 EOA, 1 proxy, 2 Gnosis Safe' }),
};
const v1 = {
  ...common,
  taker: Address('0x0000000000000000000000000000000000000000 (anyone)'),
  expiration: Uint('Unix seconds; 0 = none'),
  nonce: Uint('0'),
  feeRateBps: Uint('0'),
};

const polymarketUnsigned = z.object({
  ...common,
  timestamp: Uint('Milliseconds since the epoch'),
  metadata: Bytes32('0x00..00'),
  builder: Bytes32('0x00..00'),
  expiration: Uint('Unix seconds; 0 = none (sent with the order, not signed)'),
  taker: Address('0x0000000000000000000000000000000000000000 (sent with the order, not signed)'),
  negRisk: z.boolean().openapi({ description: "Whether the token's market is neg-risk: picks the exchange contract the domain names" }),
});
const limitlessUnsigned = z.object({ ...v1, verifyingContract: Address("The market's own exchange contract (market.venue.exchange), the domain's verifyingContract") });
const v1Unsigned = z.object(v1);

const DOMAINS =
  'Domains: polymarket {name "Polymarket CTF Exchange", version "2", chainId 137, verifyingContract: the standard or neg-risk exchange}; ' +
  'limitless {"Limitless CTF Exchange", "1", 8453, the market\'s exchange}; predictfun {"predict.fun CTF Exchange", "1", 56, the exchange of the market\'s kind}; ' +
  'opinion {"OPINION CTF Exchange", "1", 56, the quote token\'s exchange}. POST /api/v1/orders/prepare answers the exact typed data.';

export const PolymarketSignedOrder = openapi.register(
  'PolymarketSignedOrder',
  polymarketUnsigned.extend({ signature: Signature }).openapi({ description: `polymarket: the CTF Exchange order, amounts in 6 decimals (pUSD and shares). ${DOMAINS}`, example: SIGNED_ORDER_EXAMPLES.polymarket }),
);
export const LimitlessSignedOrder = openapi.register(
  'LimitlessSignedOrder',
  limitlessUnsigned.extend({ signature: Signature }).openapi({ description: `limitless: the CTF order (V1 struct), amounts in 6 decimals (USDC and shares). ${DOMAINS}`, example: SIGNED_ORDER_EXAMPLES.limitless }),
);
export const PredictfunSignedOrder = openapi.register(
  'PredictfunSignedOrder',
  v1Unsigned.extend({ signature: Signature }).openapi({ description: `predictfun: the CTF order (V1 struct), maker = signer, signatureType 0, amounts in 18 decimals (USDT and shares). ${DOMAINS}`, example: SIGNED_ORDER_EXAMPLES.predictfun }),
);
export const OpinionSignedOrder = openapi.register(
  'OpinionSignedOrder',
  v1Unsigned.extend({ signature: Signature }).openapi({ description: `opinion: the CTF order (V1 struct) made by your Safe (maker = multi_sig_addr, signatureType 2), signed by its owner, amounts in 18 decimals (USDT and shares). ${DOMAINS}`, example: SIGNED_ORDER_EXAMPLES.opinion }),
);

const unsignedExample = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([k]) => k !== 'signature'));
const PolymarketUnsignedOrder = openapi.register('PolymarketUnsignedOrder', polymarketUnsigned.openapi({ description: 'PolymarketSignedOrder without its signature', example: unsignedExample(SIGNED_ORDER_EXAMPLES.polymarket) }));
const LimitlessUnsignedOrder = openapi.register('LimitlessUnsignedOrder', limitlessUnsigned.openapi({ description: 'LimitlessSignedOrder without its signature', example: unsignedExample(SIGNED_ORDER_EXAMPLES.limitless) }));
const CtfUnsignedOrder = openapi.register('CtfUnsignedOrder', v1Unsigned.openapi({ description: 'PredictfunSignedOrder or OpinionSignedOrder without its signature', example: unsignedExample(SIGNED_ORDER_EXAMPLES.predictfun) }));

/** Bodies of POST /api/v1/orders, one per way of signing, each signed order verifying as shown. */
export const PLACE_ORDER_EXAMPLES = {
  kalshi: { summary: 'kalshi (signed by the service with your stored key)', value: { exchange: 'kalshi', market_id: 'KXFEDDECISION-26DEC-C25', outcome: 'yes', side: 'buy', type: 'limit', price: 0.42, size: 10, time_in_force: 'gtc', client_order_id: 'my-order-1' } },
  ...Object.fromEntries(
    (
      [
        ['polymarket', '0x5f65177b394277fd294cd75650044e32ba009a95022d88a0c1d565897d72f8f1'],
        ['limitless', 'will-the-fed-cut-rates-in-december-1764547200'],
        ['predictfun', '4207'],
        ['opinion', '2161'],
      ] as const
    ).map(([venue, marketId]) => [
      venue,
      { summary: `${venue} (signed by you: POST /api/v1/orders/prepare gives what to sign)`, value: { exchange: venue, market_id: marketId, outcome: EXAMPLE_TOKEN, side: 'buy', type: 'limit', price: 0.42, size: 10, time_in_force: 'gtc', client_order_id: `my-${venue}-order-1`, signed_order: SIGNED_ORDER_EXAMPLES[venue] } },
    ]),
  ),
};

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** `signed_order` of a placed order: an open object at run time, documented as one of the venues' orders. */
export const SignedOrderField = z
  .record(z.string(), z.unknown())
  .nullable()
  .optional()
  .openapi({
    description: 'polymarket, limitless, predictfun, opinion: the EIP-712 order signed on your machine (its fields and `signature`; POST /api/v1/orders/prepare makes it ready to sign); verified before anything is sent',
    oneOf: [ref('PolymarketSignedOrder'), ref('LimitlessSignedOrder'), ref('PredictfunSignedOrder'), ref('OpinionSignedOrder'), { type: 'null' }],
  } as never);

/** The unsigned order prepare answers (the schemas are registered above; this is their union). */
export const UnsignedOrder = z.union([PolymarketUnsignedOrder, LimitlessUnsignedOrder, CtfUnsignedOrder]);

/** The typed data to sign, in the shape ethers' and viem's signTypedData take. */
export const OrderTypedDataSchema = openapi.register(
  'OrderTypedData',
  z
    .object({
      domain: z.object({ name: z.string(), version: z.string(), chainId: z.number().int(), verifyingContract: z.string() }),
      types: z.record(z.string(), z.array(z.object({ name: z.string(), type: z.string() }))).openapi({ description: 'The struct types, without EIP712Domain (ethers and viem derive it from the domain; for eth_signTypedData_v4 add it: name string, version string, chainId uint256, verifyingContract address)' }),
      primaryType: z.string(),
      message: z.record(z.string(), z.union([z.string(), z.number(), z.record(z.string(), z.union([z.string(), z.number()]))])).openapi({ description: 'The struct\'s fields; a nested struct (the order inside a polymarket deposit wallet\'s TypedDataSign) is an object of fields' }),
    })
    .openapi({ description: 'EIP-712 typed data: sign it with `wallet.signTypedData(domain, types, message)` (ethers) or `signTypedData({domain, types, primaryType, message})` (viem)', example: { ...SIGNED_ORDER_EXAMPLE_TYPED_DATA.polymarket, domain: { ...SIGNED_ORDER_EXAMPLE_TYPED_DATA.polymarket.domain } } }),
);
