// Mocha's spec reporter, plus each test file's wall time written as JSON to the path given as
// `--reporter-option timings=<path>` (when given): scripts/test-suite.ts uses the times to split the files into
// shards of equal length. CommonJS because mocha loads reporters with require().
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const Mocha = require('mocha');

const { EVENT_SUITE_BEGIN, EVENT_SUITE_END, EVENT_RUN_END } = Mocha.Runner.constants;

class TimedSpecReporter extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    const out = options && options.reporterOptions && options.reporterOptions.timings;
    if (!out) return;
    const started = new Map();
    const seconds = {};
    const fileOf = (suite) => (suite.file ? path.relative(process.cwd(), suite.file) : undefined);
    runner.on(EVENT_SUITE_BEGIN, (suite) => {
      const file = fileOf(suite);
      if (file && suite.parent && suite.parent.root && !started.has(file)) started.set(file, Date.now());
    });
    runner.on(EVENT_SUITE_END, (suite) => {
      const file = fileOf(suite);
      if (file && suite.parent && suite.parent.root && started.has(file)) {
        // a file with several top-level suites: the time from its first suite's start to its last one's end
        seconds[file] = Math.round((Date.now() - started.get(file)) / 100) / 10;
      }
    });
    runner.once(EVENT_RUN_END, () => {
      fs.writeFileSync(out, JSON.stringify(seconds, null, 2) + '\n');
    });
  }
}

module.exports = TimedSpecReporter;
