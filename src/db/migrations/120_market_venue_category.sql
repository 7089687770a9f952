-- `markets.category` holds one word of the shared vocabulary (src/venues/categories.ts:
-- CANONICAL_CATEGORIES) and `venue_category` the venue's own label, as sent. Rows written before
-- keep their word when it is in the vocabulary; any other word (a slug of an unknown label) moves
-- to venue_category and the row becomes `other` until its next sync re-places it (the content hash
-- covers venue_category, so that sync rewrites every market once). change_seq moves so that the
-- search index and the embeddings' filter copy follow.
ALTER TABLE markets ADD COLUMN IF NOT EXISTS venue_category text;

UPDATE markets
SET venue_category = category,
    category = 'other',
    change_seq = nextval('market_change_seq')
WHERE category NOT IN ('politics', 'crypto', 'sports', 'economics', 'finance', 'tech', 'science', 'climate', 'world', 'culture', 'other');

-- GET /api/v1/categories counts listed markets per category.
CREATE INDEX IF NOT EXISTS markets_listed_category_idx ON markets (category, closed) WHERE NOT removed;
