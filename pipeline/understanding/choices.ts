/**
 * The claimant's answer to "which did you mean?" (docs/understanding.md): a tapped reply button,
 * or a picked row of a list message (WhatsApp shows more than three choices as a list), carries
 * `choice:<intent>:<language>` as its id; on a channel without buttons the claimant types the
 * number of the line (in ASCII digits or any script's, pipeline/languages/scripts). The numbering is fixed, so a number means the
 * same workflow whatever was asked before, and whichever of them were offered: the workflows
 * offered, in the order they are registered (pipeline/workflows/index.ts).
 */
import { asciiDigits, defaultPackOf, isLanguage, scriptOfDigit } from '../languages';
import { normalise } from '../text';
import type { Language } from '../types';
import { offeredIntents } from '../workflows';

const buttonPrefix = 'choice:';

/** The workflows offered, in the order they are listed and numbered. */
export function choiceOrder(): readonly string[] {
  return offeredIntents();
}

/**
 * The workflows a reply offers (`ReplyRequest.choices`): `true` every offered workflow in their
 * fixed order; a list of intents those of them that are offered (one that is not could not be
 * answered: its tap or number would not be read as a choice), in the list's order, each once.
 */
export function offeredChoices(choices: boolean | readonly string[] | undefined): readonly string[] {
  if (!choices) return [];
  const order = choiceOrder();
  if (choices === true) return order;
  return [...new Set(choices)].filter((intent) => order.includes(intent));
}

/** The fixed number of a workflow's line (1-based), or 0 when it is not offered. */
export function choiceNumber(intent: string): number {
  return choiceOrder().indexOf(intent) + 1;
}

/** A button's (or list row's) id: the workflow, and the language the question was asked in. */
export function choiceButtonId(intent: string, language: Language): string {
  return `${buttonPrefix}${intent}:${language}`;
}

export interface Choice {
  intent: string;
  /** The language the offer was made in, when the answer tells it (a button id; digits of a
   *  script other than the loanword one: that script's default language). */
  language: Language | null;
}

/** The workflow a message chooses, or null when it is not a choice. */
export function choiceOf(text: string, buttonId?: string): Choice | null {
  if (buttonId?.startsWith(buttonPrefix)) {
    const [intent, language] = buttonId.slice(buttonPrefix.length).split(':') as [string, Language | undefined];
    if (choiceOrder().includes(intent)) return { intent, language: isLanguage(language) ? language : null };
  }
  const typed = normalise(asciiDigits(text));
  if (!/^[1-9]$/.test(typed)) return null;
  const intent = choiceOrder()[Number(typed) - 1];
  if (!intent) return null;
  const script = [...text].map(scriptOfDigit).find((s) => s !== null && !s.loanword) ?? null;
  return { intent, language: script ? defaultPackOf(script)?.code ?? null : null };
}
