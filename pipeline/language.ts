/**
 * Which language the claimant wrote in, so the reply follows it (docs/understanding.md,
 * "Language"). The message's script (pipeline/languages/scripts.ts: the script of its letters
 * other than a loanword script such as Latin, else that one) picks the candidate packs; each marker
 * word in the message (`detection.markers`, compared after the spelling folds, and with doubled
 * letters as one) gives one vote, shared equally among the candidate packs that list it, so a word
 * only one language has counts for more than one several have ("ka" is Hinglish and romanised
 * Marathi). A pack's question-final word (`detection.question_final`) right before a question mark
 * votes for that pack alone ("रिजेक्ट का?" is Marathi). The pack with the most votes wins. A tie among romanised forms of languages that share
 * a native script goes to the form of that script's default, as the shared word would be read in
 * that script (Hinglish before romanised Marathi, as Hindi before Marathi in Devanagari); a tie
 * among romanised forms of languages of different native scripts goes to the one whose script the
 * fewest languages write, the rarer, more telling word ("accha, bujhlam" is romanised Bengali: a
 * Hinglish word such as accha is written across India); any other tie, or no marker, is the
 * message's script's default pack. In a loanword script (Latin)
 * the default (English) lists markers too (its grammar words, and the address and greeting words
 * other packs list and English writers use: ji, bhai, namaste, anna); they count only in a message
 * with no word of another pack alone, and a tie with another pack goes to that pack ("namaste ji"
 * is Hinglish, "Namaste. When will my claim be settled?" English). A text with no letters is read
 * as the default language.
 */
import { defaultLanguage, languages, type LanguagePack, type LoadedLanguages } from './languages';
import { scriptOf, type Script } from './languages/scripts';
import type { Language } from './types';
import { foldWord, withoutZeroWidth } from './understanding/fold';
import { normalise } from './text';

/** Doubled letters as one (dhanyavaad = dhanyavad), for words of 4 letters or more after it:
 *  shorter ones are English too often ("see" would read as "se"). */
function undoubled(word: string): string {
  const single = word.replace(/(.)\1/g, '$1');
  return single.length >= 4 ? single : word;
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** One script's packs with markers: who lists each marker form, and a vote's size in whole units. */
interface ScriptMarkers {
  /** Marker form (folded, or undoubled as written) to the codes of the packs that list it. */
  owners: Map<string, string[]>;
  /** Marker as folded (no doubled letters read once) to the codes of the packs that list it. */
  exact: Map<string, string[]>;
  /** A message word to the packs whose marker it is (none: null), kept as words recur; bounded. */
  seen: Map<string, string[] | null>;
  /** A word's whole vote: divisible by every number of packs that may share it, so shares stay whole. */
  vote: number;
  /** Question-final word (folded) to the codes of the packs that list it (`detection.question_final`). */
  finals: Map<string, string[]>;
}

/** The packs whose words a message of `script` may be: the script's own, each with its markers. */
function scriptMarkers(packs: readonly LanguagePack[], fold: (word: string) => string): ScriptMarkers {
  /** Each form (once a pack) to the codes of the packs that list it. */
  const byForm = (formsOf: (pack: LanguagePack) => string[]): Map<string, string[]> => {
    const map = new Map<string, string[]>();
    for (const pack of packs) {
      for (const form of new Set(formsOf(pack))) map.set(form, [...(map.get(form) ?? []), pack.code]);
    }
    return map;
  };
  let vote = 1;
  for (let n = 2; n <= packs.length; n++) vote = (vote * n) / gcd(vote, n);
  return {
    exact: byForm((p) => p.detection.markers.map(fold)),
    owners: byForm((p) => p.detection.markers.flatMap((m) => [fold(m), undoubled(m)])),
    finals: byForm((p) => (p.detection.question_final ?? []).map(fold)),
    seen: new Map(), vote,
  };
}

const seenLimit = 50_000;

/** The packs whose marker `word` (normalised) is, read through its folded and its undoubled form.
 *  A marker the word is as folded wins over one it becomes only with doubled letters read once:
 *  "aacha" is Tanglish's (has it happened?), not Hinglish "acha". */
function ownersOf(markers: ScriptMarkers, word: string, fold: (word: string) => string): string[] | null {
  const hit = markers.seen.get(word);
  if (hit !== undefined) return hit;
  const folded = fold(word);
  const single = undoubled(word);
  const exact = markers.exact.get(folded);
  if (exact) {
    if (markers.seen.size >= seenLimit) markers.seen.clear();
    markers.seen.set(word, exact);
    return exact;
  }
  const a = markers.owners.get(folded);
  const b = single === folded ? undefined : markers.owners.get(single);
  const owners = (a && b ? [...new Set([...a, ...b])] : (a ?? b)) ?? null;
  if (markers.seen.size >= seenLimit) markers.seen.clear();
  markers.seen.set(word, owners);
  return owners;
}

/** Detection over a set of packs (the shipped ones, or a test's copy). */
export function languageDetector(loaded: LoadedLanguages, fold: (word: string) => string = foldWord): (text: string) => Language {
  const fallback = loaded.packs.find((p) => p.scriptOf.loanword && p.detection.default_for_script)?.code ?? defaultLanguage;
  const byCode = new Map(loaded.packs.map((p) => [p.code, p]));
  const perScript = new Map<Script, ScriptMarkers>();
  for (const script of loaded.scripts) {
    const marked = loaded.packs.filter((p) => p.scriptOf === script && (p.detection.markers.length > 0 || (p.detection.question_final ?? []).length > 0));
    if (marked.length > 0) perScript.set(script, scriptMarkers(marked, fold));
  }
  /** The pack a form is the romanisation of, or the pack itself. */
  const nativeOf = (code: string): LanguagePack => {
    const pack = byCode.get(code)!;
    return (pack.romanised_of !== null ? byCode.get(pack.romanised_of) : undefined) ?? pack;
  };
  /** Of tied packs that are forms of languages of one native script, the form of its default. */
  const nativeDefault = (tied: readonly string[]): string | null => {
    const natives = tied.map(nativeOf);
    if (!natives.every((n) => n.scriptOf === natives[0]!.scriptOf)) return null;
    const i = natives.findIndex((n) => n.detection.default_for_script);
    return i === -1 ? null : tied[i]!;
  };

  /** How many languages (native packs) write each script: Devanagari two (Hindi, Marathi), Tamil one. */
  const writers = new Map<Script, number>();
  for (const p of loaded.packs) if (p.romanised_of === null) writers.set(p.scriptOf, (writers.get(p.scriptOf) ?? 0) + 1);
  /** Of two tied romanised forms of languages of different native scripts, the one whose script the
   *  fewest languages write, when only one is so: its word is the more telling marker ("accha,
   *  bujhlam" is romanised Bengali; Hinglish words such as accha, haan, ji are written by speakers
   *  of every language, and Devanagari is shared by Hindi and Marathi). Only a tie of two, each
   *  with a word of its own. */
  const rarestScript = (tied: readonly string[], owned: readonly string[][]): string | null => {
    if (tied.length !== 2 || !tied.every((code) => byCode.get(code)!.romanised_of !== null)) return null;
    // Each by a word of its own: a word both list ("ye": Hinglish and romanised Telugu) tells
    // neither, and beside words of each alone ("acha thik ache": acha Hinglish's, ache Bengali's,
    // thik both's) it only adds to both.
    if (!tied.every((code) => owned.some((owners) => owners.includes(code) && !tied.every((c) => owners.includes(c))))) return null;
    const counts = tied.map((code) => writers.get(nativeOf(code).scriptOf) ?? 0);
    const least = Math.min(...counts);
    return counts.filter((n) => n === least).length === 1 ? tied[counts.indexOf(least)]! : null;
  };

  const loanwordScript = loaded.scripts.find((s) => s.loanword) ?? null;
  /** Each script's default pack (the fallback where a script has none): looked up, not searched, per message. */
  const defaults = new Map<Script | null, string>([null, ...loaded.scripts].map((script) => [script,
    loaded.packs.find((p) => p.scriptOf === script && p.detection.default_for_script)?.code ?? fallback]));

  // The last text read and its language: one message is read by several steps in turn (the
  // gateway's hint, consent, the router's understanding), in one process when stages are fused.
  let lastText: string | null = null;
  let lastLanguage: Language = fallback;
  return (text) => {
    if (text === lastText) return lastLanguage;
    lastLanguage = detect(text);
    lastText = text;
    return lastLanguage;
  };

  function detect(text: string): Language {
    const script = scriptOf(loaded.scripts, text) ?? loanwordScript;
    const byDefault = defaults.get(script)!;
    const markers = script === null ? undefined : perScript.get(script);
    if (markers === undefined) return byDefault;
    const votes = new Map<string, number>();
    const loanword = script?.loanword === true;
    // In a loanword script (Latin), a word another pack lists and the script's default does not
    // (kya, mera, enna) is a word of the message's own language: the default's markers (English
    // grammar words, and the address and greeting words English writers use too: ji, bhai,
    // namaste) then do not compete.
    let native = false;
    // A joiner inside a word (अ‍ॅप) is no word break, as for the word classes. The word right before
    // a question mark ends a question: a pack's question-final word there is that pack's vote alone,
    // whoever else lists the word (Marathi "रिजेक्ट का?", why rejected?, where Hindi's का, of, never
    // stands; "deduction ka?" is romanised Marathi, not the Hinglish "ka" it shares elsewhere).
    // Structural: a word list cannot say where in the message a word stands.
    const parts = withoutZeroWidth(text).split(/[?？]/);
    /** Each marker word's packs. */
    const owned: string[][] = [];
    parts.forEach((part, p) => {
      const words = normalise(part).split(' ');
      words.forEach((word, i) => {
        const final = p < parts.length - 1 && i === words.length - 1 ? markers.finals.get(fold(word)) : undefined;
        const owners = final ?? ownersOf(markers, word, fold);
        if (owners === null) return;
        owned.push(owners);
        if (loanword && !owners.includes(byDefault)) native = true;
        for (const code of owners) votes.set(code, (votes.get(code) ?? 0) + markers.vote / owners.length);
      });
    });
    if (native) votes.delete(byDefault);
    let most = 0;
    for (const n of votes.values()) most = Math.max(most, n);
    if (most === 0) return byDefault;
    // A tie of the default with another pack goes to the other: "hello ji", "namaste" alone are
    // the Hinglish writer's; "hello ji, what's my claim status" has English words besides.
    const tied = [...votes].filter(([, n]) => n === most).map(([code]) => code).filter((code, _, all) => !loanword || all.length === 1 || code !== byDefault);
    if (tied.length === 1) return tied[0]!;
    return nativeDefault(tied) ?? rarestScript(tied, owned) ?? byDefault;
  }
}

/** The language of a claimant's message, over the shipped packs. */
export const detectLanguage: (text: string) => Language = languageDetector(languages);
