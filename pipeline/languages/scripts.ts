/**
 * Writing systems as data (pipeline/languages/scripts/<Script>.json): which script a word or a
 * message is written in, its spelling folds, and its digits read as 0-9. Nothing here names a
 * script: every rule is the same for each file.
 */
import type { ScriptSpec } from './schema';

export interface Fold {
  from: RegExp;
  to: string;
}

export interface Script {
  name: string;
  /** [first, last] code points of its letters. */
  ranges: ReadonlyArray<readonly [number, number]>;
  /** Its digits, zero first (one character each). */
  digits: readonly string[];
  /** Applied to each word after NFD, in order. */
  folds: readonly Fold[];
  /** The folds the policy gate also applies, to whole normalised texts. */
  gateFolds: readonly Fold[];
  loanword: boolean;
}

/** Compiles one checked script file; throws on a fold that is no regular expression. */
export function compileScript(spec: ScriptSpec): Script {
  const compile = (f: { from: string; to: string }, i: number): Fold => {
    try {
      return { from: new RegExp(f.from, 'gu'), to: f.to };
    } catch (err) {
      throw new Error(`/folds/${i}/from does not compile (${(err as Error).message})`);
    }
  };
  const folds = spec.folds.map(compile);
  const digits = [...spec.digits];
  if (digits.length !== 10) throw new Error(`/digits must be ten characters, has ${digits.length}`);
  // Read as ASCII digits in place: each must be one UTF-16 unit, as the ASCII digit is.
  if (digits.some((d) => d.length !== 1)) throw new Error('/digits: each digit must be one UTF-16 code unit');
  const ranges = spec.ranges.map((r) => {
    const [lo, hi] = r.split('-').map((h) => parseInt(h, 16)) as [number, number];
    if (lo > hi) throw new Error(`/ranges: ${r} ends before it starts`);
    return [lo, hi] as const;
  });
  return {
    name: spec.script, ranges, digits, folds,
    gateFolds: folds.filter((_, i) => spec.folds[i]!.policy_gate === true),
    loanword: spec.loanword_script === true,
  };
}

/**
 * The script a text is written in: of the scripts whose letters it holds, the one with the most
 * characters, a loanword script (Latin) only when no other is there, since English words are
 * written inside messages of every other script; ties go to the first script. Null when it holds
 * letters of none (digits, signs).
 */
export function scriptOf(scripts: readonly Script[], text: string): Script | null {
  const table = unitTable(scripts);
  const counts = new Array<number>(scripts.length).fill(0);
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    const owner = table[unit]!;
    if (owner !== 0) {
      counts[owner - 1]! += 1;
    } else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      // A character beyond the first 65,536 (emoji, rare scripts): its code point against the ranges.
      const cp = text.codePointAt(i)!;
      if (cp > 0xffff) {
        i += 1;
        const at = scripts.findIndex((s) => s.ranges.some(([lo, hi]) => cp >= lo && cp <= hi));
        if (at !== -1) counts[at]! += 1;
      }
    }
  }
  let best = -1;
  for (let i = 0; i < scripts.length; i++) {
    if (counts[i] === 0) continue;
    if (best === -1) { best = i; continue; }
    const [a, b] = [scripts[best]!, scripts[i]!];
    // A script of its own beats a loanword script whatever the counts; then the most characters.
    if ((a.loanword && !b.loanword) || (a.loanword === b.loanword && counts[i]! > counts[best]!)) best = i;
  }
  return best === -1 ? null : scripts[best]!;
}

const unitTables = new WeakMap<readonly Script[], Uint8Array>();

/**
 * Each UTF-16 unit's script, as 1 + its index in `scripts` (0: none), built once per list of
 * scripts: every message's characters are counted (language detection reads each whole text), and
 * one array read a character costs a fraction of testing each script's ranges. The first script
 * whose range holds a unit owns it; ASCII outside letters (spaces, digits, punctuation) belongs
 * to none, whatever a range says.
 */
function unitTable(scripts: readonly Script[]): Uint8Array {
  const known = unitTables.get(scripts);
  if (known) return known;
  if (scripts.length > 255) throw new Error('at most 255 scripts');
  const table = new Uint8Array(0x10000);
  scripts.forEach((script, i) => {
    for (const [lo, hi] of script.ranges) {
      for (let unit = lo; unit <= Math.min(hi, 0xffff); unit++) if (table[unit] === 0) table[unit] = i + 1;
    }
  });
  for (let unit = 0; unit < 0x80; unit++) {
    const letter = (unit >= 0x41 && unit <= 0x5a) || (unit >= 0x61 && unit <= 0x7a);
    if (!letter) table[unit] = 0;
  }
  // Surrogates are halves of characters beyond the table, read by their code point instead.
  table.fill(0, 0xd800, 0xe000);
  unitTables.set(scripts, table);
  return table;
}

/** One word in its script's folded form (NFD, then the script's folds in order); a word in no
 *  script is folded as the loanword script, as digits and signs always were. */
export function foldInScript(scripts: readonly Script[], word: string): string {
  const script = scriptOf(scripts, word) ?? scripts.find((s) => s.loanword) ?? null;
  if (!script) return word;
  let folded = word.normalize('NFD');
  for (const fold of script.folds) folded = folded.replace(fold.from, fold.to);
  return folded;
}

/** Every script's digits (0-9 of each), and the script they belong to. */
export function digitTable(scripts: readonly Script[]): Map<string, { value: number; script: Script }> {
  const table = new Map<string, { value: number; script: Script }>();
  for (const script of scripts) script.digits.forEach((d, value) => table.set(d, { value, script }));
  return table;
}
