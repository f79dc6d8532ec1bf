/**
 * The language packs (pipeline/languages/README.md): every writing system in `scripts/` and every
 * language folder beside it, read once at module load, each file checked against its schema
 * (./schema.ts; an error names the file and the field), and merged into what the understanding,
 * the consent stage, the policy gate and the reply templates read. Adding a language is adding a
 * folder; nothing in the code names one.
 */
import Ajv from 'ajv';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import phiKinds from '../data/phi-kinds.json';
import policyRules from '../data/policy-rules.json';
import reasonCodes from '../data/reason-codes.json';
import wordClasses from '../data/word-classes.json';
import { normalise } from '../text';
import {
  consentAnswers, languageSchema, repliesSchema, scriptSchema,
  type ConsentAnswer, type LanguageSpec, type RepliesSpec, type SentenceField,
} from './schema';
import { compileScript, digitTable, foldInScript, scriptOf, type Script } from './scripts';

export type { ConsentAnswer, LanguageSpec, RepliesSpec, SentenceField } from './schema';
export type { Script } from './scripts';

/** A loaded language: its language.json, its replies.json, and its script compiled. */
export interface LanguagePack extends LanguageSpec {
  replies: RepliesSpec;
  scriptOf: Script;
}

/** Everything the packs say, merged. Lists keep the packs' order (their folders' names sorted). */
export interface LoadedLanguages {
  scripts: readonly Script[];
  packs: readonly LanguagePack[];
  codes: readonly string[];
  /** Each word class's entries, over every pack (a claimant mixes languages). */
  wordClasses: Record<string, string[]>;
  /** Spelling (script-folded) to the form the word classes use, over every pack. */
  spellingVariants: ReadonlyMap<string, string>;
  knownWords: readonly string[];
  /** Whole-message consent answers over every pack, looked up by a normalised message and compared
   *  after each word's script folds (सुरु करा = सुरू करा). */
  consent: ReadonlyMap<string, ConsentAnswer>;
  handoverCancel: readonly string[];
  sentence: Record<SentenceField, string[]>;
  policyStopWords: readonly string[];
  /** The words a source line opens with, over every pack (each once). */
  citationPrefixes: readonly string[];
  /** Prohibited phrases per category of policy-rules.json, over every pack. */
  policyProhibited: Record<string, string[]>;
  /** Context words per PHI kind of phi-kinds.json and language. */
  phiContext: Record<string, Record<string, string[]>>;
}

/** A pack folder or script file that cannot be used: the file, then what is wrong. */
export class LanguagePackError extends Error {
  constructor(readonly file: string, problem: string) {
    super(`${file}: ${problem}`);
    this.name = 'LanguagePackError';
  }
}

const ajv = new Ajv({ allErrors: true });
const checkScript = ajv.compile(scriptSchema);
const checkLanguage = ajv.compile<LanguageSpec>(languageSchema);
const checkReplies = ajv.compile(repliesSchema);

const known = {
  classes: new Set(Object.keys(wordClasses).filter((k) => !k.startsWith('_'))),
  reasonCodes: new Set(Object.keys(reasonCodes.codes)),
  phiKinds: new Set(phiKinds.kinds.map((k) => k.kind)),
  prohibited: new Set(Object.keys(policyRules.prohibited)),
};

function readChecked<T>(file: string, check: { (data: unknown): data is T; errors?: Array<{ instancePath: string; message?: string }> | null }): T {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new LanguagePackError(file, `not readable JSON (${(err as Error).message})`);
  }
  if (!check(data)) {
    const problems = (check.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`);
    throw new LanguagePackError(file, problems.join('; '));
  }
  return data;
}

function loadScripts(dir: string): Script[] {
  const scriptDir = join(dir, 'scripts');
  const files = readdirSync(scriptDir).filter((f) => f.endsWith('.json')).sort();
  return files.map((name) => {
    const file = join(scriptDir, name);
    const spec = readChecked(file, checkScript);
    if (`${spec.script}.json` !== name) throw new LanguagePackError(file, `/script "${spec.script}" is not the file's name`);
    try {
      return compileScript(spec);
    } catch (err) {
      throw new LanguagePackError(file, (err as Error).message);
    }
  });
}

function loadPack(dir: string, folder: string, scripts: readonly Script[]): LanguagePack {
  const file = join(dir, folder, 'language.json');
  const spec = readChecked(file, checkLanguage);
  const fail = (problem: string) => new LanguagePackError(file, problem);
  if (spec.code.toLowerCase() !== folder) throw fail(`/code "${spec.code}" is not the folder's name in capitals (${folder.toUpperCase()})`);
  const script = scripts.find((s) => s.name === spec.script);
  if (!script) throw fail(`/script "${spec.script}" has no file in scripts/ (${scripts.map((s) => s.name).join(', ')})`);
  const unknown = (field: string, names: string[], allowed: ReadonlySet<string>, what: string) => {
    const bad = names.filter((n) => !allowed.has(n));
    if (bad.length > 0) throw fail(`/${field}/${bad[0]} is not ${what}`);
  };
  unknown('words', Object.keys(spec.words), known.classes, 'a word class of pipeline/data/word-classes.json');
  unknown('reason_words', Object.keys(spec.reason_words), known.reasonCodes, 'a reason code of pipeline/data/reason-codes.json');
  unknown('phi_context', Object.keys(spec.phi_context), known.phiKinds, 'a PHI kind of pipeline/data/phi-kinds.json');
  unknown('policy_prohibited', Object.keys(spec.policy_prohibited ?? {}), known.prohibited, 'a category of pipeline/data/policy-rules.json');
  // A date word that folds onto a call word is one of the pack's dates, and its call spelling folds
  // onto it: else the entry would name no word the grammar meets (grammar.ts, `dateNoCall`).
  const fold = (w: string) => foldInScript(scripts, normaliseWord(w));
  (spec.date_folds_onto_call ?? []).forEach(({ date, call }, i) => {
    if (/\s/.test(normaliseWord(date))) throw fail(`/date_folds_onto_call/${i}/date "${date}" is not one word`);
    if (!(spec.words.date ?? []).some((w) => fold(w) === fold(date))) throw fail(`/date_folds_onto_call/${i}/date "${date}" is no word of /words/date`);
    if (fold(call) !== fold(date)) throw fail(`/date_folds_onto_call/${i}/call "${call}" does not fold onto "${date}"`);
  });
  const replies = readChecked(join(dir, folder, 'replies.json'), checkReplies);
  return { ...spec, replies, scriptOf: script };
}

/** Reads and checks every pack under `dir` (a script file of `dir/scripts/`, each folder a language). */
export function loadLanguages(dir: string): LoadedLanguages {
  const scripts = loadScripts(dir);
  const folders = readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && e.name !== 'scripts' && existsSync(join(dir, e.name, 'language.json')))
    .map((e) => e.name)
    .sort();
  const packs = folders.map((folder) => loadPack(dir, folder, scripts));
  const codes = packs.map((p) => p.code);
  const fileOf = (p: LanguagePack) => join(dir, p.code.toLowerCase(), 'language.json');

  for (const pack of packs) {
    if (pack.romanised_of !== null && !codes.includes(pack.romanised_of)) {
      throw new LanguagePackError(fileOf(pack), `/romanised_of "${pack.romanised_of}" is no loaded language`);
    }
  }
  // Each script with packs has exactly one default: what a message of it with no marker word is read as.
  for (const script of scripts) {
    const mine = packs.filter((p) => p.scriptOf === script);
    const defaults = mine.filter((p) => p.detection.default_for_script);
    if (mine.length > 0 && defaults.length !== 1) {
      throw new LanguagePackError(fileOf(defaults[1] ?? mine[0]!), `/detection/default_for_script: ${script.name} needs exactly one default pack, has ${defaults.length} (${defaults.map((p) => p.code).join(', ') || 'none'})`);
    }
  }
  if (packs.length > 0 && !scripts.some((s) => s.loanword && packs.some((p) => p.scriptOf === s))) {
    throw new LanguagePackError(join(dir, 'scripts'), 'no script with loanword_script has a pack: a text without letters has no language to be read in');
  }

  const wordClassLists: Record<string, string[]> = {};
  for (const cls of known.classes) wordClassLists[cls] = packs.flatMap((p) => p.words[cls] ?? []);
  // ... and the word they fold onto is a call word of some pack (`call` or `callme`).
  const callWords = new Set([...wordClassLists.call ?? [], ...wordClassLists.callme ?? []].map((w) => foldInScript(scripts, normaliseWord(w))));
  for (const pack of packs) {
    (pack.date_folds_onto_call ?? []).forEach(({ call }, i) => {
      if (!callWords.has(foldInScript(scripts, normaliseWord(call)))) throw new LanguagePackError(fileOf(pack), `/date_folds_onto_call/${i}/call "${call}" is no word of any pack's /words/call or /words/callme`);
    });
  }

  // A spelling means one word: two packs (or one) that fold it to different forms are a mistake.
  const spellingVariants = new Map<string, string>();
  const variantOwner = new Map<string, string>();
  for (const pack of packs) {
    for (const [canonical, spellings] of Object.entries(pack.spelling_variants)) {
      const target = foldInScript(scripts, normaliseWord(canonical));
      for (const spelling of [canonical, ...spellings]) {
        const folded = foldInScript(scripts, normaliseWord(spelling));
        const claimed = spellingVariants.get(folded);
        if (claimed !== undefined && claimed !== target) {
          throw new LanguagePackError(fileOf(pack), `/spelling_variants/${canonical}: "${spelling}" is already a spelling of "${claimed}" (${variantOwner.get(folded)})`);
        }
        spellingVariants.set(folded, target);
        variantOwner.set(folded, pack.code);
      }
    }
  }

  for (const [spelling, target] of generatedSpellings(scripts, packs, spellingVariants)) spellingVariants.set(spelling, target);

  const consent = new FoldedMessages<ConsentAnswer>(scripts);
  for (const pack of packs) {
    for (const answer of consentAnswers) {
      for (const word of pack.consent[answer]) {
        const key = normalise(word);
        const before = consent.get(key);
        if (before !== undefined && before !== answer) throw new LanguagePackError(fileOf(pack), `/consent/${answer}: "${word}" is already a "${before}" answer`);
        consent.set(key, answer);
      }
    }
  }

  // `alternative` and `opening` pair with a pack's own auxiliaries (sentences.ts, grammar.ts): not merged.
  const ownPackOnly = new Set(['alternative', 'opening']);
  const sentence = Object.fromEntries(
    (Object.keys(languageSchema.properties.sentence.properties).filter((f) => !ownPackOnly.has(f)) as SentenceField[]).map((f) => [f, packs.flatMap((p) => p.sentence[f])]),
  ) as Record<SentenceField, string[]>;
  const policyProhibited: Record<string, string[]> = {};
  for (const category of known.prohibited) policyProhibited[category] = packs.flatMap((p) => p.policy_prohibited?.[category] ?? []);
  const phiContext: Record<string, Record<string, string[]>> = {};
  for (const kind of known.phiKinds) {
    phiContext[kind] = Object.fromEntries(packs.filter((p) => p.phi_context[kind]).map((p) => [p.code, p.phi_context[kind]!]));
  }

  return {
    scripts, packs, codes,
    wordClasses: wordClassLists,
    spellingVariants,
    knownWords: packs.flatMap((p) => p.known_words),
    consent,
    handoverCancel: packs.flatMap((p) => p.handover_cancel),
    sentence,
    policyStopWords: packs.flatMap((p) => p.policy_stop_words),
    citationPrefixes: [...new Set(packs.flatMap((p) => p.citation_prefixes))],
    policyProhibited,
    phiContext,
  };
}

/**
 * A map from whole messages (normalised) to a value whose keys are compared word by word after
 * each word's script folds, as the word classes are: a Marathi START typed सुरु करा finds सुरू करा,
 * and a pack lists one spelling.
 */
class FoldedMessages<V> extends Map<string, V> {
  constructor(private readonly scripts: readonly Script[]) {
    super();
  }

  private fold(text: string): string {
    return text.split(' ').map((word) => foldInScript(this.scripts, word)).join(' ');
  }

  override get(text: string): V | undefined {
    return super.get(this.fold(text));
  }

  override has(text: string): boolean {
    return super.has(this.fold(text));
  }

  override set(text: string, value: V): this {
    return super.set(this.fold(text), value);
  }
}

/** A single word as a spelling list writes it, in the form a claimant's word has after `normalise`. */
/**
 * The spellings a pack's `spelling_rules` make of each of its words in its own script (class
 * words, each word of a phrase, markers), each read as the word (or as what the word is itself a
 * listed spelling of). A rule's spelling never wins over what is listed or over a word: one that is
 * already a listed spelling, a word of any pack, or made from two different words is left out, so
 * a rule can only add readings, never change one.
 */
function generatedSpellings(scripts: readonly Script[], packs: readonly LanguagePack[], listed: ReadonlyMap<string, string>): Map<string, string> {
  const made = new Map<string, string | null>();
  if (!packs.some((p) => (p.spelling_rules ?? []).length > 0)) return new Map();
  const fold = (w: string) => foldInScript(scripts, normaliseWord(w));
  const everyWord = new Set<string>();
  const wordsOf = (pack: LanguagePack) => [...Object.values(pack.words).flat(), ...pack.detection.markers, ...pack.known_words]
    .flatMap((entry) => normaliseWord(entry).split(/\s+/)).filter((w) => w !== '');
  for (const pack of packs) for (const w of wordsOf(pack)) everyWord.add(fold(w));
  for (const pack of packs) {
    const rules = pack.spelling_rules ?? [];
    if (rules.length === 0) continue;
    const own = new Set(wordsOf(pack).filter((w) => scriptOf(scripts, w) === pack.scriptOf));
    for (const word of own) {
      const target = listed.get(fold(word)) ?? fold(word);
      for (const rule of rules) {
        const text = normaliseWord(rule.text);
        const after = rule.after === undefined ? null : normaliseWord(rule.after);
        // The word as listed and as its script folds it (a fold may need the very letter a rule
        // leaves out): a claimant's word can match either.
        for (const form of new Set([word, fold(word).normalize('NFC')])) {
          if (after !== null && !form.endsWith(after)) continue;
          const spelling = rule.kind === 'suffix' ? form + text : form.split(text).join('');
          if (spelling === form || spelling === '') continue;
          const folded = fold(spelling);
          if (listed.has(folded) || everyWord.has(folded)) continue;
          const before = made.get(folded);
          made.set(folded, before === undefined || before === target ? target : null);
        }
      }
    }
  }
  return new Map([...made].filter((e): e is [string, string] => e[1] !== null));
}

function normaliseWord(word: string): string {
  return word.normalize('NFKC').toLowerCase().trim();
}

/** The packs shipped beside this file. */
export const languages: LoadedLanguages = loadLanguages(__dirname);

/** The loaded language codes, in their folders' order. */
export const languageCodes: readonly string[] = languages.codes;

export function isLanguage(value: unknown): value is string {
  return typeof value === 'string' && languageCodes.includes(value);
}

const byCode = new Map(languages.packs.map((p) => [p.code, p]));

/** The pack of a loaded code (throws on any other: codes are checked where they arrive). */
export function packOf(code: string): LanguagePack {
  const pack = byCode.get(code);
  if (!pack) throw new Error(`no language pack ${code}`);
  return pack;
}

/** What a message of this script with no marker word is read as. */
export function defaultPackOf(script: Script): LanguagePack | null {
  return languages.packs.find((p) => p.scriptOf === script && p.detection.default_for_script) ?? null;
}

/** The language of a text with no letters, and of a conversation that has told none: the
 *  default pack of the loanword script (the load checks there is one). */
export const defaultLanguage: string = languages.packs.find((p) => p.scriptOf.loanword && p.detection.default_for_script)?.code ?? languageCodes[0]!;

/**
 * The languages to read a text in when it is not written in `code`, nearest first: `code`, the
 * default language, `code`'s other form (TA_EN for TA, TA for TA_EN), the other languages of the
 * default language's script, then the rest, each in pack order. (A knowledge article in English
 * and Hindi is shown to a Hinglish claimant in English.)
 */
export function fallbackOrder(code: string): readonly string[] {
  const pack = byCode.get(code);
  const defaultScript = byCode.get(defaultLanguage)?.scriptOf;
  const related = languages.packs.filter((p) => pack !== undefined && (p.romanised_of === code || p.code === pack.romanised_of)).map((p) => p.code);
  const sameScript = languages.packs.filter((p) => p.scriptOf === defaultScript).map((p) => p.code);
  return [...new Set([code, defaultLanguage, ...related, ...sameScript, ...languageCodes])];
}

/** The script a text is written in (see scripts.ts), or null when it holds no letters. */
export function textScript(text: string): Script | null {
  return scriptOf(languages.scripts, text);
}

/** One word in its script's folded form (no spelling variants: fold.ts adds those). */
export function foldScriptWord(word: string): string {
  return foldInScript(languages.scripts, word);
}

const digits = digitTable(languages.scripts);
const escapeClass = (ch: string) => ch.replace(/[\\\]^-]/g, '\\$&');
/** Runs of digits other than ASCII ones (those need no reading). */
const otherDigits = new RegExp(`[${[...digits.keys()].filter((d) => !/[0-9]/.test(d)).map(escapeClass).join('')}]+`, 'gu');

/** The text with every script's digits read as ASCII 0-9 (each is one UTF-16 unit, as the ASCII
 *  digit is, so offsets into the text hold). */
export function asciiDigits(text: string): string {
  // Run by run: one call per number, not per digit.
  return text.replace(otherDigits, (run) => [...run].map((d) => String(digits.get(d)!.value)).join(''));
}

/** The script whose digit this character is, or null (ASCII digits belong to the loanword script). */
export function scriptOfDigit(ch: string): Script | null {
  return digits.get(ch)?.script ?? null;
}
