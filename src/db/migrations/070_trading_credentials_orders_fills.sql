-- Trading (src/trading/): the users' venue credentials (encrypted), the orders placed through the
-- service, and their fills.

-- One credential set per user per venue (docs/api-contract.md §3, docs/interface-spec.md §2.5). The values are one
-- AES-256-GCM ciphertext of the JSON set, bound to (user_id, exchange) as associated data so a row
-- cannot be moved to another user; key_id names the encryption key (a fingerprint, never the key), so
-- that a key rotation can tell which rows it has re-encrypted.
CREATE TABLE IF NOT EXISTS trading_credentials (
  user_id     text        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  exchange    text        NOT NULL,
  key_id      text        NOT NULL,
  iv          bytea       NOT NULL,
  ciphertext  bytea       NOT NULL,
  auth_tag    bytea       NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, exchange)
);

-- Orders (docs/api-contract.md §3 Order). A row is written as `pending` before anything is sent to the venue,
-- so a crash or a venue outage never leaves an order the service does not know about;
-- `venue_client_id` is what the venue knows the order by before it answers (the caller's
-- client_order_id, or one made here), used to reconcile pending rows with the venue.
CREATE TABLE IF NOT EXISTS trading_orders (
  id                 text        PRIMARY KEY,
  user_id            text        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  exchange           text        NOT NULL,
  market_id          text        NOT NULL,
  outcome            text        NOT NULL,
  side               text        NOT NULL CHECK (side IN ('buy', 'sell')),
  type               text        NOT NULL CHECK (type IN ('limit', 'market')),
  price              double precision,
  size               double precision NOT NULL CHECK (size > 0),
  time_in_force      text        NOT NULL CHECK (time_in_force IN ('gtc', 'gtd', 'ioc', 'fok')),
  expires_at         timestamptz,
  status             text        NOT NULL CHECK (status IN ('pending', 'open', 'partially_filled', 'filled', 'cancelled', 'expired', 'rejected')),
  filled_size        double precision NOT NULL DEFAULT 0,
  avg_fill_price     double precision,
  exchange_order_id  text,
  client_order_id    text,
  venue_client_id    text        NOT NULL,
  reject_reason      text,
  -- the venue request as sent (the caller's signed order for client-signed venues; never a credential)
  venue_request      jsonb,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now(),
  synced_at          timestamptz
);
-- Idempotency: ten concurrent requests with one client_order_id insert one row (the losers read it).
CREATE UNIQUE INDEX IF NOT EXISTS trading_orders_client_order_id_uq ON trading_orders (user_id, client_order_id) WHERE client_order_id IS NOT NULL;
CREATE UNIQUE INDEX IF NOT EXISTS trading_orders_venue_client_id_uq ON trading_orders (exchange, venue_client_id);
-- The listing: a user's orders, newest first, optionally of one venue or status (keyset on created_at, id).
CREATE INDEX IF NOT EXISTS trading_orders_user_created_idx ON trading_orders (user_id, created_at DESC, id DESC);
-- The sync job's work list: orders not yet final.
CREATE INDEX IF NOT EXISTS trading_orders_live_idx ON trading_orders (updated_at) WHERE status IN ('pending', 'open', 'partially_filled');

-- Fills of an order, as the venue reports them (prices 0..1 of the order's outcome, sizes in contracts).
CREATE TABLE IF NOT EXISTS trading_fills (
  order_id   text        NOT NULL REFERENCES trading_orders (id) ON DELETE CASCADE,
  fill_id    text        NOT NULL,
  price      double precision NOT NULL,
  size       double precision NOT NULL,
  fee        double precision,
  filled_at  timestamptz NOT NULL,
  PRIMARY KEY (order_id, fill_id)
);
