/**
 * Policy tier 1: a reply containing a deny-listed phrase (global or the tenant's own) is blocked,
 * however it is cased or punctuated; a phrase must match as whole words.
 */
import { expect } from 'chai';
import { deniedPhrase } from '../../pipeline/policy-gate/deny-list';

describe('deniedPhrase', () => {
  it('blocks a global phrase whatever its case and punctuation', () => {
    expect(deniedPhrase('Good news: we GUARANTEE-payment!', [])).to.equal('we guarantee');
    expect(deniedPhrase('This is not legal advice.', [])).to.equal('legal advice');
  });

  it('blocks a Hindi global phrase', () => {
    expect(deniedPhrase('आपको पक्का भुगतान मिलेगा', [])).to.equal('पक्का भुगतान');
  });

  it("blocks the tenant's own phrases", () => {
    expect(deniedPhrase('Please call the Lawyer now', ['call the lawyer'])).to.equal('call the lawyer');
    expect(deniedPhrase('Please call the lawyer now', [])).to.equal(null);
  });

  it('lets an ordinary reply through', () => {
    expect(deniedPhrase('Here is the latest on your claim: Approved', [])).to.equal(null);
  });

  it('matches whole words only', () => {
    expect(deniedPhrase('Payment is guaranteed', [])).to.equal(null);
    expect(deniedPhrase('paralegal advice desk', [])).to.equal(null);
  });
});
