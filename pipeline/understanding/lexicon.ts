/**
 * The class lexicon: which word classes (every language pack's `words`, plus a tenant's additions) each
 * folded word or short phrase belongs to, and the lookup that finds them in a message. A word of
 * 5 letters or more that is in no class also matches a class word of 5 or more letters at edit
 * distance 1 (one letter added, dropped, changed, or two neighbours swapped), found through an
 * index of single-letter deletions so a lookup costs a few map reads, not a scan; a word that is
 * a pack's known word (`known_words`: romanised Hindi grammar words) is taken as itself, never as a typo.
 * A word in no class that is two or three class words run together ("claimrejectkyu") is read as them.
 */
import { languages } from '../languages';
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

interface Phrase {
  words: string[];
  cls: string;
}

const fuzzyMinLength = 5;
/** Real words outside the classes (romanised Hindi grammar words): never read as a typo. */
const knownWords: ReadonlySet<string> = new Set(languages.knownWords.map(foldWord));
/** The shortest piece a run-together word is split into. */
const minPiece = 3;

export class Lexicon {
  /** First folded word -> phrases (one or more words) starting with it. */
  private readonly byFirst = new Map<string, Phrase[]>();
  /** Single-word entries of 5+ letters, by each of their one-deletion forms and themselves. */
  private readonly deletions = new Map<string, Set<string>>();
  private readonly singleClasses = new Map<string, Set<string>>();
  readonly classes: ReadonlySet<string>;

  constructor(vocabularies: Vocabulary[]) {
    const classes = new Set<string>();
    for (const vocabulary of vocabularies) {
      for (const [cls, entries] of Object.entries(vocabulary)) {
        classes.add(cls);
        for (const entry of entries) this.add(cls, entry);
      }
    }
    this.classes = classes;
  }

  private add(cls: string, entry: string): void {
    const words = foldedWords(entry);
    if (words.length === 0) return;
    const list = this.byFirst.get(words[0]!) ?? [];
    if (!list.some((p) => p.cls === cls && p.words.join(' ') === words.join(' '))) list.push({ words, cls });
    // Longer phrases first, so "kab tak" is tried before "kab".
    list.sort((a, b) => b.words.length - a.words.length);
    this.byFirst.set(words[0]!, list);
    if (words.length !== 1) return;
    const word = words[0]!;
    const set = this.singleClasses.get(word) ?? new Set<string>();
    set.add(cls);
    this.singleClasses.set(word, set);
    if ([...word].length >= fuzzyMinLength) {
      for (const key of [word, ...deletionsOf(word)]) {
        const owners = this.deletions.get(key) ?? new Set<string>();
        owners.add(word);
        this.deletions.set(key, owners);
      }
    }
  }

  /** Every class occurrence in a message's folded words. */
  find(words: readonly string[]): ClassHit[] {
    const hits: ClassHit[] = [];
    /** The last word an exact phrase of several words covers: such a word is not fuzzed too. */
    let covered = -1;
    for (let i = 0; i < words.length; i += 1) {
      const word = words[i]!;
      // A number the sentence reader took as an entity: found there, never fuzzed or split here.
      if (word.startsWith(entityMark)) continue;
      const phrases = this.byFirst.get(word);
      let exact = false;
      for (const phrase of phrases ?? []) {
        if (phrase.words.length > words.length - i) continue;
        let ok = true;
        for (let k = 1; k < phrase.words.length && ok; k += 1) ok = words[i + k] === phrase.words[k];
        if (!ok) continue;
        if (phrase.words.length === 1) exact = true;
        else covered = Math.max(covered, i + phrase.words.length - 1);
        hits.push({ cls: phrase.cls, start: i, end: i + phrase.words.length - 1, fuzzy: false });
      }
      // A word known as itself (a Hindi grammar word like "karna") is no typo of a class word ("karan").
      // Nor is a word inside a phrase found exactly ("cheez" of "kis cheez" is no typo of "cheeze").
      if (exact || covered >= i || [...word].length < fuzzyMinLength || knownWords.has(word)) continue;
      const near = this.nearWords(word);
      for (const w of near) {
        for (const cls of this.singleClasses.get(w) ?? []) hits.push({ cls, start: i, end: i, fuzzy: true });
      }
      // Words run together ("claimrejectkyu"): read as two or three class words, when that is exact.
      if (near.size === 0) {
        for (const piece of this.split(word)) {
          for (const cls of this.singleClasses.get(piece) ?? []) hits.push({ cls, start: i, end: i, fuzzy: true });
        }
      }
    }
    return hits;
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
  const lexicon = new Lexicon([languages.wordClasses, ...addedClasses, additions]);
  if (compiled.size >= maxCompiled) compiled.delete(compiled.keys().next().value!);
  compiled.set(key, lexicon);
  return lexicon;
}
