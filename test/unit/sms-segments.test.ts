/**
 * SMS segments as the provider bills them: GSM-7 text takes 160 characters in one segment and
 * 153 a segment once split, with the extension characters counting two; any other character
 * (Devanagari, a bullet) makes the text UCS-2, 70 in one segment and 67 once split. A text cut
 * to a budget keeps to it and says it was cut.
 */
import { expect } from 'chai';
import { countSegments, encodingOf, fitToSegments } from '../../src/adapters/channels/sms-segments';

describe('SMS segments', () => {
  it('counts GSM-7 text: 160 in one segment, 153 a segment after that', () => {
    expect(countSegments('a'.repeat(160))).to.deep.equal({ encoding: 'gsm7', segments: 1, units: 160 });
    expect(countSegments('a'.repeat(161))).to.deep.equal({ encoding: 'gsm7', segments: 2, units: 161 });
    expect(countSegments('a'.repeat(306)).segments).to.equal(2);
    expect(countSegments('a'.repeat(307)).segments).to.equal(3);
  });

  it('counts the extension characters twice and never splits one between segments', () => {
    expect(countSegments('€'.repeat(80))).to.include({ encoding: 'gsm7', segments: 1, units: 160 });
    expect(countSegments('€'.repeat(81)).segments).to.equal(2);
    // 152 plain characters and a two-septet one: 154 septets, so the split comes before the `[`.
    expect(countSegments(`${'a'.repeat(152)}[${'a'.repeat(150)}`).segments).to.equal(2);
    expect(countSegments(`${'a'.repeat(152)}[${'a'.repeat(152)}`).segments).to.equal(3);
  });

  it('makes Devanagari, bullets and dashes UCS-2: 70 in one segment, 67 a segment after that', () => {
    expect(encodingOf('Claim XXXX0001: Approved')).to.equal('gsm7');
    expect(encodingOf('• Claim')).to.equal('ucs2');
    expect(encodingOf('a – b')).to.equal('ucs2');
    expect(countSegments('क'.repeat(70))).to.deep.equal({ encoding: 'ucs2', segments: 1, units: 70 });
    expect(countSegments('क'.repeat(71)).segments).to.equal(2);
    expect(countSegments('क'.repeat(201)).segments).to.equal(3);
    expect(countSegments('क'.repeat(202)).segments).to.equal(4);
    // One Latin letter among Devanagari text does not change the encoding of the rest.
    expect(countSegments(`Claim ${'क'.repeat(64)}`)).to.include({ encoding: 'ucs2', segments: 1 });
  });

  it('cuts a text to its budget at a word, marking the cut', () => {
    const hindi = 'आपकी पॉलिसी कमरे का किराया बीमा राशि के एक प्रतिशत प्रतिदिन तक देती है '.repeat(6);
    const cut = fitToSegments(hindi, 2);
    expect(countSegments(cut).segments).to.be.at.most(2);
    expect(cut.endsWith('...')).to.equal(true);
    expect(hindi.startsWith(cut.slice(0, -3))).to.equal(true);
    expect(cut.slice(0, -3)).not.to.match(/\s$/);
    expect(fitToSegments('short', 1)).to.equal('short');
  });
});
