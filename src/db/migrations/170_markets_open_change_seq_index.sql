-- The embedding indexer embeds the open markets' texts ahead of the closed ones' (at a venue's full
-- size most markets are closed): it asks for the open markets changed after its open-pass cursor
-- (indexers/embeddings-indexer.ts). This partial index answers that with a probe, however many
-- closed markets lie beyond the cursor.
CREATE INDEX IF NOT EXISTS markets_open_change_seq_idx ON markets (change_seq) WHERE NOT closed AND NOT removed;
