// Keyword search's settings: the engine, the index layout, the answer cache's poll (see src/util/env-values.ts).
import { z } from 'zod';
import { defineSettings, intFromEnv, optionalText } from '../util/env-values.js';

/** One URL, or several separated by commas (every node of a search cluster), each a valid URL. */
const optionalUrlList = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const urls = (v ?? '').split(',').map((u) => u.trim()).filter(Boolean);
    const bad = urls.filter((u) => !URL.canParse(u));
    if (bad.length) ctx.addIssue({ code: z.ZodIssueCode.custom, message: `not a URL: ${bad.join(', ')}` });
    return urls.length ? urls.join(',') : undefined;
  });

/** `auto` or a whole number of replicas. */
const replicasFromEnv = z
  .string()
  .default('auto')
  .transform((v, ctx): number | 'auto' => {
    const t = v.trim().toLowerCase();
    if (t === 'auto') return 'auto';
    if (/^\d{1,2}$/.test(t) && Number(t) <= 16) return Number(t);
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'is auto or a whole number of replicas from 0 to 16' });
    return z.NEVER;
  });

export const searchSettings = defineSettings({
  title: 'Keyword search',
  env: z.object({
    ELASTICSEARCH_URL: optionalUrlList.describe('Keyword search and autocomplete on Elasticsearch/OpenSearch; unset, PostgreSQL serves them. A cluster: every node\'s URL, comma-separated (requests fail over between them; see docs/search.md).'),
    SEARCH_ALIAS: optionalText.describe('Alias of the keyword-search index the scripts work on (versioned indices sit behind it); unset, `markets`.'),
    SEARCH_SHARDS: intFromEnv(1, 1024).default(1).describe('Primary shards of a new keyword-search index (Elasticsearch/OpenSearch).'),
    SEARCH_CACHE_POLL_MS: intFromEnv(50, 3_600_000).default(1000).describe('How often each instance checks the keyword index\'s markers and drops cached keyword answers that changed, in ms (the safety net behind the database\'s change notifications on a server).'),
    SEARCH_REPLICAS: replicasFromEnv.describe('Replicas of a new keyword-search index: a number, or `auto` = 1 when the cluster has two or more data nodes when the index is created, else 0.'),
  }),
  read: (e) => ({
    /** one node URL, or several comma-separated (a cluster's nodes) */
    elasticsearchUrl: e.ELASTICSEARCH_URL,
    /** shards and replicas of new keyword-search indices (Elasticsearch/OpenSearch) */
    searchLayout: { shards: e.SEARCH_SHARDS, replicas: e.SEARCH_REPLICAS },
    searchCachePollMs: e.SEARCH_CACHE_POLL_MS,
    /** Alias of the keyword-search index (scripts); undefined = the engine's default. */
    searchAlias: e.SEARCH_ALIAS,
  }),
});
