/**
 * The sentence reader of the intent grammar (pipeline/understanding/sentences.ts,
 * docs/understanding.md): clauses cut at sentence marks, line breaks, the danda, commas and
 * joining words; emoji and repeated marks as noise with "??" a question; numbers read as dates,
 * amounts, references or counts, and entity words found as their classes.
 */
import { expect } from 'chai';
import { foldWord } from '../../pipeline/understanding/fold';
import { lexiconFor } from '../../pipeline/understanding/lexicon';
import { readMessage } from '../../pipeline/understanding/sentences';
import { understandMessage } from '../../pipeline/intents';

/** The clauses as text, a "?" after each a question mark ended. */
const clauses = (text: string) => {
  const m = readMessage(text);
  return m.clauses.map((c) => m.words.slice(c.start, c.end).join(' ') + (c.marked ? ' ?' : ''));
};
/** Words folded as the reader folds them ("पैसा" is read "पेसा"). */
const f = (s: string) => s.split(' ').map(foldWord).join(' ');
/** Each entity as "<class>" in the word list. */
const entities = (text: string) => readMessage(text).entities.map((e) => e.cls);

describe('understanding: the sentence reader', () => {
  it('cuts clauses at sentence marks, line breaks, the danda and commas, and remembers question marks', () => {
    expect(clauses('Hello sir\nclaim no 4471\nany update??')).to.deep.equal(['hello sir', 'claim no #ref', 'any update ?']);
    expect(clauses('Yesterday I sent all the bills, what more do you need?')).to.deep.equal(['yesterday i sent all the bills', 'what more do you need ?']);
    expect(clauses('कागज़ भेज दिए। पैसा कब आएगा?')).to.deep.equal([f('कागज़ भेज दिए'), f('पैसा कब आएगा ?')]);
    expect(clauses('क्लेम पास हुआ॥ धन्यवाद')).to.deep.equal([f('क्लेम पास हुआ'), f('धन्यवाद')]);
  });

  it('starts a clause at a joining word (aur, but, lekin, लेकिन), keeping the word, unless it means "more"', () => {
    expect(clauses('claim approve ho gaya lekin paisa nahi aaya')).to.deep.equal(['claim approve ho gaya', 'lekin paisa nahi aaya']);
    expect(clauses('बिल जमा किया लेकिन जवाब नहीं आया')).to.deep.equal([f('बिल जमा किया'), f('लेकिन जवाब नहीं आया')]);
    expect(clauses('bill 52 hazar ka tha aur mila 40 hazar')).to.deep.equal(['bill #amount hazar ka tha', 'aur mila #amount hazar']);
    // "aur kya", "और कितने": more, one question.
    expect(clauses('bills bhej diye aur kya chahiye')).to.deep.equal(['bills bhej diye aur kya chahiye']);
    expect(clauses('रकम मिलने में और कितने दिन लगेंगे')).to.have.length(1);
    // चलिए, chaliye (well then, anyway) turns to a new request: it opens a clause as a joining word.
    expect(clauses('पैसा कब आएगा ये आप बताते नहीं चलिए ये बताइए')).to.deep.equal([f('पैसा कब आएगा ये आप बताते नहीं'), f('चलिए ये बताइए')]);
    expect(clauses('paisa kab aayega aap batate nahi chaliye batao')).to.have.length(2);
  });

  it('reads emoji and repeated marks as noise, and "??" or "?!" as a question', () => {
    expect(clauses('why rejected 😡😡 ???')).to.deep.equal(['why rejected ?']);
    expect(clauses('still no update!!! kab hoga?!')).to.deep.equal(['still no update', 'kab hoga ?']);
    expect(clauses('🙏🙏')).to.deep.equal([]);
  });

  it('counts sentences: marks and line breaks end one, commas and joining words only a clause', () => {
    const m = readMessage('Hello sir, good morning. Papa ghar aa gaye aur ab theek hain\nbills mere paas hain.');
    expect(m.clauses.map((c) => c.sentence)).to.deep.equal([0, 0, 1, 1, 2]);
  });

  it('ends no sentence at the full stop of "Rs." or "no."', () => {
    expect(clauses('Paid Rs. 8,500 for claim no. 4471.')).to.deep.equal(['paid rs #amount for claim no #ref']);
  });

  it('reads claim and policy numbers as references', () => {
    expect(entities('claim CLM-2024-88812')).to.deep.equal(['ref']);
    // A financial year (a year, a dash, the next year) is a date, no reference; two years not
    // consecutive stay a reference.
    expect(entities('80D certificate for FY 2023-24')).to.deep.equal(['date']);
    expect(entities('वित्त वर्ष २०२३-२०२४ का')).to.deep.equal(['date']);
    expect(entities('ref 2024-27')).to.deep.equal(['ref']);
    expect(entities('policy 2233/44/567')).to.deep.equal(['ref']);
    expect(entities('claim id 7781209')).to.deep.equal(['ref']);
    expect(entities('claim no 4471')).to.deep.equal(['ref']);
  });

  it('reads a token of letters and digits that a pack lists as a class word ("80d", a tax section) as that word, no reference', () => {
    expect(entities('80D certificate chahiye tax ke liye')).to.deep.equal([]);
    expect(readMessage('80D certificate chahiye').words[0]).to.equal('80d');
    expect(understandMessage('Need my 80D certificate for tax filing, where can I get it?').intent).to.equal(null);
    expect(entities('claim CLM80D status')).to.deep.equal(['ref']);
  });

  it('reads amounts in rupees, thousands and lakhs, in every script', () => {
    for (const text of ['₹61,500', 'Rs 3200', 'INR 500', '1,20,000', '40k', '48 hazar', '2.3 lakh', '52 हज़ार', '३ लाख', '8,500 रुपये']) {
      expect(entities(text), text).to.deep.equal(['amount']);
    }
  });

  it('reads a currency typed onto the number ("Rs.5000", "ரூ.5000", "rs5000") as an amount, not a reference', () => {
    for (const text of ['Rs.5000', 'ரூ.5000', 'rs5000', 'INR.12,000']) expect(entities(text), text).to.deep.equal(['amount']);
    // Other letters on a number are still a reference.
    expect(entities('ABC12345')).to.deep.equal(['ref']);
    expect(entities('no.55120')).to.deep.equal(['ref']);
  });

  it('reads dates: ordinals, day/month, a number before a month or "tarikh", Devanagari digits', () => {
    for (const text of ['3rd Nov', 'on the 7th', '10/11', '12/03/2024', '10 tarikh', '१२ नवंबर', '5 दिसंबर', '2 Sept']) {
      expect(entities(text), text).to.deep.equal(['date']);
    }
    // A plain count is only a number.
    expect(entities('15 days')).to.deep.equal(['number']);
  });

  it('finds entities and entity words as their classes, never fuzzed into another class', () => {
    const m = readMessage('Apollo mein papa ka 61,500 ka bill, 3rd Nov');
    const found = [...lexiconFor().find(m.words), ...m.entities].map((h) => `${m.words[h.start]}:${h.cls}`);
    expect(found).to.include.members(['apollo:hospital', 'papa:relation', '#amount:amount', '#date:date', 'nov:date']);
    // "#amount" is one deletion away from "amount": the lexicon passes entity marks by.
    expect(lexiconFor().find(['#amount'])).to.deep.equal([]);
    for (const word of ['पिताजी', 'mummy', 'father', 'fortis', 'अस्पताल']) {
      expect(lexiconFor().find([foldWord(word)]).map((h) => h.cls), word).to.satisfy((c: string[]) => c.includes('relation') || c.includes('hospital'));
    }
  });
  it('reads a time of day (11am, 5:30pm, 10:30) as a date and a short number with a suffix of another script (১১টার, ২টা) as a count, no reference: a call asked for after 11 asks for a person', () => {
    for (const text of ['call me after 11am', 'at 5:30pm', 'kal 10:30 ko']) {
      expect(readMessage(text).entities.map((e) => e.cls), text).to.deep.equal(['date']);
    }
    expect(readMessage('সকাল ১১টার পর').entities.map((e) => e.cls)).to.deep.equal(['number']);
    expect(readMessage('CLM12AB').entities.map((e) => e.cls)).to.deep.equal(['ref']);
    expect(understandMessage('পরশু বিকেল ৪টার পর কল করবেন, তখন বাড়িতে থাকব').intent).to.equal('human_handover');
  });
  it('splits a limiting word joined onto a number as an emphatic suffix (५५च, 55ch: only 55) off as the word after it', () => {
    const devanagari = readMessage('४०च मिळाले');
    expect(devanagari.words).to.deep.equal(['#number', foldWord('च'), foldWord('मिळाले')]);
    expect(readMessage('30ch milale').words).to.deep.equal(['#number', 'ch', 'milale']);
    // A suffix that is no limiting word stays on the number.
    expect(readMessage('সকাল ১১টার পর').words.length).to.equal(3);
  });
});
