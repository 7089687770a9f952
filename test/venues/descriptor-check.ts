/**
 * What a complete venue descriptor is, as a list of problems (empty = complete). The descriptor test
 * runs it over every venue of src/venues/index.ts, and over broken copies to show it catches them.
 */
import { CAPABILITY_METHODS, READ_CAPABILITIES, type ReadCapability } from '../../src/venues/adapter.js';
import { urlEnvKeys, type RouteRead, type VenueDescriptor } from '../../src/venues/descriptor.js';

const ROUTE_CAPABILITY: Record<RouteRead, ReadCapability> = {
  market: 'market', markets: 'markets', orderbook: 'orderbook', topofbook: 'orderbook', tradehistory: 'trades', prices: 'prices', candles: 'candles', events: 'events',
};

const isRate = (r: unknown): boolean => {
  const o = r as { perSecond?: unknown; burst?: unknown } | undefined;
  return typeof o?.perSecond === 'number' && o.perSecond > 0 && typeof o.burst === 'number' && o.burst >= 1;
};

/** Problems of one descriptor on its own and against the others of the list. */
export async function descriptorProblems(d: VenueDescriptor, all: readonly VenueDescriptor[]): Promise<string[]> {
  const p: string[] = [];
  const need = (ok: unknown, msg: string): void => void (ok ? undefined : p.push(msg));

  // Identity.
  need(typeof d.code === 'string' && /^[a-z][a-z0-9]*$/.test(d.code), 'code: a lowercase path segment');
  need(/^x[1-9]\d*$/.test(d.ordinal ?? ''), 'ordinal: x<n>');
  need(all.indexOf(d) < 0 || d.ordinal === `x${all.indexOf(d) + 1}`, `ordinal: ${d.ordinal} at position ${all.indexOf(d) + 1} of the list`);
  need(all.filter((o) => o.code === d.code).length <= 1, `code: ${d.code} is not unique`);
  need(all.filter((o) => o.ordinal === d.ordinal).length <= 1, `ordinal: ${d.ordinal} is not unique`);
  need(typeof d.name === 'string' && d.name.trim() !== '', 'name: missing');
  need(typeof d.url === 'string' && /^https:\/\/\S+$/.test(d.url), 'url: the venue website (https)');

  // Trading facts agree with one another.
  need(typeof d.trading === 'boolean', 'trading: missing');
  need(d.trading === (d.signing !== 'none'), 'signing: none exactly when the venue has no trading');
  need(d.trading === (d.signedBy !== null && d.signedBy !== undefined), 'signedBy: set exactly when the venue trades');
  need(d.trading === (d.credentials !== null && d.credentials !== undefined), 'credentials: a schema exactly when the venue trades');
  need((d.signing === 'eip712') === (d.chain !== null && d.chain !== undefined), 'chain: set exactly for EIP-712 signing');
  need(!d.smartWallet || d.signing === 'eip712', 'smartWallet: only for EIP-712 signing');
  need(d.signing !== 'eip712' || d.signedBy === 'client', 'signedBy: EIP-712 orders are signed by the client');
  need(d.stream === null || d.stream === `/ws/${d.code}`, `stream: null or /ws/${d.code}`);

  // Capabilities.
  const reads = (d.reads ?? {}) as Record<string, unknown>;
  need(reads.market === 'native' || reads.market === 'emulated', 'reads.market: required');
  need(reads.markets === 'native' || reads.markets === 'emulated', 'reads.markets: required');
  for (const [cap, support] of Object.entries(reads)) {
    need((READ_CAPABILITIES as readonly string[]).includes(cap), `reads.${cap}: not a read capability`);
    need(support === 'native' || support === 'emulated', `reads.${cap}: native or emulated, not ${String(support)}`);
    need(support !== 'emulated' || typeof d.emulated?.[cap as ReadCapability] === 'string', `emulated.${cap}: say what the emulated read is built from`);
  }
  for (const cap of Object.keys(d.emulated ?? {})) need(reads[cap] === 'emulated', `emulated.${cap}: the read is not marked emulated`);
  need(d.streams && ['orderbook', 'trades', 'prices'].every((k) => typeof (d.streams as Record<string, unknown>)[k] === 'boolean'), 'streams: orderbook, trades and prices');

  // Base URLs and the variables that override them.
  const urlKeys = Object.keys(d.baseUrls ?? {});
  need(urlKeys.length > 0, 'baseUrls: at least one');
  for (const [k, url] of Object.entries(d.baseUrls ?? {})) {
    need(/^[a-z]+$/.test(k), `baseUrls.${k}: keys are lowercase words`);
    need(/^(https|wss):\/\/[^\s/]+/.test(String(url)) && !String(url).endsWith('/'), `baseUrls.${k}: an https/wss URL without a trailing slash`);
  }
  const mine = Object.values(urlEnvKeys(d));
  const others = all.filter((o) => o !== d).flatMap((o) => [...Object.values(urlEnvKeys(o)), ...Object.values(o.marketDataKeys ?? {})]);
  for (const v of [...mine, ...Object.values(d.marketDataKeys ?? {})]) need(!others.includes(v), `${v}: also a variable of another venue`);

  // Limits.
  const rate = d.limits?.rate ?? {};
  need(Object.keys(rate).length > 0, 'limits.rate: at least one');
  for (const [k, r] of [...Object.entries(rate), ...Object.entries(d.limits?.rateWithKey ?? {})]) {
    need(urlKeys.includes(k), `limits.rate.${k}: not a base-URL key`);
    need(isRate(r), `limits.rate.${k}: perSecond > 0 and burst >= 1`);
  }
  need(!d.limits?.rateWithKey || Object.keys(d.marketDataKeys ?? {}).length > 0, 'limits.rateWithKey: only for a venue with a market-data key');
  for (const [k, n] of Object.entries(d.limits?.page ?? {})) need(Number.isInteger(n) && n > 0, `limits.page.${k}: a positive integer`);

  // Keys.
  for (const [field, variable] of Object.entries(d.marketDataKeys ?? {})) {
    need(/^[a-z_]+$/.test(field), `marketDataKeys.${field}: a snake_case field`);
    need(variable.startsWith(`${d.code.toUpperCase()}_`), `marketDataKeys.${field}: the variable starts with ${d.code.toUpperCase()}_`);
  }
  if (d.credentials) {
    const empty = d.credentials.safeParse({});
    need(!empty.success, 'credentials: an empty set must not validate');
  }

  // The adapter: loads, names itself, and has a method for each read (and none for the others).
  if (typeof d.adapter !== 'function') p.push('adapter: missing');
  else {
    const adapter = (await d.adapter())();
    try {
      need(adapter.exchange === d.code, `adapter: names itself ${adapter.exchange}`);
      need(adapter.capabilities.trading === d.trading, 'adapter: capabilities.trading differs from the descriptor');
      for (const cap of READ_CAPABILITIES) {
        const has = typeof (adapter as unknown as Record<string, unknown>)[CAPABILITY_METHODS[cap]] === 'function';
        need(has === (reads[cap] !== undefined), `reads.${cap}: ${reads[cap] ?? 'absent'} but the adapter ${has ? 'has' : 'lacks'} ${CAPABILITY_METHODS[cap]}`);
        need(adapter.capabilities.reads[cap] === (reads[cap] !== undefined), `adapter: capabilities.reads.${cap} differs from the descriptor`);
      }
      need(JSON.stringify(adapter.capabilities.streams) === JSON.stringify({ orderbook: d.streams.orderbook, trades: d.streams.trades, prices: d.streams.prices }), 'adapter: capabilities.streams differ from the descriptor');
    } finally {
      await adapter.close?.();
    }
  }
  if (typeof d.simulator !== 'function') p.push('simulator: missing');
  else need(typeof (await d.simulator()) === 'function', 'simulator: the factory does not load');

  // Test hints.
  need(typeof d.testHints?.unknownMarketId === 'string' && d.testHints.unknownMarketId !== '', 'testHints.unknownMarketId: missing');
  for (const op of d.testHints?.specReads ?? []) need(reads[ROUTE_CAPABILITY[op]] !== undefined, `testHints.specReads: the spec lists ${op}, the descriptor lacks ${ROUTE_CAPABILITY[op]}`);
  for (const op of d.testHints?.specLacks ?? []) need(!(d.testHints.specReads ?? []).includes(op), `testHints.specLacks: ${op} is also in specReads`);
  need(Array.isArray(d.testHints?.specReads) && d.testHints.specReads.includes('market') && d.testHints.specReads.includes('markets'), 'testHints.specReads: at least market and markets');
  return p;
}
