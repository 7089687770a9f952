/**
 * Daily dataset downloads of a venue (kalshi): one gzipped JSONL file per complete UTC day, holding
 * `{"type":"market", ...}` for each market of the catalog that was listed during the day (opened
 * before its end, not closed before its start; the record as the catalog holds it now) and then
 * `{"type":"trade", ...}` for each trade the recorder stored that day, oldest first. A past day does
 * not change, so its file is built once (streamed through gzip into DATA_DIR/datasets, renamed into
 * place when complete) and then served as a static file: Content-Length, ETag and byte ranges
 * (resumable downloads) come with it. Today is not a complete day: only days before it are served,
 * and none older than the recorder's retention (its trades are gone).
 */
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import type { CatalogReader } from '../catalog/catalog-repository.js';
import type { RecordedStore } from '../recorder/recorded-data-repository.js';
import type { ExchangeCode } from '../venues/exchanges.js';
import { MarketDataNotFoundError } from './errors.js';

const DAY_MS = 86_400_000;

export class DatasetService {
  private readonly building = new Map<string, Promise<string>>();

  constructor(
    private readonly deps: { catalog: CatalogReader; store: RecordedStore; dir: string; retentionDays: number; now?: () => number },
  ) {}

  private get now(): number {
    return (this.deps.now ?? Date.now)();
  }

  /** The latest complete day: yesterday (UTC). */
  latestDate(): string {
    return new Date(Math.floor(this.now / DAY_MS) * DAY_MS - DAY_MS).toISOString().slice(0, 10);
  }

  /** The file of a day's dataset, built if needed; not found for today, the future, or days past retention. */
  async file(exchange: ExchangeCode, date: string): Promise<{ path: string; name: string }> {
    const dayMs = Date.parse(`${date}T00:00:00Z`);
    const today = Math.floor(this.now / DAY_MS) * DAY_MS;
    if (dayMs >= today) throw new MarketDataNotFoundError(`the ${exchange} dataset of ${date} is not complete yet: days are served after they end (00:00 UTC); the latest is ${this.latestDate()}`);
    if (dayMs < today - this.deps.retentionDays * DAY_MS) throw new MarketDataNotFoundError(`no ${exchange} dataset for ${date}: older than the ${this.deps.retentionDays} days kept`);
    const name = `${exchange}-${date}.jsonl.gz`;
    const target = path.join(this.deps.dir, name);
    if (fs.existsSync(target)) return { path: target, name };
    let p = this.building.get(target);
    if (!p) {
      p = this.build(exchange, dayMs, target).finally(() => this.building.delete(target));
      this.building.set(target, p);
    }
    return { path: await p, name };
  }

  private async build(exchange: ExchangeCode, dayMs: number, target: string): Promise<string> {
    fs.mkdirSync(this.deps.dir, { recursive: true });
    const tmp = `${target}.${process.pid}.${Date.now()}.tmp`;
    const { catalog, store } = this.deps;
    async function* lines(): AsyncGenerator<string> {
      let after: string[] | undefined;
      for (;;) {
        const page = await catalog.listMarkets({ exchange, limit: 1000, after });
        for (const m of page.items) {
          const opened = m.open_time === null || Date.parse(m.open_time) < dayMs + DAY_MS;
          const notClosedBefore = m.close_time === null || Date.parse(m.close_time) >= dayMs;
          if (opened && notClosedBefore) yield `${JSON.stringify({ type: 'market', ...m })}\n`;
        }
        if (!page.nextKey) break;
        after = page.nextKey;
      }
      // One query for the day: the recorded markets of one venue (hundreds, RECORDER_MARKETS) make a day of trades fit in memory.
      for (const t of await store.allTradesOfDay(exchange, dayMs)) {
        yield `${JSON.stringify({ type: 'trade', exchange, market_id: t.market_id, id: t.trade_id, price: t.price, size: t.size, taker_side: t.taker_side, outcome: t.outcome, timestamp: new Date(t.ts).toISOString() })}\n`;
      }
    }
    try {
      await pipeline(Readable.from(lines()), createGzip(), fs.createWriteStream(tmp));
      fs.renameSync(tmp, target);
    } catch (err) {
      fs.rmSync(tmp, { force: true });
      throw err;
    }
    return target;
  }
}
