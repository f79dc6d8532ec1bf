/**
 * The claimant's language, remembered per conversation (docs/understanding.md, "The
 * conversation's language"). Detection (pipeline/language.ts) always names a language, falling
 * back to the script's default pack; a message that tells nothing more than its script must not
 * move a conversation that is in another language: "ok", "1", "thanks", a claim number or a YES
 * is answered in the language the claimant has been writing in. A message moves it when it tells
 * its language:
 * - it is written in a script of its own other than the conversation's (Telugu letters in an
 *   English or a Hindi conversation). Latin is not such a script: English words turn up in every
 *   language's messages (a loanword script, pipeline/languages/scripts);
 * - it has a marker word of a language that is not its script's default (`detection.markers`:
 *   "mera" is Hinglish, "आहे" Marathi, "naaku" romanised Telugu);
 * - it is in its script's default language (English, Hindi, Telugu...) with at least three words
 *   and is no consent keyword: "what is my claim status" is English, "status?" tells nothing.
 * A consent word of the conversation's own language (its YES, its STOP) tells nothing either.
 * Words are what has a letter and no digit, so "CLM-2024-88812" is no word.
 */
import { detectLanguage } from './language';
import { defaultLanguage, isLanguage, languages, packOf, textScript } from './languages';
import { normalise } from './text';
import type { Language } from './types';

/** Each pack's consent words, normalised: a YES or STOP as the conversation's own language says it
 *  keeps that language, whatever other language the word also marks (Marathi "ho" is Hinglish too). */
const consentWordsOf = new Map(languages.packs.map((p) => [p.code, new Set(Object.values(p.consent).flat().map((w) => normalise(w)))]));

/** Words a message in its script's default language needs to tell it (with no marker word). */
export const defaultLanguageWords = 3;

/** The message's words: normalised tokens with a letter and no digit. */
function wordsOf(text: string): string[] {
  return normalise(text).split(' ').filter((w) => /\p{L}/u.test(w) && !/\p{N}/u.test(w));
}

/**
 * The language a claimant's message tells, given the conversation's (null: none yet), or null
 * when it tells none and the conversation's stands. `keyword`: the whole message is a consent or
 * provider keyword (YES, STOP, ok), which tells no language unless its script or a marker does.
 */
export function toldLanguage(text: string, conversation: Language | null, keyword: boolean): Language | null {
  const words = wordsOf(text);
  if (words.length === 0) return null;
  const detected = detectLanguage(text);
  if (conversation === null || !isLanguage(conversation) || detected === conversation) {
    // A first message: its detection stands, but for a bare keyword in the loanword script (YES).
    return keyword && isDefaultOfLoanwordScript(detected) ? null : detected;
  }
  if (keyword && consentWordsOf.get(conversation)!.has(normalise(text))) return null;
  const script = textScript(words.join(' '));
  if (script !== null && !script.loanword && script !== packOf(conversation).scriptOf) return detected;
  if (!packOf(detected).detection.default_for_script) return detected;
  return !keyword && words.length >= defaultLanguageWords ? detected : null;
}

function isDefaultOfLoanwordScript(code: Language): boolean {
  const pack = packOf(code);
  return pack.scriptOf.loanword && pack.detection.default_for_script;
}

/** The claimant's language for this message: the one it tells, else the conversation's, else the packs' default. */
export function claimantLanguage(text: string, conversation: Language | null, keyword: boolean): Language {
  return toldLanguage(text, conversation, keyword) ?? (conversation !== null && isLanguage(conversation) ? conversation : defaultLanguage);
}
