// The text-hash cache kept in PostgreSQL (table embedding_cache), so that vectors
// survive restarts and are shared by every instance.
import type pg from 'pg';
import type { EmbeddingCacheStore } from './embedder.js';
import { fromPgVector, toPgVector } from './vector-codec.js';

export class PgEmbeddingCache implements EmbeddingCacheStore {
  constructor(private readonly pool: pg.Pool) {}

  async get(hashes: string[]): Promise<Map<string, Float32Array>> {
    const found = new Map<string, Float32Array>();
    if (hashes.length === 0) return found;
    const { rows } = await this.pool.query<{ text_hash: string; embedding: string }>(
      'SELECT text_hash, embedding::text AS embedding FROM embedding_cache WHERE text_hash = ANY ($1::text[])',
      [hashes],
    );
    for (const row of rows) found.set(row.text_hash, fromPgVector(row.embedding));
    return found;
  }

  async put(entries: { hash: string; vector: Float32Array }[]): Promise<void> {
    if (entries.length === 0) return;
    await this.pool.query(
      `INSERT INTO embedding_cache (text_hash, embedding)
       SELECT h, v::vector FROM unnest($1::text[], $2::text[]) AS t(h, v)
       ON CONFLICT (text_hash) DO NOTHING`,
      [entries.map((e) => e.hash), entries.map((e) => toPgVector(e.vector))],
    );
  }

  async size(): Promise<number> {
    const { rows } = await this.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM embedding_cache');
    return rows[0].n;
  }
}
