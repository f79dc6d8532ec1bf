/**
 * The English pack (pipeline/languages/en): words of its classes that the shared tests do not
 * cover.
 */
import { expect } from 'chai';
import { matchIntent, understandMessage } from '../../pipeline/intents';

describe('language pack: English (EN)', () => {
  it('reads a bank account changed or to be updated as the policy\'s own business: no claim status asked; a payment asked of the new account still asks', () => {
    for (const text of [
      'My salary account moved, I changed my bank account. Please update my new bank account for any claim refunds.',
      'Kindly update my bank details, the old account is closed.',
    ]) expect(understandMessage(text).kind, text).to.equal('unclear');
    expect(matchIntent('Has the claim amount been credited to my new bank account?')).to.equal('claim_status');
    expect(matchIntent('When will the claim money reach my bank account?')).to.equal('claim_status');
  });
});
