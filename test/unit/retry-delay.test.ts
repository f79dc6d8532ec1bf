/**
 * Retry backoff: a failing CMS or provider is tried again after a delay that doubles per attempt,
 * is capped, and is spread by jitter so many workflows do not retry in lockstep.
 */
import { expect } from 'chai';
import { retryDelay } from '../../src/runtime/handoff-ops';

describe('retryDelay', () => {
  const low = () => 0;
  const mid = () => 0.5;
  const high = () => 0.999999;

  it('doubles per attempt from the base delay', () => {
    expect([0, 1, 2, 3].map((a) => retryDelay(a, 500, 60000, mid))).to.deep.equal([500, 1000, 2000, 4000]);
  });

  it('stays within 80% and 120% of the nominal delay, and never past the maximum', () => {
    for (let attempt = 0; attempt < 8; attempt++) {
      const nominal = Math.min(60000, 500 * 2 ** attempt);
      expect(retryDelay(attempt, 500, 60000, low)).to.equal(Math.round(nominal * 0.8));
      const highest = retryDelay(attempt, 500, 60000, high);
      expect(highest).to.be.at.most(Math.min(60000, Math.round(nominal * 1.2)));
      if (nominal * 1.2 < 60000) expect(highest).to.be.above(nominal);
    }
  });

  it('caps the delay at the maximum, jitter included', () => {
    expect(retryDelay(30, 500, 60000, mid)).to.equal(60000);
    expect(retryDelay(30, 500, 60000, high)).to.equal(60000);
    expect(retryDelay(30, 500, 60000, low)).to.equal(48000);
  });

  it('varies between calls with the real random source', () => {
    const delays = new Set(Array.from({ length: 50 }, () => retryDelay(4, 500, 60000)));
    expect(delays.size).to.be.greaterThan(1);
    for (const d of delays) expect(d).to.be.within(6400, 9600);
  });
});
