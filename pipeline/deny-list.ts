/**
 * Policy tier 1: an exact-match deny list on normalised text. The global list ships in
 * data/deny-list.json; a tenant adds its own phrases in its tenant document.
 */
import globalList from './data/deny-list.json';
import { containsPhrase, normalise } from './text';

const globalPhrases = globalList.phrases.map(normalise);

/** The first deny-listed phrase the text contains, or null. */
export function deniedPhrase(text: string, tenantPhrases: readonly string[]): string | null {
  const normalised = normalise(text);
  for (const phrase of [...globalPhrases, ...tenantPhrases.map(normalise)]) {
    if (containsPhrase(normalised, phrase)) return phrase;
  }
  return null;
}
