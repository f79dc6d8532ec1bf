/**
 * The intent grammar: templates over word classes (data/intent-templates.json) score every
 * intent, and the result says how sure it is (docs/understanding.md). No model and no network:
 * the same words always give the same answer, and a partner extends it with words, not code.
 */
import table from '../data/intent-templates.json';
import { foldedWords } from './fold';
import type { ClassHit, Lexicon } from './lexicon';

export const intents = ['claim_status', 'pending_documents', 'query_reason'] as const;
export type Intent = (typeof intents)[number];

export interface Template {
  name: string;
  intent: Intent;
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
 * - `unclear`: anything else; the claimant is asked which they meant.
 */
export type Understanding =
  | { kind: 'intent'; intent: Intent; confidence: number; scores: Record<Intent, number>; template: string }
  | { kind: 'small_talk' | 'unclear'; intent: null; confidence: number; scores: Record<Intent, number>; template: null };

export const grammar = {
  window: table.window,
  threshold: table.threshold,
  margin: table.margin,
  templates: table.templates.map((t) => ({ ...t, intent: t.intent as Intent, all: t.all.map((part) => part.split('|')), none: 'none' in t ? t.none : [] })) as Template[],
};

const smallTalkClasses = new Set(['greet', 'thanks']);
/** Words that make a message a question: with thanks in it, only a question starts a workflow
 *  ("thanks for the update" is small talk; "thanks, when will it be paid?" is not). */
const questionClasses = new Set(['why', 'when', 'ask', 'where', 'question']);
const strongWeight = 0.85;

/** Scores a message against every template. */
export function understand(text: string, lexicon: Lexicon): Understanding {
  const words = foldedWords(text);
  const hits = lexicon.find(words);
  const scores: Record<Intent, number> = { claim_status: 0, pending_documents: 0, query_reason: 0 };
  const best: Partial<Record<Intent, string>> = {};
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
    return { kind: 'small_talk', intent: null, confidence: 0, scores, template: null };
  }
  const ranked = [...intents].sort((a, b) => scores[b] - scores[a]);
  const top = ranked[0]!;
  const lead = scores[top] - scores[ranked[1]!];
  // Rounded: weights are decimals, and 0.95 - 0.85 must count as the 0.1 margin it is.
  if (scores[top] >= grammar.threshold && Math.round(lead * 1000) >= Math.round(grammar.margin * 1000)) {
    return { kind: 'intent', intent: top, confidence: scores[top], scores, template: best[top]! };
  }
  const smallTalk = hits.some((h) => smallTalkClasses.has(h.cls));
  return { kind: smallTalk && scores[top] < grammar.threshold ? 'small_talk' : 'unclear', intent: null, confidence: scores[top], scores, template: null };
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
