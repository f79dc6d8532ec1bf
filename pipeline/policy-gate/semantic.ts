/**
 * Tier 2: is the answer about what was asked, and free of what it must never say?
 *
 * Prohibited content first, in the order of policy-rules.json (payment_promise, legal_advice,
 * medical_advice, other_claim): every language pack's phrases (`policy_prohibited`), whole words
 * on folded text; plus,
 * for other_claim, any claim reference that is not the claimant's own (claim-refs.ts).
 *
 * Then the topic: a binary cosine between two sets of content words (tokens.ts),
 *   A = the answer without its source line,
 *   R = the question ∪ the words of the claim's reason codes in the answer's language
 *       (the pack's `reason_words`; aliases in data/reason-codes.json),
 *   score = |A ∩ R| / √(|A| · |R|).
 * Above `semanticThreshold` the answer is on topic. See docs/policy-gate.md for why this
 * method and this threshold.
 */
import reasonCodes from '../data/reason-codes.json';
import rules from '../data/policy-rules.json';
import { isLanguage, languages, packOf } from '../languages';
import type { Language } from '../types';
import { mentionsOtherClaim, type ClaimRefs } from './claim-refs';
import { contentWords, matchWords } from './tokens';

/** Cosine above which an answer is on topic. */
export const semanticThreshold = 0.15;

type Category = keyof typeof rules.prohibited;

const categories = Object.keys(rules.prohibited) as Category[];
// Phrases indexed by their first word: a text is read once, word by word, and only the phrases
// that start with the word at hand are compared (some 350 phrases, most never start a word).
interface Phrase {
  category: Category;
  words: string[];
}
const byFirstWord = new Map<string, Phrase[]>();
for (const category of categories) {
  for (const phrase of languages.policyProhibited[category] ?? []) {
    const words = matchWords(phrase).split(' ').filter((w) => w !== '');
    if (words.length === 0) continue;
    const list = byFirstWord.get(words[0]!) ?? [];
    list.push({ category, words });
    byFirstWord.set(words[0]!, list);
  }
}

/** The categories whose phrases occur in the text, as whole words. */
function prohibitedCategories(text: string): Set<Category> {
  const found = new Set<Category>();
  const words = matchWords(text).split(' ');
  words.forEach((word, i) => {
    for (const phrase of byFirstWord.get(word) ?? []) {
      if (phrase.words.every((w, k) => words[i + k] === w)) found.add(phrase.category);
    }
  });
  return found;
}

const aliases: Record<string, string> = reasonCodes.aliases;

/** The code a reason code stands for (aliases resolved, case ignored). */
export function canonicalCode(code: string): string {
  const upper = code.toUpperCase();
  return aliases[upper] ?? upper;
}

const referenceCache = new Map<string, Set<string>>();

function reasonWords(code: string, language: Language): Set<string> {
  const key = `${language}:${code}`;
  let words = referenceCache.get(key);
  if (words === undefined) {
    // A code the pack has no words for contributes its own name's words, as an unknown one does.
    const entry = isLanguage(language) ? packOf(language).reason_words[code] : undefined;
    words = contentWords(entry === undefined ? code.replace(/_/g, ' ') : entry.join(' . '));
    // Unknown codes arrive from partners' CMSs: cache only the known ones, so the map stays small.
    if (entry !== undefined) referenceCache.set(key, words);
  }
  return words;
}

// Every pack's source word (`citation_prefixes`), whatever the reply's language: a source line is
// never the answer, in whichever language it is written.
const citationLine = new RegExp(
  `^\\s*(?:${languages.citationPrefixes.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})\\s*[:：-]`,
  'iu',
);

/** The reply without its source line(s): what the answer itself says. */
export function answerBody(text: string): string {
  return text.split('\n').filter((line) => !citationLine.test(line)).join('\n');
}

/** The cosine between the answer's content words and the question's plus the reason codes'. */
export function topicScore(text: string, question: string, codes: readonly string[], language: Language): number {
  const answer = contentWords(answerBody(text));
  const reference = contentWords(question);
  for (const code of codes) for (const word of reasonWords(canonicalCode(code), language)) reference.add(word);
  if (answer.size === 0 || reference.size === 0) return 0;
  let shared = 0;
  for (const word of answer) if (reference.has(word)) shared += 1;
  return shared / Math.sqrt(answer.size * reference.size);
}

export interface SemanticVerdict {
  outcome: 'pass' | 'block';
  /** 'on_topic', or the blocking reason: a prohibited category or 'off_topic'. */
  reason: string;
  score: number;
}

export function checkSemantic(
  text: string, question: string, codes: readonly string[], language: Language, refs: ClaimRefs,
): SemanticVerdict {
  const score = Math.round(topicScore(text, question, codes, language) * 1000) / 1000;
  const found = prohibitedCategories(text);
  for (const category of categories) {
    if (found.has(category)) return { outcome: 'block', reason: category, score };
    if (category === 'other_claim' && mentionsOtherClaim(text, refs)) return { outcome: 'block', reason: category, score };
  }
  if (score <= semanticThreshold) return { outcome: 'block', reason: 'off_topic', score };
  return { outcome: 'pass', reason: 'on_topic', score };
}
