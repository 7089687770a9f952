-- Whether a market is neg-risk (polymarket, limitless, predict.fun say; null for the other venues):
-- served with the unified market record, and what picks the exchange contract an order is signed for.
-- Existing rows get it at their venue's next sync (the content hash covers it where it is known).
ALTER TABLE markets ADD COLUMN IF NOT EXISTS neg_risk boolean;
