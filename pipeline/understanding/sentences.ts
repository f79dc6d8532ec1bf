/**
 * A claimant's message as the grammar reads it (docs/understanding.md, "Sentences, questions and
 * entities"): its folded words, cut into clauses, with the numbers in it read as entities.
 *
 * - Clauses end at sentence marks (. ? ! ; the Devanagari danda । ॥, an ellipsis), line breaks
 *   and commas, and before a joining word that starts another clause ("aur", "but", "lekin",
 *   "लेकिन"; the language packs' `sentence` words). The joining word stays, as the new clause's first word,
 *   and before "kya", "kitne", "kuch" it means "more" and starts nothing ("aur kitne din" is one
 *   question). A clause remembers whether a question mark ended it ("??" and "?!" too), and which
 *   sentence it is part of (sentence marks and line breaks end a sentence; commas and joining
 *   words only a clause).
 * - Emoji, symbols and repeated marks are noise: they separate words and say nothing else.
 * - A number is an entity, never a plain word: a date ("3rd", "10/11", a number before a month
 *   or "tarikh"), an amount (after ₹, Rs or INR, before "hazar", "lakh", "हज़ार"; "61,500" and
 *   "1,20,000" by their grouping; "40k"), a reference (claim, policy or UTR numbers: digits with
 *   letters or separators, five digits or more, or a number after "no"/"number"/"नंबर"), or
 *   else a count ("15 days"). Every script's digits count as digits (the scripts' `digits`). Each stands in the word list as
 *   `#<class>`, which no class word matches, and is found as a hit of its class. A token of
 *   letters and digits that a pack lists as a single class word ("80d", the tax section a premium
 *   certificate is for) is that word, no reference, and so is one a pack lists as a spelling
 *   variant (romanised Bengali "a6e", ache: 6 typed for ছ). A limiting word joined onto a number as
 *   an emphatic suffix (Marathi "५५च", "55ch": only 55) is split off as the word after it.
 */
import { asciiDigits, foldScriptWord, languages } from '../languages';
import { foldWord } from './fold';
import { entityMark, type ClassHit } from './lexicon';

export interface Clause {
  /** First word's index. */
  start: number;
  /** One past the last word's index. */
  end: number;
  /** A question mark ended it. */
  marked: boolean;
  /** A joining word opened it ("aur kyun", "but why"): it goes on from the clause before. */
  joined: boolean;
  /** Which sentence it is part of, from 0: sentence marks and line breaks end a sentence, commas
   *  and joining words end only a clause. */
  sentence: number;
}

export interface ReadMessage {
  words: string[];
  clauses: Clause[];
  /** The numbers, as hits of `date`, `amount`, `ref` or `number`. */
  entities: ClassHit[];
}


const table = languages.sentence;
const folded = (list: readonly string[]) => new Set(list.map(foldWord));
const joining = folded(table.joining);
const moreAfter = folded(table.more_after);
const currencyBefore = folded(table.currency_before);
const unitAfter = folded(table.amount_after);
const dateAfter = folded(table.date_after);
const numberBefore = folded(table.number_before);
const abbreviations = folded(table.abbreviations);
/** Class words of one token with a digit in them ("80d"): such a token is read as the word, as no
 *  number rule could tell a tax section from a claim reference. Packs only (a tenant's words are
 *  matched later, against words already read). */
const digitWords = new Set(languages.packs.flatMap((p) => Object.values(p.words).flat())
  .filter((w) => /\p{N}/u.test(w) && !/\s/u.test(w)).map(foldWord));
/** Spelling variants of letters and digits (`spelling_variants`): SMS spellings where a digit
 *  stands for letters (romanised Bengali "a6e", ache, 6 for ছ; "sm1", someone) are that word, no
 *  reference: a reference is never a pack's listed spelling. */
const digitSpellings = new Set([...languages.spellingVariants.keys()].filter((w) => /\p{N}/u.test(w) && /\p{L}/u.test(w)));
/** Limiting words (`only`) that a language also joins onto a number as an emphatic suffix
 *  (Marathi "५५च", "55ch": only 55): such a tail is split off as its own word after the number, as
 *  it is read when typed apart ("25 hazar ch dile"). */
const onlyWords = new Set(languages.packs.flatMap((p) => p.words.only ?? []).map(foldWord));
const emphaticTail = /^(\p{N}[\p{N},.]*)([\p{L}\p{M}]+)$/u;
/** A pack's alternative word ("or") to its auxiliaries: before one, the word starts a clause, a
 *  second question ("is anything pending or has the claim gone for settlement?"). */
const alternatives = new Map<string, Set<string>>();
for (const pack of languages.packs) {
  const aux = folded(pack.words.aux ?? []);
  for (const word of folded(pack.sentence.alternative ?? [])) alternatives.set(word, new Set([...(alternatives.get(word) ?? []), ...aux]));
}

/** A word (letters, marks, digits; digits may carry on through . , / : - as in "61,500",
 *  "CLM-2024-88812", "10/11"), a run of sentence marks, a comma, or the rupee sign. */
const token = /[\p{L}\p{M}\p{N}]+(?:[.,/:-]\p{N}[\p{L}\p{M}\p{N}]*)*|[?.!;\n\u0964\u0965\u2026]+|,|₹/gu;
const digit = /\p{N}/u;
/** Letters, an optional full stop, then a number: "rs.5000", "ரூ.5000", "inr12,000". */
const currencyPrefixed = /^([\p{L}\p{M}]+)\.?(\p{N}[\p{N},]*(?:\.\p{N}+)?)$/u;

type Kind = 'date' | 'amount' | 'ref' | 'number';

/** How a numeric token reads by itself (null: it needs its neighbours, a plain count so far). */
function numericKind(raw: string): Kind | null {
  const t = asciiDigits(raw);
  if (/^\d{1,2}(?:st|nd|rd|th)$/.test(t)) return 'date';
  // A time of day ("11am", "5:30pm", "10:30", "11baje") tells when, and is no reference.
  if (/^\d{1,2}(?::\d{2})?(?:am|pm|baje)$/.test(t) || /^\d{1,2}:\d{2}$/.test(t)) return 'date';
  // A short number with a case ending or classifier of another script typed on ("১১টার পর", after
  // 11 o'clock; "২টা বিল", two bills; "11மணிக்கு") is a count or an hour, no reference: its
  // neighbours read it, as they read a number alone.
  if (/^\d{1,2}[^\p{Script=Latin}\p{N}.,/:-]+$/u.test(t)) return null;
  if (/^\d{1,2}[/-]\d{1,2}(?:[/-]\d{2,4})?$/.test(t)) return 'date';
  // A financial or assessment year ("2024-25", "FY 2023-2024", "वित्त वर्ष २०२४-२५") is a date, no
  // reference: a year, a dash, the next year (its last two digits or all four).
  const years = /^((?:19|20)\d{2})-(\d{2}|\d{4})$/.exec(t);
  if (years && Number(years[2]!.slice(-2)) === (Number(years[1]) + 1) % 100) return 'date';
  if (/^\d+(?:\.\d+)?k$/.test(t)) return 'amount';
  if (/^\d{1,3}(?:,\d{2,3})+(?:\.\d+)?$/.test(t)) return 'amount';
  if (/^\d+(?:\.\d+)?$/.test(t)) return t.replace('.', '').length >= 5 ? 'ref' : null;
  return 'ref';
}

/** Reads a message into clauses of folded words, with its numbers as entities. */
export function readMessage(text: string): ReadMessage {
  const words: string[] = [];
  const clauses: Clause[] = [];
  const entities: ClassHit[] = [];
  /** For each numeric word: its index and how it read alone. */
  const numbers: Array<{ at: number; kind: Kind | null }> = [];
  let start = 0;
  let currency = false;
  /** A joining word just read: whether it starts a clause waits for the word after it. */
  let joinAt = -1;
  /** The clause being read opens with a joining word. */
  let joined = false;
  let sentence = 0;
  /** Ends the clause being read; `endsSentence`: a sentence mark or line break, not a comma. */
  const close = (marked: boolean, endsSentence: boolean) => {
    if (words.length > start) clauses.push({ start, end: words.length, marked, joined, sentence });
    else if (marked && clauses.length > 0) clauses[clauses.length - 1]!.marked = true;
    if (endsSentence && clauses.length > 0 && clauses[clauses.length - 1]!.sentence === sentence) sentence += 1;
    start = words.length;
    joined = false;
  };
  const source = text.replace(/[\u200B-\u200D\u2060\uFEFF]/g, '').normalize('NFKC').toLowerCase();
  for (const match of source.matchAll(token)) {
    const t = match[0];
    if (t === '₹') { currency = true; continue; }
    if (t === ',') { close(false, false); continue; }
    if (!/[\p{L}\p{M}\p{N}]/u.test(t)) {
      // "Rs. 500", "claim no. 4471": a full stop after an abbreviation ends nothing.
      if (t === '.' && abbreviations.has(words[words.length - 1] ?? '')) continue;
      close(t.includes('?'), true);
      continue;
    }
    // A class word with a digit is read in any script's digits ("८०D" is "80d").
    const digitWord = digit.test(t) && (digitWords.has(foldWord(asciiDigits(t))) || digitSpellings.has(foldScriptWord(asciiDigits(t))));
    const tail = digit.test(t) && !digitWord ? emphaticTail.exec(t) : null;
    const emphatic = tail !== null && onlyWords.has(foldWord(tail[2]!)) ? tail : null;
    if (digit.test(t) && !digitWord) {
      joinAt = -1;
      const previous = words[words.length - 1] ?? '';
      if (emphatic) {
        numbers.push({ at: words.length, kind: numericKind(emphatic[1]!) ?? (currency || currencyBefore.has(previous) ? 'amount' : null) });
        words.push(emphatic[1]!, foldWord(emphatic[2]!));
        currency = false;
        continue;
      }
      // "Rs.5000", "ரூ.5000", "Rs5000": the currency typed onto the number is an amount, not a
      // reference's letters.
      const prefixed = currencyPrefixed.exec(t);
      let kind = prefixed && currencyBefore.has(foldWord(prefixed[1]!)) && numericKind(prefixed[2]!) !== 'ref' ? 'amount' : numericKind(t);
      if (kind === null && (currency || currencyBefore.has(previous))) kind = 'amount';
      if (kind === null && numberBefore.has(previous)) kind = 'ref';
      numbers.push({ at: words.length, kind });
      words.push(t);
      currency = false;
      continue;
    }
    currency = false;
    const word = foldWord(digitWord ? asciiDigits(t) : t);
    // "aur" before "kya", "kitne", "kuch" is "more", not "and": no new clause. "or" before an
    // auxiliary opens a second question ("... or has the claim gone for settlement?").
    const alternative = words.length - 1 > start && alternatives.get(words[words.length - 1]!)?.has(word) === true;
    if ((joinAt === words.length - 1 && joinAt > start && !moreAfter.has(word)) || alternative) {
      joinAt = words.length - 1;
      clauses.push({ start, end: joinAt, marked: false, joined, sentence });
      start = joinAt;
      joined = true;
    }
    joinAt = joining.has(word) ? words.length : -1;
    words.push(word);
  }
  close(false, true);
  // A count before a unit or a month reads as an amount or a date ("48 hazar", "12 नवंबर").
  for (const { at, kind } of numbers) {
    const after = words[at + 1] ?? '';
    const read: Kind = kind ?? (unitAfter.has(after) ? 'amount' : dateAfter.has(after) ? 'date' : 'number');
    words[at] = `${entityMark}${read}`;
    entities.push({ cls: read, start: at, end: at, fuzzy: false });
  }
  return { words, clauses, entities };
}
