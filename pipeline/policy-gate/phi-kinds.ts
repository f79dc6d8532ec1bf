/**
 * The kinds of personal identifier policy tier 3 masks, as data: the global kinds in
 * pipeline/data/phi-kinds.json with each language pack's context words for them (`phi_context`,
 * pipeline/languages), and a tenant's own in its tenant document (`phi_kinds`). A kind is
 * patterns, what a match needs (a context word, a checksum, either, or nothing), context words
 * per language and a mask. Here a kind is checked and compiled once; matching is
 * pipeline/policy-gate/phi-redaction.ts. docs/policy-gate.md ("PHI kinds") describes the format.
 */
import type { JSONSchemaType } from 'ajv';
import data from '../data/phi-kinds.json';
import { languages } from '../languages';
import { checksums, type ChecksumName } from './id-checksums';

/** What a pattern's match needs before it is masked. */
export type PhiNeeds = 'none' | 'context' | 'checksum' | 'checksum_or_context';

/** One kind as written in phi-kinds.json or a tenant document. */
export interface PhiKindSpec {
  /** snake_case name; what `redactions` counts. */
  kind: string;
  /** What replaces a match (default `[id removed]`). */
  mask?: string;
  /** Regex sources, matched case-insensitively on the text with every script's digits read as ASCII;
   *  `requires`: a string no match can lack (`@`), so a text without it is not scanned. */
  patterns: Array<{ regex: string; needs: PhiNeeds; requires?: string }>;
  /** Context words per language code; all of them are looked for in every text. */
  context?: Record<string, string[]>;
  checksum?: ChecksumName;
  /** How far (characters) a context word may stand from a match; default 40. */
  window?: number;
  /** Words or signs that, right before a match, say it is not this kind (`₹` before an amount). */
  not_after?: string[];
  /** Not personal: what this kind recognises stays as written, and a weaker match of another kind
   *  on the same digits goes with it (a payment reference that happens to pass Verhoeff). */
  keep?: boolean;
}

export interface CompiledKind {
  kind: string;
  mask: string;
  patterns: Array<{ regex: RegExp; needs: PhiNeeds; requires: string | null }>;
  /** Whole-word alternation of every context word, or null when the kind has none. */
  context: RegExp | null;
  checksum: ((digits: string) => boolean) | null;
  window: number;
  notAfter: RegExp | null;
  keep: boolean;
}

const needs: PhiNeeds[] = ['none', 'context', 'checksum', 'checksum_or_context'];

/** The JSON Schema of a kind (the tenant document validates `phi_kinds` with it). */
export const phiKindSchema: JSONSchemaType<PhiKindSpec> = {
  type: 'object',
  additionalProperties: false,
  required: ['kind', 'patterns'],
  properties: {
    kind: { type: 'string', pattern: '^[a-z][a-z0-9_]{1,39}$' },
    mask: { type: 'string', minLength: 1, maxLength: 40, nullable: true },
    patterns: {
      type: 'array', minItems: 1, maxItems: 20,
      items: {
        type: 'object', additionalProperties: false, required: ['regex', 'needs'],
        properties: {
          regex: { type: 'string', minLength: 1, maxLength: 500 },
          needs: { type: 'string', enum: needs },
          requires: { type: 'string', minLength: 1, nullable: true },
        },
      },
    },
    context: { type: 'object', nullable: true, required: [], additionalProperties: { type: 'array', items: { type: 'string', minLength: 1 } } },
    checksum: { type: 'string', enum: Object.keys(checksums) as ChecksumName[], nullable: true },
    window: { type: 'integer', minimum: 1, maximum: 200, nullable: true },
    not_after: { type: 'array', items: { type: 'string', minLength: 1 }, nullable: true },
    keep: { type: 'boolean', nullable: true },
  },
};

// A match is a whole token: no letter, mark or digit touches it on either side.
const edgeBefore = '(?<![\\p{L}\\p{M}\\p{N}])';
const edgeAfter = '(?![\\p{L}\\p{M}\\p{N}])';

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function wordsPattern(words: readonly string[], suffix = ''): RegExp | null {
  if (words.length === 0) return null;
  // Longest first, so "date of birth" is one occurrence rather than "date" never matching.
  const sorted = [...new Set(words.map((w) => w.trim().toLowerCase()))].filter((w) => w !== '').sort((a, b) => b.length - a.length);
  return new RegExp(`${edgeBefore}(?:${sorted.map((w) => escape(w).replace(/ +/g, '\\s+')).join('|')})${suffix}`, 'giu');
}

/** What is wrong with a kind that passed the schema: patterns that do not compile, a checksum
 *  or context need with nothing to satisfy it. Empty when it is usable. */
export function phiKindProblems(spec: PhiKindSpec): string[] {
  const problems: string[] = [];
  for (const p of spec.patterns) {
    try {
      new RegExp(p.regex, 'giu');
    } catch (err) {
      problems.push(`${spec.kind}: pattern ${JSON.stringify(p.regex)} does not compile (${(err as Error).message})`);
    }
    if ((p.needs === 'checksum' || p.needs === 'checksum_or_context') && spec.checksum === undefined) problems.push(`${spec.kind}: a pattern needs a checksum and the kind names none`);
    if (p.needs === 'context' && Object.values(spec.context ?? {}).flat().length === 0) problems.push(`${spec.kind}: a pattern needs context and the kind has no context words`);
  }
  return problems;
}

/**
 * V8 compiles a regular expression on its first runs, and separately for one-byte (Latin) and
 * two-byte (Devanagari) texts: ten and more milliseconds for these Unicode patterns, which a
 * reply would otherwise pay the first time each pattern meets each kind of text. Running every
 * pattern a few times on both kinds of sample when a kind is compiled moves that cost to start-up.
 */
const warmSamples = [
  'a/c 123456789012 DOB 12/03/1985 name@okbank +91 98765 43210 ABCDE1234F',
  'खाता संख्या १२३४५६७८९०१२ जन्म तिथि 12/03/1985 name@abdm 98765 43210',
];

function warm(regexes: ReadonlyArray<RegExp | null>): void {
  for (const regex of regexes) {
    if (!regex) continue;
    for (const sample of warmSamples) {
      for (let i = 0; i < 3; i++) {
        regex.lastIndex = 0;
        regex.test(sample);
      }
    }
    regex.lastIndex = 0;
  }
}

export function compileKind(spec: PhiKindSpec): CompiledKind {
  const problems = phiKindProblems(spec);
  if (problems.length > 0) throw new Error(problems.join('; '));
  const compiled = build(spec);
  warm([...compiled.patterns.map((p) => p.regex), compiled.context, compiled.notAfter]);
  return compiled;
}

function build(spec: PhiKindSpec): CompiledKind {
  const wordEnd = edgeAfter;
  return {
    kind: spec.kind,
    mask: spec.mask ?? '[id removed]',
    patterns: spec.patterns.map((p) => ({ regex: new RegExp(`${edgeBefore}(?:${p.regex})${edgeAfter}`, 'giu'), needs: p.needs, requires: p.requires ?? null })),
    context: wordsPattern(Object.values(spec.context ?? {}).flat(), wordEnd),
    checksum: spec.checksum === undefined ? null : checksums[spec.checksum],
    window: spec.window ?? 40,
    // Anchored at the end of the text before a match: "₹ " or "Rs." right before it.
    notAfter: spec.not_after && spec.not_after.length > 0
      ? new RegExp(`(?:^|[^\\p{L}\\p{M}\\p{N}])(?:${spec.not_after.map((w) => escape(w.toLowerCase())).join('|')})\\s*$`, 'iu')
      : null,
    keep: spec.keep === true,
  };
}

/** The global kinds with the packs' context words, compiled once at load, in the order of the
 *  data file (ties go to the first). */
export const globalKinds: readonly CompiledKind[] = (data.kinds as PhiKindSpec[]).map((kind) => compileKind({ ...kind, context: languages.phiContext[kind.kind] ?? {} }));
