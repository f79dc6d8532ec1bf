/** The reply follows the claimant's language: Hindi script, Hinglish, or English. */
import { expect } from 'chai';
import { understandMessage } from '../../pipeline/intents';
import { detectLanguage } from '../../pipeline/language';

describe('detectLanguage', () => {
  it('reads Devanagari as Hindi, even with English words mixed in', () => {
    expect(detectLanguage('मेरे क्लेम की स्थिति क्या है')).to.equal('HI');
    expect(detectLanguage('claim की स्थिति')).to.equal('HI');
  });

  it('gives a tie of one Hinglish word and one word of a language with a script of its own to that language', () => {
    expect(detectLanguage('haan, bujhechi')).to.equal('BN_EN');
    expect(detectLanguage('achha, ardhamaindi')).to.equal('TE_EN');
    // Two Hinglish words outvote the one Bengali word: no tie.
    expect(detectLanguage('haan ji, bujhlam')).to.equal('HI_EN');
  });

  it('reads Latin script with romanised Hindi words as Hinglish', () => {
    expect(detectLanguage('mera claim ka status kya hai')).to.equal('HI_EN');
    expect(detectLanguage('Status batao')).to.equal('HI_EN');
  });

  it('reads everything else as English', () => {
    expect(detectLanguage('What is my claim status?')).to.equal('EN');
    expect(detectLanguage('12345')).to.equal('EN');
    expect(detectLanguage('')).to.equal('EN');
  });

  it('an address or greeting word (ji, bhai, namaste, anna) in English is English; alone, or with a word of the language, it is the romanised language', () => {
    expect(detectLanguage('Namaste. When will my claim be settled? It was filed last month')).to.equal('EN');
    expect(detectLanguage('which bills are still pending bhai')).to.equal('EN');
    expect(detectLanguage('what is the update on my claim anna')).to.equal('EN');
    expect(detectLanguage('namaste ji')).to.equal('HI_EN');
    expect(detectLanguage('thanks bhaiya')).to.equal('HI_EN');
    expect(detectLanguage('bhai my claim kab tak hoga')).to.equal('HI_EN');
    expect(detectLanguage('anna my claim enna aachu')).to.equal('TA_EN');
  });

  it('reads short Hinglish in chat spellings (kr, krdo, hogaya, yaar, samjha) as Hinglish', () => {
    for (const text of ['policy renew kr do', 'bills upload krdiye hai', 'approval hogaya?', 'ok yaar', 'samjha nahi', 'hnji sir']) {
      expect(detectLanguage(text), text).to.equal('HI_EN');
    }
  });

  it('matches Hinglish markers as whole words only', () => {
    // "kahani" and "karma" contain no marker as a word.
    expect(detectLanguage('karma kahani')).to.equal('EN');
  });

  it('a marker the word is as written wins over one it becomes with doubled letters read once', () => {
    // Tanglish "aacha" (has it happened?) is not Hinglish "acha" read with one a.
    expect(detectLanguage('claim settle aacha?')).to.equal('TA_EN');
    expect(detectLanguage('acha')).to.equal('HI_EN');
    // A word two packs list as written is still shared: "dhanyavaad" alone is Hinglish.
    expect(detectLanguage('dhanyavaad')).to.equal('HI_EN');
    expect(detectLanguage('dhanyavad')).to.equal('HI_EN');
    // Its other spellings alone are Hinglish too, and thanks.
    for (const t of ['dhanyawad', 'dhanyawaad', 'dhanywad']) {
      expect(detectLanguage(t), t).to.equal('HI_EN');
      expect(understandMessage(t).kind, t).to.equal('small_talk');
    }
  });
});
