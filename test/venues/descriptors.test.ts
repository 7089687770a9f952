/**
 * The venue descriptors (src/venues/<code>/index.ts, listed in src/venues/index.ts): each complete and
 * consistent with its adapter, and everything derived from the list (exchange table, registries,
 * configuration variables) agreeing with it. A tenth venue passes here by being one folder + one line.
 */
import { generateKeyPairSync } from 'node:crypto';
import assert from 'node:assert/strict';
import { loadConfig } from '../../src/config.js';
import { urlEnvKey, type VenueDescriptor } from '../../src/venues/descriptor.js';
import { EXCHANGE_CODES, EXCHANGES, ExchangeCodeSchema, exchangeByOrdinal, getExchange, isExchangeCode } from '../../src/venues/exchanges.js';
import { VENUES } from '../../src/venues/index.js';
import { createAdapter, registeredExchanges } from '../../src/venues/registry.js';
import { simulatedExchanges } from '../../src/venues/simulators.js';
import { descriptorProblems } from './descriptor-check.js';
import { VENUE_EXTENSIONS } from '../../src/features/venues/index.js';

describe('venue descriptors', () => {
  for (const venue of VENUES) {
    it(`${venue.ordinal} ${venue.code}: complete and consistent with its adapter`, async () => {
      assert.deepEqual(await descriptorProblems(venue, VENUES), []);
    });
  }

  it('the check catches an incomplete or inconsistent descriptor', async () => {
    const kalshi = VENUES[0] as VenueDescriptor;
    const broken = (patch: Partial<VenueDescriptor> & Record<string, unknown>): VenueDescriptor => ({ ...kalshi, ...patch }) as VenueDescriptor;
    const cases: [VenueDescriptor, RegExp][] = [
      [broken({ name: '' }), /^name/],
      [broken({ reads: { ...kalshi.reads, candles: undefined } as VenueDescriptor['reads'] }), /reads\.candles: absent but the adapter has getCandles/],
      [broken({ reads: { ...kalshi.reads, prices: 'emulated' } }), /emulated\.prices: say what/],
      [broken({ trading: false }), /signing: none exactly/],
      [broken({ baseUrls: { rest: 'http://plain.example/' } as never }), /baseUrls\.rest: an https\/wss URL/],
      [broken({ limits: { page: {}, rate: { gamma: { perSecond: 1, burst: 1 } } } }), /limits\.rate\.gamma: not a base-URL key/],
      [broken({ testHints: { unknownMarketId: '', specReads: ['market', 'markets'], specLacks: [] } }), /testHints\.unknownMarketId/],
      [broken({ marketDataKeys: { api_key: 'OPINION_API_KEY' } }), /OPINION_API_KEY: also a variable of another venue/],
      [broken({ simulator: undefined as never }), /simulator: missing/],
    ];
    for (const [d, expected] of cases) {
      const problems = await descriptorProblems(d, VENUES.map((v) => (v.code === 'kalshi' ? d : v)));
      assert.ok(problems.some((p) => expected.test(p)), `${expected}: got ${JSON.stringify(problems)}`);
    }
    // A copy with a taken code and ordinal, appended as a tenth line.
    const tenth = broken({});
    const problems = await descriptorProblems(tenth, [...VENUES, tenth]);
    assert.ok(problems.includes('code: kalshi is not unique') && problems.some((p) => /ordinal: x1 at position 10/.test(p)), JSON.stringify(problems));
  });

  it('names in `extensions` exactly what its extension module (src/features/venues/<code>.ts) wires', () => {
    for (const v of VENUES) {
      const wired = VENUE_EXTENSIONS.filter((x) => x.venue === v.code).flatMap((x) => x.extensions);
      assert.deepEqual([...((v as VenueDescriptor).extensions ?? [])].sort(), wired.sort(), v.code);
    }
    assert.ok(VENUE_EXTENSIONS.every((x) => VENUES.some((v) => v.code === x.venue)), 'an extension of a venue not in the list');
    assert.ok(VENUE_EXTENSIONS.length >= 2);
  });

  it('drives the exchange table, the registries and the code enum', () => {
    assert.deepEqual([...EXCHANGE_CODES], VENUES.map((v) => v.code));
    assert.deepEqual(ExchangeCodeSchema.options, VENUES.map((v) => v.code));
    assert.deepEqual(registeredExchanges(), VENUES.map((v) => v.code));
    assert.deepEqual(simulatedExchanges(), VENUES.map((v) => v.code));
    assert.equal(EXCHANGES.length, VENUES.length);
    for (const v of VENUES) {
      const e = getExchange(v.code);
      assert.deepEqual(e, { ordinal: v.ordinal, code: v.code, name: v.name, url: v.url, trading: v.trading, signing: v.signing, signedBy: v.signedBy, chain: v.chain, smartWallet: v.smartWallet, stream: v.stream });
      assert.equal(exchangeByOrdinal(v.ordinal), e);
      assert.ok(isExchangeCode(v.code));
    }
    assert.equal(isExchangeCode('nosuchvenue'), false);
    assert.equal(ExchangeCodeSchema.safeParse('nosuchvenue').success, false);
  });

  it('the configuration reads each declared variable, and the adapter gets its value', () => {
    const env: Record<string, string> = {};
    for (const v of VENUES) {
      for (const key of Object.keys(v.baseUrls)) env[urlEnvKey(v.code, key)] = `http://127.0.0.1:9/${v.code}/${key}/`;
      for (const variable of Object.values(v.marketDataKeys)) env[variable] = `secret-of-${variable}`;
    }
    env.KALSHI_NOSUCH_URL = 'http://ignored.example';
    const config = loadConfig(env);
    for (const v of VENUES) {
      const own = config.venues[v.code];
      assert.deepEqual(own.baseUrls, Object.fromEntries(Object.keys(v.baseUrls).map((k) => [k, `http://127.0.0.1:9/${v.code}/${k}/`])), v.code);
      assert.deepEqual(own.keys, Object.fromEntries(Object.entries(v.marketDataKeys).map(([f, variable]) => [f, `secret-of-${variable}`])), v.code);
      const adapter = createAdapter(v.code, { baseUrls: own.baseUrls }) as unknown as { baseUrls: Record<string, string> };
      // The override reaches the adapter (trailing slash trimmed); undeclared keys are ignored.
      assert.deepEqual(adapter.baseUrls, Object.fromEntries(Object.keys(v.baseUrls).map((k) => [k, `http://127.0.0.1:9/${v.code}/${k}`])), v.code);
    }
    assert.throws(() => loadConfig({ POLYMARKET_GAMMA_URL: 'not a url' }), /POLYMARKET_GAMMA_URL/);
  });

  it('credential schemas accept the contract\'s sets and name the missing field', () => {
    // kalshi's key must parse as RSA and polymarket's secret be base64 (the trading credentials rules).
    const pem = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const addr = `0x${'ab'.repeat(20)}`;
    const valid: Record<string, Record<string, unknown>> = {
      kalshi: { key_id: 'k-1', private_key: pem },
      polymarket: { api_key: 'a', secret: Buffer.from('a secret of 16+ bytes').toString('base64'), passphrase: 'p', address: addr, signature_type: 2, funder: addr },
      limitless: { api_key: 'a' },
      predictfun: { api_key: 'a' },
      opinion: { api_key: 'a' },
      futuur: { public_key: 'pub', private_key: 'priv' },
    };
    for (const v of VENUES) {
      if (!v.credentials) {
        assert.equal(valid[v.code], undefined, `${v.code} trades without a credential schema`);
        continue;
      }
      assert.ok(v.credentials.safeParse(valid[v.code]).success, `${v.code}: the contract's set validates`);
      const missing = v.credentials.safeParse({});
      assert.ok(!missing.success && missing.error.issues.some((i) => i.path.length === 1), `${v.code}: the missing field is named`);
    }
    const kalshi = VENUES.find((v) => v.code === 'kalshi')!.credentials!;
    assert.equal(kalshi.safeParse({ key_id: 'k', private_key: 'not a pem' }).success, false);
    assert.equal(kalshi.safeParse({ key_id: 'k', private_key: '-----BEGIN PRIVATE KEY-----\nMIIB\n-----END PRIVATE KEY-----' }).success, false, 'a PEM that does not parse');
    const polymarket = VENUES.find((v) => v.code === 'polymarket')!.credentials!;
    assert.equal(polymarket.safeParse({ ...valid.polymarket, address: '0x12' }).success, false);
  });
});

describe('venue layering', () => {
  it('src/sim is a library below the venues: it imports nothing from src/venues', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const dir = new URL('../../src/sim/', import.meta.url);
    const upward = readdirSync(dir)
      .filter((f) => f.endsWith('.ts'))
      .filter((f) => /from '\.\.\/venues\//.test(readFileSync(new URL(f, dir), 'utf8')));
    assert.deepEqual(upward, []);
  });
});
