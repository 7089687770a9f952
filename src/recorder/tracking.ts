/**
 * Which markets the recorder follows, per venue: every open market (`all`, capped), the top N open
 * markets by volume (`top:N`), or a list of market ids (`list:id1|id2`). Read from the catalog, so a
 * market appears once a sync has listed it; the recorder re-reads the selection periodically.
 *
 * The setting (RECORDER_MARKETS) is `venue=selection` pairs separated by commas, `*` for the venues
 * not named, `off` for none: e.g. `*=top:20,kalshi=top:100,opinion=list:123|456,futuur=off`.
 */
import type { CatalogReader } from '../catalog/catalog-repository.js';
import type { Outcome } from '../venues/records.js';

export type Selection = { kind: 'all' } | { kind: 'top'; n: number } | { kind: 'list'; ids: string[] } | { kind: 'off' };

export interface TrackedMarket {
  marketId: string;
  /** The YES outcome's venue id (Polymarket streams by token). */
  yesOutcomeId: string | null;
}

export function parseSelection(text: string): Selection {
  const t = text.trim();
  if (t === 'all') return { kind: 'all' };
  if (t === 'off') return { kind: 'off' };
  let m = /^top:(\d{1,6})$/.exec(t);
  if (m) {
    const n = Number(m[1]);
    if (n < 1) throw new Error(`top:N needs N >= 1 (got ${t})`);
    return { kind: 'top', n };
  }
  m = /^list:(.+)$/.exec(t);
  if (m) {
    const ids = m[1].split('|').map((s) => s.trim()).filter(Boolean);
    if (ids.length === 0) throw new Error('list: needs at least one market id');
    return { kind: 'list', ids };
  }
  throw new Error(`"${t}" is not all, off, top:N or list:id|id`);
}

/** `*=top:20,kalshi=all` -> selection per venue code (`*` under its own key). */
export function parseTrackingSetting(text: string, codes: readonly string[]): Record<string, Selection> {
  const out: Record<string, Selection> = {};
  for (const part of text.split(',').map((s) => s.trim()).filter(Boolean)) {
    const eq = part.indexOf('=');
    if (eq < 1) throw new Error(`"${part}" is not venue=selection`);
    const venue = part.slice(0, eq).trim();
    if (venue !== '*' && !codes.includes(venue)) throw new Error(`unknown venue "${venue}"`);
    out[venue] = parseSelection(part.slice(eq + 1));
  }
  return out;
}

export function selectionFor(setting: Record<string, Selection>, code: string): Selection {
  return setting[code] ?? setting['*'] ?? { kind: 'off' };
}

/** The YES outcome's venue id: the outcome labelled Yes, else the first (as the stream gateway picks it). */
export function yesOutcomeOf(outcomes: readonly Outcome[]): string | null {
  return (outcomes.find((o) => /^yes$/i.test(o.label)) ?? outcomes[0])?.id ?? null;
}

/** The markets a selection names now, from the catalog (at most `cap`). */
export async function resolveSelection(catalog: CatalogReader, exchange: string, sel: Selection, cap: number): Promise<TrackedMarket[]> {
  if (sel.kind === 'off') return [];
  let rows: { market_id: string; outcomes: Outcome[] }[];
  if (sel.kind === 'list') {
    // Listed markets are followed whatever their status, in the order given.
    const found = await catalog.outcomesByIds(exchange, sel.ids);
    const byId = new Map(found.map((x) => [x.market_id, x]));
    rows = sel.ids.map((id) => byId.get(id) ?? { market_id: id, outcomes: [] });
  } else {
    const limit = Math.min(cap, sel.kind === 'top' ? sel.n : cap);
    rows = await catalog.openMarketsByVolume(exchange, limit);
  }
  return rows.slice(0, cap).map((r) => ({ marketId: r.market_id, yesOutcomeId: yesOutcomeOf(r.outcomes) }));
}
