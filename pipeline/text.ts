/**
 * Text normalisation shared by intent matching, consent answers and the deny list: Unicode NFKC,
 * lower case, punctuation to spaces (Devanagari letters, vowel signs and viramas are kept), and
 * single spaces. Matching on this form makes "Claim-Status?" and "claim status" the same.
 */
export function normalise(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
    .trim()
    .replace(/\s+/g, ' ');
}

/** Whether `phrase` (normalised) occurs in `text` (normalised) as whole words. */
export function containsPhrase(text: string, phrase: string): boolean {
  if (phrase === '') return false;
  return ` ${text} `.includes(` ${phrase} `);
}
