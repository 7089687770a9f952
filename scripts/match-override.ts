// `npm run match:override -- --force|--never <ex>:<id> <ex>:<id> [--reason <text>] [--by <name>]`
// `npm run match:override -- --remove <ex>:<id> <ex>:<id>`     `npm run match:override -- --list`
// Stores an operator decision over the matcher (force-pair: one cluster as far as one market per
// venue allows; never-pair: never in one cluster), runs the matcher so it applies now, and prints the
// two markets' clusters before and after. Every later matching run applies it too. With the embedded
// database, run it while the service is stopped (the data directory is locked); with DATABASE_URL at
// any time (if the job is running elsewhere, the decision applies at its next run).
import os from 'node:os';
import { parseArgs } from 'node:util';
import { CatalogWriter } from '../src/catalog/catalog-write-repository.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { AdvisoryLocks } from '../src/db/advisory-locks.js';
import { MATCHING_JOB } from '../src/indexers/matching-job.js';
import { applyOverride, listOverrides, unknownMarkets, type ClusterView, type OverrideAction } from '../src/matching/overrides.js';
import { EXCHANGE_CODES } from '../src/venues/exchanges.js';
import { exitOnHelp } from './lib/cli-args.js';

exitOnHelp(import.meta.url);

const USAGE = `usage: npm run match:override -- --force|--never|--remove <exchange>:<market_id> <exchange>:<market_id> [--reason <text>] [--by <name>]
       npm run match:override -- --list`;

const show = (views: ClusterView[]) => views.map((v) => `  ${v.market}: ${v.svc_id ? `${v.svc_id} with ${v.with.join(', ') || '(nobody)'}` : 'in no cluster'}`).join('\n');

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: { force: { type: 'boolean' }, never: { type: 'boolean' }, remove: { type: 'boolean' }, list: { type: 'boolean' }, reason: { type: 'string' }, by: { type: 'string' }, help: { type: 'boolean' } },
    });
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const actions = (['force', 'never', 'remove', 'list'] as const).filter((a) => values[a]);
  if (actions.length !== 1) {
    console.error(`give exactly one of --force, --never, --remove, --list\n${USAGE}`);
    return 2;
  }
  const action = actions[0];
  if (action !== 'list') {
    if (positionals.length !== 2) {
      console.error(`--${action} takes two markets, <exchange>:<market_id> each (got ${positionals.length})\n${USAGE}`);
      return 2;
    }
    for (const [i, p] of positionals.entries()) {
      const ex = p.slice(0, p.indexOf(':'));
      if (p.indexOf(':') <= 0 || !(EXCHANGE_CODES as readonly string[]).includes(ex) || p.endsWith(':')) {
        console.error(`market ${i + 1} (${p}) must be <exchange>:<market_id> with exchange one of ${EXCHANGE_CODES.join(', ')}`);
        return 2;
      }
    }
    if (positionals[0] === positionals[1]) {
      console.error('the two markets are the same');
      return 2;
    }
  }
  const config = loadConfig();
  const db = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  const locks = await AdvisoryLocks.open(db.pool, false);
  try {
    const writer = new CatalogWriter(db.pool, { vacuumAfterWrites: db.kind === 'embedded' });
    if (action === 'list') {
      const all = await listOverrides(db.pool, writer);
      for (const o of all) console.log(`${o.action}\t${o.a}\t${o.b}\t${o.created_by}\t${o.created_at}\t${o.reason}`);
      console.error(`${all.length} override(s)`);
      return 0;
    }
    const missing = await unknownMarkets(db.pool, positionals);
    if (missing.length && action !== 'remove') {
      console.error(`not in the catalog: ${missing.join(', ')} (nothing stored)`);
      return 1;
    }
    const outcome = await applyOverride({
      pool: db.pool, writer, action: action as OverrideAction, a: positionals[0], b: positionals[1],
      reason: values.reason ?? '', by: values.by ?? os.userInfo().username,
      withJobLock: async (fn) => {
        if (!(await locks.tryLock(MATCHING_JOB))) return false;
        try {
          await fn();
        } finally {
          await locks.unlock(MATCHING_JOB);
        }
        return true;
      },
    });
    console.log(`before:\n${show(outcome.before)}`);
    if (!outcome.run) console.log('the matching job is running elsewhere: the override is stored and applies at its next run');
    console.log(`after:\n${show(outcome.after)}`);
    return 0;
  } finally {
    locks.close();
    await db.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`match:override failed: ${(err as Error).message}`);
    process.exit(1);
  },
);
