/**
 * Spelling folds applied to a claimant's words and to the word classes alike, so the grammar
 * compares like with like (docs/understanding.md):
 * - each word is folded by its script's rules (pipeline/languages/scripts/<Script>.json: for
 *   Devanagari the nukta, chandrabindu, nasal-virama and vowel-sign folds; for Latin a letter typed
 *   three times or more counts twice), after NFD;
 * - then the packs' spelling variants map romanised and SMS spellings to one form (kyun = kyu),
 *   looked up as written and with doubled letters as one.
 * Zero-width joiners are removed before a text is cut into words. Folds are rules and tables,
 * never a model: the same word always folds the same way.
 */
import { foldScriptWord, languages } from '../languages';
import { normalise } from '../text';

const variants = languages.spellingVariants;

// Words recur across messages (and the run-together reader folds every piece of a long word), so
// each word's folded form is kept; the cache is emptied when it grows past a bound.
const foldCache = new Map<string, string>();
const foldCacheLimit = 50_000;

/** One word (already normalised) in its folded form. */
export function foldWord(word: string): string {
  const hit = foldCache.get(word);
  if (hit !== undefined) return hit;
  const script = foldScriptWord(word);
  const folded = variants.get(script) ?? variants.get(script.replace(/(.)\1/g, '$1')) ?? script;
  if (foldCache.size >= foldCacheLimit) foldCache.clear();
  foldCache.set(word, folded);
  return folded;
}

/** The text without zero-width joiners and spaces: inside a word they show how letters join, and
 *  are no word break. */
export function withoutZeroWidth(text: string): string {
  return text.replace(/[\u200B-\u200D\u2060\uFEFF]/g, '');
}

/** A text as the list of its folded words. Zero-width joiners are removed before splitting. */
export function foldedWords(text: string): string[] {
  const n = normalise(withoutZeroWidth(text));
  if (n === '') return [];
  return n.split(' ').map(foldWord);
}
