-- Orders name their outcome in the service's vocabulary (docs/trading.md, "Outcomes"): `outcome` is
-- yes / no on a binary market (else the market's outcome id), and `venue_outcome` keeps what the
-- venue's order named (kalshi yes/no, futuur long/short, an outcome token id). Orders stored before
-- held the venue's name in `outcome`: it moves to `venue_outcome`, and `outcome` becomes the side
-- where it is known (futuur's fixed words; on the token venues the catalog's outcome of that token,
-- by the rule of src/venues/outcome-sides.ts: labelled Yes/No, else first/second of two).
ALTER TABLE trading_orders ADD COLUMN IF NOT EXISTS venue_outcome text;
UPDATE trading_orders SET venue_outcome = outcome WHERE venue_outcome IS NULL;
ALTER TABLE trading_orders ALTER COLUMN venue_outcome SET NOT NULL;

UPDATE trading_orders SET outcome = CASE outcome WHEN 'long' THEN 'yes' ELSE 'no' END
 WHERE exchange = 'futuur' AND outcome IN ('long', 'short');

UPDATE trading_orders t
   SET outcome = s.side
  FROM (
    SELECT exchange, market_id, outcome_id,
           CASE
             WHEN lower(btrim(label)) IN ('yes', 'no') THEN lower(btrim(label))
             WHEN n = 2 AND NOT any_side THEN CASE WHEN position = first_position THEN 'yes' ELSE 'no' END
           END AS side
      FROM (
        SELECT o.*,
               count(*) OVER m AS n,
               bool_or(lower(btrim(o.label)) IN ('yes', 'no')) OVER m AS any_side,
               min(o.position) OVER m AS first_position
          FROM outcomes o
         WHERE (o.exchange, o.market_id) IN (SELECT exchange, market_id FROM trading_orders WHERE exchange NOT IN ('kalshi', 'futuur'))
        WINDOW m AS (PARTITION BY o.exchange, o.market_id)
      ) per_market
  ) s
 WHERE t.exchange NOT IN ('kalshi', 'futuur')
   AND s.exchange = t.exchange AND s.market_id = t.market_id AND s.outcome_id = t.outcome
   AND s.side IS NOT NULL;
