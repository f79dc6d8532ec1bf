/**
 * Policy tier 1: an exact-match deny list on normalised text. The global list ships in
 * data/deny-list.json; a tenant adds its own phrases in its tenant document. "Normalised" is
 * `normalise` (text.ts) plus `foldScript`, so a Devanagari phrase matches with or without nukta
 * and chandrabindu; Latin spellings are matched exactly.
 */
import globalList from '../data/deny-list.json';
import { foldScript } from './script-fold';
import { containsPhrase, normalise } from '../text';

const matchForm = (text: string): string => foldScript(normalise(text));

const globalPhrases = globalList.phrases.map(matchForm);

/** The first deny-listed phrase the text contains (in its normalised form), or null. */
export function deniedPhrase(text: string, tenantPhrases: readonly string[]): string | null {
  const normalised = matchForm(text);
  for (const phrase of [...globalPhrases, ...tenantPhrases.map(matchForm)]) {
    if (containsPhrase(normalised, phrase)) return phrase;
  }
  return null;
}
