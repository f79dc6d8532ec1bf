/**
 * Spelling folds applied to a claimant's words and to the word classes alike, so the grammar
 * compares like with like (docs/understanding.md):
 * - Devanagari: the nukta is dropped (क़ाग़ज़ = कागज), chandrabindu becomes anusvara (हाँ = हां),
 *   a nasal consonant with virama before a consonant becomes anusvara (सम्बन्ध = संबंध), long and
 *   short i/u signs fold together (दीजिए = दिजिए), ai/e and the English loan vowels fold (क्लैम = क्लेम,
 *   डॉक्यूमेंट = डाक्युमेंट), and zero-width joiners go.
 * - Latin: runs of three or more of one letter shrink to two (pleeease = please), then
 *   data/spelling-variants.json maps romanised and SMS spellings to one form (kyun = kyu).
 * Folds are rules and a table, never a model: the same word always folds the same way.
 */
import variants from '../data/spelling-variants.json';
import { normalise } from '../text';

const toCanonical = new Map<string, string>();
for (const [canonical, spellings] of Object.entries(variants)) {
  if (canonical.startsWith('_')) continue;
  toCanonical.set(canonical, canonical);
  for (const spelling of spellings as string[]) toCanonical.set(spelling, canonical);
}

const devanagari = /[\u0900-\u097F]/;

/** One Devanagari word in its folded form. */
export function foldDevanagari(word: string): string {
  return word
    .normalize('NFD')
    .replace(/\u093C/g, '') // nukta
    .replace(/\u0901/g, '\u0902') // chandrabindu -> anusvara
    .replace(/[\u0919\u091E\u0923\u0928\u092E]\u094D(?=[\u0915-\u0939])/g, '\u0902') // nasal + virama before a consonant
    .replace(/\u0940/g, '\u093F') // ii -> i
    .replace(/\u0942/g, '\u0941') // uu -> u
    .replace(/\u0948/g, '\u0947') // ai -> e
    .replace(/\u0945/g, '\u0947') // candra e -> e
    .replace(/\u0949/g, '\u093E') // candra o -> aa
    .replace(/\u094C/g, '\u094B') // au -> o
    .replace(/\u0908/g, '\u0907') // independent II -> I
    .replace(/\u090A/g, '\u0909') // independent UU -> U
    .replace(/\u0910/g, '\u090F'); // independent AI -> E
}

/** One Latin word in its folded form. */
export function foldLatin(word: string): string {
  const shrunk = word.replace(/(.)\1{2,}/g, '$1$1');
  return toCanonical.get(shrunk) ?? toCanonical.get(shrunk.replace(/(.)\1/g, '$1')) ?? shrunk;
}

/** One word (already normalised) in its folded form. */
export function foldWord(word: string): string {
  return devanagari.test(word) ? foldDevanagari(word) : foldLatin(word);
}

/** A text as the list of its folded words. Zero-width joiners are removed before splitting. */
export function foldedWords(text: string): string[] {
  const n = normalise(text.replace(/[\u200B-\u200D\u2060\uFEFF]/g, ''));
  if (n === '') return [];
  return n.split(' ').map(foldWord);
}
