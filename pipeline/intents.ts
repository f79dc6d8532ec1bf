/**
 * Intent by template match (no free-text model): the word classes and templates of
 * pipeline/understanding, scored for every intent (docs/understanding.md).
 */
import { understand, type Intent, type Understanding } from './understanding/grammar';
import { lexiconFor, type Vocabulary } from './understanding/lexicon';

export type { Intent, Understanding };
export { addIntentTemplates, type TemplateSpec } from './understanding/grammar';
export { addWordClasses } from './understanding/lexicon';

/** What a message asks, with the tenant's added words (tenant document `vocabulary`). Typed for
 *  the shipped intents unless the caller asks for `string` (a registered workflow's intent). */
export function understandMessage<I extends string = Intent>(text: string, vocabulary?: Vocabulary): Understanding<I> {
  return understand<I>(text, lexiconFor(vocabulary));
}

/** The intent of a message when one is clear, else null (small talk, or unclear). */
export function matchIntent(text: string, vocabulary?: Vocabulary): Intent | null {
  return understandMessage(text, vocabulary).intent;
}
