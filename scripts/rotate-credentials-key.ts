// npm run rotate-credentials-key [-- --new-key <base64|hex>]
// Re-encrypts every stored venue credential set under a new key (src/trading/key-rotation.ts).
// Embedded default: the key file DATA_DIR/credentials.key is replaced (a new random key unless one is
// given). With CREDENTIALS_KEY set, --new-key is required; afterwards set CREDENTIALS_KEY to it.
// Run it with the service stopped (or restart the service right after): a running instance keeps the
// old key in memory. Prints counts and key fingerprints, never a key.
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { createLogger } from '../src/logger.js';
import { rotateCredentialsKey } from '../src/trading/key-rotation.js';
import { credentialsKeyFile } from '../src/trading/setup.js';
import { exitOnHelp } from './lib/cli-args.js';

exitOnHelp(import.meta.url);

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const i = args.indexOf('--new-key');
  const newKey = i >= 0 ? args[i + 1] : undefined;
  if (i >= 0 && !newKey) throw new Error('--new-key needs a value');
  const config = loadConfig(undefined, { LOG_LEVEL: 'warn' });
  const logger = createLogger(config.logLevel);
  const db = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, logger });
  try {
    const r = await rotateCredentialsKey(db.pool, { key: config.trading.credentialsKey, previousKeys: config.trading.credentialsPreviousKeys, keyFile: credentialsKeyFile(config.dataDir) }, newKey);
    console.log(`re-encrypted ${r.rewritten} credential set(s) (${r.skipped} already under the new key); new key id ${r.newKeyId}`);
    console.log(r.keyFile ? `the new key is in ${r.keyFile}; restart the service` : 'now set CREDENTIALS_KEY to the new key (and drop the old one from CREDENTIALS_PREVIOUS_KEYS) and restart the service');
  } finally {
    await db.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
