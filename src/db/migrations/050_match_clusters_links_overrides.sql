-- Cross-venue matching (src/matching/, indexers/matching-job.ts): clusters of markets that ask the
-- same question on different venues, the pair links the judge found (identity links form clusters,
-- `related` links are kept typed and never merged), operator overrides, svc_ids that merged away,
-- and what the job has already matched (for incremental runs). The served copies of svc_id and
-- cluster_id live on the markets rows (written by the catalog writer); these tables are the truth.

-- One row per cluster of at least two markets. svc_id is the public id (`svc_` + 12 base32
-- characters), cluster_id the internal key; both are kept for the cluster's life (docs/api-contract.md §3).
CREATE TABLE IF NOT EXISTS match_clusters (
  cluster_id           text        PRIMARY KEY,
  svc_id               text        NOT NULL UNIQUE,
  title                text        NOT NULL,
  canonical_exchange   text        NOT NULL,
  canonical_market_id  text        NOT NULL,
  category             text        NOT NULL,
  close_time           timestamptz,
  -- the lowest confidence of the links that hold the cluster together
  confidence           double precision NOT NULL,
  created_at           timestamptz NOT NULL DEFAULT now(),
  updated_at           timestamptz NOT NULL DEFAULT now()
);

-- A market belongs to at most one cluster, and a cluster holds at most one market per venue.
-- `match` is how the market joined: the link's confidence, method ('judge' or 'operator') and reasons.
CREATE TABLE IF NOT EXISTS match_cluster_members (
  exchange    text        NOT NULL,
  market_id   text        NOT NULL,
  cluster_id  text        NOT NULL REFERENCES match_clusters (cluster_id) ON DELETE CASCADE,
  confidence  double precision NOT NULL,
  method      text        NOT NULL,
  reasons     text[]      NOT NULL DEFAULT '{}',
  joined_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (exchange, market_id),
  UNIQUE (cluster_id, exchange)
);

-- A svc_id whose cluster merged into another: it keeps answering with the survivor's record.
CREATE TABLE IF NOT EXISTS match_merged_ids (
  svc_id       text        PRIMARY KEY,
  cluster_id   text        NOT NULL,
  merged_into  text        NOT NULL,   -- the survivor's cluster_id (its svc_id is looked up, so chains resolve)
  merged_at    timestamptz NOT NULL DEFAULT now()
);

-- Every pair the judge did not call `different`, stored once with (a) < (b). Identity links are the
-- edges clustering runs on (kept so an incremental run re-judges only the changed markets' pairs);
-- related links carry their kind (other_strike, other_date, complementary, implies, same_event).
CREATE TABLE IF NOT EXISTS match_links (
  exchange_a   text        NOT NULL,
  market_id_a  text        NOT NULL,
  exchange_b   text        NOT NULL,
  market_id_b  text        NOT NULL,
  relation     text        NOT NULL CHECK (relation IN ('identical', 'related')),
  kind         text,
  confidence   double precision NOT NULL,
  reasons      text[]      NOT NULL DEFAULT '{}',
  updated_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (exchange_a, market_id_a, exchange_b, market_id_b),
  CHECK ((exchange_a, market_id_a) < (exchange_b, market_id_b))
);
CREATE INDEX IF NOT EXISTS match_links_b_idx ON match_links (exchange_b, market_id_b);

-- Operator decisions, applied on every run over the judge's verdicts: force-pair puts two markets in
-- one cluster (as far as one-market-per-venue allows), never-pair keeps them apart.
CREATE TABLE IF NOT EXISTS match_overrides (
  exchange_a   text        NOT NULL,
  market_id_a  text        NOT NULL,
  exchange_b   text        NOT NULL,
  market_id_b  text        NOT NULL,
  action       text        NOT NULL CHECK (action IN ('force', 'never')),
  reason       text        NOT NULL DEFAULT '',
  created_by   text        NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (exchange_a, market_id_a, exchange_b, market_id_b),
  CHECK ((exchange_a, market_id_a) < (exchange_b, market_id_b))
);

-- What each market looked like when it was last matched: a hash of the inputs the judge reads and
-- the text hashes of the embeddings its candidates came from. An incremental run re-matches a market
-- only when one of them changed (price moves touch neither).
CREATE TABLE IF NOT EXISTS match_market_state (
  exchange          text        NOT NULL,
  market_id         text        NOT NULL,
  inputs_hash       text        NOT NULL,
  title_text_hash   text,
  rules_text_hash   text,
  matched_at        timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (exchange, market_id)
);

-- The job's cursor: how far it followed markets.change_seq. (Embeddings are followed by the job's
-- in-memory vector cache and, across restarts, by the text hashes in match_market_state.)
CREATE TABLE IF NOT EXISTS match_job_state (
  name              text        PRIMARY KEY,
  catalog_seq       bigint      NOT NULL DEFAULT 0,
  last_full_run_at  timestamptz,
  updated_at        timestamptz NOT NULL DEFAULT now()
);
-- The vector cache loads the embedding rows written since its last load, per kind.
CREATE INDEX IF NOT EXISTS market_embeddings_kind_change_seq_idx ON market_embeddings (kind, change_seq);
