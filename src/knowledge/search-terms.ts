/**
 * How text becomes search terms, the same for articles and for questions: NFKC, split on
 * anything that is not a letter, a combining mark or a digit, lower case, function words of
 * English, Hindi and Hinglish left out.
 *
 * Devanagari vowel signs, viramas and the nukta are combining marks, so a Hindi word stays whole.
 * MiniSearch's default tokenizer splits only on spaces and punctuation, which would leave
 * symbols (`<`, `₹`, `+`) clinging to words. Zero-width (non-)joiners only steer how a conjunct
 * is drawn and are removed before splitting, so "क्‍ष" and "क्ष" are one word.
 */

const zeroWidthJoiners = /[\u200c\u200d]/g;
const notWordCharacter = /[^\p{L}\p{M}\p{N}]+/u;
const nonAscii = /[^\x00-\x7f]/;

/**
 * Words that carry no topic. BM25 would weigh them near zero anyway; leaving them out keeps the
 * index smaller and a question's search from touching every article. Short on purpose: a word
 * that can carry meaning in a claim question (not, no, nahi, kab, kyun, kitna) is kept.
 */
const stopWords = new Set([
  // English
  'a', 'an', 'the', 'and', 'or', 'of', 'to', 'in', 'on', 'at', 'by', 'for', 'with', 'from', 'as', 'is', 'are',
  'was', 'were', 'be', 'been', 'being', 'am', 'it', 'its', 'this', 'that', 'these', 'those', 'i', 'me', 'my',
  'we', 'our', 'you', 'your', 'he', 'she', 'they', 'them', 'their', 'his', 'her', 'do', 'does', 'did', 'will',
  'would', 'shall', 'should', 'can', 'could', 'may', 'might', 'has', 'have', 'had', 'so', 'if', 'than', 'then',
  'there', 'here', 'also', 'any', 'some', 'such', 'into', 'about', 'please',
  // Hindi
  'का', 'की', 'के', 'को', 'में', 'से', 'पर', 'ने', 'है', 'हैं', 'था', 'थी', 'थे', 'हो', 'और', 'या', 'भी', 'ही',
  'तो', 'यह', 'वह', 'ये', 'वे', 'इस', 'उस', 'इसे', 'उसे', 'कि', 'जो', 'एक', 'मैं', 'मेरा', 'मेरी', 'मेरे',
  'आप', 'आपका', 'आपकी', 'आपके', 'हम', 'हमारा', 'गया', 'गई', 'गए', 'कर', 'करें', 'कृपया',
  // Hinglish
  'ka', 'ki', 'ke', 'ko', 'mein', 'me', 'se', 'par', 'ne', 'hai', 'hain', 'tha', 'thi', 'the', 'ho', 'aur',
  'ya', 'bhi', 'hi', 'to', 'yeh', 'ye', 'woh', 'wo', 'is', 'us', 'jo', 'ek', 'mera', 'meri', 'mere', 'aap',
  'aapka', 'aapki', 'aapke', 'hum', 'hamara', 'gaya', 'gayi', 'gaye', 'kar', 'karein', 'kripya', 'please',
]);

/** Splits text into raw words (before `processTerm`). */
export function tokenize(text: string): string[] {
  // NFKC and the joiners concern non-ASCII text only; most English text skips both.
  const normal = nonAscii.test(text) ? text.normalize('NFKC').replace(zeroWidthJoiners, '') : text;
  return normal.split(notWordCharacter);
}

/** A raw word as a term: lower case (Devanagari has no case), or null for an empty or stop word. */
export function processTerm(word: string): string | null {
  if (word === '') return null;
  const term = word.toLowerCase();
  return stopWords.has(term) ? null : term;
}

/** The distinct terms of a text, in order of first appearance. */
export function termsOf(text: string): string[] {
  const terms = new Set<string>();
  for (const word of tokenize(text)) {
    const term = processTerm(word);
    if (term) terms.add(term);
  }
  return [...terms];
}
