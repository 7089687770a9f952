// `npm start`: run the service on its configuration (embedded defaults when nothing is set) until
// SIGTERM or SIGINT, then stop cleanly.
import { ConfigError, loadConfig } from './config.js';
import { createLogger } from './logger.js';
import { reloadTlsOnSignal } from './http/tls.js';
import { startService } from './service.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  const logger = createLogger(config.logLevel);
  const service = await startService(config, { logger });
  const log = logger.child({ component: 'main' });
  log.info(`ready: ${service.url}/health`);
  // certificate renewal: replace the files, then `kill -HUP <pid>`
  if (service.tls) reloadTlsOnSignal(service.tls.reload, log);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      log.error('shutdown took too long; exiting');
      process.exit(1);
    }, config.shutdownGraceMs + 15_000);
    force.unref();
    service.close().then(
      () => process.exit(0),
      (err: unknown) => {
        log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((err: unknown) => {
  // Before the logger exists, or when startService itself failed: the stack goes to stderr whole.
  console.error('failed to start:', err);
  process.exit(1);
});
