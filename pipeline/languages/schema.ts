/**
 * The JSON Schemas of a language pack's files (pipeline/languages/README.md describes each field):
 * a writing system (`scripts/<Script>.json`), a language (`<code>/language.json`) and its replies
 * (`<code>/replies.json`). A test loads a pack with each field wrong, so the types and the schemas cannot drift apart unseen.
 */
import type { JSONSchemaType } from 'ajv';

/** One spelling fold: a regex source and its replacement, applied to each word after NFD. */
export interface FoldSpec {
  from: string;
  to: string;
  /** Why the two spellings are one (documentation; shown in no output). */
  why: string;
  /** Also applied by the policy gate's phrase matching, to whole texts as normalised (no NFD).
   *  Default false: the gate folds only what a reader sees as one spelling of one word. */
  policy_gate?: boolean;
}

export interface ScriptSpec {
  script: string;
  /** Unicode ranges of its letters, `XXXX-YYYY` in hex. */
  ranges: string[];
  /** Its ten digits, zero first. */
  digits: string;
  folds: FoldSpec[];
  /** Its words turn up inside messages written in another script (English words in a Hindi
   *  message), so a message is read as this script only when it has no letter of another.
   *  Default false. */
  loanword_script?: boolean;
}

const sentenceFields = ['joining', 'more_after', 'currency_before', 'amount_after', 'date_after', 'number_before', 'abbreviations'] as const;
export type SentenceField = (typeof sentenceFields)[number];
export const consentAnswers = ['yes', 'no', 'stop', 'start'] as const;
export type ConsentAnswer = (typeof consentAnswers)[number];

export interface LanguageSpec {
  code: string;
  name: string;
  native_name: string;
  script: string;
  romanised_of: string | null;
  whatsapp_language: string;
  /** `question_final`: words that tell the language only where they end a question (the word right
   *  before a question mark: Marathi "का?", why, where Hindi's का, of, never stands). Default none. */
  detection: { default_for_script: boolean; markers: string[]; question_final?: string[] };
  words: Record<string, string[]>;
  spelling_variants: Record<string, string[]>;
  /** Spellings made from the pack's own words by rule at load, rather than listed one by one
   *  (index.ts, `generatedSpellings`). Default none. */
  spelling_rules?: SpellingRule[];
  known_words: string[];
  consent: Record<ConsentAnswer, string[]>;
  handover_cancel: string[];
  /** `alternative`: words ("or") that start a new clause only before one of the pack's auxiliaries
   *  (`words.aux`), a second question ("... pending from my side or has the claim gone for
   *  settlement?"); elsewhere they join ("approved or rejected"). Default none.
   *  `opening`: words that may open a sentence before its auxiliary, which then still asks ("Also,
   *  has the balance been paid?", "And is it approved?"). Default none. */
  sentence: Record<SentenceField, string[]> & { alternative?: string[]; opening?: string[] };
  reason_words: Record<string, string[]>;
  phi_context: Record<string, string[]>;
  policy_stop_words: string[];
  /** The words a reply's source line opens with ("Source: ...", "ஆதாரம்: ..."): the policy gate
   *  leaves such a line out when it measures the answer's topic, whichever pack's word it is. */
  citation_prefixes: string[];
  /** Phrases a reply must never say, per category of pipeline/data/policy-rules.json. Default none. */
  policy_prohibited?: Record<string, string[]>;
  /** Date words of this pack (`words.date`) that its script's folds make one word with a call word
   *  (Marathi काल, yesterday, and कॉल, call, once ॉ folds to ा), each with the spelling that is
   *  really the call: a call read on the date word in a message that writes no `call` spelling is
   *  the date (grammar.ts, `dateNoCall`). Default none. */
  date_folds_onto_call?: DateCallFold[];
}

export interface DateCallFold {
  /** The date word, as `words.date` lists it. */
  date: string;
  /** The call word it folds onto, as a claimant writes it when a call is meant. */
  call: string;
  why: string;
}

/**
 * A spelling claimants write for every word of a pack: `without` the word with every `text` left
 * out (Tamil typed without the pulli), `suffix` the word with `text` joined to its end (Tamil's
 * quotative: வரும்னு, "that it will come"), read as the word itself.
 */
export interface SpellingRule {
  kind: 'without' | 'suffix';
  text: string;
  /** Only for words ending in this (a `suffix` rule): Tamil's sandhi doubles the next word's hard
   *  consonant onto a word ending in the accusative -ை or the dative -கு, not onto every word. */
  after?: string;
  why: string;
}

export interface RepliesSpec {
  whatsapp: Record<string, string>;
  sms: Record<string, string>;
  labels: Record<string, string>;
}

const word = { type: 'string', minLength: 1, maxLength: 200 } as const;
const words = { type: 'array', items: word } as const;
const wordLists = { type: 'object', required: [], additionalProperties: words } as const;
const texts = { type: 'object', required: [], additionalProperties: { type: 'string', minLength: 1 } } as const;

export const scriptSchema: JSONSchemaType<ScriptSpec> = {
  type: 'object',
  additionalProperties: false,
  required: ['script', 'ranges', 'digits', 'folds'],
  properties: {
    script: { type: 'string', pattern: '^[A-Z][A-Za-z]+$' },
    ranges: { type: 'array', minItems: 1, items: { type: 'string', pattern: '^[0-9A-F]{4,6}-[0-9A-F]{4,6}$' } },
    digits: { type: 'string', minLength: 10, maxLength: 20 },
    folds: {
      type: 'array',
      items: {
        type: 'object', additionalProperties: false, required: ['from', 'to', 'why'],
        properties: {
          from: { type: 'string', minLength: 1 },
          to: { type: 'string' },
          why: { type: 'string', minLength: 1 },
          policy_gate: { type: 'boolean', nullable: true },
        },
      },
    },
    loanword_script: { type: 'boolean', nullable: true },
  },
};

// Not typed as JSONSchemaType<LanguageSpec>: ajv's type cannot say "required, and may be null"
// (romanised_of). The loader compiles it as `ajv.compile<LanguageSpec>`.
export const languageSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'code', 'name', 'native_name', 'script', 'romanised_of', 'whatsapp_language', 'detection', 'words', 'spelling_variants',
    'known_words', 'consent', 'handover_cancel', 'sentence', 'reason_words', 'phi_context', 'policy_stop_words',
    'citation_prefixes',
  ],
  properties: {
    code: { type: 'string', pattern: '^[A-Z]{2,3}(_[A-Z]{2,3})?$' },
    name: { type: 'string', minLength: 1, maxLength: 60 },
    native_name: { type: 'string', minLength: 1, maxLength: 60 },
    script: { type: 'string', minLength: 1 },
    romanised_of: { type: ['string', 'null'], pattern: '^[A-Z]{2,3}(_[A-Z]{2,3})?$' },
    whatsapp_language: { type: 'string', pattern: '^[a-z]{2,3}(_[A-Z]{2})?$' },
    detection: {
      type: 'object', additionalProperties: false, required: ['default_for_script', 'markers'],
      properties: { default_for_script: { type: 'boolean' }, markers: words, question_final: words },
    },
    words: wordLists,
    spelling_variants: wordLists,
    spelling_rules: {
      type: 'array',
      items: {
        type: 'object', additionalProperties: false, required: ['kind', 'text', 'why'],
        properties: { kind: { type: 'string', enum: ['without', 'suffix'] }, text: { type: 'string', minLength: 1, maxLength: 20 }, after: { type: 'string', minLength: 1, maxLength: 20 }, why: { type: 'string', minLength: 1 } },
      },
    },
    known_words: words,
    consent: {
      type: 'object', additionalProperties: false, required: consentAnswers,
      properties: { yes: words, no: words, stop: words, start: words },
    },
    handover_cancel: words,
    sentence: {
      type: 'object', additionalProperties: false, required: sentenceFields,
      properties: {
        joining: words, more_after: words, currency_before: words, amount_after: words, date_after: words, number_before: words, abbreviations: words,
        alternative: { ...words, nullable: true },
        opening: { ...words, nullable: true },
      },
    },
    reason_words: wordLists,
    phi_context: wordLists,
    policy_stop_words: words,
    citation_prefixes: { type: 'array', minItems: 1, items: word },
    policy_prohibited: wordLists,
    date_folds_onto_call: {
      type: 'array',
      items: {
        type: 'object', additionalProperties: false, required: ['date', 'call', 'why'],
        properties: { date: word, call: word, why: { type: 'string', minLength: 1 } },
      },
    },
  },
} as const;

export const repliesSchema: JSONSchemaType<RepliesSpec> = {
  type: 'object',
  additionalProperties: false,
  required: ['whatsapp', 'sms', 'labels'],
  properties: { whatsapp: texts, sms: texts, labels: texts },
};
