// A schema-driven fuzzer over the service's own OpenAPI document: for every documented operation,
// requests with valid parameters and bodies (built from the schema and from real catalog ids), then
// with invalid ones (wrong types, out of range, unknown enum values, broken patterns, malformed or
// non-object JSON, missing required fields, unknown fields where none are allowed), with an admin
// key, against the real service in sim mode. No answer may be a 500, none a 501 (documented
// operations are built), and no clearly invalid input may be accepted (2xx). Seeded, so a failure
// replays; bounded by the number of requests, not by time.
import assert from 'node:assert/strict';
import { createRng, type Rng } from '../../src/sim/rng.js';
import { issueKey, startTestService, type TestService } from '../helpers/service.js';
import { rawRequest, type RawResponse } from './raw-request.js';

const SEED = 'openapi-fuzz-1';
/** At most this many requests in all (the run stays a few seconds). */
const MAX_REQUESTS = 2500;

interface Schema {
  type?: string;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
  example?: unknown;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  $ref?: string;
}
interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> };
  /** A WebSocket stream (src/ws/api-doc.ts): its protocol is tested by test/ws, not by HTTP probes. */
  'x-websocket'?: unknown;
}
interface Doc {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

/** One request the fuzzer sends, and what it must not get. */
interface Probe {
  label: string;
  method: string;
  path: string;
  body?: string;
  /**
   * valid: the input fits the schema (no 5xx but 503 for a component still loading; mostly 2xx);
   * invalid: it breaks the schema (any 2xx is a failure); edge: either answer is fine, never a 5xx.
   */
  kind: 'valid' | 'invalid' | 'edge';
}

/** Values of path parameters that name real things in the catalog, by venue. */
interface Known {
  markets: Record<string, string[]>;
  events: Record<string, string[]>;
  categories: Record<string, string[]>;
  keyId: string;
}

class Fuzzer {
  constructor(
    private readonly doc: Doc,
    private readonly rng: Rng,
    private readonly known: Known,
  ) {}

  resolve(s: Schema): Schema {
    if (!s.$ref) return s;
    const name = s.$ref.replace('#/components/schemas/', '');
    const target = this.doc.components?.schemas?.[name];
    assert.ok(target, `unresolved ${s.$ref}`);
    return this.resolve(target);
  }

  /**
   * A value the schema accepts, or undefined when the schema gives no way to make one. A string
   * parameter named `exchange` without an enum is a comma-separated list of venue codes (the
   * document says so in words only).
   */
  validValue(raw: Schema, name: string): unknown {
    const s = this.resolve(raw);
    if (s.enum) return this.rng.pick(s.enum);
    if (name === 'exchange' && s.type === 'string') return this.rng.pick(this.venues());
    if (s.example !== undefined) return s.example;
    if (s.default !== undefined && this.rng.next() < 0.3) return s.default;
    switch (s.type) {
      case 'integer':
      case 'number': {
        const lo = s.minimum ?? 0;
        const hi = Math.min(s.maximum ?? lo + 50, lo + 50);
        return this.rng.int(lo, hi);
      }
      case 'boolean':
        return this.rng.next() < 0.5;
      case 'array':
        return s.items ? [this.validValue(s.items, name)] : [];
      case 'object':
        return this.validObject(s);
      case 'string': {
        if (s.format === 'email') return `fuzz-${this.rng.int(1, 1e9)}@example.com`;
        if (s.pattern) return undefined;
        if (name === 'q' || name === 'query') return this.rng.pick(['bitcoin', 'election', 'fed rate', 'world cup']);
        const len = Math.max(s.minLength ?? 1, 1);
        return 'fuzz'.padEnd(Math.max(len, Math.min(4, s.maxLength ?? 4)), 'z').slice(0, Math.max(len, Math.min(s.maxLength ?? 12, 12)));
      }
      default:
        return undefined;
    }
  }

  validObject(s: Schema): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const [k, p] of Object.entries(s.properties ?? {})) {
      const required = s.required?.includes(k);
      if (!required && this.rng.next() < 0.5) continue;
      const v = this.validValue(p, k);
      if (v !== undefined) out[k] = v;
    }
    return out;
  }

  venues(): string[] {
    return Object.keys(this.known.markets);
  }

  /** Values the schema refuses, each with what is wrong with it. */
  invalidValues(raw: Schema, name = ''): [string, unknown][] {
    const s = this.resolve(raw);
    const out: [string, unknown][] = [];
    if (s.enum) out.push(['unknown enum value', 'zzz-not-a-value']);
    else if (name === 'exchange' && s.type === 'string') out.push(['unknown venue code', 'notavenue']);
    if (s.type === 'integer' || s.type === 'number') {
      out.push(['not a number', 'abc']);
      if (s.minimum !== undefined) out.push(['below the minimum', s.minimum - 1]);
      if (s.maximum !== undefined) out.push(['above the maximum', s.maximum + 1]);
      if (s.type === 'integer') out.push(['not an integer', (s.minimum ?? 0) + 0.5]);
    }
    if (s.type === 'string') {
      if (s.maxLength !== undefined) out.push(['too long', 'x'.repeat(s.maxLength + 1)]);
      if (s.minLength !== undefined && s.minLength > 1) out.push(['too short', 'x'.repeat(s.minLength - 1)]);
      if (s.pattern) out.push(['breaks the pattern', 'zzz!not~matching']);
      if (s.format === 'email') out.push(['not an email', 'not-an-email']);
    }
    return out;
  }

  /** Invalid JSON bodies for a body schema: type errors per field, missing fields, wrong shapes. */
  invalidBodies(raw: Schema): [string, string][] {
    const s = this.resolve(raw);
    const base = this.validObject({ ...s, required: Object.keys(s.properties ?? {}) });
    const out: [string, string][] = [
      ['malformed JSON', '{"oops": '],
      ['an array, not an object', '[]'],
      ['a string, not an object', '"text"'],
    ];
    for (const k of s.required ?? []) {
      const { [k]: _dropped, ...rest } = base;
      out.push([`missing required ${k}`, JSON.stringify(rest)]);
    }
    for (const [k, p] of Object.entries(s.properties ?? {})) {
      const ps = this.resolve(p);
      const wrongType = ps.type === 'string' ? 12345 : ps.type === 'array' ? 'not-an-array' : 'not-a-' + (ps.type ?? 'value');
      out.push([`${k}: wrong type`, JSON.stringify({ ...base, [k]: wrongType })]);
      for (const [why, v] of this.invalidValues(ps)) {
        if (typeof v === 'string' && (ps.type === 'integer' || ps.type === 'number')) continue; // covered by the wrong type
        out.push([`${k}: ${why}`, JSON.stringify({ ...base, [k]: v })]);
      }
      if (ps.type === 'array' && ps.items) for (const [why, v] of this.invalidValues(ps.items)) out.push([`${k}[]: ${why}`, JSON.stringify({ ...base, [k]: [v] })]);
    }
    if (s.additionalProperties === false) out.push(['an unknown field', JSON.stringify({ ...base, zzz_unknown: 1 })]);
    return out;
  }

  /** A catalog market as `<exchange>:<market_id>`. */
  anyMarketKey(): string {
    const exchange = this.rng.pick(Object.keys(this.known.markets));
    return `${exchange}:${this.rng.pick(this.known.markets[exchange])}`;
  }

  /** Path parameter values that exist, for one venue (or none). */
  pathValue(p: Parameter, exchange: string | undefined): string | undefined {
    switch (p.name) {
      case 'exchange':
        return exchange;
      case 'market_id':
        return exchange ? this.rng.pick(this.known.markets[exchange] ?? ['none']) : undefined;
      case 'event_id':
        return exchange && this.known.events[exchange]?.length ? this.rng.pick(this.known.events[exchange]) : this.rng.pick(Object.values(this.known.events).flat());
      case 'category':
        return exchange ? this.rng.pick(this.known.categories[exchange] ?? ['other']) : undefined;
      case 'id':
        return this.known.keyId;
      default: {
        const v = this.validValue(p.schema, p.name);
        return v === undefined ? undefined : String(v);
      }
    }
  }

  probes(): Probe[] {
    const probes: Probe[] = [];
    for (const [template, item] of Object.entries(this.doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        if (op['x-websocket'] !== undefined) continue;
        const params = op.parameters ?? [];
        const pathParams = params.filter((p) => p.in === 'path');
        const queryParams = params.filter((p) => p.in === 'query');
        const exchangeParam = pathParams.find((p) => p.name === 'exchange');
        const exchanges = exchangeParam ? (this.resolve(exchangeParam.schema).enum as string[]) : [undefined];
        const bodySchema = op.requestBody?.content['application/json']?.schema;
        const upper = method.toUpperCase();

        const build = (exchange: string | undefined, pathOverride: Record<string, string> = {}): string | null => {
          let path = template;
          for (const p of pathParams) {
            const v = pathOverride[p.name] ?? this.pathValue(p, exchange);
            if (v === undefined) return null;
            path = path.replace(`{${p.name}}`, encodeURIComponent(v));
          }
          return path;
        };
        const withQuery = (path: string, query: Record<string, unknown>): string => {
          const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();
          return qs ? `${path}?${qs}` : path;
        };
        const validQuery = (): Record<string, unknown> => {
          const q: Record<string, unknown> = {};
          for (const p of queryParams) {
            if (!p.required && this.rng.next() < 0.5) continue;
            if (p.name === 'cursor') continue; // opaque: only a server-made one is valid
            // match/explain's markets (`<exchange>:<market_id>`): real catalog markets, not schema examples
            const marketKey = (p.name === 'a' || p.name === 'b') && this.resolve(p.schema).pattern ? this.anyMarketKey() : undefined;
            const v = marketKey ?? this.validValue(p.schema, p.name);
            if (v !== undefined) q[p.name] = v;
          }
          return q;
        };
        const validBody = () => (bodySchema ? JSON.stringify(this.validObject(this.resolve(bodySchema))) : undefined);

        // valid requests: every venue of the path, parameters and body from the schema
        for (const exchange of exchanges) {
          const path = build(exchange);
          if (path === null) continue;
          probes.push({ label: `valid ${upper} ${template} (${exchange ?? '-'})`, method: upper, path: withQuery(path, validQuery()), body: validBody(), kind: 'valid' });
        }

        // invalid requests: one broken value at a time, on one venue picked by the seed
        const exchange = exchanges[this.rng.int(0, exchanges.length - 1)];
        const basePath = build(exchange);
        if (basePath === null) continue;
        for (const p of pathParams) {
          for (const [why, v] of this.invalidValues(p.schema, p.name)) {
            const path = build(exchange, { [p.name]: String(v) });
            if (path !== null) probes.push({ label: `${upper} ${template}: path ${p.name} ${why}`, method: upper, path, body: validBody(), kind: 'invalid' });
          }
        }
        for (const p of queryParams) {
          for (const [why, v] of this.invalidValues(p.schema, p.name)) {
            probes.push({ label: `${upper} ${template}: query ${p.name} ${why}`, method: upper, path: withQuery(basePath, { [p.name]: v }), body: validBody(), kind: 'invalid' });
          }
        }
        if (queryParams.length > 0 && this.resolve(queryParams[0].schema).type !== undefined) {
          probes.push({ label: `${upper} ${template}: query parameter given twice`, method: upper, path: `${withQuery(basePath, {})}${basePath.includes('?') ? '&' : '?'}${queryParams[0].name}=a&${queryParams[0].name}=b`, kind: 'edge' });
        }
        if (bodySchema) {
          for (const [why, body] of this.invalidBodies(bodySchema)) probes.push({ label: `${upper} ${template}: body ${why}`, method: upper, path: basePath, body, kind: 'invalid' });
        }
      }
    }
    return probes;
  }
}

function errorOf(res: RawResponse): string {
  try {
    return String(JSON.parse(res.body.toString('utf8')).error ?? '');
  } catch {
    return '';
  }
}

describe('OpenAPI fuzzing: no 500, no 501, no accepted invalid input', function () {
  this.timeout(240_000);
  let svc: TestService;
  let key: string;
  let doc: Doc;
  let known: Known;

  before(async () => {
    svc = await startTestService({ env: { EXCHANGE_MODE: 'sim', RUN_JOBS: 'true', SYNC_ON_START: 'false', SYNC_SCHEDULE: '0 0 1 1 *', TEST_KEYS_PER_ADDRESS_PER_HOUR: '1000' } });
    key = await issueKey(svc, 'admin', 1_000_000);
    const results = await svc.venueSync!.syncAllNow();
    for (const r of results) assert.equal(r.ok, true, `${r.exchange} sync: ${r.error}`);
    doc = (await svc.request('/openapi.json')).body;
    const rows = (await svc.db.pool.query<{ exchange: string; market_id: string; event_id: string | null; category: string }>(
      'SELECT exchange, market_id, event_id, category FROM markets WHERE NOT removed ORDER BY exchange, market_id',
    )).rows;
    known = { markets: {}, events: {}, categories: {}, keyId: '' };
    for (const r of rows) {
      (known.markets[r.exchange] ??= []).push(r.market_id);
      if (r.event_id) (known.events[r.exchange] ??= []).push(r.event_id);
      (known.categories[r.exchange] ??= []).push(r.category);
    }
    // A key the fuzzer may revoke (DELETE /admin/keys/{id}) without revoking its own.
    const spare = await svc.request('/api/v1/admin/keys', { headers: { 'x-api-key': key }, body: { plan: 'free', label: 'fuzz spare' } });
    assert.equal(spare.status, 201, spare.text);
    known.keyId = spare.body.id;
  });
  after(async () => svc?.destroy());

  it('answers every probe of every documented operation within the rules', async () => {
    const probes = new Fuzzer(doc, createRng(SEED), known).probes();
    assert.ok(probes.length > 200 && probes.length <= MAX_REQUESTS, `${probes.length} probes`);
    const operations = new Set(probes.map((p) => p.label.replace(/^valid /, '').split(/[:(]/)[0].trim()));
    assert.ok(operations.size >= 25, `${operations.size} operations probed`);

    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let acceptedValid = 0;
    const refused: string[] = [];
    for (const probe of probes) {
      const headers: Record<string, string> = { 'x-api-key': key };
      if (probe.body !== undefined) headers['content-type'] = 'application/json';
      const res: RawResponse = await rawRequest(svc.url, probe.method, probe.path, headers, probe.body);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      const text = res.body.toString('utf8').slice(0, 200);
      if (res.status === 500 || res.status === 501) failures.push(`${res.status} for ${probe.label}: ${probe.method} ${probe.path} ${probe.body ?? ''} -> ${text}`);
      else if (res.status >= 500 && res.status !== 503) failures.push(`${res.status} for ${probe.label}: ${probe.method} ${probe.path} -> ${text}`);
      else if (probe.kind === 'invalid' && res.status < 400) failures.push(`accepted invalid input (${res.status}) for ${probe.label}: ${probe.method} ${probe.path} ${probe.body ?? ''}`);
      else if (res.status >= 400 && !errorOf(res)) failures.push(`${res.status} without an error body for ${probe.label}: ${text}`);
      // A 404 naming an operation the venue lacks is the right answer to a valid request too, and so is
      // the 404 of the cluster lookups here: this catalog is not matched (the matching job needs the
      // embeddings), so no cluster exists; test/matching/cluster-routes.test.ts covers their 200s.
      const rightNotFound = / has no [a-z-]+ operation$|^unknown (svc_id|cluster_id): | is in no cluster: /;
      // Trading answers depend on what the fuzzer never creates (stored credentials, orders, a wallet
      // key): a 400/404 naming what is missing is right there; test/trading covers their 2xx.
      const tradingState = /^\/api\/v1\/(orders|positions|balances|users\/[^/]+\/credentials|polymarket\/)/.test(probe.path) && (res.status === 400 || res.status === 404) && !!errorOf(res);
      if (probe.kind === 'valid' && (res.status < 300 || rightNotFound.test(errorOf(res)) || tradingState)) acceptedValid++;
      else if (probe.kind === 'valid') refused.push(`${res.status} ${probe.method} ${probe.path} ${probe.body ?? ''} -> ${text}`);
    }
    assert.deepEqual(failures, [], failures.join('\n'));
    // The valid probes must mostly succeed, or the fuzzer is only testing its own mistakes.
    const valid = probes.filter((p) => p.kind === 'valid').length;
    assert.ok(acceptedValid >= valid * 0.9, `only ${acceptedValid} of ${valid} valid probes answered 2xx: ${JSON.stringify(Object.fromEntries(statuses))}\n${refused.join('\n')}`);
  });
});
