/**
 * The bootstrap interval `npm run bench:audit-verify` prints for a p99 difference
 * (bench/bench-support.ts): it must contain 0 when nothing changed, exclude it when the tail
 * moved, and give the same answer for the same seed.
 */
import { expect } from 'chai';
import { percentileDifference, seededRandom } from '../../bench/bench-support';

/** `count` one-second blocks of 50 latencies drawn from a skewed distribution, shifted by `shift` ms. */
function blocks(seed: number, count: number, shift = 0): number[][] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => Array.from({ length: 50 }, () => 3 + shift - 2 * Math.log(1 - random())));
}

describe('bench p99 difference interval', () => {
  it('contains 0 for two samples of the same distribution (A/A)', () => {
    const d = percentileDifference(blocks(1, 40), blocks(2, 40), 99);
    expect(d.low).to.be.at.most(0);
    expect(d.high).to.be.at.least(0);
  });

  it('excludes 0 when the tail moved by 5 ms, and its observed difference is near 5 ms', () => {
    const d = percentileDifference(blocks(1, 40), blocks(2, 40, 5), 99);
    expect(d.low).to.be.above(0);
    expect(d.observed).to.be.within(2, 8);
  });

  it('is the same for the same seed', () => {
    const a = blocks(3, 20);
    const b = blocks(4, 20);
    expect(percentileDifference(a, b, 99, { seed: 7 })).to.deep.equal(percentileDifference(a, b, 99, { seed: 7 }));
  });
});
