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
  const counts = new Array<number>(scripts.length).fill(0);
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    // ASCII outside letters (spaces, digits, punctuation) belongs to no script: skip the scan.
    if (cp < 0x41 || (cp > 0x5a && cp < 0x61) || (cp > 0x7a && cp < 0x80)) continue;
    for (let i = 0; i < scripts.length; i++) {
      if (scripts[i]!.ranges.some(([lo, hi]) => cp >= lo && cp <= hi)) {
        counts[i]! += 1;
        break;
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
