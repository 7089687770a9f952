// `npm run match:pairs` and `npm run eval:matching` as users run them: the real scripts, the real
// embedding model, temp files. Bad lines are named by number on stderr, the rest is still scored, and
// the exit code says a line was bad.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureTestModel, TEST_MODEL_DIR } from '../embeddings/model-for-tests.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function runScript(script: string, args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(TSX, [path.join(ROOT, script), ...args], { cwd: ROOT, env: { ...process.env, MODEL_DIR: TEST_MODEL_DIR } }, (err, stdout, stderr) => {
      const code = err ? ((err as { code?: number }).code ?? 1) : 0;
      resolve({ code: typeof code === 'number' ? code : 1, stdout, stderr });
    });
  });
}

const pair = (id: string | number, a: object, b: object) => JSON.stringify({ id, a, b });

describe('matching: match:pairs script', function () {
  this.timeout(180_000);
  let dir: string;

  before(async () => {
    await ensureTestModel();
    dir = mkdtempSync(path.join(os.tmpdir(), 'match-pairs-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('scores good lines, names each bad line by number, and exits 1', async () => {
    const input = path.join(dir, 'in.jsonl');
    writeFileSync(
      input,
      [
        pair('same', { exchange: 'kalshi', title: 'Will Bitcoin reach $82,500 in July 2026?' }, { exchange: 'polymarket', title: 'Will BTC reach 82pt5k in July 2026?' }),
        '{"id": "broken", "a": ',
        pair('no-title', { exchange: 'kalshi' }, { exchange: 'polymarket', title: 'Will BTC reach 80k in July 2026?' }),
        '',
        pair('strike', { exchange: 'kalshi', title: 'Will Bitcoin reach $82,500 in July 2026?' }, { exchange: 'polymarket', title: 'Will Bitcoin reach $80k in July 2026?' }),
        pair('no-exchange', { title: 'Will the Fed cut rates in March?' }, { exchange: 'polymarket', title: 'Fed rate cut in March?' }),
        pair(
          'other',
          { exchange: 'kalshi', title: 'Will it snow in Chicago on Christmas Day 2026?', close_time: '2026-12-26T00:00:00Z' },
          { exchange: 'polymarket', title: 'Will OpenAI release GPT-6 in 2026?', rules: 'Resolves Yes if OpenAI releases a model called GPT-6 before the end of 2026.' },
        ),
      ].join('\n') + '\n',
    );
    const run = await runScript('scripts/match-pairs.ts', [input]);
    assert.equal(run.code, 1, run.stderr);
    assert.match(run.stderr, /in\.jsonl:2: skipped: invalid JSON/);
    assert.match(run.stderr, /in\.jsonl:3: skipped: a\.title: title is required/);
    assert.match(run.stderr, /in\.jsonl:6: skipped: a\.exchange: exchange is required/);
    assert.match(run.stderr, /3 bad line\(s\) skipped/);

    const out = run.stdout.trim().split('\n').map((l) => JSON.parse(l) as { id: string; relation: string; confidence: number; reasons: string[] });
    assert.deepEqual(out.map((o) => o.id), ['same', 'strike', 'other']);
    assert.equal(out[0].relation, 'identical');
    assert.equal(out[1].relation, 'related');
    assert.ok(out[1].reasons.some((r) => r.includes('veto: strike')), out[1].reasons.join('; '));
    assert.equal(out[2].relation, 'different');
    for (const o of out) {
      assert.ok(o.confidence >= 0 && o.confidence <= 1);
      assert.ok(o.reasons.length > 0);
    }
  });

  it('writes OUT.jsonl when given and exits 0 when every line is good', async () => {
    const input = path.join(dir, 'good.jsonl');
    const output = path.join(dir, 'out.jsonl');
    writeFileSync(input, pair(7, { exchange: 'kalshi', title: 'Will the Fed cut rates in December 2025?' }, { exchange: 'polymarket', title: 'FOMC rate cut in December 2025?' }) + '\n');
    const run = await runScript('scripts/match-pairs.ts', [input, output]);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout, '');
    const lines = readFileSync(output, 'utf8').trim().split('\n');
    assert.equal(lines.length, 1);
    const v = JSON.parse(lines[0]) as { id: string; relation: string };
    assert.equal(v.id, '7');
    assert.equal(v.relation, 'identical');
  });
});

describe('matching: eval:matching script', function () {
  this.timeout(180_000);
  let dir: string;

  before(async () => {
    await ensureTestModel();
    dir = mkdtempSync(path.join(os.tmpdir(), 'eval-matching-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('reports precision, recall and the confusion matrix of a tiny set, and skips absent shared data', async () => {
    const set = path.join(dir, 'tiny.jsonl');
    const line = (id: string, split: string, label: string, a: string, b: string) =>
      JSON.stringify({ id, split, label, reason: 'test', a: { exchange: 'kalshi', title: a }, b: { exchange: 'polymarket', title: b } });
    writeFileSync(
      set,
      [
        line('d1', 'dev', 'identical', 'Will Bitcoin reach $82,500 in July 2026?', 'Will BTC reach 82pt5k in July 2026?'),
        line('d2', 'dev', 'related', 'Will Bitcoin reach $82,500 in July 2026?', 'Will Bitcoin reach $80k in July 2026?'),
        // Labelled identical on purpose although it is another strike: the harness must count the miss.
        line('d3', 'dev', 'identical', 'Will Bitcoin reach $90k in July 2026?', 'Will Bitcoin reach $80k in July 2026?'),
        line('t1', 'test', 'identical', 'Will the Fed cut rates in December 2025?', 'FOMC rate cut in December 2025?'),
        line('t2', 'test', 'different', 'Will it snow in Chicago on Christmas Day 2026?', 'Will OpenAI release GPT-6 in 2026?'),
        line('u1', 'test2', 'related', 'Will Bitcoin reach $82,500 in July 2026?', 'Will Bitcoin reach $80k in July 2026?'),
      ].join('\n') + '\n',
    );
    const run = await runScript('scripts/eval-matching.ts', ['--set', set, '--data', path.join(dir, 'no-shared-data')]);
    assert.equal(run.code, 0, run.stderr);
    // dev: 1 true link, 0 false links, 1 missed link -> precision 1, recall 0.5.
    assert.match(run.stdout, /\| dev, with rules \| 3 \| 1\.000 \| 0\.500 \| 0\.667 \| 0\.667 \|/);
    assert.match(run.stdout, /\| test \(old held-out half\), titles only \| 2 \| 1\.000 \| 1\.000 \| 1\.000 \| 1\.000 \|/);
    // Each split on its own rows: test2's one pair is another strike, judged related (no link expected, none made).
    assert.match(run.stdout, /\| test2 \(held out\), with rules \| 1 \| 1\.000 \| 1\.000 \| 1\.000 \| 1\.000 \|/);
    assert.match(run.stdout, /\| identical \| 1 \| 1 \| 0 \|/);
    assert.match(run.stdout, /- d3: label identical, predicted related/);
    assert.match(run.stdout, /skipped: .*no-shared-data.* not found/);
  });
});
