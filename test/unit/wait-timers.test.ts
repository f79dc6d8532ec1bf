/** The wait timer member (src/redis/wait-timers.ts): built and parsed back, and foreign members refused. */
import { expect } from 'chai';
import { parseWaitTimer, waitTimerMember, type WaitTimer } from '../../src/redis/wait-timers';

describe('wait timer members', () => {
  it('round-trips a reminder and a deadline', () => {
    const reminder: WaitTimer = { tenantId: 'acme', workflowId: 'wf-1-abc', generation: 3, kind: 'reminder', n: 2 };
    const deadline: WaitTimer = { tenantId: 'acme', workflowId: 'wf-1-abc', generation: 0, kind: 'deadline', n: 0 };
    expect(waitTimerMember(reminder)).to.equal('pd|acme|wf-1-abc|3|r|2');
    expect(waitTimerMember(deadline)).to.equal('pd|acme|wf-1-abc|0|t|0');
    expect(parseWaitTimer(waitTimerMember(reminder))).to.deep.equal(reminder);
    expect(parseWaitTimer(waitTimerMember(deadline))).to.deep.equal(deadline);
  });

  it('refuses what is not a wait timer', () => {
    for (const member of ['', 'pd|acme|wf|x|r|1', 'pd|acme|wf|1|q|1', 'retry|acme|wf|1|r|1', 'pd|acme|wf|1|r']) {
      expect(parseWaitTimer(member), member).to.equal(null);
    }
  });
});
