/**
 * Which script a text is written in (pipeline/languages/scripts.ts `scriptOf`), over the shipped
 * script files: the one with the most letters, Latin only when no other is there, nothing for a
 * text of digits, signs and emoji.
 */
import { expect } from 'chai';
import { languages } from '../../pipeline/languages';
import { scriptOf } from '../../pipeline/languages/scripts';

const nameOf = (text: string) => scriptOf(languages.scripts, text)?.name ?? null;

describe('scriptOf', () => {
  it('reads each script of the packs', () => {
    expect(nameOf('what is my claim status')).to.equal('Latin');
    expect(nameOf('मेरा क्लेम कहाँ है')).to.equal('Devanagari');
    expect(nameOf('என் க்ளைம் என்ன ஆச்சு')).to.equal('Tamil');
    expect(nameOf('నా క్లెయిమ్ ఏమైంది')).to.equal('Telugu');
    expect(nameOf('আমার ক্লেমের কী হল')).to.equal('Bengali');
  });

  it('lets a script of its own outweigh more Latin letters, and the most letters decide between two of their own', () => {
    expect(nameOf('claim status update please क्या')).to.equal('Devanagari');
    expect(nameOf('கிளைம் ক')).to.equal('Tamil');
  });

  it('counts accented Latin as Latin and finds no script in digits, signs and emoji', () => {
    expect(nameOf('café')).to.equal('Latin');
    expect(nameOf('12345 ?!! ₹61,500')).to.equal(null);
    expect(nameOf('🙏🙏 👍')).to.equal(null);
    expect(nameOf('🙏 ok')).to.equal('Latin');
    expect(nameOf('')).to.equal(null);
  });

  it('reads a lone surrogate half as no script', () => {
    expect(nameOf('\ud83d')).to.equal(null);
    expect(nameOf('ok \ud83d')).to.equal('Latin');
  });
});
