// Opaque pagination cursors for keyword search: the engine's sort position after the last hit,
// bound to the query it came from (a cursor of another query or engine is a 400, not wrong pages).
import { createHash } from 'node:crypto';
import type { MarketSearchQuery, SortPosition } from './engine.js';

export class CursorError extends Error {}

type QueryShape = Pick<MarketSearchQuery, 'q' | 'exchanges' | 'category' | 'status' | 'sort' | 'collapse' | 'event'>;

/** Same query, same engine: same fingerprint. */
export function queryFingerprint(q: QueryShape, engineKind: string): string {
  const canonical = JSON.stringify([
    engineKind, q.q.trim(), [...(q.exchanges ?? [])].sort(), q.category ?? null, q.status, q.sort, q.collapse ?? null,
    q.event ? [q.event.exchange, q.event.event_id] : null,
  ]);
  return createHash('sha256').update(canonical).digest('base64url').slice(0, 12);
}

export function encodeCursor(position: SortPosition, fingerprint: string): string {
  return Buffer.from(JSON.stringify({ f: fingerprint, p: position })).toString('base64url');
}

export function decodeCursor(cursor: string, fingerprint: string): SortPosition {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new CursorError('cursor is not valid');
  }
  const c = parsed as { f?: unknown; p?: unknown };
  const positionOk =
    Array.isArray(c.p) &&
    c.p.length >= 1 &&
    c.p.length <= 4 &&
    c.p.every((v) => v === null || typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)));
  if (typeof c.f !== 'string' || !positionOk) throw new CursorError('cursor is not valid');
  if (c.f !== fingerprint) throw new CursorError('cursor belongs to a different query');
  return c.p as SortPosition;
}
