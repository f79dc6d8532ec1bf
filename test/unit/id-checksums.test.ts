/**
 * Luhn (cards) and Verhoeff (Aadhaar): published check values, and the errors each is there to
 * catch, over generated numbers.
 */
import { expect } from 'chai';
import fc from 'fast-check';
import { luhnValid, verhoeffValid } from '../../pipeline/policy-gate/id-checksums';

/** The Verhoeff check digit that makes `body` valid (by trying each: the tables are in the module). */
const withVerhoeff = (body: string): string => body + [...'0123456789'].find((d) => verhoeffValid(body + d))!;

describe('id checksums', () => {
  it('Luhn accepts the published examples and rejects them with a digit changed', () => {
    for (const n of ['79927398713', '4111111111111111', '5500000000000004', '378282246310005']) expect(luhnValid(n), n).to.equal(true);
    for (const n of ['79927398710', '4111111111111112', '5500000000000005']) expect(luhnValid(n), n).to.equal(false);
    expect(luhnValid('')).to.equal(false);
    expect(luhnValid('4111 1111')).to.equal(false);
  });

  it('Verhoeff accepts the published example (236 -> 2363) and rejects its neighbours', () => {
    expect(verhoeffValid('2363')).to.equal(true);
    for (const n of ['2360', '2361', '2362', '2364', '3263', '2633']) expect(verhoeffValid(n), n).to.equal(false);
  });

  it('Verhoeff catches every single-digit error and every swap of two different adjacent digits', () => {
    fc.assert(fc.property(fc.stringMatching(/^[2-9]\d{10}$/), fc.nat(11), fc.integer({ min: 1, max: 9 }), (body, at, delta) => {
      const id = withVerhoeff(body);
      const changed = id.slice(0, at) + String((Number(id[at]) + delta) % 10) + id.slice(at + 1);
      expect(verhoeffValid(id)).to.equal(true);
      expect(verhoeffValid(changed), `${id} -> ${changed}`).to.equal(false);
      if (id[at] !== id[at + 1] && at < 11) {
        const swapped = id.slice(0, at) + id[at + 1] + id[at] + id.slice(at + 2);
        expect(verhoeffValid(swapped), `${id} -> ${swapped}`).to.equal(false);
      }
    }));
  });
});
