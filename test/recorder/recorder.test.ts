// The recorder against the simulators, through the real service (embedded database, the stream
// gateway's upstream connections): a streamed venue (kalshi) recorded without a gap across a forced
// upstream disconnect (the book rebuilt from the recorded snapshot + deltas equals the simulator's,
// every trade of the venue is stored once, the outage is a gap row shown in /health), a polled venue
// (opinion), and retention by dropping day partitions.
import assert from 'node:assert/strict';
import { gunzipSync } from 'node:zlib';
import { issueKey, startTestService, type TestService } from '../helpers/service.js';
import type { RunningSimulator } from '../../src/sim/types.js';
import { PartitionManager, RECORDED_TABLES } from '../../src/recorder/partition-repository.js';
import { RecordedStore } from '../../src/recorder/recorded-data-repository.js';
import { KalshiRfqClient, RfqKeyMissingError } from '../../src/venues/kalshi/rfqs.js';

async function until(what: string, probe: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

type Level = [number, number];

describe('recorder', function () {
  this.timeout(90_000);
  let svc: TestService;
  const sim = (code: string): RunningSimulator => svc.venues.simulators!.simulators[code as 'kalshi']!;
  const q = async <T>(sql: string, params: unknown[] = []): Promise<T[]> => (await svc.db.pool.query(sql, params)).rows as T[];

  /** The book at the end of the record: the latest snapshot, then every delta after it, by sequence. */
  async function rebuiltBook(exchange: string, id: string): Promise<{ bids: Level[]; asks: Level[] }> {
    const [snap] = await q<{ seq: number; bids: Level[]; asks: Level[] }>('SELECT seq, bids, asks FROM recorded_book_snapshots WHERE exchange = $1 AND market_id = $2 ORDER BY seq DESC LIMIT 1', [exchange, id]);
    assert.ok(snap, 'a snapshot was recorded');
    const bids = new Map(snap.bids);
    const asks = new Map(snap.asks);
    const deltas = await q<{ side: string; price: number; size: number }>('SELECT side, price, size FROM recorded_book_deltas WHERE exchange = $1 AND market_id = $2 AND seq > $3 ORDER BY seq', [exchange, id, snap.seq]);
    for (const d of deltas) {
      const side = d.side === 'bid' ? bids : asks;
      if (d.size > 0) side.set(d.price, d.size);
      else side.delete(d.price);
    }
    return { bids: [...bids].sort((a, b) => b[0] - a[0]), asks: [...asks].sort((a, b) => a[0] - b[0]) };
  }
  const simBook = (code: string, id: string) => {
    const b = sim(code).activity.book(id)!;
    return { bids: b.bids.map((l): Level => [l.price, l.size]), asks: b.asks.map((l): Level => [l.price, l.size]) };
  };

  before(async () => {
    svc = await startTestService({
      env: {
        EXCHANGE_MODE: 'sim', RUN_JOBS: 'true', RECORDER_ENABLED: 'true', SYNC_ON_START: 'false', SYNC_SCHEDULE: '0 0 1 1 *',
        RECORDER_MARKETS: '*=off,kalshi=top:2,opinion=top:1', RECORDER_FLUSH_MS: '50', RECORDER_POLL_MS: '200', RECORDER_SNAPSHOT_INTERVAL_MS: '600000',
      },
    });
    for (const code of ['kalshi', 'opinion']) sim(code).activity.stop();
    await svc.venueSync!.syncs.kalshi!.run();
    await svc.venueSync!.syncs.opinion!.run();
    await svc.recorder!.start();
    await svc.recorder!.refreshTracked();
  });
  after(async () => {
    await svc?.destroy();
  });

  it('creates day partitions ahead (today and the next days) for every recorded table', async () => {
    for (const table of RECORDED_TABLES) {
      const [parent] = await q<{ relkind: string }>('SELECT relkind FROM pg_class WHERE relname = $1', [table]);
      assert.equal(parent.relkind, 'p', `${table} is partitioned`);
      const parts = await new PartitionManager(svc.db.pool, { retentionDays: 30, aheadDays: 2 }).partitions(table);
      const today = new Date().toISOString().slice(0, 10).replace(/-/g, '');
      assert.ok(parts.includes(`${table}_p${today}`), `${table} has today's partition (${parts.join(', ')})`);
      assert.ok(parts.length >= 3, `${table} has partitions ahead`);
    }
  });

  it('records a streamed market gap-free across an upstream reconnect', async () => {
    const [id] = svc.recorder!.tracked('kalshi');
    assert.ok(id, 'a kalshi market is tracked');
    const snaps = async () => (await q<{ n: number }>('SELECT count(*)::int AS n FROM recorded_book_snapshots WHERE market_id = $1', [id]))[0].n;
    await until('the first snapshot', async () => (await snaps()) >= 1);
    const move = async (n: number) => {
      for (let i = 0; i < n; i++) {
        sim('kalshi').activity.stepMarket(id);
        await new Promise((r) => setTimeout(r, 10));
      }
    };
    await move(10);
    const feed = svc.streams.feed('kalshi')!;
    const connects = feed.upstream!.connects;
    // The outage: the venue drops the socket, and the market keeps moving (and trading) meanwhile.
    assert.ok(sim('kalshi').server.dropWebSockets() >= 1);
    await move(15);
    await until('the upstream reconnect', () => feed.upstream!.connects > connects && feed.upstream!.connected);
    await until('the resync snapshot', async () => (await q('SELECT 1 FROM recorded_book_snapshots WHERE market_id = $1 AND source = $2', [id, 'resync'])).length > 0);
    await move(10);
    await new Promise((r) => setTimeout(r, 300));
    await svc.recorder!.flush();

    assert.deepEqual(await rebuiltBook('kalshi', id), simBook('kalshi', id), 'the recorded book equals the venue\'s');
    const venueTrades = await svc.venues.liveAdapters.kalshi!.getTrades!(id, { limit: 1000 });
    await until('the outage trades backfilled', async () => (await q('SELECT 1 FROM recorded_trades WHERE market_id = $1', [id])).length >= venueTrades.length);
    const stored = await q<{ trade_id: string; price: number; size: number }>('SELECT trade_id, price, size FROM recorded_trades WHERE market_id = $1 ORDER BY trade_id', [id]);
    assert.deepEqual(stored, venueTrades.map((t) => ({ trade_id: t.id, price: t.price, size: t.size })).sort((a, b) => (a.trade_id < b.trade_id ? -1 : 1)), 'every trade of the venue, once');
    const tops = await q<{ best_bid: number; best_ask: number }>('SELECT best_bid, best_ask FROM recorded_top_of_book WHERE market_id = $1 ORDER BY seq DESC LIMIT 1', [id]);
    const b = simBook('kalshi', id);
    assert.deepEqual(tops[0], { best_bid: b.bids[0][0], best_ask: b.asks[0][0] }, 'top of book follows the book');

    const gaps = await q<{ reason: string; started_at: Date; ended_at: Date }>('SELECT reason, started_at, ended_at FROM recorder_gaps WHERE market_id = $1', [id]);
    assert.equal(gaps.length, 1);
    assert.equal(gaps[0].reason, 'upstream disconnected');
    assert.ok(gaps[0].ended_at.getTime() >= gaps[0].started_at.getTime());
    const health = await svc.request('/health');
    const rec = health.body.components.recorder;
    assert.equal(rec.venues.kalshi.mode, 'stream');
    assert.equal(rec.venues.kalshi.open_gaps, 0);
    assert.ok(rec.venues.kalshi.lag_ms !== null);
    assert.ok(rec.gaps_24h.some((g: { market_id: string; reason: string }) => g.market_id === id && g.reason === 'upstream disconnected'), 'the gap is in /health');
    assert.equal(typeof rec.write_lag_ms, 'number');
  });

  it('records a polled venue (opinion): books, top of book and trades', async () => {
    const [id] = svc.recorder!.tracked('opinion');
    assert.ok(id, 'an opinion market is tracked');
    for (let i = 0; i < 5; i++) sim('opinion').activity.stepMarket(id);
    const want = simBook('opinion', id);
    await until('the polled book', async () => {
      await svc.recorder!.flush();
      const [snap] = await q<{ bids: Level[]; asks: Level[] }>('SELECT bids, asks FROM recorded_book_snapshots WHERE market_id = $1 ORDER BY seq DESC LIMIT 1', [id]);
      return !!snap && JSON.stringify(snap) === JSON.stringify(want);
    });
    const [src] = await q<{ source: string }>('SELECT source FROM recorded_book_snapshots WHERE market_id = $1 ORDER BY seq DESC LIMIT 1', [id]);
    assert.equal(src.source, 'poll');
    assert.ok((await q('SELECT 1 FROM recorded_trades WHERE market_id = $1', [id])).length > 0, 'trades polled');
    const health = await svc.request('/health');
    assert.equal(health.body.components.recorder.venues.opinion.mode, 'poll');
  });

  describe('recorded-data routes', () => {
    let key: string;
    const get = async (path: string) => svc.request(path, { headers: { 'x-api-key': key } });
    /** Every item of a paged series, following next_cursor. */
    async function all(path: string, field: string): Promise<Record<string, unknown>[]> {
      const out: Record<string, unknown>[] = [];
      let cursor: string | null = null;
      for (let i = 0; i < 1000; i++) {
        const res = await get(`${path}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
        assert.equal(res.status, 200, res.text);
        out.push(...res.body[field]);
        assert.equal(res.body.count, res.body[field].length);
        cursor = res.body.next_cursor;
        if (!cursor) return out;
      }
      throw new Error('paging did not end');
    }
    before(async () => {
      key = await issueKey(svc, 'admin', 100_000);
    });

    it('orderbook with start/end: the recorded snapshots, paged; the book rebuilt from them and /deltas equals the venue\'s', async () => {
      const [id] = svc.recorder!.tracked('kalshi');
      await svc.recorder!.flush();
      const start = Math.floor(Date.now() / 1000) - 3600;
      const snaps = await all(`/api/v1/kalshi/${id}/orderbook?start=${start}&limit=1`, 'snapshots');
      const stored = await q<{ n: number }>('SELECT count(*)::int AS n FROM recorded_book_snapshots WHERE exchange = $1 AND market_id = $2', ['kalshi', id]);
      assert.equal(snaps.length, stored[0].n, 'every recorded snapshot, one per page');
      assert.ok(snaps.length >= 2, 'the first snapshot and the resync');
      const lastSnap = snaps[snaps.length - 1] as { bids: { price: number; size: number }[]; asks: { price: number; size: number }[]; timestamp: string };
      const deltas = (await all(`/api/v1/kalshi/${id}/deltas?start=${start}&limit=7`, 'deltas')) as { seq: number; side: string; price: number; size: number; timestamp: string }[];
      assert.ok(deltas.length > 0);
      assert.ok(deltas.every((d, i) => i === 0 || d.seq > deltas[i - 1].seq), 'deltas in sequence order, none repeated across pages');
      // The book: the last snapshot, then the deltas recorded after it.
      const [snapRow] = await q<{ seq: number }>('SELECT seq FROM recorded_book_snapshots WHERE market_id = $1 ORDER BY seq DESC LIMIT 1', [id]);
      const bids = new Map(lastSnap.bids.map((l) => [l.price, l.size]));
      const asks = new Map(lastSnap.asks.map((l) => [l.price, l.size]));
      for (const d of deltas.filter((x) => x.seq > snapRow.seq)) {
        const side = d.side === 'bid' ? bids : asks;
        if (d.size > 0) side.set(d.price, d.size);
        else side.delete(d.price);
      }
      assert.deepEqual({ bids: [...bids].sort((a, b) => b[0] - a[0]), asks: [...asks].sort((a, b) => a[0] - b[0]) }, simBook('kalshi', id));
      // A range before anything was recorded is empty; a cursor of another list is a 400.
      const past = await get(`/api/v1/kalshi/${id}/orderbook?start=${start - 86_400}&end=${start - 3600}`);
      assert.deepEqual([past.status, past.body.count, past.body.next_cursor], [200, 0, null]);
      const first = await get(`/api/v1/kalshi/${id}/orderbook?start=${start}&limit=1`);
      assert.equal((await get(`/api/v1/kalshi/${id}/deltas?start=${start}&cursor=${first.body.next_cursor}`)).status, 400);
      assert.equal((await get(`/api/v1/kalshi/${id}/deltas?cursor=garbage`)).status, 400);
    });

    it('bbo: the top-of-book series, per venue and under /analytics, ending at the venue\'s top', async () => {
      const [id] = svc.recorder!.tracked('kalshi');
      const start = Math.floor(Date.now() / 1000) - 3600;
      const series = (await all(`/api/v1/kalshi/${id}/bbo?start=${start}&limit=3`, 'bbo')) as { best_bid: number; best_ask: number; mid: number; spread: number; timestamp: string }[];
      const again = await all(`/api/v1/analytics/kalshi/${id}/bbo?start=${start}&limit=1000`, 'bbo');
      assert.deepEqual(again, series);
      const b = simBook('kalshi', id);
      const last = series[series.length - 1];
      assert.deepEqual([last.best_bid, last.best_ask], [b.bids[0][0], b.asks[0][0]]);
      assert.equal(last.spread, Math.round((b.asks[0][0] - b.bids[0][0]) * 1e8) / 1e8);
      assert.ok(series.every((p, i) => i === 0 || p.timestamp >= series[i - 1].timestamp), 'oldest first');
    });

    it('analytics of the current book, per venue and under /analytics', async () => {
      const [id] = svc.recorder!.tracked('kalshi');
      const res = await get(`/api/v1/kalshi/${id}/analytics`);
      assert.equal(res.status, 200, res.text);
      const b = simBook('kalshi', id);
      const [bb, bs] = b.bids[0];
      const [ba, as] = b.asks[0];
      assert.equal(res.body.best_bid, bb);
      assert.equal(res.body.spread, Math.round((ba - bb) * 1e8) / 1e8);
      assert.equal(res.body.microprice, Math.round(((bb * as + ba * bs) / (bs + as)) * 1e8) / 1e8);
      const within5 = b.bids.filter(([p]) => p >= bb - 0.05 - 1e-9).reduce((s, [, z]) => s + z, 0);
      assert.equal(res.body.depth['5c'].bid, within5);
      const grouped = await get(`/api/v1/analytics/kalshi/${id}/analytics`);
      assert.equal(grouped.status, 200);
      assert.equal(grouped.body.microprice, res.body.microprice);
    });

    it('kalshi candles: period-start timestamps for every interval, 1s from the recorded trades, pages that join up', async () => {
      const [id] = svc.recorder!.tracked('kalshi');
      await svc.recorder!.flush();
      const start = Math.floor(Date.now() / 1000) - 1800;
      const trades = await q<{ ts: Date; price: number; size: number }>('SELECT ts, price, size FROM recorded_trades WHERE market_id = $1 AND ts >= $2 ORDER BY ts, trade_id', [id, new Date(start * 1000)]);
      assert.ok(trades.length > 0);
      // 1s candles computed here from the recorded trades.
      const bySecond = new Map<number, { open: number; high: number; low: number; close: number; volume: number }>();
      for (const tr of trades) {
        const sec = Math.floor(tr.ts.getTime() / 1000) * 1000;
        const c = bySecond.get(sec);
        if (!c) bySecond.set(sec, { open: tr.price, high: tr.price, low: tr.price, close: tr.price, volume: tr.size });
        else Object.assign(c, { high: Math.max(c.high, tr.price), low: Math.min(c.low, tr.price), close: tr.price, volume: c.volume + tr.size });
      }
      const oneSecond = await all(`/api/v1/kalshi/${id}/candles?interval=1s&start=${start}&limit=2`, 'candles');
      assert.deepEqual(oneSecond, [...bySecond].map(([ts, c]) => ({ timestamp: new Date(ts).toISOString(), ...c })));
      // A fixed end in the past: the simulator regenerates its history from the current price and the
      // end of the range asked for (capped at now), so a range reaching now would shift between pages.
      const end = Math.floor(Date.now() / 1000) - 7200;
      for (const [interval, ms] of [['1m', 60_000], ['5m', 300_000], ['10m', 600_000], ['1h', 3_600_000], ['1d', 86_400_000]] as const) {
        const one = await get(`/api/v1/kalshi/${id}/candles?interval=${interval}&start=${start - 86_400 * 2}&end=${end}`);
        assert.equal(one.status, 200, one.text);
        const candles = one.body.candles as { timestamp: string; low: number; high: number; volume: number }[];
        assert.ok(candles.length > 0, interval);
        assert.ok(candles.every((c) => Date.parse(c.timestamp) % ms === 0 && c.low <= c.high && c.volume > 0), `${interval}: period starts, traded periods only`);
        assert.ok(candles.every((c, i) => i === 0 || c.timestamp > candles[i - 1].timestamp), `${interval}: ascending, no repeats`);
        if (one.body.next_cursor === null && candles.length > 3) assert.deepEqual(await all(`/api/v1/kalshi/${id}/candles?interval=${interval}&start=${start - 86_400 * 2}&end=${end}&limit=${Math.ceil(candles.length / 3)}`, 'candles'), candles);
      }
      assert.equal((await get(`/api/v1/kalshi/${id}/candles?interval=1m&cursor=nope`)).status, 400);
      assert.equal((await get(`/api/v1/kalshi/${id}/candles?interval=2m`)).status, 400);
    });

    it('quotes of many markets in one request: recorded books and trades where newer than the catalog, unknown ones listed as missing', async () => {
      const [k1, k2] = svc.recorder!.tracked('kalshi');
      const [o1] = svc.recorder!.tracked('opinion');
      // The market moves after the catalog's sync: the quote comes from the recorder.
      for (let i = 0; i < 3; i++) {
        sim('kalshi').activity.stepMarket(k1);
        await new Promise((r) => setTimeout(r, 20));
      }
      await new Promise((r) => setTimeout(r, 200));
      await svc.recorder!.flush();
      const res = await get(`/api/v1/quotes?markets=kalshi:${k1},opinion:${o1},kalshi:${k2},kalshi:${k1},kalshi:NOPE`);
      assert.equal(res.status, 200, res.text);
      assert.deepEqual(res.body.quotes.map((x: { market_id: string }) => x.market_id), [k1, o1, k2]);
      assert.deepEqual(res.body.missing, [{ exchange: 'kalshi', market_id: 'NOPE' }]);
      const quote = res.body.quotes[0];
      const [top] = await q<{ best_bid: number; best_ask: number; ts: Date }>('SELECT best_bid, best_ask, ts FROM recorded_top_of_book WHERE market_id = $1 ORDER BY seq DESC LIMIT 1', [k1]);
      const [trade] = await q<{ price: number }>('SELECT price FROM recorded_trades WHERE market_id = $1 ORDER BY ts DESC, trade_id DESC LIMIT 1', [k1]);
      // The market moved after the catalog sync: the quote is the recorder's.
      assert.equal(quote.source, 'recorded');
      assert.deepEqual([quote.bid, quote.ask, quote.last], [top.best_bid, top.best_ask, trade.price]);
      assert.equal(quote.price, Math.round(((top.best_bid + top.best_ask) / 2) * 1e8) / 1e8);
      assert.ok(Date.parse(quote.updated_at) >= top.ts.getTime());
      for (const bad of ['', 'kalshi', 'nowhere:1', Array.from({ length: 101 }, (_, i) => `kalshi:M${i}`).join(',')]) {
        const r = await get(`/api/v1/quotes?markets=${encodeURIComponent(bad)}`);
        assert.equal(r.status, 400, bad.slice(0, 40));
        assert.match(r.body.error, /markets/);
      }
      assert.equal((await get('/api/v1/svc/svc_abcdefgh2345/quotes')).status, 404);
      const free = await issueKey(svc, 'free');
      assert.equal((await svc.request('/api/v1/svc/svc_abcdefgh2345/quotes', { headers: { 'x-api-key': free } })).status, 403);
    });

    it('kalshi daily datasets: gzipped JSONL of the day\'s markets and recorded trades, with Content-Length and resumable ranges', async () => {
      await svc.recorder!.flush();
      const download = async (path: string, headers: Record<string, string> = {}) => {
        const res = await fetch(`${svc.url}${path}`, { headers: { 'x-api-key': key, ...headers } });
        return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
      };
      const yesterday = new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000 - 86_400_000);
      const date = yesterday.toISOString().slice(0, 10);
      const latest = await download('/api/v1/kalshi/datasets/latest');
      assert.equal(latest.status, 200);
      assert.equal(latest.headers.get('content-type'), 'application/gzip');
      assert.equal(latest.headers.get('x-dataset-date'), date);
      assert.equal(Number(latest.headers.get('content-length')), latest.bytes.length);
      const lines = gunzipSync(latest.bytes).toString('utf8').trim().split('\n').map((l) => JSON.parse(l));
      const trades = lines.filter((l) => l.type === 'trade');
      const want = await q<{ trade_id: string }>("SELECT trade_id FROM recorded_trades WHERE exchange = 'kalshi' AND ts >= $1 AND ts < $2 ORDER BY ts, market_id, trade_id", [yesterday, new Date(yesterday.getTime() + 86_400_000)]);
      assert.deepEqual(trades.map((t) => t.id), want.map((r) => r.trade_id), 'every recorded trade of the day, oldest first');
      const markets = lines.filter((l) => l.type === 'market');
      assert.ok(markets.length > 0 && markets.every((m) => m.exchange === 'kalshi' && typeof m.market_id === 'string'));
      // Resuming: the bytes from an offset, and the same file by date.
      const part = await download(`/api/v1/kalshi/datasets/${date}`, { range: 'bytes=10-' });
      assert.equal(part.status, 206);
      assert.deepEqual(part.bytes, latest.bytes.subarray(10));
      assert.equal((await download(`/api/v1/kalshi/datasets/${date}`, { range: `bytes=${latest.bytes.length + 5}-` })).status, 416);
      const today = new Date().toISOString().slice(0, 10);
      assert.equal((await get(`/api/v1/kalshi/datasets/${today}`)).status, 404);
      assert.equal((await get('/api/v1/kalshi/datasets/2026-02-30')).status, 400);
      assert.equal((await get('/api/v1/kalshi/datasets/2020-01-01')).status, 404, 'past retention');
      const other = await get(`/api/v1/polymarket/datasets/${date}`);
      assert.deepEqual([other.status, other.body.error], [404, 'polymarket has no datasets operation']);
    });

    it('kalshi RFQs by id, by market and by day, signed with the service\'s key (the simulator\'s test key)', async () => {
      const [id] = svc.recorder!.tracked('kalshi');
      const byMarket = await get(`/api/v1/kalshi/${id}/rfqs?limit=2`);
      assert.equal(byMarket.status, 200, byMarket.text);
      assert.equal(byMarket.body.count, 2);
      assert.ok(byMarket.body.rfqs.every((r: { market_id: string }) => r.market_id === id));
      const rest = await get(`/api/v1/kalshi/${id}/rfqs?limit=2&cursor=${encodeURIComponent(byMarket.body.next_cursor)}`);
      assert.equal(rest.body.count, 1, 'three RFQs per market in the simulator, across two pages');
      const one = byMarket.body.rfqs[0];
      const again = await get(`/api/v1/kalshi/rfqs/${one.id}`);
      assert.deepEqual(again.body, one);
      const day = one.created_at.slice(0, 10);
      const byDay = (await all(`/api/v1/kalshi/rfqs?date=${day}&limit=100`, 'rfqs')) as { created_at: string }[];
      assert.ok(byDay.length > 0 && byDay.every((r) => r.created_at.startsWith(day)), 'only RFQs created that day');
      assert.ok(byDay.some((r) => (r as { id?: string }).id === one.id));
      assert.equal((await get('/api/v1/kalshi/rfqs/00000000-0000-0000-0000-000000000000')).status, 404);
      assert.equal((await get('/api/v1/kalshi/rfqs?date=yesterday')).status, 400);
      assert.equal((await get('/api/v1/kalshi/rfqs')).status, 400, 'date is required');
      const other = await get('/api/v1/polymarket/rfqs?date=2026-01-01');
      assert.deepEqual([other.status, other.body.error], [404, 'polymarket has no rfqs operation']);
      // Live mode without the service's key: no read is attempted.
      await assert.rejects(new KalshiRfqClient({ restUrl: 'http://127.0.0.1:9', key: null, timeoutMs: 1000 }).rfq('x'), RfqKeyMissingError);
    });

    it('kalshi parlay trades: the combo markets\' trades of a range, newest first, with collection and legs, paged; 400s, empty ranges, a key needed', async () => {
      const end = new Date();
      const start = new Date(end.getTime() - 86_400_000);
      const range = `start=${start.toISOString()}&end=${end.toISOString()}`;
      const combos = ['KXMVECROSSCATEGORY-S2026ABC123-7F3A9', 'KXMVESPORTSMULTIGAMEEXTENDED-S2026DEF456-1B2C3'];
      const want = combos.flatMap((t) => sim('kalshi').activity.trades(t, { startMs: start.getTime(), endMs: end.getTime() })!.map((tr) => ({ t, tr }))).sort((a, b) => b.tr.t - a.tr.t);
      assert.ok(want.length > 3, 'the simulator\'s combos have trades');
      const trades = (await all(`/api/v1/kalshi/parlays/trades?${range}&limit=3`, 'trades')) as { market_id: string; price: number; size: number; timestamp: string; mve_collection_ticker: string; mve_selected_legs: { market_ticker: string; side: string }[] }[];
      assert.deepEqual(trades.map((t) => [t.market_id, Date.parse(t.timestamp), t.size]), want.map((w) => [w.t, w.tr.t, w.tr.size]), 'every combo trade once, newest first, across pages of 3');
      const cross = trades.find((t) => t.market_id === combos[0])!;
      assert.equal(cross.mve_collection_ticker, 'KXMVECROSSCATEGORY-R');
      assert.deepEqual(cross.mve_selected_legs.map((l) => `${l.market_ticker}:${l.side}`), ['KXUSHOUSE2026D-27JAN03-Y:yes', 'KXFEDCUTDEC202-26DEC16-Y:yes']);
      assert.ok(trades.every((t) => t.price > 0 && t.price < 1), 'prices are YES probabilities');
      // Defaults: end now, start a day before; the cursor carries the range, so paging without start/end holds together.
      assert.equal((await all('/api/v1/kalshi/parlays/trades?limit=5', 'trades')).length, want.length);
      const empty = await get('/api/v1/kalshi/parlays/trades?start=2020-01-01&end=2020-01-02');
      assert.deepEqual([empty.status, empty.body], [200, { trades: [], count: 0, next_cursor: null }]);
      for (const [q, field] of [['start=2026-01-02&end=2026-01-01', 'start'], ['start=yesterday', 'start'], ['end=nope', 'end'], ['limit=0', 'limit'], ['limit=1001', 'limit'], ['cursor=garbage', 'cursor']]) {
        const bad = await get(`/api/v1/kalshi/parlays/trades?${q}`);
        assert.equal(bad.status, 400, q);
        assert.match(bad.body.error, new RegExp(`^${field}`), q);
      }
      // A cursor of another range is refused.
      const first = await get(`/api/v1/kalshi/parlays/trades?${range}&limit=1`);
      assert.equal((await get(`/api/v1/kalshi/parlays/trades?start=2020-01-01&limit=1&cursor=${encodeURIComponent(first.body.next_cursor)}`)).status, 400);
      assert.equal((await svc.request('/api/v1/kalshi/parlays/trades')).status, 401, 'a key is needed, as for every recorded-data route');
      const other = await get('/api/v1/polymarket/parlays/trades');
      assert.deepEqual([other.status, other.body.error], [404, 'polymarket has no parlays operation']);
    });

    it('404s naming the operation a venue lacks, and unknown markets', async () => {
      for (const [path, message] of [
        ['/api/v1/limitless/x/deltas', 'limitless has no deltas operation'],
        ['/api/v1/manifold/x/bbo', 'manifold has no bbo operation'],
        ['/api/v1/analytics/predictit/x/analytics', 'predictit has no analytics operation'],
      ]) {
        const res = await get(path);
        assert.equal(res.status, 404, path);
        assert.equal(res.body.error, message);
      }
      const unknown = await get('/api/v1/kalshi/NO-SUCH-TICKER/bbo');
      assert.equal(unknown.status, 404);
      assert.equal((await get('/api/v1/analytics/nowhere/x/bbo')).status, 404);
    });

    it('fills the prices of a polled venue\'s markets (opinion) from its recorded book, and serves its trade history from recorded trades with start, end and cursor', async () => {
      const [id] = svc.recorder!.tracked('opinion');
      await svc.recorder!.flush();
      const [top] = await q<{ best_bid: number; best_ask: number }>('SELECT best_bid, best_ask FROM recorded_top_of_book WHERE market_id = $1 ORDER BY seq DESC LIMIT 1', [id]);
      const [catalog] = await q<{ yes_bid: number | null; yes_ask: number | null }>('SELECT yes_bid, yes_ask FROM markets WHERE exchange = $1 AND market_id = $2', ['opinion', id]);
      const m = await get(`/api/v1/opinion/${id}/market`);
      assert.equal(m.status, 200);
      assert.equal(m.body.yes_bid, catalog.yes_bid ?? top.best_bid);
      assert.equal(m.body.yes_ask, catalog.yes_ask ?? top.best_ask);
      assert.notEqual(m.body.yes_price, null);
      const listed = await get('/api/v1/opinion/markets?limit=1000');
      assert.equal(listed.body.markets.find((x: { market_id: string }) => x.market_id === id).yes_bid, m.body.yes_bid);

      // More trades than the venue's two latest: poll between moves, so each is recorded.
      for (let i = 0; i < 6; i++) {
        sim('opinion').activity.stepMarket(id);
        await new Promise((r) => setTimeout(r, 450));
      }
      // A poll round after the last move (polls every 200 ms), so no trade lands between the reads below.
      await new Promise((r) => setTimeout(r, 800));
      await svc.recorder!.flush();
      const rows = await q<{ trade_id: string; ts: Date }>('SELECT trade_id, ts FROM recorded_trades WHERE market_id = $1 ORDER BY ts DESC, trade_id DESC', [id]);
      assert.ok(rows.length > 2, `more than two trades recorded (${rows.length})`);
      const paged = (await all(`/api/v1/opinion/${id}/tradehistory?limit=2&start=0`, 'trades')) as { id: string; timestamp: string }[];
      assert.deepEqual(paged.map((t) => t.id), rows.map((r) => r.trade_id), 'every recorded trade, newest first, across pages');
      const cut = rows[Math.floor(rows.length / 2)].ts.getTime();
      const fromCut = (await all(`/api/v1/opinion/${id}/tradehistory?limit=100&start=${new Date(cut).toISOString()}`, 'trades')) as { timestamp: string }[];
      assert.equal(fromCut.length, rows.filter((r) => r.ts.getTime() >= cut).length);
      const untilCut = (await all(`/api/v1/opinion/${id}/tradehistory?limit=100&start=0&end=${new Date(cut).toISOString()}`, 'trades')) as { timestamp: string }[];
      assert.equal(untilCut.length, rows.filter((r) => r.ts.getTime() <= cut).length);
    });
  });

  it('retention drops whole day partitions past the retention, and keeps the rest', async () => {
    const day = 86_400_000;
    const now = Date.now();
    const long = new PartitionManager(svc.db.pool, { retentionDays: 365, aheadDays: 1 });
    const store = new RecordedStore(svc.db.pool, long);
    const old = now - 40 * day;
    const recent = now - 2 * day;
    const trade = (ts: number, id: string) => ({ exchange: 'kalshi', market_id: 'RET-TEST', trade_id: id, ts, price: 0.5, size: 1, taker_side: null, outcome: null });
    await store.write({ book: [], trades: [trade(old, 'old'), trade(recent, 'recent')], gaps: [] }, now);
    const oldName = `recorded_trades_p${new Date(old).toISOString().slice(0, 10).replace(/-/g, '')}`;
    assert.ok((await long.partitions('recorded_trades')).includes(oldName));

    const { dropped } = await new PartitionManager(svc.db.pool, { retentionDays: 30, aheadDays: 1 }).maintain(now);
    assert.ok(dropped.includes(oldName), `dropped ${oldName} (${dropped.join(', ')})`);
    assert.ok(!dropped.some((n) => n.endsWith(new Date(recent).toISOString().slice(0, 10).replace(/-/g, ''))), 'recent partitions stay');
    const ids = (await q<{ trade_id: string }>("SELECT trade_id FROM recorded_trades WHERE market_id = 'RET-TEST'")).map((r) => r.trade_id);
    assert.deepEqual(ids, ['recent']);
    // A row older than retention is not written at all (it would land in a dropped day).
    const short = new RecordedStore(svc.db.pool, new PartitionManager(svc.db.pool, { retentionDays: 30, aheadDays: 1 }));
    const r = await short.write({ book: [], trades: [trade(old, 'old-again')], gaps: [] }, now);
    assert.equal(r.tooOld, 1);
    assert.ok(!(await long.partitions('recorded_trades')).includes(oldName), 'no partition re-created for it');
  });
});
