/** The webhook retry schedule (Svix's) and how Retry-After moves it. */
import { expect } from 'chai';
import { maxAttempts, nextAttemptAt, parseRetryAfter } from '../../src/webhooks/retry-schedule';

const s = 1000;
const m = 60 * s;
const h = 60 * m;

describe('webhook retry schedule', () => {
  it('is immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h: eight attempts', () => {
    expect(maxAttempts).to.equal(8);
    const waits = [1, 2, 3, 4, 5, 6, 7].map((made) => nextAttemptAt(made, 0, null));
    expect(waits).to.deep.equal([5 * s, 5 * m, 30 * m, 2 * h, 5 * h, 10 * h, 10 * h]);
    expect(nextAttemptAt(8, 0, null)).to.equal(null);
  });

  it('takes Retry-After when it is later than the schedule, up to a day', () => {
    expect(nextAttemptAt(1, 1000, 120 * s)).to.equal(1000 + 120 * s);
    expect(nextAttemptAt(2, 0, 10 * s), 'earlier than 5 min: the schedule wins').to.equal(5 * m);
    expect(nextAttemptAt(1, 0, 30 * 24 * h)).to.equal(24 * h);
    expect(nextAttemptAt(8, 0, 10 * s)).to.equal(null);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    const now = Date.UTC(2026, 0, 1, 12, 0, 0);
    expect(parseRetryAfter('120', now)).to.equal(120 * s);
    expect(parseRetryAfter(' 0 ', now)).to.equal(0);
    expect(parseRetryAfter('Thu, 01 Jan 2026 13:00:00 GMT', now)).to.equal(h);
    expect(parseRetryAfter('Thu, 01 Jan 2026 11:00:00 GMT', now), 'a past date').to.equal(0);
    expect(parseRetryAfter(['60', '90'], now)).to.equal(60 * s);
    for (const bad of [undefined, '', 'soon', '-5', '1.5']) expect(parseRetryAfter(bad, now), String(bad)).to.equal(null);
  });
});
