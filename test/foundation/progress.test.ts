// The scripts' progress bars and summaries: no "NFs" for an unknown time left (cli-progress's
// `{eta_formatted}` cuts its "INF" to two characters), a bar that ends its line when stopped, and
// summaries as aligned text rather than console.table's box of quoted strings.
import assert from 'node:assert/strict';
import { etaText, formatDuration, formatTable, progressBar } from '../../src/util/progress.js';
import { progressBar as searchScriptProgress } from '../../scripts/lib/search-script-support.js';

/** Runs `fn` with process.stdout's and process.stderr's writes captured (and not printed). */
async function captured(fn: () => Promise<void> | void): Promise<string> {
  let out = '';
  const streams = [process.stdout, process.stderr];
  const writes = streams.map((s) => s.write);
  for (const s of streams) {
    s.write = ((chunk: string | Uint8Array) => {
      out += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString();
      return true;
    }) as typeof s.write;
  }
  try {
    await fn();
  } finally {
    streams.forEach((s, i) => (s.write = writes[i]));
  }
  return out;
}

describe('progress bars and summaries of the scripts', () => {
  it('says nothing of the time left until the rate is known, then a clean duration', () => {
    assert.equal(etaText(100, 0), '');
    assert.equal(etaText(100, Number.NaN), '');
    assert.equal(etaText(100, Infinity), '');
    assert.equal(etaText(0, 5), '');
    assert.equal(etaText(120, 2), 'ETA 1m00s');
    assert.equal(formatDuration(3725), '1h02m');
    assert.equal(formatDuration(9.6), '10s');
  });

  it('prints no "NFs" (nor INF, NULL) when nothing has moved yet, and ends its line when stopped', async () => {
    for (const make of [() => progressBar('work |{bar}| {value}/{total} {time_left}'), () => null]) {
      const out = await captured(async () => {
        const bar = make();
        if (bar) {
          bar.start(100, 0);
          bar.update(0);
          bar.stop();
          bar.stop();
        } else {
          // The search scripts' bar (create-indices, reindex, check-index).
          const p = searchScriptProgress();
          p.start(100, 'index');
          p.update(0);
          p.stop();
        }
      });
      assert.ok(out.length > 0, 'the bar printed its state');
      assert.doesNotMatch(out, /NFs|INF|NULL|LLs/, JSON.stringify(out));
      assert.ok(out.endsWith('\n'), `the line is ended: ${JSON.stringify(out)}`);
    }
  });

  it('prints summaries as an aligned table, numbers right-aligned', () => {
    const table = formatTable([
      { exchange: 'kalshi', pages: 3, error: '' },
      { exchange: 'polymarket', pages: 120, error: 'timeout' },
    ]);
    assert.equal(table, ['exchange    pages  error', '----------  -----  -------', 'kalshi          3', 'polymarket    120  timeout'].join('\n'));
    assert.equal(formatTable([]), '(none)');
  });
});
