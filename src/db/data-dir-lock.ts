// PGlite allows one process per data directory; a second one would corrupt it. This lock file makes a
// second opener fail at once with a message naming the holder, and is taken over when its holder died.
import fs from 'node:fs';
import path from 'node:path';
import { processAlive } from '../util/process-alive.js';

export class DataDirLockedError extends Error {}

export interface DataDirLock {
  release(): void;
}

export function lockDataDir(dir: string): DataDirLock {
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, 'service.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, `${process.pid}\n`);
      fs.closeSync(fd);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          try {
            if (fs.readFileSync(lockPath, 'utf8').trim() === String(process.pid)) fs.unlinkSync(lockPath);
          } catch {
            /* already gone */
          }
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = Number.parseInt(fs.readFileSync(lockPath, 'utf8').trim(), 10);
      if (Number.isInteger(holder) && processAlive(holder)) {
        throw new DataDirLockedError(
          `the embedded database directory ${dir} is already in use by process ${holder}; ` +
            'stop that process, or point DATA_DIR at another directory, or set DATABASE_URL',
        );
      }
      // The holder died without cleaning up (kill -9): the lock is stale, take it over.
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`could not lock the embedded database directory ${dir}`);
}
