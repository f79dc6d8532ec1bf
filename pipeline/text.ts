/**
 * Text normalisation shared by intent matching, consent answers and the deny list: Unicode NFKC,
 * lower case, punctuation to spaces (every script's letters, vowel signs, viramas and digits are
 * kept), and single spaces. Matching on this form makes "Claim-Status?" and "claim status" the
 * same. A script's own spelling folds and its digits read as 0-9 are the language packs'
 * (pipeline/languages: `foldScriptWord`, `asciiDigits`), applied where a reader needs them.
 */
export function normalise(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    // Every run of anything else (whitespace included) becomes one space: no second pass for spaces.
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
    .trim();
}

/** Whether `phrase` (normalised) occurs in `text` (normalised) as whole words. */
export function containsPhrase(text: string, phrase: string): boolean {
  if (phrase === '') return false;
  return ` ${text} `.includes(` ${phrase} `);
}
