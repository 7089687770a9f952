import { openDatabase } from '../../src/db/database.js';
const db = await openDatabase({ dataDir: '/tmp/match-sim/db' });
const sql = process.argv[2];
const r = await db.pool.query(sql);
console.table(r.rows);
await db.close();
