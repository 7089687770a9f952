/**
 * Kalshi's RFQs (requests for quote) as member reads: `GET /communications/rfqs[/{id}]` answer only a
 * request signed with a member's API key, so the service signs them with its own Kalshi key (the
 * same key as its market-data stream: KALSHI_WS_KEY_ID / KALSHI_WS_PRIVATE_KEY; never a user's
 * trading key). Without one the reads are unavailable (RfqKeyMissingError).
 */
import { generateKeyPairSync } from 'node:crypto';
import { VenueError } from '../http-client.js';
import { kalshiSignedHeaders } from './stream.js';

/** The key id the Kalshi simulator accepts for member reads (any RSA key signs it). */
export const KALSHI_SIM_TEST_KEY_ID = 'sim-test-key';

export interface KalshiKey {
  key_id: string;
  private_key: string;
}

/**
 * The simulator's test key (sim mode only), made on first use: generating a 2048-bit RSA key costs
 * about 0.1 s of CPU, which a start that never reads an RFQ should not pay.
 */
export function lazySimTestKey(): () => KalshiKey {
  let key: KalshiKey | null = null;
  return () => {
    key ??= { key_id: KALSHI_SIM_TEST_KEY_ID, private_key: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() };
    return key;
  };
}

export interface Rfq {
  id: string;
  market_id: string;
  contracts: number | null;
  target_cost: number | null;
  status: string;
  rest_remainder: boolean | null;
  mve_collection_ticker: string | null;
  mve_selected_legs: { event_ticker: string; market_ticker: string; side: string }[] | null;
  created_at: string;
  updated_at: string | null;
}

interface RfqWire {
  id: string;
  market_ticker: string;
  contracts_fp?: string | null;
  contracts?: number | null;
  target_cost_dollars?: string | null;
  status: string;
  rest_remainder?: boolean;
  created_ts: string;
  updated_ts?: string;
  mve_collection_ticker?: string;
  mve_selected_legs?: { event_ticker: string; market_ticker: string; side: string }[];
}

export class RfqKeyMissingError extends Error {}

const num = (v: string | number | null | undefined): number | null => (v === null || v === undefined || v === '' || !Number.isFinite(Number(v)) ? null : Number(v));

export function normaliseRfq(w: RfqWire): Rfq {
  return {
    id: w.id, market_id: w.market_ticker, contracts: num(w.contracts_fp ?? w.contracts), target_cost: num(w.target_cost_dollars), status: w.status,
    rest_remainder: w.rest_remainder ?? null, mve_collection_ticker: w.mve_collection_ticker ?? null, mve_selected_legs: w.mve_selected_legs ?? null,
    created_at: new Date(w.created_ts).toISOString(), updated_at: w.updated_ts ? new Date(w.updated_ts).toISOString() : null,
  };
}

export class KalshiRfqClient {
  /** `key`: the service's own key, a function giving it on first use (the simulator's test key), or null (none). */
  constructor(private readonly opts: { restUrl: string; key: KalshiKey | (() => KalshiKey) | null; timeoutMs: number }) {}

  private async get<T>(pathAndQuery: string): Promise<T> {
    const key = typeof this.opts.key === 'function' ? this.opts.key() : this.opts.key;
    if (!key) throw new RfqKeyMissingError('kalshi RFQs need the service\'s own Kalshi API key (KALSHI_WS_KEY_ID and KALSHI_WS_PRIVATE_KEY)');
    const url = new URL(this.opts.restUrl.replace(/\/$/, '') + pathAndQuery);
    const headers = kalshiSignedHeaders(key.key_id, key.private_key, 'GET', url.pathname, Date.now());
    let res: Response;
    try {
      res = await fetch(url, { headers, signal: AbortSignal.timeout(this.opts.timeoutMs) });
    } catch (err) {
      throw new VenueError('kalshi', 'rfqs', (err as Error).name === 'TimeoutError' ? 'timeout' : 'network', (err as Error).message);
    }
    if (!res.ok) throw new VenueError('kalshi', 'rfqs', 'http', `answered ${res.status}`, res.status, url.pathname);
    return (await res.json()) as T;
  }

  async rfq(id: string): Promise<Rfq> {
    const body = await this.get<{ rfq: RfqWire }>(`/communications/rfqs/${encodeURIComponent(id)}`);
    return normaliseRfq(body.rfq);
  }

  /** One page of RFQs, newest first, optionally of one market. */
  async list(q: { marketId?: string; cursor?: string; limit: number }): Promise<{ rfqs: Rfq[]; cursor: string | null }> {
    const p = new URLSearchParams({ limit: String(q.limit) });
    if (q.marketId) p.set('market_ticker', q.marketId);
    if (q.cursor) p.set('cursor', q.cursor);
    const body = await this.get<{ rfqs: RfqWire[]; cursor?: string }>(`/communications/rfqs?${p}`);
    return { rfqs: (body.rfqs ?? []).map(normaliseRfq), cursor: body.cursor || null };
  }
}
