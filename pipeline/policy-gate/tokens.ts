/**
 * The word forms the policy gate compares. Three steps on top of `normalise` (text.ts):
 *
 *  - `foldScript` (script-fold.ts): the script files' `policy_gate` folds (Devanagari without
 *    nukta and chandrabindu). Every tier, the deny list included.
 *  - `foldLatin`: romanised Hindi has no fixed spelling ("jaayega", "jayega"; "wakeel",
 *    "vakeel"), so doubled letters collapse and w→v, z→j, ph→f. Applied to both sides of every
 *    comparison, English words included: "needed" and "neded" meeting is harmless, missing
 *    "paisa milega" against "paisaa milegaa" is not.
 *  - `stem` (content words only, for similarity): a light suffix strip, English first
 *    ("reduced", "reducing" → "reduc"; "charges" → "charg"); for a word of a script of its own (not
 *    a loanword script), the commonest Hindi plural and oblique endings.
 *
 * Content words drop the stop words (every language pack's `policy_stop_words`, and the domain
 * words in vocabulary.json) and map each variant group of vocabulary.json to one canonical form,
 * so "kamra", "kamre", "कमरा" and "room" count as the same word.
 */
import vocabulary from './vocabulary.json';
import { languages, textScript } from '../languages';
import { normalise } from '../text';
import { foldScript } from './script-fold';

// Only Latin letters are touched, so the same replacements can run over a whole mixed-script text.
function foldLatin(text: string): string {
  return text.replace(/ph/g, 'f').replace(/w/g, 'v').replace(/z/g, 'j').replace(/([a-z])\1+/g, '$1');
}

/** Normalised, script-folded words (the deny list's form, deny-list.ts). */
function scriptWords(text: string): string {
  return foldScript(normalise(text));
}

/** Words with the Latin spelling folded too: the form tier 2's prohibited phrases match on. */
export function matchWords(text: string): string {
  return foldLatin(scriptWords(text));
}

const hindiEndings = ['ियों', 'ियां', 'ाओं', 'ों', 'ें', 'ीं', 'ाएं'];

function stem(word: string): string {
  const script = textScript(word);
  if (script !== null && !script.loanword) {
    for (const ending of hindiEndings) {
      if (word.length > ending.length + 2 && word.endsWith(ending)) return word.slice(0, -ending.length);
    }
    return word;
  }
  let w = word;
  if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 3 && w.endsWith('s') && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  for (const suffix of ['ations', 'ation', 'ions', 'ion', 'ment', 'ing', 'ed', 'ly']) {
    if (w.length > suffix.length + 3 && w.endsWith(suffix)) {
      w = w.slice(0, -suffix.length);
      break;
    }
  }
  if (w.length > 3 && w.endsWith('e')) w = w.slice(0, -1);
  return foldLatin(w);
}

const stopWords = new Set<string>();
const canonical = new Map<string, string>();

function baseForm(word: string): string {
  return stem(foldScript(word));
}

for (const word of [...languages.policyStopWords, ...vocabulary.domain]) {
  for (const w of scriptWords(word).split(' ')) stopWords.add(baseForm(w));
}
for (const group of vocabulary.variants) {
  const forms = group.map((variant) => {
    const words = scriptWords(variant);
    // A variant is one word: similarity compares words, so a phrase here would never match.
    if (words.includes(' ')) throw new Error(`vocabulary.json: variant "${variant}" is not one word`);
    return baseForm(words);
  });
  for (const form of forms) canonical.set(form, forms[0]!);
}

// Words recur across replies, so each word's form is kept; the cache is emptied when it grows past
// a bound, which keeps memory flat whatever text arrives.
const formCache = new Map<string, string | null>();
const formCacheLimit = 50_000;

/**
 * `compute(key)`, remembered in `cache`; a cache that reaches `limit` entries is emptied first, so
 * it stays bounded without bookkeeping (what it holds is cheap to compute again).
 */
export function remembered<T>(cache: Map<string, T>, limit: number, key: string, compute: (key: string) => T): T {
  if (cache.has(key)) return cache.get(key)!;
  const value = compute(key);
  if (cache.size >= limit) cache.clear();
  cache.set(key, value);
  return value;
}

/** One word as similarity sees it: stemmed, folded, and mapped to its variant group's head. */
function contentForm(word: string): string | null {
  return remembered(formCache, formCacheLimit, word, uncachedContentForm);
}

function uncachedContentForm(word: string): string | null {
  const base = baseForm(word);
  const head = canonical.get(base) ?? base;
  if (stopWords.has(base) || stopWords.has(head)) return null;
  // A lone letter or digit carries no topic ("1%", "section 4 2").
  if (head.length < 2) return null;
  return head;
}

/** The set of content words of a text: what tier 2 and tier 4 compare. */
export function contentWords(text: string): Set<string> {
  const out = new Set<string>();
  const words = normalise(text);
  if (words === '') return out;
  for (const word of words.split(' ')) {
    const form = contentForm(word);
    if (form !== null) out.add(form);
  }
  return out;
}
