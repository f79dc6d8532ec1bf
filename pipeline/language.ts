/**
 * Which language the claimant wrote in, so the reply follows it (docs/understanding.md,
 * "Language"). The message's script (pipeline/languages/scripts.ts: the script of its letters
 * other than a loanword script such as Latin, else that one) picks the candidate packs; the pack
 * with the most marker words in the message wins (`detection.markers`, compared after the spelling
 * folds, and with doubled letters as one); with none, or a tie, the script's default pack. A text
 * with no letters is read as the default language.
 */
import { defaultLanguage, languages, type LoadedLanguages } from './languages';
import { scriptOf } from './languages/scripts';
import type { Language } from './types';
import { foldWord } from './understanding/fold';
import { normalise } from './text';

/** Doubled letters as one (dhanyavaad = dhanyavad), for words of 4 letters or more after it:
 *  shorter ones are English too often ("see" would read as "se"). */
function undoubled(word: string): string {
  const single = word.replace(/(.)\1/g, '$1');
  return single.length >= 4 ? single : word;
}

/** Detection over a set of packs (the shipped ones, or a test's copy). */
export function languageDetector(loaded: LoadedLanguages, fold: (word: string) => string = foldWord): (text: string) => Language {
  const markers = new Map(loaded.packs.map((p) => [p.code, new Set(p.detection.markers.flatMap((m) => [fold(m), undoubled(m)]))]));
  const fallback = loaded.packs.find((p) => p.scriptOf.loanword && p.detection.default_for_script)?.code ?? defaultLanguage;
  return (text) => {
    const script = scriptOf(loaded.scripts, text) ?? loaded.scripts.find((s) => s.loanword) ?? null;
    const candidates = loaded.packs.filter((p) => p.scriptOf === script);
    const byDefault = candidates.find((p) => p.detection.default_for_script)?.code ?? fallback;
    const marked = candidates.filter((p) => markers.get(p.code)!.size > 0);
    if (marked.length === 0) return byDefault;
    const words = normalise(text).split(' ').map((w) => [fold(w), undoubled(w)] as const);
    let best: string | null = null;
    let bestCount = 0;
    let tied = false;
    for (const pack of marked) {
      const set = markers.get(pack.code)!;
      const count = words.filter(([f, u]) => set.has(f) || set.has(u)).length;
      if (count > bestCount) [best, bestCount, tied] = [pack.code, count, false];
      else if (count === bestCount && count > 0) tied = true;
    }
    return best === null || tied ? byDefault : best;
  };
}

/** The language of a claimant's message, over the shipped packs. */
export const detectLanguage: (text: string) => Language = languageDetector(languages);
