/**
 * PhiRefs (src/phi.ts): the keyed references of PHI in log lines. Operators correlate a claimant's
 * lines by them, so a number's reference must not change while the service runs, however many
 * other numbers it referenced meanwhile (the references it keeps at hand are emptied when full).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { PhiRefs } from '../../src/phi';

describe('PhiRefs', () => {
  it('gives a number the same reference before and after thousands of others, and the HMAC under the key', () => {
    const key = randomBytes(32);
    const refs = new PhiRefs(key);
    const first = refs.of('+919812345678');
    for (let i = 0; i < 10_000; i += 1) refs.of(`+91980000${String(i).padStart(4, '0')}`);
    expect(refs.of('+919812345678')).to.equal(first);
    expect(first).to.equal(createHmac('sha256', key).update('+919812345678').digest('hex').slice(0, 12));
  });

  it('gives different numbers different references, and another key other ones', () => {
    const refs = new PhiRefs(randomBytes(32));
    expect(refs.of('+919812345678')).to.not.equal(refs.of('+919812345679'));
    expect(new PhiRefs(randomBytes(32)).of('+919812345678')).to.not.equal(refs.of('+919812345678'));
  });
});
