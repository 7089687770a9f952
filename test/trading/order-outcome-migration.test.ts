// Migration 220 on orders stored before orders named their outcome yes/no: the venue's name moves to
// venue_outcome, and outcome becomes the side where it is known (futuur's long/short; a token of a
// market the catalog holds, by the label, else the first/second of two outcomes); a token of a
// multi-outcome or unknown market stays as it was. The orders are written as the schema before the
// migration held them (its column dropped), then the migration's own SQL runs on them.
import assert from 'node:assert/strict';
import { listMigrations } from '../../src/db/migrate.js';
import { openTestDatabase, type TestDatabase } from '../helpers/database.js';

describe('migration 220: stored orders named yes/no, the venue\'s name kept', function () {
  this.timeout(180_000);
  let db: TestDatabase;
  before(async () => {
    db = await openTestDatabase();
  });
  after(async () => {
    await db?.destroy();
  });

  it('names each stored order\'s side where the venue or the catalog says it, and keeps every venue name', async () => {
    const migration = listMigrations().find((m) => m.name.startsWith('220_'));
    assert.ok(migration, 'migration 220 exists');
    const q = (sql: string, params: unknown[] = []) => db.pool.query(sql, params);
    await q('ALTER TABLE trading_orders DROP COLUMN venue_outcome');
    await q("INSERT INTO users (id) VALUES ('u1')");
    const market = async (exchange: string, id: string, outcomes: [string, string][]) => {
      await q("INSERT INTO markets (exchange, market_id, title, status, closed, raw, content_hash) VALUES ($1, $2, $2, 'open', false, '{}', 'h')", [exchange, id]);
      for (const [i, [outcomeId, label]] of outcomes.entries()) await q('INSERT INTO outcomes (exchange, market_id, outcome_id, label, position) VALUES ($1, $2, $3, $4, $5)', [exchange, id, outcomeId, label, i]);
    };
    await market('polymarket', 'pm', [['111', 'Yes'], ['222', 'No']]);
    await market('opinion', 'op', [['31', 'Up'], ['32', 'Down']]);
    await market('predictfun', 'pf', [['41', 'Alice'], ['42', 'Bob'], ['43', 'Carol']]);
    const stored: [string, string, string][] = [
      ['kalshi', 'KX', 'no'],
      ['futuur', '7', 'short'],
      ['futuur', '8', 'long'],
      ['polymarket', 'pm', '222'],
      ['opinion', 'op', '31'],
      ['opinion', 'op', '32'],
      ['predictfun', 'pf', '42'],
      ['limitless', 'not-in-the-catalog', '999'],
    ];
    for (const [i, [exchange, marketId, outcome]] of stored.entries()) {
      await q("INSERT INTO trading_orders (id, user_id, exchange, market_id, outcome, side, type, size, time_in_force, status, venue_client_id) VALUES ($1, 'u1', $2, $3, $4, 'buy', 'limit', 1, 'gtc', 'filled', $1)", [`o${i}`, exchange, marketId, outcome]);
    }

    await q(migration.sql);

    const rows = (await q('SELECT id, outcome, venue_outcome FROM trading_orders ORDER BY id')).rows as { id: string; outcome: string; venue_outcome: string }[];
    assert.deepEqual(rows.map((r) => [r.outcome, r.venue_outcome]), [
      ['no', 'no'],
      ['no', 'short'],
      ['yes', 'long'],
      ['no', '222'],
      ['yes', '31'],
      ['no', '32'],
      ['42', '42'],
      ['999', '999'],
    ]);
    const column = (await q("SELECT is_nullable FROM information_schema.columns WHERE table_name = 'trading_orders' AND column_name = 'venue_outcome'")).rows[0] as { is_nullable: string };
    assert.equal(column.is_nullable, 'NO');
  });
});
