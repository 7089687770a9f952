// The hand-labelled sample of identity links from the simulators' real listings: its scorer, the seeded
// draw that picked it, and the fixture itself (every row labelled with a reason; re-scoring it gives the
// precision reported in bench/HISTORY.md).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { seededSample } from '../../scripts/eval/seeded-sample.js';
import { readSample, scoreSample, type LabelledLink } from '../../scripts/eval/score-sim-sample.js';

const FIXTURE = 'test/fixtures/matching/sim-corpus-sample.jsonl';

const link = (n: number, label: LabelledLink['label'], a = 'kalshi', b = 'polymarket'): LabelledLink => ({
  n, label, reason: 'r', a: { exchange: a, market_id: `a${n}`, title: 't' }, b: { exchange: b, market_id: `b${n}`, title: 't' },
});

describe('matching: the labelled sample of the simulators\' corpus run', () => {
  it('draws the same sample for the same seed, another for another seed, without repeats', () => {
    const items = Array.from({ length: 500 }, (_, i) => i);
    const one = seededSample(items, 100, 7710);
    assert.deepEqual(seededSample(items, 100, 7710), one);
    assert.notDeepEqual(seededSample(items, 100, 7711), one);
    assert.equal(new Set(one).size, 100);
    assert.deepEqual(seededSample(items.slice(0, 5), 100, 1).sort((x, y) => x - y), [0, 1, 2, 3, 4]);
  });

  it('scores precision with its interval and lists the wrong links per venue pair', () => {
    const s = scoreSample([link(1, 'identical'), link(2, 'identical'), link(3, 'related'), link(4, 'identical', 'predictit', 'polymarket')]);
    assert.equal(s.precision, 0.75);
    assert.ok(s.low < 0.75 && s.high > 0.75 && s.low > 0 && s.high <= 1);
    assert.deepEqual(s.wrong.map((w) => w.n), [3]);
    assert.deepEqual(s.byVenuePair.get('kalshi-polymarket'), { links: 3, right: 2 });
    assert.deepEqual(s.byVenuePair.get('polymarket-predictit'), { links: 1, right: 1 });
  });

  it('refuses a row without a label or a reason, naming the line', () => {
    assert.throws(() => readSample(`${JSON.stringify(link(1, 'identical'))}\n${JSON.stringify({ ...link(2, 'identical'), reason: '' })}`, 'x.jsonl'), /x\.jsonl:2: a one-line reason/);
    assert.throws(() => readSample(JSON.stringify({ ...link(1, 'identical'), label: 'same' }), 'x.jsonl'), /x\.jsonl:1: label/);
  });

  it('the committed fixture: distinct predicted links, each labelled with a reason', () => {
    const rows = readSample(readFileSync(FIXTURE, 'utf8'), FIXTURE);
    assert.ok(rows.length >= 50, `${rows.length} rows`);
    const keys = rows.map((r) => [`${r.a.exchange}:${r.a.market_id}`, `${r.b.exchange}:${r.b.market_id}`].sort().join(' '));
    assert.equal(new Set(keys).size, rows.length, 'no link drawn twice');
    for (const r of rows) assert.notEqual(r.a.exchange, r.b.exchange, `#${r.n} links two venues`);
  });
});
