/**
 * Consent answers: only a whole-message YES, NO, STOP or START (in English, Hindi or Hinglish)
 * changes the claimant's consent; a sentence that merely contains "yes" is a question. On SMS the
 * provider's own opt-out and opt-in keywords are recognised too; on WhatsApp there are none.
 */
import { expect } from 'chai';
import { consentAnswer, providerKeyword } from '../../pipeline/stages/consent';

describe('providerKeyword', () => {
  it("reads the SMS provider's opt-out and opt-in keywords as whole messages only", () => {
    for (const word of ['STOP', 'stopall', 'Unsubscribe', 'cancel', 'END', 'quit ']) expect(providerKeyword('sms', word), word).to.equal('stop');
    for (const word of ['START', 'unstop']) expect(providerKeyword('sms', word), word).to.equal('start');
    for (const word of ['stop please', 'रोकें', 'band karo', 'yes', 'claim status']) expect(providerKeyword('sms', word), word).to.equal(null);
    for (const word of ['STOP', 'START', 'cancel']) expect(providerKeyword('whatsapp', word), word).to.equal(null);
  });
});

describe('consentAnswer', () => {
  const cases: Array<[string, 'yes' | 'no' | 'stop' | 'start']> = [
    ['YES', 'yes'], [' yes! ', 'yes'], ['Yes, I agree', 'yes'], ['ok.', 'yes'], ['haan ji', 'yes'], ['हाँ', 'yes'], ['सहमत', 'yes'],
    ['No', 'no'], ['nahi', 'no'], ['नहीं', 'no'],
    ['STOP', 'stop'], ['Unsubscribe', 'stop'], ['band karo', 'stop'], ['बंद करो', 'stop'], ['रोकें', 'stop'],
    ['START', 'start'], ['unstop', 'start'], ['shuru karo', 'start'], ['शुरू करें', 'start'],
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
