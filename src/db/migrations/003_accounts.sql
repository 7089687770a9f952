-- Accounts, sessions and API keys. Secrets (passwords, session tokens, API keys) are never stored:
-- passwords as scrypt hashes, tokens and keys as SHA-256 of their random value.
CREATE TABLE IF NOT EXISTS users (
  id             text PRIMARY KEY,
  email          text UNIQUE,                -- lower-cased; null for anonymous users made by test-key
  password_hash  text,
  created_at     timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS sessions (
  id          text PRIMARY KEY,
  user_id     text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash  text NOT NULL UNIQUE,
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL,
  revoked_at  timestamptz
);

CREATE TABLE IF NOT EXISTS api_keys (
  id                     text PRIMARY KEY,
  user_id                text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  key_hash               text NOT NULL UNIQUE,
  key_prefix             text NOT NULL,      -- first characters, to recognise a key in a listing
  kind                   text NOT NULL CHECK (kind IN ('test', 'production')),
  plan                   text NOT NULL,
  rate_limit_per_minute  integer NOT NULL CHECK (rate_limit_per_minute > 0),
  label                  text,
  created_at             timestamptz NOT NULL,
  expires_at             timestamptz,
  revoked_at             timestamptz
);
CREATE INDEX IF NOT EXISTS api_keys_user_idx ON api_keys (user_id);
