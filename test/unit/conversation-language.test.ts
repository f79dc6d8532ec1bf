/**
 * The claimant's language remembered per conversation (docs/understanding.md, "The conversation's
 * language"): a message that tells nothing more than its script ("ok", "1", a claim number, YES)
 * keeps the conversation's language; another native script, a marker word, or three words in the
 * script's default language move it. The consent stage reads each message against the language
 * on the consent record, keeps a change there, and hands the router the claimant's language.
 */
import { expect } from 'chai';
import { claimantLanguage, toldLanguage } from '../../pipeline/conversation-language';
import { consent } from '../../pipeline/stages/consent';
import { router } from '../../pipeline/stages/router';
import { envelopeFor, fakeStageContext, testPhone } from '../helpers/fake-stage-context';

describe('the conversation\'s language', () => {
  it('keeps the conversation\'s language for a message that tells none', () => {
    const keeps: Array<[string, string, boolean]> = [
      ['ok', 'MR', true], ['YES', 'HI', true], ['1', 'MR_EN', false], ['CLM-2024-88812', 'HI', false], ['thanks', 'HI', false],
      // Devanagari with no Marathi word and under three words, in a Marathi conversation.
      ['क्लेम स्टेटस', 'MR', false], ['हाँ', 'MR', true],
      // Latin with no Hinglish marker, under three words, in a Hinglish one.
      ['status?', 'HI_EN', false],
      // Romanised Marathi's yes, though Hinglish has the word too.
      ['ho', 'MR_EN', true],
    ];
    for (const [text, conversation, keyword] of keeps) {
      expect(toldLanguage(text, conversation, keyword), text).to.equal(null);
      expect(claimantLanguage(text, conversation, keyword), text).to.equal(conversation);
    }
  });

  it('moves it on another native script, a marker word, or three words of the script\'s default language', () => {
    const moves: Array<[string, string, boolean, string]> = [
      ['मेरे क्लेम का स्टेटस', 'EN', false, 'HI'],
      ['हाँ', 'EN', true, 'HI'],
      ['माझा क्लेम कधी मंजूर होईल', 'HI', false, 'MR'],
      ['mera claim kab aayega', 'EN', false, 'HI_EN'],
      ['what is my claim status', 'HI', false, 'EN'],
      ['claim status please', 'HI_EN', false, 'EN'],
      ['मेरा क्लेम कहाँ तक पहुँचा', 'MR', false, 'HI'],
    ];
    for (const [text, conversation, keyword, told] of moves) expect(toldLanguage(text, conversation, keyword), text).to.equal(told);
  });

  it('reads a first message as detection does, but a bare keyword in Latin tells nothing', () => {
    expect(toldLanguage('what is my claim status', null, false)).to.equal('EN');
    expect(toldLanguage('हाँ', null, true)).to.equal('HI');
    expect(toldLanguage('YES', null, true)).to.equal(null);
    expect(claimantLanguage('YES', null, true)).to.equal('EN');
  });

  it('the consent stage answers "ok" and a claim number in the conversation\'s language and hands it to the router', async () => {
    const ctx = fakeStageContext({ consent: { [testPhone]: { state: 'granted', parkedWorkflowId: null, parkedStatus: null, language: 'MR' } } });
    for (const text of ['ok', 'CLM-2024-88812', '1']) {
      const decision = await consent.handle(envelopeFor('consent', { text }), ctx);
      expect(decision.kind === 'forward' && decision.payload.claimantLanguage, text).to.equal('MR');
      expect(decision.effects, text).to.equal(undefined);
    }
    const stop = await consent.handle(envelopeFor('consent', { text: 'STOP' }), ctx);
    expect(stop.kind === 'forward' && stop.payload.language).to.equal('MR');
    expect(stop.kind === 'forward' && stop.payload.reply?.template).to.equal('consent_revoked');
    // A Hindi sentence moves it, and the consent record keeps the change.
    const hindi = await consent.handle(envelopeFor('consent', { text: 'मेरा क्लेम कहाँ तक पहुँचा' }), ctx);
    expect(hindi.kind === 'forward' && hindi.payload.claimantLanguage).to.equal('HI');
    expect(hindi.effects).to.deep.equal([{ type: 'consent.language', language: 'HI' }]);
  });

  it('the router answers in the language the consent stage read, a number in a script\'s digits in that script\'s language unless the conversation is in it', async () => {
    const ctx = fakeStageContext();
    const status = await router.handle(envelopeFor('router', { text: 'CLM-2024-88812 status', claimantLanguage: 'MR' }), ctx);
    expect(status.kind === 'forward' && status.payload.language).to.equal('MR');
    expect(status.kind === 'forward' && status.patch).to.include({ language: 'MR' });
    const marathiDigit = await router.handle(envelopeFor('router', { text: '१', claimantLanguage: 'MR' }), ctx);
    expect(marathiDigit.kind === 'forward' && marathiDigit.payload.language).to.equal('MR');
    const englishDigit = await router.handle(envelopeFor('router', { text: '१', claimantLanguage: 'EN' }), ctx);
    expect(englishDigit.kind === 'forward' && englishDigit.payload.language).to.equal('HI');
    const plainDigit = await router.handle(envelopeFor('router', { text: '1', claimantLanguage: 'HI_EN' }), ctx);
    expect(plainDigit.kind === 'forward' && plainDigit.payload.language).to.equal('HI_EN');
  });
});
