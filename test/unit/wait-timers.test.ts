/** The wait timer member (src/redis/wait-timers.ts): built and parsed back, and foreign members refused. */
import { expect } from 'chai';
import { parseWaitTimer, waitTimerMember, type WaitTimer } from '../../src/redis/wait-timers';

describe('wait timer members', () => {
  it('round-trips a reminder and a deadline', () => {
    const reminder: WaitTimer = { tenantId: 'acme', workflowId: 'wf-1-abc', waitId: 3, stage: 'truth', name: 'reminder:2' };
    const deadline: WaitTimer = { tenantId: 'acme', workflowId: 'wf-1-abc', waitId: 0, stage: 'truth', name: 'deadline' };
    expect(waitTimerMember(reminder)).to.equal('w|acme|wf-1-abc|3|truth|reminder:2');
    expect(waitTimerMember(deadline)).to.equal('w|acme|wf-1-abc|0|truth|deadline');
    expect(parseWaitTimer(waitTimerMember(reminder))).to.deep.equal(reminder);
    expect(parseWaitTimer(waitTimerMember(deadline))).to.deep.equal(deadline);
  });

  it('refuses what is not a wait timer, and will not build one that would not parse', () => {
    for (const member of ['', 'w|acme|wf|x|truth|deadline', 'w|acme|wf|1|truth', 'pd|acme|wf|1|r|1', 'w|acme|wf|1|truth|a|b']) {
      expect(parseWaitTimer(member), member).to.equal(null);
    }
    expect(() => waitTimerMember({ tenantId: 'acme', workflowId: 'wf', waitId: 1, stage: 'truth', name: 'a|b' })).to.throw(/holds \|/);
  });
});
