/**
 * HTTP behaviour shared by every venue adapter: per-request timeout, retries with exponential backoff
 * and full jitter that honour Retry-After, a client-side token-bucket rate limit, a circuit breaker,
 * and `VenueError`s that name the venue and the call. Clock, sleep and randomness are injectable so
 * the timing logic is testable without waiting.
 */
import type { ExchangeCode } from './codes.js';

export type VenueErrorKind = 'http' | 'timeout' | 'network' | 'circuit_open' | 'parse' | 'aborted';

export class VenueError extends Error {
  constructor(
    readonly exchange: ExchangeCode,
    /** Name of the adapter call, e.g. `listMarkets`, `getOrderBook`. */
    readonly call: string,
    readonly kind: VenueErrorKind,
    message: string,
    /** HTTP status from the venue, when it answered. */
    readonly status: number | null = null,
    readonly url: string | null = null,
    readonly retryAfterMs: number | null = null,
    readonly attempts = 1,
  ) {
    super(`${exchange} ${call}: ${message}`);
    this.name = 'VenueError';
  }

  /** The venue said the thing does not exist. */
  get notFound(): boolean {
    return this.kind === 'http' && this.status === 404;
  }
}

export interface RateLimitOptions {
  /** Sustained requests per second. */
  perSecond: number;
  /** Bucket size (burst). */
  burst: number;
}

export interface BreakerOptions {
  /** Consecutive failed attempts (5xx, timeout, network) that open the circuit. */
  failureThreshold: number;
  /** How long the circuit stays open before one trial request is let through (half-open). */
  cooldownMs: number;
}

export interface HttpClientOptions {
  exchange: ExchangeCode;
  baseUrl: string;
  /** Per attempt. */
  timeoutMs: number;
  /**
   * A call's whole budget, attempts and the waits between them included (undefined: none beyond
   * `timeoutMs` per attempt). A retry gets what is left; none is made when nothing is.
   */
  totalTimeoutMs?: number;
  /** Retries after the first attempt. */
  retries: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** A Retry-After longer than this is not waited for: the call fails with the 429/503. */
  maxRetryAfterMs: number;
  rateLimit: RateLimitOptions;
  breaker: BreakerOptions;
  headers: Record<string, string>;
  now: () => number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  random: () => number;
  fetch: typeof fetch;
}

export type HttpClientConfig = Pick<HttpClientOptions, 'exchange' | 'baseUrl'> & Partial<Omit<HttpClientOptions, 'exchange' | 'baseUrl'>>;

export const DEFAULT_HTTP_OPTIONS: Omit<HttpClientOptions, 'exchange' | 'baseUrl' | 'fetch'> = {
  timeoutMs: 10_000,
  retries: 3,
  backoffBaseMs: 200,
  backoffMaxMs: 5_000,
  maxRetryAfterMs: 30_000,
  rateLimit: { perSecond: 10, burst: 20 },
  breaker: { failureThreshold: 8, cooldownMs: 15_000 },
  headers: {},
  now: () => Date.now(),
  sleep: defaultSleep,
  random: Math.random,
};

function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(t);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Retry-After as seconds or an HTTP date, in milliseconds from `now`; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number): number | null {
  if (!value) return null;
  const v = value.trim();
  if (/^\d+(\.\d+)?$/.test(v)) return Math.round(Number(v) * 1000);
  const t = Date.parse(v);
  if (Number.isNaN(t)) return null;
  return Math.max(0, t - now);
}

/** Token bucket: `take()` resolves when a token is available. */
export class TokenBucket {
  private tokens: number;
  private last: number;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly opts: RateLimitOptions,
    private readonly now: () => number,
    private readonly sleep: (ms: number) => Promise<void>,
  ) {
    this.tokens = opts.burst;
    this.last = now();
  }

  private refill(): void {
    const t = this.now();
    this.tokens = Math.min(this.opts.burst, this.tokens + ((t - this.last) / 1000) * this.opts.perSecond);
    this.last = t;
  }

  /** Callers are served in order, so a burst cannot starve an earlier waiter. */
  take(): Promise<void> {
    const next = this.queue.then(async () => {
      this.refill();
      while (this.tokens < 1) {
        await this.sleep(Math.ceil(((1 - this.tokens) / this.opts.perSecond) * 1000));
        this.refill();
      }
      this.tokens -= 1;
    });
    this.queue = next.catch(() => undefined);
    return next;
  }
}

export type BreakerState = 'closed' | 'open' | 'half_open';

export class CircuitBreaker {
  private failures = 0;
  private openedAt: number | null = null;
  private trialInFlight = false;

  constructor(
    private readonly opts: BreakerOptions,
    private readonly now: () => number,
  ) {}

  get state(): BreakerState {
    if (this.openedAt === null) return 'closed';
    return this.now() - this.openedAt >= this.opts.cooldownMs ? 'half_open' : 'open';
  }

  /** Whether a request may go out now; in half-open state exactly one trial goes out. */
  allow(): boolean {
    const s = this.state;
    if (s === 'closed') return true;
    if (s === 'half_open' && !this.trialInFlight) {
      this.trialInFlight = true;
      return true;
    }
    return false;
  }

  /** Milliseconds until the circuit lets a trial through. */
  remainingMs(): number {
    return this.openedAt === null ? 0 : Math.max(0, this.opts.cooldownMs - (this.now() - this.openedAt));
  }

  success(): void {
    this.failures = 0;
    this.openedAt = null;
    this.trialInFlight = false;
  }

  failure(): void {
    this.trialInFlight = false;
    this.failures += 1;
    if (this.openedAt !== null || this.failures >= this.opts.failureThreshold) this.openedAt = this.now();
  }
}

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type Query = Record<string, QueryValue>;

/** Builds `base + path + ?query`, skipping null/undefined values; arrays become comma lists. Keeps key order. */
export function buildUrl(baseUrl: string, path: string, query?: Query): string {
  const base = baseUrl.replace(/\/+$/, '');
  const p = path.startsWith('/') ? path : `/${path}`;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === undefined || v === null) continue;
    params.append(k, Array.isArray(v) ? v.join(',') : String(v));
  }
  const qs = params.toString();
  return `${base}${p}${qs ? `?${qs}` : ''}`;
}

export interface RequestSpec {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  query?: Query;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Statuses that are answers, not failures (e.g. 404 for "unknown market"): returned, not thrown. */
  acceptStatuses?: number[];
}

export interface VenueResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  url: string;
}

function isRetryableStatus(status: number): boolean {
  return status === 429 || status === 408 || status >= 500;
}

export class VenueHttpClient {
  readonly opts: HttpClientOptions;
  readonly breaker: CircuitBreaker;
  private readonly bucket: TokenBucket;

  constructor(config: HttpClientConfig) {
    this.opts = { ...DEFAULT_HTTP_OPTIONS, fetch: globalThis.fetch.bind(globalThis), ...stripUndefined(config) } as HttpClientOptions;
    this.breaker = new CircuitBreaker(this.opts.breaker, this.opts.now);
    this.bucket = new TokenBucket(this.opts.rateLimit, this.opts.now, (ms) => this.opts.sleep(ms));
  }

  get exchange(): ExchangeCode {
    return this.opts.exchange;
  }

  url(path: string, query?: Query): string {
    return buildUrl(this.opts.baseUrl, path, query);
  }

  /** GET returning parsed JSON; 404 and other non-retryable 4xx throw VenueError (see `notFound`). */
  async getJson<T = unknown>(call: string, path: string, query?: Query, signal?: AbortSignal): Promise<T> {
    const r = await this.request<T>(call, { path, query, signal });
    return r.body;
  }

  /** Like getJson, but a 404 gives null. */
  async getJsonOrNull<T = unknown>(call: string, path: string, query?: Query, signal?: AbortSignal): Promise<T | null> {
    const r = await this.request<T>(call, { path, query, signal, acceptStatuses: [404] });
    return r.status === 404 ? null : r.body;
  }

  /** Backoff before retry `attempt` (1-based): full jitter over an exponentially growing cap. */
  backoffMs(attempt: number): number {
    const cap = Math.min(this.opts.backoffMaxMs, this.opts.backoffBaseMs * 2 ** (attempt - 1));
    return Math.floor(this.opts.random() * cap);
  }

  async request<T = unknown>(call: string, spec: RequestSpec): Promise<VenueResponse<T>> {
    const url = this.url(spec.path, spec.query);
    const method = spec.method ?? 'GET';
    const ex = this.opts.exchange;
    let lastError: VenueError | null = null;
    const deadline = this.opts.totalTimeoutMs === undefined ? Infinity : this.opts.now() + this.opts.totalTimeoutMs;
    const timeLeft = (): number => deadline - this.opts.now();

    for (let attempt = 1; attempt <= this.opts.retries + 1; attempt++) {
      if (spec.signal?.aborted) throw new VenueError(ex, call, 'aborted', 'aborted', null, url, null, attempt);
      // The budget is spent (by an attempt that timed out, or the waits): the last failure stands.
      if (lastError && timeLeft() <= 0) throw lastError;
      if (!this.breaker.allow()) {
        const wait = this.breaker.remainingMs();
        throw new VenueError(ex, call, 'circuit_open', `circuit open after repeated failures (retry in ${Math.ceil(wait / 1000)} s)${lastError ? `; last: ${lastError.message}` : ''}`, lastError?.status ?? null, url, wait, attempt);
      }
      await this.bucket.take();

      let res: Response;
      const attemptMs = Math.max(1, Math.min(this.opts.timeoutMs, timeLeft()));
      try {
        res = await this.once(method, url, spec, attemptMs);
      } catch (err) {
        if (spec.signal?.aborted) throw new VenueError(ex, call, 'aborted', 'aborted', null, url, null, attempt);
        const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
        lastError = new VenueError(ex, call, timedOut ? 'timeout' : 'network', timedOut ? `no answer within ${attemptMs} ms` : `network error: ${describe(err)}`, null, url, null, attempt);
        this.breaker.failure();
        if (attempt <= this.opts.retries) await this.opts.sleep(Math.min(this.backoffMs(attempt), Math.max(0, timeLeft())), spec.signal);
        continue;
      }

      if (res.ok || (spec.acceptStatuses?.includes(res.status) ?? false)) {
        this.breaker.success();
        return await this.parse<T>(call, url, res, attempt);
      }
      const retryAfterMs = parseRetryAfter(res.headers.get('retry-after'), this.opts.now());
      const text = await res.text().catch(() => '');
      lastError = new VenueError(ex, call, 'http', `HTTP ${res.status}${text ? `: ${text.slice(0, 200)}` : ''}`, res.status, url, retryAfterMs, attempt);
      if (!isRetryableStatus(res.status)) {
        // The venue answered sensibly (e.g. 400, 404): it is up, and asking again changes nothing.
        this.breaker.success();
        throw lastError;
      }
      // A 429 says "too fast", not "down": it does not count towards opening the circuit.
      if (res.status !== 429) this.breaker.failure();
      if (retryAfterMs !== null && (retryAfterMs > this.opts.maxRetryAfterMs || retryAfterMs >= timeLeft())) throw lastError;
      if (attempt <= this.opts.retries) await this.opts.sleep(Math.min(Math.max(retryAfterMs ?? 0, this.backoffMs(attempt)), Math.max(0, timeLeft())), spec.signal);
    }
    throw lastError ?? new VenueError(ex, call, 'network', 'failed', null, url);
  }

  private async once(method: string, url: string, spec: RequestSpec, timeoutMs: number): Promise<Response> {
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = spec.signal ? AbortSignal.any([timeout, spec.signal]) : timeout;
    const headers: Record<string, string> = { accept: 'application/json', ...this.opts.headers, ...spec.headers };
    let body: string | undefined;
    if (spec.body !== undefined) {
      body = typeof spec.body === 'string' ? spec.body : JSON.stringify(spec.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await this.opts.fetch(url, { method, headers, body, signal });
    return res;
  }

  private async parse<T>(call: string, url: string, res: Response, attempts: number): Promise<VenueResponse<T>> {
    let text: string;
    try {
      text = await res.text();
    } catch (err) {
      throw new VenueError(this.opts.exchange, call, 'network', `body read failed: ${describe(err)}`, res.status, url, null, attempts);
    }
    let body: unknown = null;
    if (text.length > 0) {
      try {
        body = JSON.parse(text);
      } catch {
        if (res.ok) throw new VenueError(this.opts.exchange, call, 'parse', `invalid JSON (${text.slice(0, 80)})`, res.status, url, null, attempts);
        body = text;
      }
    }
    return { status: res.status, headers: res.headers, body: body as T, url };
  }
}

function describe(err: unknown): string {
  if (err instanceof Error) {
    const cause = (err as Error & { cause?: unknown }).cause;
    return cause instanceof Error ? `${err.message} (${cause.message})` : err.message;
  }
  return String(err);
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
