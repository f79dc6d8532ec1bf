#!/usr/bin/env bash
# The suite as `npm test` runs it (after the type checks): every test file in parallel worker
# processes (.mocharc.yml: `parallel`, `jobs`), then the log hygiene check on its own, since it
# reads what every worker's services logged (test/helpers/suite-log.ts). The counts of both runs
# end in .test-results.json, which .ci/run prints.
set -uo pipefail
cd "$(dirname "$0")/.."

export TEST_LOG_FINDINGS_DIR="${TEST_LOG_FINDINGS_DIR:-$(mktemp -d -t cw-test-logs-XXXXXX)}"
rm -f .test-results.json

# The longest files first, longest first (each took 1 to 7.5 minutes of a busy 2-core machine
# timed alone, three at a time), then the rest, e2e before integration before unit: the workers
# take files in this order, and a long file started late would end the run alone. The
# 10,000-workflow scale test and the durability test (every process killed and started again,
# on one server and on a cluster) are each about half the run's length, so they start at once.
longest=(
  test/e2e/pending-documents-scale.test.ts
  test/e2e/pending-documents-durability.test.ts
  test/e2e/crash-recovery.test.ts
  test/e2e/handover-crash.test.ts
  test/e2e/dist-build.test.ts
  test/e2e/npm-start.test.ts
  test/integration/audit-verify-archived.test.ts
  test/integration/archive.test.ts
  test/e2e/operational-modes.test.ts
  test/integration/ops-credentials.test.ts
  test/e2e/archiver-crash.test.ts
  test/integration/ops.test.ts
  test/integration/pentest-regressions.test.ts
)
shopt -s globstar nullglob
files=("${longest[@]}")
for f in test/e2e/**/*.test.ts test/integration/**/*.test.ts test/unit/**/*.test.ts; do
  [[ " ${longest[*]} " == *" $f "* ]] || files+=("$f")
done
npx mocha "${files[@]}" "$@"
suite=$?
# A runner that died before its end wrote no counts: that is a failure, not an empty pass.
[ "$suite" -ne 0 ] && [ ! -f .test-results.json ] && echo '{"passed":0,"failed":1,"skipped":0}' > .test-results.json

TEST_RESULTS_APPEND=1 npx mocha --no-parallel 'test/hygiene/**/*.test.ts'
hygiene=$?

rm -rf "$TEST_LOG_FINDINGS_DIR"
[ "$suite" -ne 0 ] && exit "$suite"
exit "$hygiene"
