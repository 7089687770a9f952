// Starts a worker thread from a module of this project. The sources run as TypeScript under tsx, and
// worker threads do not inherit tsx's loader, so a .ts worker starts through a small bootstrap that
// imports it with tsx. `workerData` and messages are untouched.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * `moduleUrl` is the worker's source, e.g. `new URL('./my-worker.ts', import.meta.url)`.
 * When the .ts file is absent (a compiled build), the .js beside it is used instead.
 */
export function startWorker(moduleUrl: URL, options: WorkerOptions = {}): Worker {
  const tsPath = fileURLToPath(moduleUrl);
  if (tsPath.endsWith('.ts') && fs.existsSync(tsPath)) {
    const bootstrap = new URL('./worker-bootstrap.mjs', import.meta.url);
    return new Worker(bootstrap, { ...options, argv: [...(options.argv ?? []), moduleUrl.href] });
  }
  return new Worker(new URL(moduleUrl.href.replace(/\.ts$/, '.js')), options);
}
