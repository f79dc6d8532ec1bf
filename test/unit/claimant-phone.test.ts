/** Which numbers an erasure accepts (src/claimants/phone-number.ts): one claimant's full number, never a part of one. */
import { expect } from 'chai';
import { isClaimantPhone } from '../../src/claimants/phone-number';

describe('claimant phone numbers for erasure', () => {
  it('accepts an Indian mobile number: +91 and ten digits, the first 6-9', () => {
    for (const phone of ['+919834072226', '+916000000000', '+917999999999', '+918123456789']) expect(isClaimantPhone(phone), phone).to.equal(true);
  });

  it('refuses a prefix, a number too short or too long, a landline-shaped or 0-led national number, and any other spelling', () => {
    for (const phone of ['+9198340', '+91983407222', '+9198340722261', '+915834072226', '+910834072226', '+9101234567890', '+91 98340 72226',
      '919834072226', '09834072226', '+919834O72226', '', ' +919834072226']) {
      expect(isClaimantPhone(phone), phone).to.equal(false);
    }
    for (const value of [919834072226, null, undefined, ['+919834072226'], { phone: '+919834072226' }]) expect(isClaimantPhone(value)).to.equal(false);
  });

  it('accepts other countries\' valid numbers in their E.164 form only, by their own lengths', () => {
    for (const phone of ['+14155552671', '+447911123456', '+4915112345678', '+6591234567', '+971501234567']) expect(isClaimantPhone(phone), phone).to.equal(true);
    // Too short or too long for the country, a national prefix kept, an unassigned country code.
    for (const phone of ['+1415555267', '+141555526711', '+4407911123456', '+44791112345', '+6591234', '+99912345678']) expect(isClaimantPhone(phone), phone).to.equal(false);
  });
});
