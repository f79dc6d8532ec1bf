// Mocha reporter: the usual spec output, plus the real counts written to .test-results.json so
// that .ci/run can print "N passed, N failed, N skipped" without parsing mocha's summary.
'use strict';
const fs = require('node:fs');
const Mocha = require('mocha');

class SummaryReporter extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    const counts = { passed: 0, failed: 0, skipped: 0 };
    runner.on('pass', () => { counts.passed += 1; });
    runner.on('fail', () => { counts.failed += 1; });
    runner.on('pending', () => { counts.skipped += 1; });
    runner.once('end', () => {
      fs.writeFileSync('.test-results.json', JSON.stringify(counts));
    });
  }
}
module.exports = SummaryReporter;
