/**
 * Policy tier 3 (PHI redaction) on a rendered reply: phone numbers, e-mail addresses, Aadhaar-
 * and PAN-like numbers are masked before anything leaves. Claim references the templates put in
 * are already masked (XXXX + last four), which these patterns leave alone. Digits may be ASCII
 * or Devanagari (०-९): a Hindi reply can carry a number in either. Names and claim ids are
 * tier 3's too; the policy gate removes them (pipeline/policy-gate/redaction.ts).
 */
interface Rule {
  kind: string;
  pattern: RegExp;
  mask: string;
}

// One digit, ASCII or Devanagari; and the edges of a number (no letter or digit touching it:
// `\b` does not see Devanagari digits as word characters).
const d = '[0-9\\u0966-\\u096F]';
const start = '(?<![\\p{L}\\p{N}])';
const end = '(?![\\p{L}\\p{N}])';

const rules: Rule[] = [
  // The look-behind lets a match start only where a run of address characters starts; without
  // it a long run with no "@" is rescanned from every position (seconds on an article-sized text).
  { kind: 'email', pattern: /(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.[\p{L}]{2,}/gu, mask: '[email removed]' },
  // Phone numbers: +country code or 10-digit Indian mobiles, with optional separators.
  {
    kind: 'phone',
    pattern: new RegExp(`(?:\\+${d}{1,3}[\\s-]?)?${start}[6-9\\u096C-\\u096F]${d}{4}[\\s-]?${d}{5}${end}|\\+${d}{10,14}${end}`, 'gu'),
    mask: '[phone removed]',
  },
  // Aadhaar: 12 digits, optionally grouped 4-4-4, not starting with 0 or 1.
  { kind: 'aadhaar', pattern: new RegExp(`${start}[2-9\\u0968-\\u096F]${d}{3}[\\s-]?${d}{4}[\\s-]?${d}{4}${end}`, 'gu'), mask: '[id removed]' },
  { kind: 'pan', pattern: /\b[A-Z]{5}\d{4}[A-Z]\b/gi, mask: '[id removed]' },
];

export interface Redaction {
  text: string;
  /** How many values of each kind were masked. */
  counts: Record<string, number>;
}

export function redactPhi(text: string): Redaction {
  const counts: Record<string, number> = {};
  let out = text;
  for (const rule of rules) {
    out = out.replace(rule.pattern, () => {
      counts[rule.kind] = (counts[rule.kind] ?? 0) + 1;
      return rule.mask;
    });
  }
  return { text: out, counts };
}
