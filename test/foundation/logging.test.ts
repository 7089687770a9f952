// The logging convention (src/logger.ts): an error logged as `{ err }` keeps its type, message,
// stack and own fields; components log through child loggers that name them; a failing scheduled
// job is logged that way, stack included.
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { AdvisoryLocks } from '../../src/db/advisory-locks.js';
import { JobScheduler } from '../../src/indexers/scheduler.js';
import { createLogger } from '../../src/logger.js';
import { openTestDatabase } from '../helpers/database.js';

function captured(): { lines: () => Record<string, any>[]; sink: Writable } {
  const raw: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, cb) {
      raw.push(String(chunk));
      cb();
    },
  });
  return { sink, lines: () => raw.join('').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, any>) };
}

class FakeVenueFailure extends Error {
  override name = 'FakeVenueFailure';
  constructor(message: string, readonly kind: string, readonly status: number) {
    super(message);
  }
}

describe('logging convention', function () {
  this.timeout(60_000);

  it('an error logged as { err } keeps its type, message, stack and own fields; secrets stay redacted', () => {
    const out = captured();
    const log = createLogger('info', out.sink).child({ component: 'venue-sync', exchange: 'kalshi' });
    const failure = new FakeVenueFailure('kalshi answered 502', 'http', 502);
    log.error({ err: failure, api_key: 'not-for-logs' }, 'venue sync failed');
    const [line] = out.lines();
    assert.equal(line.component, 'venue-sync');
    assert.equal(line.exchange, 'kalshi');
    assert.equal(line.err.type, 'FakeVenueFailure');
    assert.equal(line.err.message, 'kalshi answered 502');
    assert.match(line.err.stack, /^FakeVenueFailure: kalshi answered 502\n\s+at /);
    assert.match(line.err.stack, /logging\.test\.ts/, 'the stack points at where the error was made');
    assert.equal(line.err.kind, 'http');
    assert.equal(line.err.status, 502);
    assert.equal(line.api_key, '[redacted]', 'a secret at the top of a log line is censored too');
  });

  it('a failing scheduled job is logged by the scheduler component with the stack', async () => {
    const db = await openTestDatabase();
    const out = captured();
    const scheduler = new JobScheduler(await AdvisoryLocks.open(db.pool, false), createLogger('info', out.sink));
    try {
      scheduler.add({ name: 'bad-job', schedule: null, run: async () => { throw new Error('boom in the job'); } });
      await scheduler.trigger('bad-job');
      const line = out.lines().find((l) => l.msg === 'job failed');
      assert.ok(line, 'logged');
      assert.equal(line.component, 'scheduler');
      assert.equal(line.job, 'bad-job');
      assert.equal(line.err.message, 'boom in the job');
      assert.match(line.err.stack, /Error: boom in the job\n\s+at /);
    } finally {
      await scheduler.stop();
      await db.destroy();
    }
  });
});
