/**
 * Every log line the suite's services write, read by policy tier 3's PHI recognisers as it
 * arrives (pipeline/phi-redaction.ts): in-process services through the harness's logger (at
 * info, production's default, or debug where a test collects the lines), child processes
 * through their output. test/hygiene/suite-logs.test.ts runs after the end-to-end
 * tests and asserts nothing was found. Lines are not kept (a long run writes many); what the
 * recognisers find is, with the test that was running.
 */
import { findPhi } from '../../pipeline/phi-redaction';

export interface LogFinding {
  kind: string;
  /** The identifier and a little of the line around it. */
  excerpt: string;
  /** The full title of the test running when the line was written. */
  test: string;
}

export const suiteLog = { lines: 0, findings: [] as LogFinding[], currentTest: '' };

/** Reads one log line with the recognisers. */
export function readLogLine(line: string): void {
  suiteLog.lines += 1;
  for (const m of findPhi(line)) {
    suiteLog.findings.push({ kind: m.kind, excerpt: line.slice(Math.max(0, m.start - 40), m.end + 40), test: suiteLog.currentTest });
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
