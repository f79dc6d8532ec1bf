/**
 * Which language the claimant wrote in, so the reply follows it: Devanagari script is Hindi;
 * Latin script with a romanised Hindi word (grammar words and everyday nouns,
 * data/language-markers.json, compared after the Latin spelling folds) is Hinglish; anything
 * else is English.
 */
import markers from './data/language-markers.json';
import type { Language } from './types';
import { foldLatin } from './understanding/fold';
import { normalise } from './text';

const hinglishMarkers = new Set(markers.hi_en.flatMap((m) => [foldLatin(m), undoubled(m)]));

/** Doubled letters as one (dhanyavaad = dhanyavad), for words of 4 letters or more after it:
 *  shorter ones are English too often ("see" would read as "se"). */
function undoubled(word: string): string {
  const single = word.replace(/(.)\1/g, '$1');
  return single.length >= 4 ? single : word;
}

export function detectLanguage(text: string): Language {
  if (/[\u0900-\u097F]/.test(text)) return 'HI';
  const words = normalise(text).split(' ');
  return words.some((w) => hinglishMarkers.has(foldLatin(w)) || hinglishMarkers.has(undoubled(w))) ? 'HI_EN' : 'EN';
}
