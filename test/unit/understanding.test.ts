/**
 * The intent grammar's parts (docs/understanding.md): spelling folds, the class lexicon with its
 * edit-distance and run-together tolerance, template scoring with a confidence, choices, and a
 * tenant's added words.
 */
import { expect } from 'chai';
import { understandMessage } from '../../pipeline/intents';
import { detectLanguage } from '../../pipeline/language';
import { choiceButtonId, choiceOf } from '../../pipeline/understanding/choices';
import { foldDevanagari, foldedWords, foldLatin } from '../../pipeline/understanding/fold';
import { lexiconFor, withinOneEdit } from '../../pipeline/understanding/lexicon';

const classesOf = (text: string) => {
  const words = foldedWords(text);
  return lexiconFor().find(words).map((h) => `${words[h.start]}:${h.cls}${h.fuzzy ? '~' : ''}`);
};

describe('understanding: spelling folds', () => {
  it('folds Devanagari nukta, chandrabindu, nasal clusters and vowel-length variants together', () => {
    expect(foldDevanagari('कागज़ात')).to.equal(foldDevanagari('कागजात'));
    expect(foldDevanagari('हाँ')).to.equal(foldDevanagari('हां'));
    expect(foldDevanagari('सम्बन्ध')).to.equal(foldDevanagari('संबंध'));
    expect(foldDevanagari('दीजिए')).to.equal(foldDevanagari('दिजिए'));
    expect(foldDevanagari('क्लैम')).to.equal(foldDevanagari('क्लेम'));
    expect(foldedWords('क़ाग़ज़\u200Dात')).to.deep.equal(foldedWords('कागजात'));
  });

  it('folds romanised Hindi and SMS spellings to one form', () => {
    for (const w of ['kyun', 'kyon', 'kyu', 'kyuuun']) expect(foldLatin(w)).to.equal('kyu');
    expect(foldLatin('baaki')).to.equal('baki');
    expect(foldLatin('chaiye')).to.equal('chahiye');
    expect(foldLatin('pleeeease')).to.equal('please');
    // Folding is by word: "kaam" (work) is not "kam" (less).
    expect(foldLatin('kaam')).to.equal('kaam');
  });
});

describe('understanding: the class lexicon', () => {
  it('matches words of 5+ letters at edit distance 1, including a swap of neighbours', () => {
    expect(withinOneEdit('stauts', 'status')).to.equal(true);
    expect(withinOneEdit('approvel', 'approval')).to.equal(true);
    expect(withinOneEdit('status', 'status')).to.equal(false);
    expect(withinOneEdit('stats', 'statutes')).to.equal(false);
    expect(classesOf('documnets')).to.include('documents:doc');
    expect(classesOf('rejcted')).to.include('rejcted:reject~');
  });

  it('never fuzzes short words, nor a romanised Hindi word that is itself ("karna" is not "karan")', () => {
    expect(classesOf('klam')).to.deep.equal([]);
    expect(classesOf('karna')).to.deep.equal([]);
  });

  it('reads words run together as the class words they are made of', () => {
    expect(classesOf('claimrejectkyu')).to.include.members(['claimrejectkyu:claim~', 'claimrejectkyu:reject~', 'claimrejectkyu:why~']);
    expect(classesOf('zzzzzzzz')).to.deep.equal([]);
  });

  it('matches phrases of several words as one', () => {
    expect(classesOf('kab tak milega')).to.include.members(['kab:when', 'milega:paid']);
  });
});

describe('understanding: templates score every intent', () => {
  const cases: Array<[string, string]> = [
    ['why was my claim rejected', 'query_reason'],
    // The longest phrase used to win: "my claim" no longer outweighs the why.
    ['what happened to my claim, why is it so delayed', 'query_reason'],
    ['amount kam kyu diya', 'query_reason'],
    ['क्यों रिजेक्ट हुआ क्लेम', 'query_reason'],
    ['क्लेम रिजेक्ट क्यों हुआ', 'query_reason'],
    ['when will the hospital be paid', 'claim_status'],
    ['paisa kab aayega', 'claim_status'],
    ['रकम कब तक आएगी', 'claim_status'],
    ['stauts of my clam pls', 'claim_status'],
    ['kaun se kagaz bhejne hai', 'pending_documents'],
    ['कौन से कागज़ात चाहिए', 'pending_documents'],
    ['docs pending?', 'pending_documents'],
  ];
  for (const [text, intent] of cases) {
    it(`"${text}" is ${intent}`, () => {
      const u = understandMessage(text);
      expect(u.kind).to.equal('intent');
      expect(u.intent).to.equal(intent);
      expect(u.confidence).to.be.at.least(0.5);
    });
  }

  it('says how sure it is: a bare "my claim" is unclear, with every score given', () => {
    const u = understandMessage('my claim');
    expect(u).to.include({ kind: 'unclear', intent: null });
    expect(u.scores).to.have.keys(['claim_status', 'pending_documents', 'query_reason']);
    expect(u.confidence).to.be.below(0.5);
  });

  it('greetings and thanks are small talk, not a workflow', () => {
    for (const text of ['hi', 'thanks', 'नमस्ते', 'dhanyavaad', 'ok got it']) expect(understandMessage(text).kind, text).to.equal('small_talk');
  });

  it("a tenant's words join a class for that tenant only", () => {
    expect(understandMessage('hisaab batao').kind).to.equal('unclear');
    expect(understandMessage('hisaab batao', { status: ['hisaab'] }).intent).to.equal('claim_status');
  });
});

describe('understanding: choices', () => {
  it('maps a button id back to its workflow and language', () => {
    expect(choiceOf('Claim ka status', choiceButtonId('claim_status', 'HI_EN'))).to.deep.equal({ intent: 'claim_status', language: 'HI_EN' });
    expect(choiceOf('x', 'choice:unknown:EN')).to.equal(null);
  });

  it('reads a typed number, in ASCII or Devanagari digits, by the fixed order', () => {
    expect(choiceOf('2')).to.deep.equal({ intent: 'pending_documents', language: null });
    expect(choiceOf(' 3. ')).to.deep.equal({ intent: 'query_reason', language: null });
    expect(choiceOf('१')).to.deep.equal({ intent: 'claim_status', language: 'HI' });
    expect(choiceOf('4')).to.equal(null);
    expect(choiceOf('12')).to.equal(null);
  });
});

describe('understanding: language', () => {
  it('recognises Hinglish from romanised Hindi grammar words, not only marker words', () => {
    expect(detectLanguage('amount kam kyu diya')).to.equal('HI_EN');
    expect(detectLanguage('claim approve hua kya')).to.equal('HI_EN');
    expect(detectLanguage('dhanyavaad')).to.equal('HI_EN');
    expect(detectLanguage('please see the bill')).to.equal('EN');
  });
});
