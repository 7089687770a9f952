-- The catalog: every venue's markets, events and outcomes, normalised to the unified records
-- (docs/api-contract.md §3), with the raw venue payload kept for debugging and re-normalisation.

-- Every content change of a market takes the next number of this sequence, so that downstream
-- indexers (search index, embeddings, matching) can follow "what changed since N" incrementally.
CREATE SEQUENCE IF NOT EXISTS market_change_seq;

CREATE TABLE IF NOT EXISTS events (
  exchange      text        NOT NULL,
  event_id      text        NOT NULL,
  title         text        NOT NULL,
  category      text        NOT NULL DEFAULT 'other',
  status        text,
  raw           jsonb       NOT NULL,
  content_hash  text        NOT NULL,
  updated_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (exchange, event_id)
);

CREATE TABLE IF NOT EXISTS markets (
  exchange         text        NOT NULL,
  market_id        text        NOT NULL,
  event_id         text,
  title            text        NOT NULL,
  subtitle         text,
  category         text        NOT NULL DEFAULT 'other',
  tags             text[]      NOT NULL DEFAULT '{}',
  status           text        NOT NULL CHECK (status IN ('open','upcoming','closed','resolved','halted')),
  closed           boolean     NOT NULL,
  outcomes         jsonb       NOT NULL DEFAULT '[]',
  yes_price        double precision CHECK (yes_price BETWEEN 0 AND 1),
  yes_bid          double precision CHECK (yes_bid BETWEEN 0 AND 1),
  yes_ask          double precision CHECK (yes_ask BETWEEN 0 AND 1),
  last_price       double precision CHECK (last_price BETWEEN 0 AND 1),
  volume           double precision,
  volume_24h       double precision,
  liquidity        double precision,
  open_interest    double precision,
  open_time        timestamptz,
  close_time       timestamptz,
  resolution_time  timestamptz,
  result           text,
  rules            text        NOT NULL DEFAULT '',
  url              text,
  svc_id           text,
  cluster_id       text,
  raw              jsonb       NOT NULL,
  -- hash of the normalised record (not of raw): unchanged markets are not rewritten or re-indexed
  content_hash     text        NOT NULL,
  change_seq       bigint      NOT NULL DEFAULT nextval('market_change_seq'),
  -- when the venue's data was last refreshed (served as updated_at)
  updated_at       timestamptz NOT NULL DEFAULT now(),
  -- a market that disappeared from the venue's listing is kept as removed (tombstone), so the
  -- search index and embeddings can delete it incrementally
  removed          boolean     NOT NULL DEFAULT false,
  PRIMARY KEY (exchange, market_id)
);

CREATE INDEX IF NOT EXISTS markets_change_seq_idx ON markets (change_seq);
CREATE INDEX IF NOT EXISTS markets_event_idx ON markets (exchange, event_id);
CREATE INDEX IF NOT EXISTS markets_category_idx ON markets (exchange, category);
CREATE INDEX IF NOT EXISTS markets_svc_idx ON markets (svc_id) WHERE svc_id IS NOT NULL;

-- Per-venue sync status, shown by /health and used for incremental syncs.
CREATE TABLE IF NOT EXISTS venue_sync_status (
  exchange         text PRIMARY KEY,
  status           text        NOT NULL DEFAULT 'never',   -- never | ok | failed | running
  last_sync_at     timestamptz,
  last_success_at  timestamptz,
  last_error       text,
  markets          integer     NOT NULL DEFAULT 0,
  cursor           jsonb
);

-- Outcomes of each market (binary markets have yes/no; multi-outcome markets one row per answer).
-- The market row's `outcomes` jsonb is the served copy; this table lets SQL find markets by token id.
CREATE TABLE IF NOT EXISTS outcomes (
  exchange    text NOT NULL,
  market_id   text NOT NULL,
  outcome_id  text NOT NULL,
  label       text NOT NULL,
  position    integer NOT NULL,
  price       double precision CHECK (price BETWEEN 0 AND 1),
  PRIMARY KEY (exchange, market_id, outcome_id),
  FOREIGN KEY (exchange, market_id) REFERENCES markets (exchange, market_id) ON DELETE CASCADE
);
CREATE INDEX IF NOT EXISTS outcomes_id_idx ON outcomes (exchange, outcome_id);
