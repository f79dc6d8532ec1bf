/**
 * Spellings a reader sees as the same word, made one string: the folds each script file marks
 * `policy_gate` (pipeline/languages/scripts: for Devanagari the nukta goes, ज़ → ज, and
 * chandrabindu becomes anusvara, हाँ → हां). Writers and keyboards use either, so a deny-listed
 * "मुफ़्त" must also catch "मुफ्त". Applied to text already passed through `normalise` (NFKC has
 * split the precomposed nukta letters into letter + nukta), as a whole, with no NFD.
 */
import { languages } from '../languages';

const gateFolds = languages.scripts.flatMap((s) => s.gateFolds);

export function foldScript(normalised: string): string {
  let text = normalised;
  for (const fold of gateFolds) text = text.replace(fold.from, fold.to);
  return text;
}
