// The stream fan-out's NOTIFY framing (src/ws/cluster/wire.ts): records packed under the 8000-byte
// payload limit, larger ones cut into chunks and put back together, in order, whatever the characters.
import assert from 'node:assert/strict';
import { encodeRecord, NOTIFY_PAYLOAD_BYTES, packRecords, RecordReader } from '../../src/ws/cluster/wire.js';

let n = 0;
const chunkId = (): string => `test:${++n}`;

describe('stream fan-out wire format', () => {
  it('packs small records several to a payload, every payload under the limit, and reads them back in order', () => {
    const records = Array.from({ length: 100 }, (_, i) => encodeRecord({ k: 'U', m: `M-${i}`, s: i }, JSON.stringify({ kalshi_id: `M-${i}`, price: 0.5, seq: i, pad: 'x'.repeat(150) })));
    const payloads = packRecords(records, chunkId);
    assert.ok(payloads.length > 1 && payloads.length < records.length, `${payloads.length} payloads for 100 records`);
    for (const p of payloads) assert.ok(Buffer.byteLength(p) <= NOTIFY_PAYLOAD_BYTES, `payload of ${Buffer.byteLength(p)} bytes`);
    const reader = new RecordReader();
    const back = payloads.flatMap((p) => reader.read(p));
    assert.deepEqual(back.map((r) => r.head.s), records.map((_, i) => i));
    assert.equal(back[7].body, JSON.parse(`[${JSON.stringify(back[7].body)}]`)[0]);
    assert.equal(encodeRecord(back[42].head, back[42].body), records[42]);
  });

  it('cuts a record over the limit (a 512 KB book, multi-byte text) into chunks and joins them exactly', () => {
    const big = JSON.stringify({ kalshi_id: 'BIG', bid_side: Array.from({ length: 60_000 }, (_, i) => i * 1.5), note: 'é€😀'.repeat(3_000) });
    assert.ok(big.length > 300_000);
    const records = [encodeRecord({ k: 'U', m: 'A' }, 'small'), encodeRecord({ k: 'U', m: 'BIG' }, big), encodeRecord({ k: 'U', m: 'C' }, 'after')];
    const payloads = packRecords(records, chunkId);
    for (const p of payloads) {
      assert.ok(Buffer.byteLength(p) <= NOTIFY_PAYLOAD_BYTES);
      assert.ok(!p.includes('\uFFFD') && Buffer.from(p).toString('utf8') === p, 'no character cut in half');
    }
    const reader = new RecordReader();
    const back = payloads.flatMap((p) => reader.read(p));
    assert.deepEqual(back.map((r) => r.head.m), ['A', 'BIG', 'C']);
    assert.equal(back[1].body, big);
    assert.equal(reader.pending, 0);
  });

  it('drops an incomplete chunked record after its time and skips lines that are not records', () => {
    let now = 0;
    const reader = new RecordReader(1_000, () => now);
    const payloads = packRecords([encodeRecord({ k: 'U' }, 'y'.repeat(20_000))], chunkId);
    assert.ok(payloads.length >= 3);
    assert.deepEqual(reader.read(payloads[0]), []);
    assert.equal(reader.pending, 1);
    now = 5_000;
    // A new chunked record expires the stale one; garbage lines are ignored.
    const next = packRecords([encodeRecord({ k: 'U', m: 'next' }, 'z'.repeat(9_000))], chunkId);
    assert.deepEqual(reader.read(`not a record\n{"broken\t"x"`), []);
    const got = next.flatMap((p) => reader.read(p));
    assert.equal(got.length, 1);
    assert.equal(got[0].head.m, 'next');
    assert.equal(reader.pending, 0);
  });
});
