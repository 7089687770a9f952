// Opaque list cursors: base64url of a small JSON that names the list it belongs to and the key of
// the last row served. A cursor that does not decode, or belongs to another list, is a 400.
import { badRequest } from '../errors.js';

export function encodeCursor(list: string, key: (string | number)[]): string {
  return Buffer.from(JSON.stringify({ l: list, k: key }), 'utf8').toString('base64url');
}

/** The key stored in a cursor of `list` with `arity` parts, or a 400. */
export function decodeCursor(list: string, cursor: string, arity: number): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badRequest('cursor: invalid cursor');
  }
  const p = parsed as { l?: unknown; k?: unknown };
  if (!p || typeof p !== 'object' || p.l !== list || !Array.isArray(p.k) || p.k.length !== arity || !p.k.every((x) => typeof x === 'string')) {
    throw badRequest('cursor: invalid cursor');
  }
  return p.k as string[];
}
