/**
 * Every log line the suite's services write, read by policy tier 3's PHI recognisers as it
 * arrives (pipeline/policy-gate/phi-redaction.ts): in-process services through the harness's logger (at
 * info, production's default, or debug where a test collects the lines), child processes
 * through their output. test/hygiene/suite-logs.test.ts runs after the end-to-end
 * tests and asserts nothing was found. Lines are not kept (a long run writes many); what the
 * recognisers find is, with the test that was running.
 */
import { findPhi } from '../../pipeline/policy-gate/phi-redaction';

export interface LogFinding {
  kind: string;
  /** The identifier and a little of the line around it. */
  excerpt: string;
  /** The full title of the test running when the line was written. */
  test: string;
}

export const suiteLog = { lines: 0, findings: [] as LogFinding[], currentTest: '' };

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
  for (const found of phiInLogLine(line)) suiteLog.findings.push({ ...found, test: suiteLog.currentTest });
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
