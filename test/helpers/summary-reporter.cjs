// Mocha reporter: the usual spec output, plus the real counts written to .test-results.json so
// that .ci/run can print "N passed, N failed, N skipped" without parsing mocha's summary.
// test/run-suite.sh runs mocha twice (the suite in parallel, then the log hygiene check): with
// TEST_RESULTS_APPEND=1 the second run adds its counts to the first's.
'use strict';
const fs = require('node:fs');
const Mocha = require('mocha');

const resultsFile = '.test-results.json';

class SummaryReporter extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    const counts = { passed: 0, failed: 0, skipped: 0 };
    runner.on('pass', () => { counts.passed += 1; });
    runner.on('fail', () => { counts.failed += 1; });
    runner.on('pending', () => { counts.skipped += 1; });
    runner.once('end', () => {
      if (process.env.TEST_RESULTS_APPEND === '1' && fs.existsSync(resultsFile)) {
        const earlier = JSON.parse(fs.readFileSync(resultsFile, 'utf8'));
        for (const k of Object.keys(counts)) counts[k] += earlier[k] ?? 0;
      }
      fs.writeFileSync(resultsFile, JSON.stringify(counts));
    });
  }
}
module.exports = SummaryReporter;
