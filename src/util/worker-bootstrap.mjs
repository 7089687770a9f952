// Entry of every TypeScript worker thread (see worker-thread.ts): Node 20 does not apply tsx's loader
// hooks inside worker threads, so the worker's real module is imported through tsx's API.
import { tsImport } from 'tsx/esm/api';

const entry = process.argv[process.argv.length - 1];
await tsImport(entry, import.meta.url);
