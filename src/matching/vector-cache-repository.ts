// The market embeddings the matcher compares, held in memory between runs: the first run loads every
// vector (in blocks, as pgvector's binary form in base64: 2 kB a vector decoded with no number
// parsing, instead of ~4 kB of decimal text; node-postgres's own binary result mode decodes values
// as UTF-8 and mangles bytes), later runs load only the rows written since (change_seq per kind).
import os from 'node:os';
import type pg from 'pg';
import type { TextKind } from '../search/semantic/market-embedding-repository.js';

export interface CachedVector {
  vector: Float32Array;
  textHash: string;
}

const BLOCK = 4000;

/** pgvector's binary form: int16 dims, int16 unused, then big-endian float32s. */
function decodeVector(buf: Buffer): Float32Array {
  const dims = buf.readInt16BE(0);
  const out = new Float32Array(dims);
  // one copy and one native byte swap, instead of a readFloatBE call per element (a fresh process
  // decodes ~50k vectors before its first run)
  const bytes = Buffer.from(out.buffer);
  buf.copy(bytes, 0, 4, 4 + 4 * dims);
  if (os.endianness() === 'LE') bytes.swap32();
  return out;
}

export class VectorCache {
  readonly title = new Map<string, CachedVector>();
  readonly rules = new Map<string, CachedVector>();
  /** Highest market_embeddings.change_seq loaded, per kind (-1: nothing loaded yet). */
  private loadedSeq: Record<TextKind, number> = { title: -1, rules: -1 };

  get loaded(): boolean {
    return this.loadedSeq.title >= 0;
  }

  /**
   * Loads rows written since the last load (all of them the first time), deletes the vectors of
   * markets that lost one. Returns the keys whose vector of either kind changed.
   */
  async refresh(pool: pg.Pool): Promise<Set<string>> {
    const changed = new Set<string>();
    for (const kind of ['title', 'rules'] as const) {
      const map = this[kind];
      const first = this.loadedSeq[kind] < 0;
      let after: [number, string, string] = [this.loadedSeq[kind], '', ''];
      let maxSeq = Math.max(0, this.loadedSeq[kind]);
      for (;;) {
        const res = await pool.query<{ change_seq: number; exchange: string; market_id: string; text_hash: string; embedding: string }>(
          `SELECT change_seq, exchange, market_id, text_hash, encode(vector_send(embedding), 'base64') AS embedding FROM market_embeddings
           WHERE kind = $1 AND (change_seq, exchange, market_id) > ($2::bigint, $3, $4)
           ORDER BY change_seq, exchange, market_id LIMIT ${BLOCK}`,
          [kind, after[0], after[1], after[2]],
        );
        for (const r of res.rows) {
          const seq = Number(r.change_seq);
          const key = `${r.exchange}:${r.market_id}`;
          const prior = map.get(key);
          if (!prior || prior.textHash !== r.text_hash) {
            map.set(key, { vector: decodeVector(Buffer.from(r.embedding, 'base64')), textHash: r.text_hash });
            if (!first) changed.add(key);
          }
          maxSeq = Math.max(maxSeq, seq);
          after = [seq, r.exchange, r.market_id];
        }
        if (res.rows.length < BLOCK) break;
      }
      // Rows deleted since (removed markets, emptied rules) are not in the delta: drop what the
      // catalog no longer holds for this kind. Only when the row count says some are gone: every row
      // the catalog holds is in the map (loaded now or before), so equal counts mean equal key sets,
      // and the no-op run does not read 50k keys.
      const stored = first ? 0 : Number((await pool.query<{ n: string }>('SELECT count(*) AS n FROM market_embeddings WHERE kind = $1', [kind])).rows[0].n);
      if (!first && stored !== map.size) {
        const { rows } = await pool.query<{ exchange: string; market_id: string }>('SELECT exchange, market_id FROM market_embeddings WHERE kind = $1', [kind]);
        const present = new Set(rows.map((r) => `${r.exchange}:${r.market_id}`));
        for (const key of map.keys()) {
          if (!present.has(key)) {
            map.delete(key);
            changed.add(key);
          }
        }
      }
      this.loadedSeq[kind] = maxSeq;
    }
    return changed;
  }

  /** Forget everything: the next refresh loads every vector again. */
  clear(): void {
    this.title.clear();
    this.rules.clear();
    this.loadedSeq = { title: -1, rules: -1 };
  }
}
