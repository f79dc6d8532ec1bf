/**
 * Consent answers: only a whole-message YES, NO or STOP (in English, Hindi or Hinglish) changes
 * the claimant's consent; a sentence that merely contains "yes" is a question.
 */
import { expect } from 'chai';
import { consentAnswer } from '../../pipeline/stages/consent';

describe('consentAnswer', () => {
  const cases: Array<[string, 'yes' | 'no' | 'stop']> = [
    ['YES', 'yes'], [' yes! ', 'yes'], ['Yes, I agree', 'yes'], ['ok.', 'yes'], ['haan ji', 'yes'], ['हाँ', 'yes'], ['सहमत', 'yes'],
    ['No', 'no'], ['nahi', 'no'], ['नहीं', 'no'],
    ['STOP', 'stop'], ['Unsubscribe', 'stop'], ['band karo', 'stop'], ['बंद करो', 'stop'],
  ];
  for (const [text, answer] of cases) {
    it(`reads "${text}" as ${answer.toUpperCase()}`, () => {
      expect(consentAnswer(text)).to.equal(answer);
    });
  }

  for (const text of ['yes please check my claim', 'no claim status?', 'claim status', 'stopped', '', '?']) {
    it(`does not read "${text}" as an answer`, () => {
      expect(consentAnswer(text)).to.equal(null);
    });
  }
});
