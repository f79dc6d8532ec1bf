/**
 * Intent by template match (no free-text model): the word classes and templates of
 * pipeline/understanding, scored for every intent (docs/understanding.md).
 */
import { understand, type Intent, type Understanding } from './understanding/grammar';
import { lexiconFor, type Vocabulary } from './understanding/lexicon';

export type { Intent, Understanding };
export { intents } from './understanding/grammar';

/** What a message asks, with the tenant's added words (tenant document `vocabulary`). */
export function understandMessage(text: string, vocabulary?: Vocabulary): Understanding {
  return understand(text, lexiconFor(vocabulary));
}

/** The intent of a message when one is clear, else null (small talk, or unclear). */
export function matchIntent(text: string, vocabulary?: Vocabulary): Intent | null {
  return understandMessage(text, vocabulary).intent;
}
