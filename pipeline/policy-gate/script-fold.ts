/**
 * Devanagari spellings a reader sees as the same word, made one string: the nukta goes
 * (ज़ → ज, फ़ → फ) and chandrabindu becomes anusvara (हाँ → हां). Writers and keyboards use
 * either, so a deny-listed "मुफ़्त" must also catch "मुफ्त". Applied to text already passed
 * through `normalise` (NFKC has split the precomposed nukta letters into letter + nukta).
 */
export function foldScript(normalised: string): string {
  return normalised.replace(/\u093C/g, '').replace(/\u0901/g, '\u0902');
}
