// From the catalog's `markets` rows to search documents: the one place that decides which
// columns the search index holds.
import type { MarketSearchDoc } from './engine.js';

/**
 * The columns of `markets` the search index reads (the catalog's change feed, MarketChangeRow in
 * src/catalog/catalog-repository.ts): the document's own fields as the catalog holds them (pg returns
 * timestamptz as a Date).
 */
export type CatalogMarketRow = Omit<MarketSearchDoc, 'close_time' | 'cluster_exchanges' | 'change_seq'> & {
  /** ISO 8601 or a Date (as pg returns timestamptz) */
  close_time: string | Date | null;
};

export interface IndexedCatalogRow extends CatalogMarketRow {
  change_seq: number;
  removed: boolean;
}

function isoOrNull(v: string | Date | null): string | null {
  if (v === null) return null;
  const d = v instanceof Date ? v : new Date(v);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

function finiteOrNull(v: number | null): number | null {
  return v !== null && Number.isFinite(v) ? v : null;
}

export function toSearchDoc(row: IndexedCatalogRow, clusterExchanges?: string[]): MarketSearchDoc {
  return {
    exchange: row.exchange,
    market_id: row.market_id,
    title: row.title,
    subtitle: row.subtitle,
    category: row.category,
    tags: row.tags ?? [],
    status: row.status,
    closed: row.closed,
    yes_price: finiteOrNull(row.yes_price),
    volume: finiteOrNull(row.volume),
    volume_24h: finiteOrNull(row.volume_24h),
    close_time: isoOrNull(row.close_time),
    svc_id: row.svc_id,
    cluster_id: row.cluster_id,
    event_id: row.event_id ?? null,
    cluster_exchanges: clusterExchanges?.length ? [...clusterExchanges].sort() : [row.exchange],
    change_seq: Number(row.change_seq),
  };
}
