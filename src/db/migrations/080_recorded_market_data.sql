-- Recorded market data (src/recorder): book snapshots, raw book deltas, trades and top of book of the
-- tracked markets, each a table range-partitioned by day on its timestamp. Partitions are created
-- ahead by the recorder (src/recorder/partitions.ts: recorded_<table>_pYYYYMMDD, one day each) and
-- dropped whole by its retention pass: rows are never deleted one by one. There is no default
-- partition, so a day can always be attached; the recorder creates a day's partition before it writes
-- a row of that day.

-- One order over snapshots and deltas of every market: a book at sequence s is the latest snapshot
-- with seq <= s, plus the deltas after it up to s.
CREATE SEQUENCE IF NOT EXISTS recorded_book_seq;

CREATE TABLE IF NOT EXISTS recorded_book_snapshots (
  exchange   text        NOT NULL,
  market_id  text        NOT NULL,
  seq        bigint      NOT NULL DEFAULT nextval('recorded_book_seq'),
  ts         timestamptz NOT NULL,
  -- [[price, size], ...] best first (bids descending, asks ascending), YES terms
  bids       jsonb       NOT NULL,
  asks       jsonb       NOT NULL,
  -- stream (the venue's snapshot), resync (first snapshot after a reconnect or gap), periodic, poll
  source     text        NOT NULL,
  PRIMARY KEY (exchange, market_id, ts, seq)
) PARTITION BY RANGE (ts);

CREATE TABLE IF NOT EXISTS recorded_book_deltas (
  exchange   text             NOT NULL,
  market_id  text             NOT NULL,
  seq        bigint           NOT NULL DEFAULT nextval('recorded_book_seq'),
  ts         timestamptz      NOT NULL,
  side       text             NOT NULL CHECK (side IN ('bid', 'ask')),
  price      double precision NOT NULL,
  -- the level's size after the change and the change itself (the recorder holds the book, so both are known)
  size       double precision NOT NULL,
  size_delta double precision NOT NULL,
  PRIMARY KEY (exchange, market_id, ts, seq)
) PARTITION BY RANGE (ts);

CREATE TABLE IF NOT EXISTS recorded_trades (
  exchange   text             NOT NULL,
  market_id  text             NOT NULL,
  trade_id   text             NOT NULL,
  ts         timestamptz      NOT NULL,
  price      double precision NOT NULL,
  size       double precision NOT NULL,
  taker_side text,
  outcome    text,
  -- a trade seen twice (stream and a backfill after a reconnect) is stored once
  PRIMARY KEY (exchange, market_id, trade_id, ts)
) PARTITION BY RANGE (ts);

CREATE TABLE IF NOT EXISTS recorded_top_of_book (
  exchange   text             NOT NULL,
  market_id  text             NOT NULL,
  seq        bigint           NOT NULL DEFAULT nextval('recorded_book_seq'),
  ts         timestamptz      NOT NULL,
  best_bid   double precision,
  best_ask   double precision,
  bid_size   double precision,
  ask_size   double precision,
  PRIMARY KEY (exchange, market_id, ts, seq)
) PARTITION BY RANGE (ts);

-- Intervals in which a market's book was not recorded (upstream down, sequence gap, failed polls):
-- small and kept whole (not partitioned); /health reports the recent ones.
CREATE TABLE IF NOT EXISTS recorder_gaps (
  id          bigserial   PRIMARY KEY,
  exchange    text        NOT NULL,
  market_id   text        NOT NULL,
  started_at  timestamptz NOT NULL,
  ended_at    timestamptz NOT NULL,
  reason      text        NOT NULL
);
CREATE INDEX IF NOT EXISTS recorder_gaps_ended_idx ON recorder_gaps (ended_at DESC);
