// The embedding service the rest of the application uses: documents (market titles and rules) go
// through a persistent text-hash cache so that a text already embedded is never embedded again,
// across restarts; queries go to the front of the worker queue and through a small in-memory cache.
import { EmbeddingWorkerPool, type WorkerPoolOptions } from './worker-pool.js';
import { embeddingTextHash } from './text-hash.js';

/** Token caps per kind of text. Rules are long; the cap was measured (bench/HISTORY.md, "Embeddings: throughput"). */
export const TOKEN_BUDGETS = { title: 128, rules: 256, query: 128 } as const;
export type DocumentKind = 'title' | 'rules';

/** Where computed vectors are kept by text hash (the database in production). */
export interface EmbeddingCacheStore {
  get(hashes: string[]): Promise<Map<string, Float32Array>>;
  put(entries: { hash: string; vector: Float32Array }[]): Promise<void>;
}

export interface EmbeddedDocument {
  hash: string;
  vector: Float32Array;
}

export interface EmbedderStats {
  /** Texts run through the model. */
  computed: number;
  /** Texts answered from the text-hash cache. */
  cached: number;
  queries: number;
  queryCacheHits: number;
}

export interface EmbedderOptions {
  /** Put the model's query prefix (bge's retrieval instruction, e5's `query: `) in front of queries (default true; see model-spec.ts). */
  queryInstruction?: boolean;
  /** Entries of the in-memory query cache (0 disables it). */
  queryCacheSize?: number;
}

/** Collapses whitespace: the same words with other spacing are the same text to the model. */
export function normaliseText(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export class Embedder {
  readonly stats: EmbedderStats = { computed: 0, cached: 0, queries: 0, queryCacheHits: 0 };
  private readonly queryCache = new Map<string, Float32Array>();
  private readonly queryInstruction: boolean;
  private readonly queryCacheSize: number;

  constructor(
    readonly pool: EmbeddingWorkerPool,
    private readonly store: EmbeddingCacheStore | undefined,
    options: EmbedderOptions = {},
  ) {
    this.queryInstruction = options.queryInstruction ?? true;
    this.queryCacheSize = options.queryCacheSize ?? 1000;
  }

  static async start(poolOptions: WorkerPoolOptions, store?: EmbeddingCacheStore, options?: EmbedderOptions): Promise<Embedder> {
    return new Embedder(await EmbeddingWorkerPool.start(poolOptions), store, options);
  }

  /** Hash under which a document text's vector is cached (texts are normalised first). */
  hashDocument(text: string, kind: DocumentKind): string {
    return embeddingTextHash(normaliseText(text), TOKEN_BUDGETS[kind], this.pool.model.name);
  }

  /** A query as the model is asked it (with its query prefix unless turned off). */
  private queryInput(text: string): string {
    return this.queryInstruction ? this.pool.model.queryPrefix + text : text;
  }

  /**
   * Vectors for document texts of one kind, from the cache when present, computed otherwise (and
   * then stored). Identical texts in one call are embedded once.
   */
  async embedDocuments(texts: string[], kind: DocumentKind): Promise<EmbeddedDocument[]> {
    const normalised = texts.map(normaliseText);
    const hashes = normalised.map((t) => embeddingTextHash(t, TOKEN_BUDGETS[kind], this.pool.model.name));
    const known = this.store ? await this.store.get([...new Set(hashes)]) : new Map<string, Float32Array>();
    const missing = new Map<string, string>();
    hashes.forEach((hash, i) => {
      if (!known.has(hash)) missing.set(hash, normalised[i]);
    });
    if (missing.size > 0) {
      const missingHashes = [...missing.keys()];
      const prefix = this.pool.model.documentPrefix;
      const vectors = await this.pool.embed([...missing.values()].map((t) => prefix + t), { maxTokens: TOKEN_BUDGETS[kind], priority: 'bulk' });
      const fresh = missingHashes.map((hash, i) => ({ hash, vector: vectors[i] }));
      if (this.store) await this.store.put(fresh);
      for (const { hash, vector } of fresh) known.set(hash, vector);
      this.stats.computed += fresh.length;
    }
    this.stats.cached += texts.length - missing.size;
    return hashes.map((hash) => ({ hash, vector: known.get(hash)! }));
  }

  /** The vector of a search query (front of the queue; recent queries cached in memory). */
  async embedQuery(query: string): Promise<Float32Array> {
    const text = normaliseText(query);
    this.stats.queries++;
    const hit = this.queryCache.get(text);
    if (hit) {
      this.stats.queryCacheHits++;
      // Refresh its place in the insertion order: the Map doubles as an LRU list.
      this.queryCache.delete(text);
      this.queryCache.set(text, hit);
      return hit;
    }
    const [vector] = await this.pool.embed([this.queryInput(text)], { maxTokens: TOKEN_BUDGETS.query, priority: 'query' });
    this.rememberQuery(text, vector);
    return vector;
  }

  /**
   * The vectors of several search queries in one forward pass (the cached ones excepted): what
   * semantic search uses when queries arrive together. Same vectors as embedQuery one by one.
   */
  async embedQueries(queries: string[]): Promise<Float32Array[]> {
    const texts = queries.map(normaliseText);
    this.stats.queries += texts.length;
    const out = new Array<Float32Array>(texts.length);
    const missing = new Map<string, number[]>();
    texts.forEach((text, i) => {
      const hit = this.queryCache.get(text);
      if (hit) {
        this.stats.queryCacheHits++;
        this.queryCache.delete(text);
        this.queryCache.set(text, hit);
        out[i] = hit;
      } else {
        missing.set(text, [...(missing.get(text) ?? []), i]);
      }
    });
    if (missing.size > 0) {
      const unique = [...missing.keys()];
      const vectors = await this.pool.embed(unique.map((t) => this.queryInput(t)), { maxTokens: TOKEN_BUDGETS.query, priority: 'query' });
      unique.forEach((text, k) => {
        for (const i of missing.get(text)!) out[i] = vectors[k];
        this.rememberQuery(text, vectors[k]);
      });
    }
    return out;
  }

  private rememberQuery(text: string, vector: Float32Array): void {
    if (this.queryCacheSize === 0) return;
    this.queryCache.set(text, vector);
    if (this.queryCache.size > this.queryCacheSize) this.queryCache.delete(this.queryCache.keys().next().value!);
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
