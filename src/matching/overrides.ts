// Operator overrides of the matcher (force-pair / never-pair), as `npm run match:override` applies
// them: check both markets exist, store the decision, run the matcher so it takes effect at once,
// and report the clusters of the two markets before and after. Every later run applies it again.
import type pg from 'pg';
import { CatalogReader } from '../catalog/catalog-repository.js';
import type { CatalogWriter } from '../catalog/catalog-write-repository.js';
import { judgePair } from './judge.js';
import { Matcher, type MatchRunResult } from './matcher.js';
import type { Override } from './match-repository.js';

export interface ClusterView {
  market: string;
  svc_id: string | null;
  /** Other members of its cluster ("exchange:market_id"). */
  with: string[];
}

export interface OverrideOutcome {
  before: ClusterView[];
  after: ClusterView[];
  /** null when the matcher did not run (another instance holds its lock: the next run applies it). */
  run: MatchRunResult | null;
}

export type OverrideAction = 'force' | 'never' | 'remove';

export async function clustersOf(pool: pg.Pool, markets: readonly string[]): Promise<ClusterView[]> {
  const out: ClusterView[] = [];
  for (const key of markets) {
    const i = key.indexOf(':');
    const cluster = await new CatalogReader(pool).clusterOf(key.slice(0, i), key.slice(i + 1));
    out.push({ market: key, svc_id: cluster?.svc_id ?? null, with: cluster?.members ?? [] });
  }
  return out;
}

/** Markets of `keys` missing from the catalog (the operator mistyped an id). */
export async function unknownMarkets(pool: pg.Pool, keys: readonly string[]): Promise<string[]> {
  const catalog = new CatalogReader(pool);
  const missing: string[] = [];
  for (const key of keys) {
    const i = key.indexOf(':');
    if (!(await catalog.hasMarket(key.slice(0, i), key.slice(i + 1)))) missing.push(key);
  }
  return missing;
}

export async function applyOverride(opts: {
  pool: pg.Pool;
  writer: CatalogWriter;
  action: OverrideAction;
  a: string;
  b: string;
  reason: string;
  by: string;
  /** Runs the matcher under the job's lock; resolves false when another runner holds it. */
  withJobLock: (fn: () => Promise<void>) => Promise<boolean>;
}): Promise<OverrideOutcome> {
  const matcher = new Matcher({ pool: opts.pool, writer: opts.writer, judge: judgePair });
  const before = await clustersOf(opts.pool, [opts.a, opts.b]);
  if (opts.action === 'remove') await matcher.store.removeOverride(opts.a, opts.b);
  else await matcher.store.putOverride({ a: opts.a, b: opts.b, action: opts.action, reason: opts.reason, created_by: opts.by });
  let run: MatchRunResult | null = null;
  const ran = await opts.withJobLock(async () => {
    run = await matcher.run();
  });
  return { before, after: await clustersOf(opts.pool, [opts.a, opts.b]), run: ran ? run : null };
}

export async function listOverrides(pool: pg.Pool, writer: CatalogWriter): Promise<Override[]> {
  return new Matcher({ pool, writer, judge: judgePair }).store.overrides();
}
