// The search contract against the PostgreSQL engine on the embedded database (PGlite).
import { PostgresSearchEngine } from '../../src/search/postgres/search-repository.js';
import { searchContract } from './support/contract.js';
import { openTempDatabase } from './support/database.js';

searchContract('PostgreSQL engine (full text + pg_trgm, embedded PGlite)', async (ctx) => {
  ctx.timeout(60_000);
  const temp = await openTempDatabase();
  const engine = new PostgresSearchEngine({ pool: temp.db.pool });
  return { engine, writer: engine, cleanup: () => temp.close() };
});
