/**
 * Which language the claimant wrote in, so the reply follows it: Devanagari script is Hindi,
 * Latin script with romanised Hindi words is Hinglish, anything else English.
 */
import markers from './data/language-markers.json';
import type { Language } from './types';
import { normalise } from './text';

const hinglishMarkers = new Set(markers.hi_en);

export function detectLanguage(text: string): Language {
  if (/[\u0900-\u097F]/.test(text)) return 'HI';
  const words = normalise(text).split(' ');
  return words.some((w) => hinglishMarkers.has(w)) ? 'HI_EN' : 'EN';
}
