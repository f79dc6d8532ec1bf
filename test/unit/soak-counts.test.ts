/**
 * What `npm run soak` counts and how its chaos is drawn (bench/soak.ts, bench/soak-chaos.ts):
 * replies and ledger events per message, over the workflows that took the message in, and the
 * seeded generator that makes a run's kills repeatable.
 */
import { expect } from 'chai';
import { countPerGroup, sendWorkflowIds } from '../helpers/reply-counts';
import { seededRandom } from '../../bench/bench-support';

describe('soak counts per message', () => {
  const groups = new Map<string, ReadonlySet<string>>([
    ['m1', new Set(['wf-a'])],
    ['m2', new Set(['wf-b'])],
    // A redelivery that started a second workflow (its dedupe marker lost): one message, two workflows.
    ['m3', new Set(['wf-c', 'wf-d'])],
    ['m4', new Set(['wf-e'])],
  ]);

  it('counts each message once, none, or twice or more, with the extra hits, and ignores hits of other workflows', () => {
    const sends = sendWorkflowIds(['wf-a:1', 'wf-b:1', 'wf-b:1', 'wf-c:1', 'wf-d:1', 'wf-consent:1', undefined]);
    expect(countPerGroup(groups, sends)).to.deep.equal({ groups: 4, once: 1, none: 1, twiceOrMore: 2, extra: 2 });
  });

  it('all answered once is all once', () => {
    expect(countPerGroup(groups, ['wf-a', 'wf-b', 'wf-d', 'wf-e'])).to.deep.equal({ groups: 4, once: 4, none: 0, twiceOrMore: 0, extra: 0 });
  });
});

describe('soak chaos: seeded draws', () => {
  it('the same seed draws the same numbers in [0, 1), another seed others', () => {
    const draw = (seed: number) => { const r = seededRandom(seed); return Array.from({ length: 50 }, () => r()); };
    expect(draw(7)).to.deep.equal(draw(7));
    expect(draw(7)).to.not.deep.equal(draw(8));
    expect(draw(7).every((x) => x >= 0 && x < 1)).to.equal(true);
  });
});
