/**
 * Runs after every other test (test/run-suite.sh runs it on its own once the rest has ended): the log lines the suite's services
 * wrote, in process (test/helpers/harness.ts: at info, or debug where a test collects them) and
 * as child processes, were
 * each read by policy tier 3's PHI recognisers as they arrived (test/helpers/suite-log.ts). None
 * may hold a phone number, e-mail address, Aadhaar, PAN, account, card, date of birth or any
 * other kind of pipeline/data/phi-kinds.json.
 */
import { expect } from 'chai';
import { findPhi } from '../../pipeline/policy-gate/phi-redaction';
import { phiInLogLine, wholeSuiteLog } from '../helpers/suite-log';

describe('log hygiene over the whole suite', () => {
  it('the recognisers find PHI in a log line shaped like the service\'s own', () => {
    // So that "nothing found" below means something: the same reader on a line that leaks.
    const leaking = JSON.stringify({ level: 30, time: 1764023923000, pid: 4242, workflow_id: 'wf-3-1', phone: '+919877700001', msg: 'handed off' });
    expect(findPhi(leaking).map((m) => m.kind)).to.deep.equal(['phone']);
  });

  it('reads a hash reference as a reference, and a raw identifier in a reference field as PHI', () => {
    // 417533772745 is all digits with a valid Verhoeff digit: as a 12-hex reference it is not read.
    expect(phiInLogLine(JSON.stringify({ level: 30, from_ref: '417533772745', msg: 'workflow finished' }))).to.deep.equal([]);
    expect(phiInLogLine(JSON.stringify({ level: 30, from_ref: '+919877700001', msg: 'workflow finished' })).map((f) => f.kind)).to.deep.equal(['phone']);
    expect(phiInLogLine(JSON.stringify({ level: 30, note: '417533772745', msg: 'x' })).map((f) => f.kind)).to.deep.equal(['aadhaar']);
  });

  it('reads a UUID as an id, although its middle groups may look like an Aadhaar number in groups', () => {
    const line = JSON.stringify({ level: 30, jti: '0f1e2d3c-4175-3377-2745-0123456789ab', msg: 'token revoked' });
    expect(findPhi(line).map((m) => m.kind), 'the bare recognisers take it for one').to.deep.equal(['aadhaar']);
    expect(phiInLogLine(line)).to.deep.equal([]);
  });

  it('finds no PHI in any log line the tests before it produced', function () {
    const log = wholeSuiteLog();
    if (log.lines === 0) this.skip(); // run alone: no test before it logged anything
    const report = log.findings.slice(0, 20).map((f) => `${f.kind} in "${f.excerpt}" (${f.test})`);
    expect(report, `${log.findings.length} findings in ${log.lines} lines`).to.deep.equal([]);
  });
});
