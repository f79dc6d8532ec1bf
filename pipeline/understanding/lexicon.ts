/**
 * The class lexicon: which word classes (every language pack's `words`, plus a tenant's additions) each
 * folded word or short phrase belongs to, and the lookup that finds them in a message. A word of
 * 5 letters or more that is in no class also matches a class word of 5 or more letters at edit
 * distance 1 (one letter added, dropped, changed, or two neighbours swapped), found through an
 * index of single-letter deletions so a lookup costs a few map reads, not a scan; a word that is
 * a pack's known word (`known_words`: romanised Hindi grammar words) is taken as itself, never as a typo,
 * and a known phrase of several words ("मेरे पास", with me) as itself, its words in no class.
 * A word in no class that is two or three class words run together ("claimrejectkyu") is read as them.
 * A message that told its language (one not its script's default: pipeline/language.ts) reads its
 * own grammar words (that pack's markers and known words) only in the senses of its own classes:
 * another language's entry for the same word ("kotha", talk in Bengali, is a deduction word of
 * romanised Telugu) is not read in it (docs/understanding.md, "One language's word in another").
 */
import { defaultLanguage, languages, type LanguagePack } from '../languages';
import { foldedWords, foldWord } from './fold';

/** Entity placeholders (pipeline/understanding/sentences.ts) start with this: no class word does, so the lexicon passes them by. */
export const entityMark = '#';

/** A class found in a message: its name and the word positions it covers. */
export interface ClassHit {
  cls: string;
  start: number;
  end: number;
  /** Matched at edit distance 1 rather than exactly. */
  fuzzy: boolean;
}

export type Vocabulary = Record<string, string[]>;

/** The packs whose word classes list an entry; null: every language's (a tenant's or a workflow's word). */
type Owners = Set<string> | null;

interface Phrase {
  words: string[];
  cls: string;
  owners: Owners;
}

const fuzzyMinLength = 5;
/** Real words outside the classes (romanised Hindi grammar words): never read as a typo. */
const knownWords: ReadonlySet<string> = new Set(languages.knownWords.map((w) => foldedWords(w)).filter((f) => f.length === 1).map((f) => f[0]!));
/** The shortest piece a run-together word is split into. */
const minPiece = 3;
/** How many words' fuzzy readings a lexicon keeps before it starts again. */
const fuzzyReadingsLimit = 50_000;

export class Lexicon {
  /** First folded word -> phrases (one or more words) starting with it. */
  private readonly byFirst = new Map<string, Phrase[]>();
  /** The same phrases by their first word, then by the word after it: those of several words with
   *  that second word, then the single words, each in `byFirst`'s order. Only these can stand at a
   *  place, so a word's long list ("claim" begins hundreds) is not tried phrase by phrase. */
  private readonly byFirstNext = new Map<string, { next: Map<string, Phrase[]>; singles: Phrase[]; known: string[][] | undefined }>();
  /** Single-word entries of 5+ letters, by each of their one-deletion forms and themselves. */
  private readonly deletions = new Map<string, Set<string>>();
  /** Known phrases of several words (`known_words`: "मेरे पास", with me), by their first word, longest
   *  first: their words are read in no class ("पास" there is no "passed"). */
  private readonly knownPhrases = new Map<string, string[][]>();
  /** Single-word entries: word -> class -> the packs that list it. */
  private readonly singleClasses = new Map<string, Map<string, Owners>>();
  /** Per told language: the single-word entries (`class word`) not read in its messages. */
  private readonly unreadFor = new Map<string, ReadonlySet<string>>();
  /**
   * A word in no class, as the class words it may be a typo of (edit distance 1), or else the class
   * words run together in it: fixed once the lexicon is built, and words recur from message to
   * message, so each word's reading is kept; emptied when it grows past a bound.
   */
  private readonly fuzzyReadings = new Map<string, readonly string[]>();
  /** Per told language: the phrases of several words not read in its messages. */
  private readonly unreadPhrasesFor = new Map<string, ReadonlySet<Phrase>>();
  /** Per told language: the single-word phrases whose `class word` is not read (`unreadIn`), so
   *  that finding a word asks the set for the phrase, without spelling out its key. */
  private readonly unreadSinglesFor = new Map<string, ReadonlySet<Phrase>>();
  readonly classes: ReadonlySet<string>;

  /** `packs`: the language packs whose `words` are read (each entry knows its packs); `vocabularies`:
   *  words of every language, read in every message (added classes, a tenant's words). */
  constructor(vocabularies: Vocabulary[], private readonly packs: readonly LanguagePack[] = []) {
    const classes = new Set<string>();
    const addAll = (vocabulary: Vocabulary, owner: string | null) => {
      for (const [cls, entries] of Object.entries(vocabulary)) {
        classes.add(cls);
        for (const entry of entries) this.add(cls, entry, owner);
      }
    };
    for (const pack of packs) addAll(pack.words, pack.code);
    for (const entry of packs.flatMap((p) => p.known_words)) {
      const words = foldedWords(entry);
      if (words.length < 2) continue;
      const list = this.knownPhrases.get(words[0]!) ?? [];
      list.push(words);
      list.sort((a, b) => b.length - a.length);
      this.knownPhrases.set(words[0]!, list);
    }
    for (const vocabulary of vocabularies) addAll(vocabulary, null);
    this.classes = classes;
    for (const [first, list] of this.byFirst) {
      const singles = list.filter((p) => p.words.length === 1);
      const next = new Map<string, Phrase[]>();
      for (const p of list) {
        if (p.words.length === 1) continue;
        const same = next.get(p.words[1]!) ?? [];
        same.push(p);
        next.set(p.words[1]!, same);
      }
      for (const same of next.values()) same.push(...singles);
      this.byFirstNext.set(first, { next, singles, known: this.knownPhrases.get(first) });
    }
    // A word that begins known phrases only: one look-up a word finds both.
    for (const [first, known] of this.knownPhrases) if (!this.byFirstNext.has(first)) this.byFirstNext.set(first, { next: new Map(), singles: [], known });
  }

  /** Whether `word` is a shorter single word of `cls` with an ending of two or more letters joined
   *  (Marathi "क्लेमला", "क्लेमसाठी", for the claim; "claimla"): an inflected form, no bare word
   *  ("claims", a plural's one letter, stays bare). */
  endingJoined(cls: string, word: string): boolean {
    const letters = [...word];
    for (let k = letters.length - 2; k >= 3; k -= 1) {
      if (this.singleClasses.get(letters.slice(0, k).join(''))?.has(cls)) return true;
    }
    return false;
  }

  private add(cls: string, entry: string, owner: string | null): void {
    const words = foldedWords(entry);
    if (words.length === 0) return;
    const list = this.byFirst.get(words[0]!) ?? [];
    const same = list.find((p) => p.cls === cls && p.words.join(' ') === words.join(' '));
    if (same) same.owners = owners(same.owners, owner);
    else list.push({ words, cls, owners: owner === null ? null : new Set([owner]) });
    // Longer phrases first, so "kab tak" is tried before "kab".
    list.sort((a, b) => b.words.length - a.words.length);
    this.byFirst.set(words[0]!, list);
    if (words.length !== 1) return;
    const word = words[0]!;
    const byClass = this.singleClasses.get(word) ?? new Map<string, Owners>();
    byClass.set(cls, byClass.has(cls) ? owners(byClass.get(cls)!, owner) : owner === null ? null : new Set([owner]));
    this.singleClasses.set(word, byClass);
    if ([...word].length >= fuzzyMinLength) {
      for (const key of [word, ...deletionsOf(word)]) {
        const owners = this.deletions.get(key) ?? new Set<string>();
        owners.add(word);
        this.deletions.set(key, owners);
      }
    }
  }

  /**
   * Every class occurrence in a message's folded words. `told`: the language the message told
   * (detection), whose own grammar words are then read only in its own classes' senses.
   * `sentenceStarts`: the words that open a sentence after the first; no phrase of several words
   * runs across a sentence mark ("msg ala. ka? kay chukla?": "ala ka", has it come?, is two
   * sentences' words, not one question).
   */
  find(words: readonly string[], told: string | null = null, sentenceStarts: ReadonlySet<number> = noStarts): ClassHit[] {
    /** Whether the `length` words from `i` lie in one sentence. */
    const oneSentence = (i: number, length: number) => {
      for (let k = 1; k < length; k += 1) if (sentenceStarts.has(i + k)) return false;
      return true;
    };
    const unread = told === null ? null : this.unreadIn(told);
    const unreadSingles = told === null ? null : this.unreadSinglesIn(told);
    const unreadPhrases = told === null ? null : this.unreadPhrasesIn(told);
    const classesOf = (word: string): string[] => {
      const byClass = this.singleClasses.get(word);
      if (!byClass) return [];
      return [...byClass.keys()].filter((cls) => !unread?.has(`${cls} ${word}`));
    };
    /** Whether `phrase` stands exactly at `i` (its first word is there already), read in this
     *  message's language and within one sentence. */
    const standsAt = (phrase: Phrase, i: number) => {
      if (phrase.words.length > words.length - i) return false;
      for (let k = 1; k < phrase.words.length; k += 1) if (words[i + k] !== phrase.words[k]) return false;
      return !unreadPhrases?.has(phrase) && oneSentence(i, phrase.words.length);
    };
    const hits: ClassHit[] = [];
    /** The last word an exact phrase of several words covers: such a word is not fuzzed too. */
    let covered = -1;
    for (let i = 0; i < words.length; i += 1) {
      const word = words[i]!;
      // A number the sentence reader took as an entity: found there, never fuzzed or split here.
      if (word.startsWith(entityMark)) continue;
      // A known phrase ("मेरे पास", "mere paas": with me) is read as itself: its words are in no class.
      const index = this.byFirstNext.get(word);
      const known = index?.known?.find((k) => k.length <= words.length - i && k.every((w, n) => words[i + n] === w) && oneSentence(i, k.length));
      const phrases = index === undefined ? undefined : ((i + 1 < words.length ? index.next.get(words[i + 1]!) : undefined) ?? index.singles);
      if (known) {
        // A class phrase as long as it or longer that starts there is still read, its words in no other
        // class: "चक्कर काट" (running around) is known, so its "काट" is no cut, while "चक्कर काट रहा" (I
        // keep running around) is venting, a `thanks` phrase; "policy renewal", known so that its policy
        // is no claim, is also the policy's own business (`cover`).
        for (const p of phrases ?? []) {
          if (p.words.length < known.length || !standsAt(p, i)) continue;
          covered = Math.max(covered, i + p.words.length - 1);
          hits.push({ cls: p.cls, start: i, end: i + p.words.length - 1, fuzzy: false });
        }
        i += known.length - 1;
        continue;
      }
      let exact = false;
      for (const phrase of phrases ?? []) {
        if (!standsAt(phrase, i)) continue;
        if (phrase.words.length === 1) {
          // A word listed as itself is no typo, even where this sense of it is not read.
          exact = true;
          if (unreadSingles?.has(phrase)) continue;
        } else covered = Math.max(covered, i + phrase.words.length - 1);
        hits.push({ cls: phrase.cls, start: i, end: i + phrase.words.length - 1, fuzzy: false });
      }
      // A word listed as itself is no typo; nor is a word inside a phrase found exactly ("cheez" of
      // "kis cheez" is no typo of "cheeze"); nor a short or known word (fuzzyReading).
      if (exact || covered >= i) continue;
      for (const w of this.fuzzyReading(word)) {
        for (const cls of classesOf(w)) hits.push({ cls, start: i, end: i, fuzzy: true });
      }
    }
    return hits;
  }

  /**
   * The single-word entries not read in a message that told `code`: the entries, of packs other
   * than `code`, its other form and the default language (whose words every language borrows), of
   * a word `code` has as its own grammar word (a marker or a known word), in a class `code` does
   * not put it in. A word `code` (or its other form) puts in a class of its own is not read in the
   * default language's sense either: the language said what it means, and the English word spelt
   * the same is another word (romanised Marathi "pan", but, is no PAN card). Nothing for a script's
   * default language: a message read as it told no other.
   */
  private unreadIn(code: string): ReadonlySet<string> {
    const cached = this.unreadFor.get(code);
    if (cached) return cached;
    const unread = new Set<string>();
    const pack = this.packs.find((p) => p.code === code);
    if (pack && !pack.detection.default_for_script) {
      const { kept, own } = this.senses(pack);
      const ownForms = new Set([...kept].filter((c) => c !== defaultLanguage));
      for (const word of own) {
        const entries = [...(this.singleClasses.get(word) ?? [])];
        const hasOwnSense = entries.some(([, listed]) => listed !== null && [...listed].some((c) => ownForms.has(c)));
        const read = hasOwnSense ? ownForms : kept;
        for (const [cls, listed] of entries) {
          if (listed !== null && ![...listed].some((c) => read.has(c))) unread.add(`${cls} ${word}`);
        }
      }
    }
    this.unreadFor.set(code, unread);
    return unread;
  }

  /** `unreadIn`'s single-word entries as the phrases themselves, once per told language: finding a
   *  word then asks this set for the phrase at hand instead of building its "class word" key. */
  private unreadSinglesIn(code: string): ReadonlySet<Phrase> {
    const cached = this.unreadSinglesFor.get(code);
    if (cached) return cached;
    const unread = this.unreadIn(code);
    const singles = new Set<Phrase>();
    for (const [word, list] of this.byFirst) {
      for (const phrase of list) if (phrase.words.length === 1 && unread.has(`${phrase.cls} ${word}`)) singles.add(phrase);
    }
    this.unreadSinglesFor.set(code, singles);
    return singles;
  }

  /**
   * The phrases of several words not read in a message that told `code`: those of packs other
   * than `code`, its other form and the default language, with a word `code` has as its own grammar
   * word. Marathi's "मंजुरी का" (why approved) is "of the approval" in Hindi ("मंज़ूरी का संदेश"),
   * and romanised Marathi's "rejection ka" is Hinglish's "of the rejection". Unlike single words,
   * this holds for a script's default language too: its own grammar words are its known words.
   */
  private unreadPhrasesIn(code: string): ReadonlySet<Phrase> {
    const cached = this.unreadPhrasesFor.get(code);
    if (cached) return cached;
    const unread = new Set<Phrase>();
    const pack = this.packs.find((p) => p.code === code);
    if (pack) {
      const { kept, own } = this.senses(pack);
      for (const list of this.byFirst.values()) {
        for (const phrase of list) {
          if (phrase.words.length === 1 || phrase.owners === null || [...phrase.owners].some((c) => kept.has(c))) continue;
          if (phrase.words.some((w) => own.has(w))) unread.add(phrase);
        }
      }
    }
    this.unreadPhrasesFor.set(code, unread);
    return unread;
  }

  /**
   * What a message told as `pack` keeps of other packs' readings: the packs whose senses it reads
   * (its own, its other form, the default language) and its own grammar words (markers and known
   * words, folded), which it reads only in those senses.
   */
  private senses(pack: LanguagePack): { kept: ReadonlySet<string>; own: ReadonlySet<string> } {
    const code = pack.code;
    return {
      kept: new Set([code, defaultLanguage, ...this.packs.filter((p) => p.romanised_of === code || p.code === pack.romanised_of).map((p) => p.code)]),
      own: new Set([...pack.detection.markers, ...pack.known_words].map((w) => foldedWords(w)).filter((f) => f.length === 1).map((f) => f[0]!)),
    };
  }

  /**
   * The class words a word in no class is read as (kept): its near class words, or when it has
   * none, the class words run together in it ("claimrejectkyu": two or three class words, when that
   * is exact); none for a word under 5 letters or a known word (a Hindi grammar word like "karna"
   * is no typo of "karan").
   */
  private fuzzyReading(word: string): readonly string[] {
    const kept = this.fuzzyReadings.get(word);
    if (kept) return kept;
    const fuzzed = [...word].length >= fuzzyMinLength && !knownWords.has(word);
    const near = fuzzed ? [...this.nearWords(word)] : [];
    const reading = !fuzzed || near.length > 0 ? near : this.split(word);
    if (this.fuzzyReadings.size >= fuzzyReadingsLimit) this.fuzzyReadings.clear();
    this.fuzzyReadings.set(word, reading);
    return reading;
  }

  /** A word as two or three class words run together (each of 3+ letters), or [] when it is not. */
  private split(word: string): string[] {
    const letters = [...word];
    if (letters.length < 2 * minPiece) return [];
    const known = (from: number, to: number) => {
      const piece = foldWord(letters.slice(from, to).join(''));
      return this.singleClasses.has(piece) ? piece : null;
    };
    const tryFrom = (from: number, left: number): string[] | null => {
      const whole = known(from, letters.length);
      if (whole && from > 0) return [whole];
      if (left === 1) return null;
      for (let cut = from + minPiece; cut <= letters.length - minPiece; cut += 1) {
        const head = known(from, cut);
        if (!head) continue;
        const rest = tryFrom(cut, left - 1);
        if (rest) return [head, ...rest];
      }
      return null;
    };
    return tryFrom(0, 3) ?? [];
  }

  /** Class words at edit distance exactly 1 (optimal string alignment) from `word`. */
  private nearWords(word: string): Set<string> {
    const found = new Set<string>();
    for (const key of [word, ...deletionsOf(word)]) {
      for (const candidate of this.deletions.get(key) ?? []) {
        if (candidate !== word && withinOneEdit(word, candidate)) found.add(candidate);
      }
    }
    return found;
  }
}

const noStarts: ReadonlySet<number> = new Set();

/** The packs of an entry with one more that lists it (null, every language's, stays null). */
function owners(before: Owners, owner: string | null): Owners {
  if (before === null || owner === null) return null;
  return before.add(owner);
}

function deletionsOf(word: string): string[] {
  const letters = [...word];
  const out: string[] = [];
  for (let i = 0; i < letters.length; i += 1) out.push([...letters.slice(0, i), ...letters.slice(i + 1)].join(''));
  return out;
}

/** Whether two different words are one insertion, deletion, substitution or adjacent swap apart. */
export function withinOneEdit(a: string, b: string): boolean {
  const x = [...a];
  const y = [...b];
  if (Math.abs(x.length - y.length) > 1) return false;
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i += 1;
  if (x.length === y.length) {
    if (i === x.length) return false;
    const restEqual = (from: number) => x.slice(from).join('') === y.slice(from).join('');
    // Substitution, or a swap of two neighbours.
    return restEqual(i + 1) || (x[i] === y[i + 1] && x[i + 1] === y[i] && restEqual(i + 2));
  }
  const [longer, shorter] = x.length > y.length ? [x, y] : [y, x];
  return longer.slice(i + 1).join('') === shorter.slice(i).join('');
}

/** The classes a tenant may add words to (pipeline/data/word-classes.json). */
export const wordClassNames: readonly string[] = Object.keys(languages.wordClasses);

const compiled = new Map<string, Lexicon>();
const maxCompiled = 256;

/** Word classes added in code (`addWordClasses`), after the shipped ones. */
let addedClasses: readonly Vocabulary[] = [];

/**
 * Adds word classes (or words to shipped ones) for every tenant: a workflow registered at run
 * time brings the words its intent templates use (docs/architecture.md, "Adding a workflow
 * type"). Answers the function that removes them again.
 */
export function addWordClasses(vocabulary: Vocabulary): () => void {
  const entry = { ...vocabulary };
  addedClasses = [...addedClasses, entry];
  compiled.clear();
  return () => {
    addedClasses = addedClasses.filter((v) => v !== entry);
    compiled.clear();
  };
}

/** The shipped classes, plus a tenant's additions (compiled once per distinct set of additions). */
export function lexiconFor(additions: Vocabulary = {}): Lexicon {
  const key = JSON.stringify(additions);
  const hit = compiled.get(key);
  if (hit) return hit;
  const lexicon = new Lexicon([...addedClasses, additions], languages.packs);
  if (compiled.size >= maxCompiled) compiled.delete(compiled.keys().next().value!);
  compiled.set(key, lexicon);
  return lexicon;
}
