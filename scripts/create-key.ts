// `npm run create-key -- --plan <plan> [--email <email>] [--label <label>]`
// Mints a production key (300 requests/minute, permanent until revoked) directly in the database and
// prints it alone on the last line of standard output. The user is created when the email is new.
// With the embedded database, run it while the service is stopped (the data directory is locked while
// it runs); with DATABASE_URL it works at any time. A running service also offers POST /api/v1/admin/keys.
import { parseArgs } from 'node:util';
import { AccountService } from '../src/accounts/account-repository.js';
import { ApiKeyService } from '../src/accounts/api-key-repository.js';
import { isPlan, PLANS } from '../src/accounts/plans.js';
import { ConfigError, loadConfig } from '../src/config.js';
import { DataDirLockedError } from '../src/db/data-dir-lock.js';
import { openDatabase } from '../src/db/database.js';
import { systemClock } from '../src/util/clock.js';
import { exitOnHelp } from './lib/cli-args.js';

exitOnHelp(import.meta.url);

const USAGE = `usage: npm run create-key -- --plan <${PLANS.join('|')}> [--email <email>] [--label <label>]`;

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({ options: { plan: { type: 'string' }, email: { type: 'string' }, label: { type: 'string' }, help: { type: 'boolean' } } }));
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (!values.plan || !isPlan(values.plan)) {
    console.error(`--plan is required and must be one of: ${PLANS.join(', ')}\n${USAGE}`);
    return 2;
  }
  if (values.email !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email)) {
    console.error(`--email is not an email address: ${values.email}`);
    return 2;
  }
  const config = loadConfig();
  const db = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    const accounts = new AccountService(db.pool, systemClock, config.sessionTtlHours * 3600_000);
    const keys = new ApiKeyService(db.pool, systemClock);
    const user = values.email ? await accounts.ensureUserByEmail(values.email) : await accounts.createAnonymousUser();
    const key = await keys.issue({ userId: user.id, kind: 'production', plan: values.plan, ratePerMinute: config.productionKeyRatePerMinute, label: values.label });
    console.error(`issued production key ${key.id} (plan ${key.plan}, ${key.rate_limit_per_minute}/min) for user ${user.id}${user.email ? ` <${user.email}>` : ''}; it is shown once:`);
    console.log(key.api_key);
    return 0;
  } finally {
    await db.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    // a locked data directory or a bad setting: the message says what to do; anything else needs the stack
    const expected = err instanceof DataDirLockedError || err instanceof ConfigError;
    console.error(expected ? `create-key failed: ${err.message}` : err);
    process.exit(1);
  },
);
