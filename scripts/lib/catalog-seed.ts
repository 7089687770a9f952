// Fills the catalog with markets for tests, evaluations and benchmarks the way the service does:
// through the catalog writer (src/catalog/catalog-write-repository.ts), the only writer of the `markets`
// table. Each market is built as a unified record (makeMarket, so out-of-range values are refused
// as they would be from a venue), written per venue with the writer's change detection (a market
// whose content is unchanged keeps its change_seq), then put in or out of its cluster and, when
// asked, tombstoned, each of which takes a new change_seq only when it changes something.
import type pg from 'pg';
import { CatalogWriter, type ClusterAssignment } from '../../src/catalog/catalog-write-repository.js';
import { ExchangeCodeSchema, type ExchangeCode } from '../../src/venues/exchanges.js';
import { makeMarket, MarketStatusSchema, type Market, type MarketInput } from '../../src/venues/records.js';

/** A market to seed: the fields a fixture has; the rest of the unified record defaults (null, [], ''). */
export type SeedMarket = {
  exchange: string;
  market_id: string;
  title: string;
  /** Default: `closed` ? 'closed' : 'open'. */
  status?: string;
  /** Only used when `status` is absent (the record derives `closed` from its status). */
  closed?: boolean;
  close_time?: string | Date | null;
  svc_id?: string | null;
  cluster_id?: string | null;
  /** Tombstone it after writing (the sync's "gone from the venue"). */
  removed?: boolean;
} & Partial<Omit<MarketInput, 'exchange' | 'market_id' | 'title' | 'status' | 'close_time' | 'updated_at' | 'raw'>> & { updated_at?: string };

function toRecord(m: SeedMarket, now: string): Market {
  const { exchange, status, closed, close_time, svc_id: _svc, cluster_id: _cluster, removed: _removed, updated_at, ...rest } = m;
  return makeMarket({
    ...rest,
    exchange: ExchangeCodeSchema.parse(exchange),
    status: MarketStatusSchema.parse(status ?? (closed ? 'closed' : 'open')),
    close_time: close_time instanceof Date ? close_time.toISOString() : (close_time ?? null),
    updated_at: updated_at ?? now,
    raw: {},
  });
}

/** Writes `markets` through the catalog writer, in pages of `pageSize` per venue. */
export async function seedCatalogMarkets(pool: pg.Pool, markets: readonly SeedMarket[], pageSize = 2000): Promise<void> {
  const writer = new CatalogWriter(pool);
  const now = new Date().toISOString();
  const byVenue = new Map<ExchangeCode, SeedMarket[]>();
  for (const m of markets) {
    const code = ExchangeCodeSchema.parse(m.exchange);
    byVenue.set(code, [...(byVenue.get(code) ?? []), m]);
  }
  for (const [exchange, seeds] of byVenue) {
    for (let i = 0; i < seeds.length; i += pageSize) {
      const page = seeds.slice(i, i + pageSize);
      await writer.writePage(exchange, { markets: page.map((m) => toRecord(m, now)), events: [] }, null);
      // Clusters only for the markets that say something about theirs (absent = leave as is).
      const clusters: ClusterAssignment[] = page
        .filter((m) => m.svc_id !== undefined || m.cluster_id !== undefined)
        .map((m) => ({ exchange, market_id: m.market_id, svc_id: m.svc_id ?? null, cluster_id: m.cluster_id ?? null }));
      await writer.assignClusters(clusters);
      await writer.removeMarkets(exchange, page.filter((m) => m.removed).map((m) => m.market_id));
    }
  }
}

/** Tombstones markets (the sync's "disappeared from the venue") through the catalog writer. */
export async function removeCatalogMarkets(pool: pg.Pool, keys: readonly { exchange: string; market_id: string }[]): Promise<void> {
  const writer = new CatalogWriter(pool);
  for (const k of keys) await writer.removeMarkets(ExchangeCodeSchema.parse(k.exchange), [k.market_id]);
}
