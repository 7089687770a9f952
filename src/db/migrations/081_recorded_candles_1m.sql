-- One-minute OHLCV candles of the recorded trades (src/recorder), kept as the trades are written (in
-- the same statement: only trades actually inserted count, so a trade seen twice is counted once).
-- Longer candles (5m, 10m, 1h, 1d) are aggregated from these, so a day of any of them reads at most
-- 1440 rows per market. `ts` is the period start. open_ts/close_ts are the times of the period's
-- first and last trade, so rows written by later batches merge in time order. Partitioned by day
-- like the other recorded tables (src/recorder/partitions.ts) and dropped with them.
CREATE TABLE IF NOT EXISTS recorded_candles_1m (
  exchange   text             NOT NULL,
  market_id  text             NOT NULL,
  ts         timestamptz      NOT NULL,
  open       double precision NOT NULL,
  high       double precision NOT NULL,
  low        double precision NOT NULL,
  close      double precision NOT NULL,
  volume     double precision NOT NULL,
  trades     integer          NOT NULL,
  open_ts    timestamptz      NOT NULL,
  close_ts   timestamptz      NOT NULL,
  PRIMARY KEY (exchange, market_id, ts)
) PARTITION BY RANGE (ts);
