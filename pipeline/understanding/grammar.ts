/**
 * The intent grammar: templates over word classes (data/intent-templates.json) score every
 * intent, and the result says how sure it is (docs/understanding.md). No model and no network:
 * the same words always give the same answer, and a partner extends it with words, not code.
 * The intents are those the templates name; a workflow registered at run time brings its own
 * templates through `addIntentTemplates` (docs/architecture.md, "Adding a workflow type").
 */
import table from '../data/intent-templates.json';
import { foldedWords } from './fold';
import type { ClassHit, Lexicon } from './lexicon';

/** The intents of the shipped templates (data/intent-templates.json). */
export type Intent = 'claim_status' | 'pending_documents' | 'query_reason';

export interface Template {
  name: string;
  /** A shipped intent, or one added with `addIntentTemplates`. */
  intent: string;
  /** Each part is one class or alternatives (`a|b`); every part must occur within the window. */
  all: string[][];
  /** Classes that, anywhere in the message, stop this template ("already sent" is no question
   *  about which documents to send). */
  none: string[];
  weight: number;
}

/**
 * - `intent`: one intent is clear (score at or over the threshold, ahead of the next by the margin);
 * - `small_talk`: a greeting, thanks or acknowledgement with no intent at the threshold;
 *   `closing` when it thanks or acknowledges (a word of the `thanks` class: "thanks", "ok",
 *   "bye"): the conversation is ending, not starting;
 * - `unclear`: anything else; the claimant is asked which they meant.
 */
export type Understanding<I extends string = Intent> =
  | { kind: 'intent'; intent: I; confidence: number; scores: Record<I, number>; template: string }
  | { kind: 'small_talk'; intent: null; confidence: number; scores: Record<I, number>; template: null; closing: boolean }
  | { kind: 'unclear'; intent: null; confidence: number; scores: Record<I, number>; template: null };

/** A template as intent-templates.json writes it (parts as `a|b`). */
export interface TemplateSpec {
  name: string;
  intent: string;
  all: string[];
  none?: string[];
  weight: number;
}

const compile = (t: TemplateSpec): Template => ({ ...t, all: t.all.map((part) => part.split('|')), none: t.none ?? [] });

export const grammar = {
  window: table.window,
  threshold: table.threshold,
  margin: table.margin,
  templates: (table.templates as TemplateSpec[]).map(compile),
};

/** The intents scored, in the order the templates first name them. */
let intents: readonly string[] = intentsOf(grammar.templates);

function intentsOf(templates: readonly Template[]): string[] {
  return [...new Set(templates.map((t) => t.intent))];
}

/**
 * Adds templates (a workflow registered at run time: its intent and phrases, over the word
 * classes of data/word-classes.json and those added with `addWordClasses`). Answers the function
 * that removes them again.
 */
export function addIntentTemplates(templates: readonly TemplateSpec[]): () => void {
  const added = templates.map(compile);
  grammar.templates.push(...added);
  intents = intentsOf(grammar.templates);
  return () => {
    grammar.templates = grammar.templates.filter((t) => !added.includes(t));
    intents = intentsOf(grammar.templates);
  };
}

const smallTalkClasses = new Set(['greet', 'thanks']);
/** Words that make a message a question: with thanks in it, only a question starts a workflow
 *  ("thanks for the update" is small talk; "thanks, when will it be paid?" is not). */
const questionClasses = new Set(['why', 'when', 'ask', 'where', 'question']);
const strongWeight = 0.85;

/**
 * Scores a message against every template. Typed for the shipped intents by default; a caller
 * that handles workflows registered at run time (the router) asks for `understand<string>`.
 */
export function understand<I extends string = Intent>(text: string, lexicon: Lexicon): Understanding<I> {
  const words = foldedWords(text);
  const hits = lexicon.find(words);
  const scores: Record<string, number> = Object.fromEntries(intents.map((intent) => [intent, 0]));
  const best: Partial<Record<string, string>> = {};
  for (const template of grammar.templates) {
    if (template.weight <= scores[template.intent]) continue;
    if (!matches(template, hits, grammar.window)) continue;
    scores[template.intent] = template.weight;
    best[template.intent] = template.name;
  }
  // With thanks and no question, only a very strong template ("claim status") still counts.
  const thanked = hits.some((h) => h.cls === 'thanks');
  const strongest = Math.max(...Object.values(scores));
  if (thanked && strongest < strongWeight && !text.includes('?') && !hits.some((h) => questionClasses.has(h.cls))) {
    return { kind: 'small_talk', intent: null, confidence: 0, scores: scores as Record<I, number>, template: null, closing: true };
  }
  const ranked = [...intents].sort((a, b) => scores[b] - scores[a]);
  const top = ranked[0]!;
  const lead = scores[top] - scores[ranked[1]!];
  // Rounded: weights are decimals, and 0.95 - 0.85 must count as the 0.1 margin it is.
  if (scores[top] >= grammar.threshold && Math.round(lead * 1000) >= Math.round(grammar.margin * 1000)) {
    return { kind: 'intent', intent: top as I, confidence: scores[top], scores: scores as Record<I, number>, template: best[top]! };
  }
  const smallTalk = hits.some((h) => smallTalkClasses.has(h.cls));
  if (smallTalk && scores[top] < grammar.threshold) {
    return { kind: 'small_talk', intent: null, confidence: scores[top], scores: scores as Record<I, number>, template: null, closing: thanked };
  }
  return { kind: 'unclear', intent: null, confidence: scores[top], scores: scores as Record<I, number>, template: null };
}

/** Whether every part of the template occurs, the occurrences spanning at most `window` words. */
function matches(template: Template, hits: readonly ClassHit[], window: number): boolean {
  if (template.none.length > 0 && hits.some((h) => template.none.includes(h.cls))) return false;
  const options = template.all.map((part) => hits.filter((h) => part.includes(h.cls)));
  if (options.some((o) => o.length === 0)) return false;
  if (options.length === 1) return true;
  // Few hits per message: try each choice of occurrences (bounded by the parts' hit counts).
  const pick = (i: number, lo: number, hi: number, used: ClassHit[]): boolean => {
    if (i === options.length) return hi - lo < window;
    for (const hit of options[i]!) {
      // Two parts may not be the same words ("paid" alone cannot be both money and paid).
      if (used.some((u) => u.start <= hit.end && hit.start <= u.end)) continue;
      if (pick(i + 1, Math.min(lo, hit.start), Math.max(hi, hit.end), [...used, hit])) return true;
    }
    return false;
  };
  return pick(0, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, []);
}
