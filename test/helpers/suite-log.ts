/**
 * Every log line the suite's services write, read by policy tier 3's PHI recognisers as it
 * arrives (pipeline/policy-gate/phi-redaction.ts): in-process services through the harness's logger (at
 * info, production's default, or debug where a test collects the lines), child processes
 * through their output. test/hygiene/suite-logs.test.ts runs after the end-to-end
 * tests and asserts nothing was found. Lines are not kept (a long run writes many); what the
 * recognisers find is, with the test that was running.
 */
import { appendFileSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findPhi } from '../../pipeline/policy-gate/phi-redaction';

export interface LogFinding {
  kind: string;
  /** The identifier and a little of the line around it. */
  excerpt: string;
  /** The full title of the test running when the line was written. */
  test: string;
}

export const suiteLog = { lines: 0, findings: [] as LogFinding[], currentTest: '' };

/**
 * In parallel mode (test/run-suite.sh) each test file runs in one of several worker processes, and
 * the hygiene test runs after all of them in a run of its own: what each worker read is appended
 * to a file of its own under TEST_LOG_FINDINGS_DIR (a finding as it is found, the line count at
 * the end of each file) and the hygiene test adds those files up.
 */
const findingsDir = process.env.TEST_LOG_FINDINGS_DIR;
const findingsFile = findingsDir ? join(findingsDir, `${process.pid}.jsonl`) : null;
if (findingsDir) mkdirSync(findingsDir, { recursive: true });

/** Root `afterAll`: writes the lines read since the last call (parallel mode only). */
export function flushSuiteLog(): void {
  if (!findingsFile || suiteLog.lines === 0) return;
  appendFileSync(findingsFile, `${JSON.stringify({ lines: suiteLog.lines })}\n`);
  suiteLog.lines = 0;
}

/** Every line and finding of the run: this process's, and in parallel mode every worker's. */
export function wholeSuiteLog(): { lines: number; findings: LogFinding[] } {
  const total = { lines: suiteLog.lines, findings: [...suiteLog.findings] };
  if (!findingsDir) return total;
  for (const name of readdirSync(findingsDir).filter((n) => n.endsWith('.jsonl'))) {
    for (const line of readFileSync(join(findingsDir, name), 'utf8').split('\n').filter(Boolean)) {
      const row = JSON.parse(line) as { lines?: number; finding?: LogFinding };
      total.lines += row.lines ?? 0;
      if (row.finding) total.findings.push(row.finding);
    }
  }
  return total;
}

// A hash reference (`from_ref`, `claim_ref`: 12 hex characters of an HMAC, src/phi.ts) is what
// a log line should hold. One in about 4,300 is all digits with a valid Verhoeff check digit and
// would read as an Aadhaar number, so references of that exact form are not read.
const hashReference = /"([a-z_]*_ref)":"[0-9a-f]{12}"/g;

// A UUID (token `jti`, Idempotency-Key, event id) is random: its three middle groups are all
// digits about once in 280 UUIDs, and one in ten of those has a valid Verhoeff digit and reads as
// an Aadhaar number written in groups (`4175-3377-2745`). UUIDs are ids, never PHI: not read.
const uuid = /(?<![0-9a-f])[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?![0-9a-f])/gi;

/** What the recognisers find in one log line: each kind, with a little of the line around it. */
export function phiInLogLine(line: string): Array<{ kind: string; excerpt: string }> {
  const read = line.replace(hashReference, '"$1":""').replace(uuid, 'uuid');
  return findPhi(read).map((m) => ({ kind: m.kind, excerpt: read.slice(Math.max(0, m.start - 40), m.end + 40) }));
}

/** Reads one log line with the recognisers and keeps what they find. */
export function readLogLine(line: string): void {
  suiteLog.lines += 1;
  for (const found of phiInLogLine(line)) {
    const finding = { ...found, test: suiteLog.currentTest };
    if (findingsFile) appendFileSync(findingsFile, `${JSON.stringify({ finding })}\n`);
    else suiteLog.findings.push(finding);
  }
}

/** Reads a child process's output: its JSON log lines (pino's, one object a line); a chunk may
 *  end mid-line, so the rest waits for the next one. Banners such as `npm start` prints are not
 *  log lines and are left out. */
export function logLineReader(): (chunk: Buffer | string) => void {
  let rest = '';
  return (chunk) => {
    const text = rest + chunk.toString();
    const lines = text.split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) if (line.startsWith('{"level":')) readLogLine(line);
  };
}
