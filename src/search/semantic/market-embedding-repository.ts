// Database access for market embeddings: what the indexer reads (the catalog's change feed, through
// CatalogReader) and writes, and the nearest-neighbour query semantic search runs.
import type pg from 'pg';
import { CatalogReader, type MarketTextRow } from '../../catalog/catalog-repository.js';
import { withTransaction } from '../../db/transaction.js';
import { toPgVector } from '../../embeddings/vector-codec.js';

export type TextKind = 'title' | 'rules';

/** Live markets whose text has no vector yet, per kind: all of them, and of those the open markets'. */
export interface MissingVectors {
  title: number;
  rules: number;
  open: { title: number; rules: number };
}

export interface StoredEmbeddingRef {
  exchange: string;
  market_id: string;
  kind: TextKind;
  text_hash: string;
}

export interface EmbeddingUpsert {
  exchange: string;
  market_id: string;
  kind: TextKind;
  textHash: string;
  /** Absent when the text is unchanged: only the filter columns are refreshed. */
  vector?: Float32Array;
  category: string;
  closed: boolean;
  changeSeq: number;
}

/** The row of embedding_index_state holding the indexing lease. */
const LEASE = 'lease';
/**
 * New vectors per write transaction (see applyBatch). Measured on the benchmark catalog
 * (bench/HISTORY.md, "Batching and background work").
 */
export const DEFAULT_WRITE_CHUNK_ROWS = 16;
/**
 * A pass of the indexer over the catalog's changes: one kind of text, of the open markets only (ahead
 * of the rest) or of every market.
 */
export interface IndexPass {
  kind: TextKind;
  openOnly: boolean;
}
/** The rows holding each pass's cursor (`cursor:title`, `cursor:rules`, `cursor:title:open`, `cursor:rules:open`). */
const cursorName = (pass: IndexPass) => `cursor:${pass.kind}${pass.openOnly ? ':open' : ''}`;
const ALL_CURSORS = (['title', 'rules'] as const).flatMap((kind) => [false, true].map((openOnly) => cursorName({ kind, openOnly })));

export class MarketEmbeddingStore {
  constructor(
    private readonly pool: pg.Pool,
    private readonly catalog = new CatalogReader(pool),
  ) {}

  /** Catalog rows changed after `afterSeq`, oldest change first; with `openOnly`, of the open markets only. */
  async changedMarkets(afterSeq: number, limit: number, openOnly = false): Promise<MarketTextRow[]> {
    return this.catalog.textChangesSince(afterSeq, limit, openOnly);
  }

  /** How many catalog rows changed after `afterSeq` (what is left to index). */
  async countChangedMarkets(afterSeq: number): Promise<number> {
    return this.catalog.countChangesSince(afterSeq);
  }

  async storedRefs(markets: { exchange: string; market_id: string }[]): Promise<StoredEmbeddingRef[]> {
    if (markets.length === 0) return [];
    const { rows } = await this.pool.query<StoredEmbeddingRef>(
      `SELECT e.exchange, e.market_id, e.kind, e.text_hash
       FROM market_embeddings e
       JOIN unnest($1::text[], $2::text[]) AS m(exchange, market_id)
         ON e.exchange = m.exchange AND e.market_id = m.market_id`,
      [markets.map((m) => m.exchange), markets.map((m) => m.market_id)],
    );
    return rows;
  }

  /**
   * The cosine distance from `vector` to the nearer of each market's stored title and rules vectors
   * (markets with neither are left out): the distance semantic search gives the keyword engine's
   * candidates that the vector walk did not reach. Primary-key lookups, not a scan.
   */
  async distancesTo(vectorText: string, markets: { exchange: string; market_id: string }[]): Promise<{ exchange: string; market_id: string; distance: number }[]> {
    if (markets.length === 0) return [];
    const { rows } = await this.pool.query<{ exchange: string; market_id: string; distance: number }>(
      `SELECT e.exchange, e.market_id, min(e.embedding <=> $1::vector) AS distance
       FROM unnest($2::text[], $3::text[]) AS m(exchange, market_id)
       JOIN market_embeddings e ON e.exchange = m.exchange AND e.market_id = m.market_id
       GROUP BY e.exchange, e.market_id`,
      [vectorText, markets.map((m) => m.exchange), markets.map((m) => m.market_id)],
    );
    return rows;
  }

  /**
   * Applies one indexed batch: upserts, deletions (removed markets, emptied rules) and the new
   * cursor, only while this owner still holds the lease. New vectors are written in transactions of
   * at most `writeChunkRows` rows (each one an insert into one or two HNSW graphs, ~1-3 ms apiece on
   * the embedded database), so that a search waiting for the single embedded connection waits
   * behind one short transaction, not the whole batch; the cursor moves with the last one. A crash
   * between them replays the batch, whose vectors are then in the text-hash cache and whose rows
   * already written are found unchanged.
   */
  async applyBatch(batch: {
    owner: string;
    /** The pass this batch belongs to (`kind`, and `openOnly` for the open markets' pass): its cursor moves to `cursor`. */
    kind: TextKind;
    openOnly?: boolean;
    upserts: EmbeddingUpsert[];
    deletions: { exchange: string; market_id: string; kind: TextKind }[];
    cursor: number;
  }, writeChunkRows = DEFAULT_WRITE_CHUNK_ROWS): Promise<{ rowsWritten: number }> {
    const withVector = batch.upserts.filter((u) => u.vector);
    const chunks: EmbeddingUpsert[][] = [];
    for (let i = 0; i < withVector.length; i += Math.max(1, writeChunkRows)) chunks.push(withVector.slice(i, i + Math.max(1, writeChunkRows)));
    const last = chunks.pop() ?? [];
    let rowsWritten = 0;
    for (const chunk of chunks) rowsWritten += await this.inLeasedTransaction(batch.owner, (client) => writeVectors(client, chunk));
    rowsWritten += await this.inLeasedTransaction(batch.owner, async (client) => {
      let written = 0;
      await client.query(
        `INSERT INTO embedding_index_state (name, last_change_seq) VALUES ($1, $2)
         ON CONFLICT (name) DO UPDATE SET last_change_seq = greatest(embedding_index_state.last_change_seq, EXCLUDED.last_change_seq), updated_at = now()`,
        [cursorName({ kind: batch.kind, openOnly: batch.openOnly ?? false }), batch.cursor],
      );
      if (batch.deletions.length > 0) {
        const deleted = await client.query(
          `DELETE FROM market_embeddings e
           USING unnest($1::text[], $2::text[], $3::text[]) AS d(exchange, market_id, kind)
           WHERE e.exchange = d.exchange AND e.market_id = d.market_id AND e.kind = d.kind`,
          [batch.deletions.map((d) => d.exchange), batch.deletions.map((d) => d.market_id), batch.deletions.map((d) => d.kind)],
        );
        written += deleted.rowCount ?? 0;
      }
      written += await writeVectors(client, last);
      // Same text: only the filter columns may need to follow the catalog. Most catalog changes are
      // prices and volumes, which touch neither, and rewriting a row anyway is not free: a row is
      // ~1.6 kB, so the new version rarely fits the page (no HOT update) and each rewrite adds a
      // tuple to the HNSW graph that only a VACUUM takes out again. A row's change_seq is therefore
      // the market version its text or filters were last written for, not the market's latest.
      const filtersOnly = batch.upserts.filter((u) => !u.vector);
      if (filtersOnly.length > 0) {
        const updated = await client.query(
          `UPDATE market_embeddings e SET category = u.category, closed = u.closed, change_seq = u.change_seq, updated_at = now()
           FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::boolean[], $8::bigint[])
             AS u(exchange, market_id, kind, text_hash, embedding, category, closed, change_seq)
           WHERE e.exchange = u.exchange AND e.market_id = u.market_id AND e.kind = u.kind AND e.text_hash = u.text_hash
             AND (e.category, e.closed) IS DISTINCT FROM (u.category, u.closed)`,
          columns(filtersOnly, () => null),
        );
        written += updated.rowCount ?? 0;
      }
      return written;
    });
    return { rowsWritten };
  }

  /** One transaction that first checks (and locks) this owner's lease. */
  private async inLeasedTransaction(owner: string, work: (client: pg.PoolClient) => Promise<number>): Promise<number> {
    return withTransaction(this.pool, async (client) => {
      const lease = await client.query(
        'SELECT 1 FROM embedding_index_state WHERE name = $1 AND lease_owner = $2 FOR UPDATE',
        [LEASE, owner],
      );
      if (lease.rowCount !== 1) throw new Error('embedding indexer lost its lease; another instance took over');
      return work(client);
    });
  }

  /** Takes (or renews) the indexing lease; false when another owner holds an unexpired one. */
  async acquireLease(owner: string, ttlSeconds: number): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      `INSERT INTO embedding_index_state (name, lease_owner, lease_until)
       VALUES ($1, $2, now() + make_interval(secs => $3))
       ON CONFLICT (name) DO UPDATE SET lease_owner = EXCLUDED.lease_owner, lease_until = EXCLUDED.lease_until
       WHERE embedding_index_state.lease_until IS NULL OR embedding_index_state.lease_until < now()
          OR embedding_index_state.lease_owner = EXCLUDED.lease_owner`,
      [LEASE, owner, ttlSeconds],
    );
    return rowCount === 1;
  }

  /**
   * Takes the lease whoever holds it, except an unexpired lease of one of `unlessHeldBy`: for a runner
   * that knows the current holder is gone (src/indexers/embedding-lease.ts).
   */
  async takeOverLease(owner: string, ttlSeconds: number, unlessHeldBy: string[] = []): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      `INSERT INTO embedding_index_state (name, lease_owner, lease_until)
       VALUES ($1, $2, now() + make_interval(secs => $3))
       ON CONFLICT (name) DO UPDATE SET lease_owner = EXCLUDED.lease_owner, lease_until = EXCLUDED.lease_until
       WHERE embedding_index_state.lease_until IS NULL OR embedding_index_state.lease_until < now()
          OR embedding_index_state.lease_owner IS NULL OR NOT (embedding_index_state.lease_owner = ANY ($4::text[]))`,
      [LEASE, owner, ttlSeconds, unlessHeldBy],
    );
    return rowCount === 1;
  }

  /** Who holds the lease and until when (null when nobody does). */
  async lease(): Promise<{ owner: string; until: Date } | null> {
    const { rows } = await this.pool.query<{ lease_owner: string | null; lease_until: Date | null }>(
      'SELECT lease_owner, lease_until FROM embedding_index_state WHERE name = $1',
      [LEASE],
    );
    const row = rows[0];
    return row?.lease_owner && row.lease_until ? { owner: row.lease_owner, until: row.lease_until } : null;
  }

  async releaseLease(owner: string): Promise<void> {
    await this.pool.query(
      'UPDATE embedding_index_state SET lease_owner = NULL, lease_until = NULL WHERE name = $1 AND lease_owner = $2',
      [LEASE, owner],
    );
  }

  /** Forgets the cursors so that the next run re-checks every market (nothing is re-embedded). */
  async resetCursors(): Promise<void> {
    await this.pool.query('UPDATE embedding_index_state SET last_change_seq = 0 WHERE name = ANY ($1::text[])', [ALL_CURSORS]);
  }

  /** How far a pass has followed markets.change_seq (by default the pass over every market). */
  async cursor(kind: TextKind, openOnly = false): Promise<number> {
    const { rows } = await this.pool.query<{ last_change_seq: number }>(
      'SELECT last_change_seq FROM embedding_index_state WHERE name = $1',
      [cursorName({ kind, openOnly })],
    );
    return rows[0]?.last_change_seq ?? 0;
  }

  /** Markets still to look at by the pass over every market, per kind. */
  async pending(): Promise<{ title: number; rules: number }> {
    return {
      title: await this.countChangedMarkets(await this.cursor('title')),
      rules: await this.countChangedMarkets(await this.cursor('rules')),
    };
  }

  /**
   * Live markets whose text (not blank: the indexer skips those) has no vector yet, per kind: the
   * backfill's real backlog. (pending()
   * counts the rows changed since the cursors, most of them only in price or volume.) The one read of
   * `markets` outside the catalog's repository in this feature (an exception test/lint/markets-reads.test.ts
   * lists): an anti-join against market_embeddings, which apart would read every live key into the service.
   */
  async missingVectors(): Promise<MissingVectors> {
    const { rows } = await this.pool.query<{ closed: boolean; title: number; rules: number }>(
      `SELECT m.closed,
              count(*) FILTER (WHERE m.title ~ '\\S' AND NOT EXISTS (
                SELECT 1 FROM market_embeddings e WHERE e.exchange = m.exchange AND e.market_id = m.market_id AND e.kind = 'title'))::int AS title,
              count(*) FILTER (WHERE m.rules ~ '\\S' AND NOT EXISTS (
                SELECT 1 FROM market_embeddings e WHERE e.exchange = m.exchange AND e.market_id = m.market_id AND e.kind = 'rules'))::int AS rules
       FROM markets m WHERE NOT m.removed GROUP BY m.closed`,
    );
    const out: MissingVectors = { title: 0, rules: 0, open: { title: 0, rules: 0 } };
    for (const r of rows) {
      out.title += r.title;
      out.rules += r.rules;
      if (!r.closed) out.open = { title: r.title, rules: r.rules };
    }
    return out;
  }

  async counts(): Promise<{ title: number; rules: number }> {
    const { rows } = await this.pool.query<{ kind: TextKind; n: number }>(
      'SELECT kind, count(*)::int AS n FROM market_embeddings GROUP BY kind',
    );
    const out = { title: 0, rules: 0 };
    for (const r of rows) out[r.kind] = r.n;
    return out;
  }
}

/** New vectors (and their rows) written in one go. */
async function writeVectors(client: pg.PoolClient, upserts: EmbeddingUpsert[]): Promise<number> {
  if (upserts.length === 0) return 0;
  const written = await client.query(
    `INSERT INTO market_embeddings (exchange, market_id, kind, text_hash, embedding, category, closed, change_seq)
     SELECT exchange, market_id, kind, text_hash, embedding::vector, category, closed, change_seq
     FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::boolean[], $8::bigint[])
       AS u(exchange, market_id, kind, text_hash, embedding, category, closed, change_seq)
     ON CONFLICT (exchange, market_id, kind) DO UPDATE SET
       text_hash = EXCLUDED.text_hash, embedding = EXCLUDED.embedding, category = EXCLUDED.category,
       closed = EXCLUDED.closed, change_seq = EXCLUDED.change_seq, updated_at = now()`,
    columns(upserts, (u) => toPgVector(u.vector!)),
  );
  return written.rowCount ?? 0;
}

function columns(upserts: EmbeddingUpsert[], embedding: (u: EmbeddingUpsert) => string | null): unknown[] {
  return [
    upserts.map((u) => u.exchange),
    upserts.map((u) => u.market_id),
    upserts.map((u) => u.kind),
    upserts.map((u) => u.textHash),
    upserts.map(embedding),
    upserts.map((u) => u.category),
    upserts.map((u) => u.closed),
    upserts.map((u) => u.changeSeq),
  ];
}
