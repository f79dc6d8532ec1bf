#!/usr/bin/env bash
# The suite as `npm test` runs it (after the type checks): every test file in parallel worker
# processes (.mocharc.yml: `parallel`, `jobs`), then the log hygiene check on its own, since it
# reads what every worker's services logged (test/helpers/suite-log.ts). The counts of both runs
# end in .test-results.json, which .ci/run prints.
set -uo pipefail
cd "$(dirname "$0")/.."

export TEST_LOG_FINDINGS_DIR="${TEST_LOG_FINDINGS_DIR:-$(mktemp -d -t cw-test-logs-XXXXXX)}"
rm -f .test-results.json

# e2e first: its files run longest, and a long file started last would end the run alone.
npx mocha 'test/e2e/**/*.test.ts' 'test/integration/**/*.test.ts' 'test/unit/**/*.test.ts' "$@"
suite=$?
# A runner that died before its end wrote no counts: that is a failure, not an empty pass.
[ "$suite" -ne 0 ] && [ ! -f .test-results.json ] && echo '{"passed":0,"failed":1,"skipped":0}' > .test-results.json

TEST_RESULTS_APPEND=1 npx mocha --no-parallel 'test/hygiene/**/*.test.ts'
hygiene=$?

rm -rf "$TEST_LOG_FINDINGS_DIR"
[ "$suite" -ne 0 ] && exit "$suite"
exit "$hygiene"
