/**
 * Intent by template match (no free-text model): the phrase lists in data/intents.json, matched
 * as whole words on normalised text; the longest matching phrase decides.
 */
import phrases from './data/intents.json';
import { containsPhrase, normalise } from './text';

export type Intent = 'claim_status' | 'pending_documents' | 'query_reason';

interface PhraseEntry {
  intent: Intent;
  phrase: string;
}

const table: PhraseEntry[] = Object.entries(phrases)
  .filter(([intent]) => !intent.startsWith('_'))
  .flatMap(([intent, byLanguage]) =>
    Object.values(byLanguage as Record<string, string[]>).flat().map((p) => ({ intent: intent as Intent, phrase: normalise(p) })),
  )
  .sort((a, b) => b.phrase.length - a.phrase.length);

/** The intent of a message, or null when nothing matches. */
export function matchIntent(text: string): Intent | null {
  const normalised = normalise(text);
  return table.find((entry) => containsPhrase(normalised, entry.phrase))?.intent ?? null;
}
