/**
 * The claimant's answer to "which did you mean?" (docs/understanding.md): a tapped reply button
 * carries `choice:<intent>:<language>` as its id; on a channel without buttons the claimant
 * types the number of the line (1, 2 or 3, in ASCII or Devanagari digits). The numbering is
 * fixed, so a number means the same workflow whatever was asked before: the workflows offered,
 * in the order they are registered (pipeline/workflows/index.ts).
 */
import { normalise } from '../text';
import type { Language } from '../types';
import { offeredIntents } from '../workflows';

const buttonPrefix = 'choice:';
const languages: readonly Language[] = ['EN', 'HI', 'HI_EN'];

/** The workflows offered, in the order they are listed and numbered. */
export function choiceOrder(): readonly string[] {
  return offeredIntents();
}

/** A button's id: the workflow, and the language the question was asked in. */
export function choiceButtonId(intent: string, language: Language): string {
  return `${buttonPrefix}${intent}:${language}`;
}

export interface Choice {
  intent: string;
  /** The language the offer was made in, when the answer tells it (a button id, Devanagari digits). */
  language: Language | null;
}

const devanagariDigit = /[\u0966-\u096F]/;

/** The workflow a message chooses, or null when it is not a choice. */
export function choiceOf(text: string, buttonId?: string): Choice | null {
  if (buttonId?.startsWith(buttonPrefix)) {
    const [intent, language] = buttonId.slice(buttonPrefix.length).split(':') as [string, Language | undefined];
    if (choiceOrder().includes(intent)) return { intent, language: language && languages.includes(language) ? language : null };
  }
  const typed = normalise(text.replace(/[\u0966-\u096F]/g, (d) => String(d.charCodeAt(0) - 0x0966)));
  if (!/^[1-9]$/.test(typed)) return null;
  const intent = choiceOrder()[Number(typed) - 1];
  return intent ? { intent, language: devanagariDigit.test(text) ? 'HI' : null } : null;
}
