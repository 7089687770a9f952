// The orders placed through the service and their fills (table trading_orders / trading_fills). The
// order record of docs/api-contract.md §3 is built here; every read is scoped to its user, so another user's
// order is simply not found. Idempotency rests on a unique index (user, client_order_id): concurrent
// identical requests race on the INSERT and exactly one wins, with no check-then-insert window.
import crypto from 'node:crypto';
import type pg from 'pg';
import { withTransaction } from '../db/transaction.js';
import type { SealedIdentity } from './credential-cache.js';
import type { OrderSide, OrderStatus, OrderType, TimeInForce, VenueFill, VenueOrderState } from '../venues/trading.js';

/** A fill as stored: prices 0..1 of the order's outcome. */
export interface OrderFill {
  id: string;
  price: number;
  size: number;
  fee: number | null;
  timestamp: string;
}

/** A fill as the API shows it: named by the order's outcome, as positions are (docs/trading.md, "Outcomes"). */
export interface PublicFill extends OrderFill {
  outcome: string;
  venue_outcome: string;
}

/** The order record of the API (docs/api-contract.md §3), plus its fills. */
export interface OrderRecord<Fill extends OrderFill = PublicFill> {
  id: string;
  exchange: string;
  market_id: string;
  /** The service's name of the outcome: yes / no on a binary market, else the market's outcome id (src/trading/outcomes.ts). */
  outcome: string;
  /** The venue's name of it: kalshi yes / no, futuur long / short, the outcome token id on the EIP-712 venues. */
  venue_outcome: string;
  side: OrderSide;
  type: OrderType;
  price: number | null;
  size: number;
  time_in_force: TimeInForce;
  expires_at: string | null;
  status: OrderStatus;
  filled_size: number;
  avg_fill_price: number | null;
  exchange_order_id: string | null;
  client_order_id: string | null;
  reject_reason: string | null;
  created_at: string;
  updated_at: string;
  fills: Fill[];
}

/** What the service keeps besides the record (never returned as such). */
export interface StoredOrder extends OrderRecord<OrderFill> {
  user_id: string;
  venue_client_id: string;
  venue_request: Record<string, unknown> | null;
  synced_at: string | null;
}

export interface NewOrder {
  userId: string;
  exchange: string;
  marketId: string;
  outcome: string;
  venueOutcome: string;
  side: OrderSide;
  type: OrderType;
  price: number | null;
  size: number;
  timeInForce: TimeInForce;
  expiresAt: string | null;
  clientOrderId: string | null;
  venueRequest: Record<string, unknown> | null;
}

export const LIVE_STATUSES: readonly OrderStatus[] = ['pending', 'open', 'partially_filled'];
export const RESTING_STATUSES: readonly OrderStatus[] = ['open', 'partially_filled'];

export class BadCursorError extends Error {}

/** A trading_orders row as `pg` returns it: the stored order's columns, timestamps as Date, no fills. */
type OrderRow = Omit<StoredOrder, 'fills' | 'expires_at' | 'created_at' | 'updated_at' | 'synced_at'> & {
  expires_at: Date | null;
  created_at: Date;
  updated_at: Date;
  synced_at: Date | null;
};

const COLUMNS = 'id, user_id, exchange, market_id, outcome, venue_outcome, side, type, price, size, time_in_force, expires_at, status, filled_size, avg_fill_price, exchange_order_id, client_order_id, venue_client_id, reject_reason, venue_request, created_at, updated_at, synced_at';

// The two writes of every placed order, prepared once per connection (named statements: parsed and
// planned once, not per order). Each returns only what the database decided (the timestamps; the
// columns an update can change): the rest of the order is what was written, already in memory, and
// every column returned is one more field for the driver to describe and parse per order.
const PENDING_RETURNING = 'created_at, updated_at, expires_at';
// An order's first write, made only while the user's stored credential row for the venue is still the
// one the order's set was decrypted from (same key id, IV and GCM tag): the freshness check of the set
// and the pending insert in one statement (see insertPendingWithCredentials).
// No conflict target: a repeated client_order_id collides on two unique indexes, (user,
// client_order_id) and (exchange, venue_client_id) derived from it. With one named as the arbiter,
// a concurrent repeat can reach the other index first and raise a unique violation (a 500) instead
// of doing nothing; without a target every unique index is an arbiter.
const INSERT_PENDING_IF_CREDENTIALS = `INSERT INTO trading_orders (id, user_id, exchange, market_id, outcome, venue_outcome, side, type, price, size, time_in_force, expires_at, status, client_order_id, venue_client_id, venue_request)
       SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 'pending', $13, $14, $15
        WHERE EXISTS (SELECT 1 FROM trading_credentials c WHERE c.user_id = $2 AND c.exchange = $3 AND c.key_id = $16 AND c.iv = $17 AND c.auth_tag = $18)
       ON CONFLICT DO NOTHING
       RETURNING ${PENDING_RETURNING}`;
// What any write after the insert can change (this update, reject, markSynced); the other columns
// are the order as inserted.
const MUTABLE_COLUMNS = 'status, filled_size, avg_fill_price, exchange_order_id, reject_reason, updated_at, synced_at';
const APPLY_VENUE_STATE = `UPDATE trading_orders
           SET status = $2, filled_size = $3, avg_fill_price = $4, exchange_order_id = COALESCE($5, exchange_order_id), synced_at = now(),
               updated_at = CASE WHEN status IS DISTINCT FROM $2 OR filled_size IS DISTINCT FROM $3 OR exchange_order_id IS NULL THEN now() ELSE updated_at END
         WHERE id = $1 AND status IN ('pending', 'open', 'partially_filled')
         RETURNING ${MUTABLE_COLUMNS}`;

/** A new order's id, the id the venue will know it by, and the parameters $1..$15 of the pending insert. */
function pendingInsert(o: NewOrder): { id: string; venueClientId: string; values: unknown[] } {
  const id = newOrderId();
  // What the venue knows the order by: derived from the caller's id (so a retry after a crash sends
  // the same one), else the order's own id; either way unique per venue and free of the caller's text.
  const venueClientId = o.clientOrderId ? `c-${crypto.createHash('sha256').update(`${o.userId}\u0000${o.clientOrderId}`).digest('hex').slice(0, 32)}` : id;
  return { id, venueClientId, values: [id, o.userId, o.exchange, o.marketId, o.outcome, o.venueOutcome, o.side, o.type, o.price, o.size, o.timeInForce, o.expiresAt, o.clientOrderId, venueClientId, o.venueRequest] };
}

/** The pending order just inserted: what was written, with the timestamps the database set. */
function pendingOrder(o: NewOrder, id: string, venueClientId: string, r: Pick<OrderRow, 'created_at' | 'updated_at' | 'expires_at'>): StoredOrder {
  return toStored({
    id, user_id: o.userId, exchange: o.exchange, market_id: o.marketId, outcome: o.outcome, venue_outcome: o.venueOutcome, side: o.side, type: o.type, price: o.price, size: o.size, time_in_force: o.timeInForce,
    expires_at: r.expires_at, status: 'pending', filled_size: 0, avg_fill_price: null, exchange_order_id: null, client_order_id: o.clientOrderId, venue_client_id: venueClientId,
    reject_reason: null, venue_request: o.venueRequest, created_at: r.created_at, updated_at: r.updated_at, synced_at: null,
  });
}

/** The columns of MUTABLE_COLUMNS, as `pg` returns them. */
type MutableRow = Pick<OrderRow, 'status' | 'filled_size' | 'avg_fill_price' | 'exchange_order_id' | 'reject_reason' | 'updated_at' | 'synced_at'>;

function toStored(r: OrderRow, fills: OrderFill[] = []): StoredOrder {
  return {
    id: r.id,
    exchange: r.exchange,
    market_id: r.market_id,
    outcome: r.outcome,
    venue_outcome: r.venue_outcome,
    side: r.side,
    type: r.type,
    price: r.price,
    size: r.size,
    time_in_force: r.time_in_force,
    expires_at: r.expires_at ? r.expires_at.toISOString() : null,
    status: r.status,
    filled_size: r.filled_size,
    avg_fill_price: r.avg_fill_price,
    exchange_order_id: r.exchange_order_id,
    client_order_id: r.client_order_id,
    reject_reason: r.reject_reason,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
    fills,
    user_id: r.user_id,
    venue_client_id: r.venue_client_id,
    venue_request: r.venue_request,
    synced_at: r.synced_at ? r.synced_at.toISOString() : null,
  };
}

/** The API's view of a stored order: the internal fields dropped. */
export function publicOrder(o: StoredOrder): OrderRecord {
  const { user_id: _u, venue_client_id: _v, venue_request: _r, synced_at: _s, fills, ...rest } = o;
  return { ...rest, fills: fills.map((f) => ({ ...f, outcome: o.outcome, venue_outcome: o.venue_outcome })) };
}

const encodeCursor = (o: { created_at: string; id: string }): string => Buffer.from(JSON.stringify([o.created_at, o.id])).toString('base64url');
function decodeCursor(cursor: string): [string, string] {
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(v) && v.length === 2 && typeof v[0] === 'string' && !Number.isNaN(Date.parse(v[0])) && typeof v[1] === 'string') return [v[0], v[1]];
  } catch {
    // fall through
  }
  throw new BadCursorError('cursor: not a cursor this listing gave out');
}

export const newOrderId = (): string => `ord_${crypto.randomBytes(12).toString('hex')}`;

export class OrderRepository {
  constructor(private readonly pool: pg.Pool) {}

  /**
   * Writes the order as `pending` before the venue hears of it, only if the user's credential row for
   * the order's venue is still `credentials` (the row the set that will sign or vouch for the order
   * was decrypted from), checked in the same statement. 'credentials-changed' when it is not (replaced, re-encrypted or deleted,
   * by any instance): nothing was written, and the caller reads the row again. A repeat of a known
   * client_order_id still answers with that order (`inserted: false`), whatever the credentials.
   */
  async insertPendingWithCredentials(o: NewOrder, credentials: SealedIdentity): Promise<{ order: StoredOrder; inserted: boolean } | 'credentials-changed'> {
    const { id, venueClientId, values } = pendingInsert(o);
    const { rows } = await this.pool.query<OrderRow>({
      name: 'trading-order-insert-pending-if-credentials',
      text: INSERT_PENDING_IF_CREDENTIALS,
      values: [...values, credentials.keyId, credentials.iv, credentials.authTag],
    });
    if (rows[0]) return { order: pendingOrder(o, id, venueClientId, rows[0]), inserted: true };
    // Nothing written: either the client_order_id is taken (ON CONFLICT waits for a concurrent
    // insert of it to commit, so the order is visible now) or the credential row changed; an order
    // without a client_order_id cannot conflict.
    const existing = o.clientOrderId ? await this.getByClientOrderId(o.userId, o.clientOrderId) : null;
    return existing ? { order: existing, inserted: false } : 'credentials-changed';
  }

  private async withFills(r: OrderRow): Promise<StoredOrder> {
    // Nothing filled, no fills to read.
    if (!(r.filled_size > 0)) return toStored(r, []);
    const fills = await this.fillsOf([r.id]);
    return toStored(r, fills.get(r.id) ?? []);
  }

  private async fillsOf(ids: string[]): Promise<Map<string, OrderFill[]>> {
    const out = new Map<string, OrderFill[]>();
    if (ids.length === 0) return out;
    const { rows } = await this.pool.query<{ order_id: string; fill_id: string; price: number; size: number; fee: number | null; filled_at: Date }>(
      'SELECT order_id, fill_id, price, size, fee, filled_at FROM trading_fills WHERE order_id = ANY($1) ORDER BY filled_at, fill_id',
      [ids],
    );
    for (const f of rows) {
      const list = out.get(f.order_id) ?? [];
      list.push({ id: f.fill_id, price: f.price, size: f.size, fee: f.fee, timestamp: f.filled_at.toISOString() });
      out.set(f.order_id, list);
    }
    return out;
  }

  /** The fills stored for an order, oldest first. */
  async fills(orderId: string): Promise<OrderFill[]> {
    return (await this.fillsOf([orderId])).get(orderId) ?? [];
  }

  /** The ids of the fills the user's other orders in a market hold (for venues whose fills name no order). */
  async claimedFillIds(userId: string, exchange: string, marketId: string, exceptOrderId: string): Promise<string[]> {
    const { rows } = await this.pool.query<{ fill_id: string }>(
      `SELECT f.fill_id FROM trading_fills f JOIN trading_orders o ON o.id = f.order_id
        WHERE o.user_id = $1 AND o.exchange = $2 AND o.market_id = $3 AND o.id <> $4`,
      [userId, exchange, marketId, exceptOrderId],
    );
    return rows.map((r) => r.fill_id);
  }

  /** One of the user's orders; null when absent or another user's. */
  async get(userId: string, id: string): Promise<StoredOrder | null> {
    const { rows } = await this.pool.query<OrderRow>(`SELECT ${COLUMNS} FROM trading_orders WHERE id = $1 AND user_id = $2`, [id, userId]);
    return rows[0] ? this.withFills(rows[0]) : null;
  }

  async getByClientOrderId(userId: string, clientOrderId: string): Promise<StoredOrder | null> {
    const { rows } = await this.pool.query<OrderRow>(`SELECT ${COLUMNS} FROM trading_orders WHERE user_id = $1 AND client_order_id = $2`, [userId, clientOrderId]);
    return rows[0] ? this.withFills(rows[0]) : null;
  }

  /** The user's orders, newest first, keyset-paginated. */
  async list(userId: string, f: { exchange?: string; status?: OrderStatus; limit: number; cursor?: string }): Promise<{ orders: StoredOrder[]; next_cursor: string | null }> {
    const params: unknown[] = [userId];
    const where = ['user_id = $1'];
    if (f.exchange) where.push(`exchange = $${params.push(f.exchange)}`);
    if (f.status) where.push(`status = $${params.push(f.status)}`);
    if (f.cursor) {
      const [at, id] = decodeCursor(f.cursor);
      where.push(`(created_at, id) < ($${params.push(at)}::timestamptz, $${params.push(id)})`);
    }
    const { rows } = await this.pool.query<OrderRow>(`SELECT ${COLUMNS} FROM trading_orders WHERE ${where.join(' AND ')} ORDER BY created_at DESC, id DESC LIMIT $${params.push(f.limit + 1)}`, params);
    const page = rows.slice(0, f.limit);
    const fills = await this.fillsOf(page.map((r) => r.id));
    const orders = page.map((r) => toStored(r, fills.get(r.id) ?? []));
    return { orders, next_cursor: rows.length > f.limit ? encodeCursor(orders[orders.length - 1]) : null };
  }

  /**
   * Records what the venue says of an order: status, fill totals, its id, new fills; returns the
   * order as stored now (null when it was already final: a final status is never overwritten, so a
   * late answer of an earlier read cannot reopen a cancelled order). Without new fills this is one
   * statement (the common case of an order placed or read while it rests). `order` is the stored
   * order as read or inserted before: its columns that no write changes are taken from it, the rest
   * (MUTABLE_COLUMNS) from the update.
   */
  async applyVenueState(order: StoredOrder, s: VenueOrderState): Promise<StoredOrder | null> {
    const update = { name: 'trading-order-apply-venue-state', text: APPLY_VENUE_STATE, values: [order.id, s.status, s.filledSize, s.avgFillPrice, s.exchangeOrderId] };
    const fills = s.fills ?? [];
    let row: MutableRow | undefined;
    if (fills.length === 0) {
      row = (await this.pool.query<MutableRow>(update)).rows[0];
    } else {
      row = await withTransaction(this.pool, async (client) => {
        const { rows } = await client.query<MutableRow>(update);
        if (rows[0]) await insertFills(client, order.id, fills);
        return rows[0];
      });
    }
    if (!row) return null;
    const now: StoredOrder = {
      ...order,
      status: row.status,
      filled_size: row.filled_size,
      avg_fill_price: row.avg_fill_price,
      exchange_order_id: row.exchange_order_id,
      reject_reason: row.reject_reason,
      updated_at: row.updated_at.toISOString(),
      synced_at: row.synced_at ? row.synced_at.toISOString() : null,
      fills: [],
    };
    // Nothing filled, no fills to read.
    if (now.filled_size > 0) now.fills = await this.fills(order.id);
    return now;
  }

  /** pending -> rejected (the venue refused it, or never got it). */
  async reject(id: string, reason: string): Promise<void> {
    await this.pool.query(`UPDATE trading_orders SET status = 'rejected', reject_reason = $2, updated_at = now(), synced_at = now() WHERE id = $1 AND status = 'pending'`, [id, reason.slice(0, 500)]);
  }

  async markSynced(id: string): Promise<void> {
    await this.pool.query('UPDATE trading_orders SET synced_at = now() WHERE id = $1', [id]);
  }

  /** Orders not final yet, least recently synced first (the sync job's work list). */
  async liveOrders(limit: number, olderThanMs = 0): Promise<StoredOrder[]> {
    const { rows } = await this.pool.query<OrderRow>(
      `SELECT ${COLUMNS} FROM trading_orders
        WHERE status IN ('pending', 'open', 'partially_filled') AND (synced_at IS NULL OR synced_at < now() - ($2::double precision * interval '1 millisecond'))
        ORDER BY synced_at NULLS FIRST, created_at LIMIT $1`,
      [limit, olderThanMs],
    );
    return rows.map((r) => toStored(r));
  }
}

async function insertFills(client: pg.PoolClient, orderId: string, fills: VenueFill[]): Promise<void> {
  for (const f of fills) {
    await client.query('INSERT INTO trading_fills (order_id, fill_id, price, size, fee, filled_at) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING', [orderId, f.id, f.price, f.size, f.fee, f.at]);
  }
}
