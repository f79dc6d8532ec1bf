/**
 * Tier 4: the answer must rest on a trusted article that backs it.
 *  - no article: `no_source`; an article not marked trusted: `untrusted_source`;
 *  - the article explains none of the claim's reason codes (aliases resolved): `source_mismatch`;
 *  - too little of the answer is in the article: `source_mismatch`. Coverage is the share of the
 *    answer's content words (source line left out) found in the article's title and body; the
 *    answer is an excerpt, so nearly all of it should be. Below `coverageThreshold` the answer
 *    says things the article does not.
 * Whether the reply prints a source line is the composer's business; this tier checks the
 * article behind it.
 */
import type { GateSource } from './types';
import { answerBody, canonicalCode } from './semantic';
import { contentWords, remembered } from './tokens';

/** Share of the answer's content words that must appear in the cited article. */
export const coverageThreshold = 0.6;

export interface AttributionVerdict {
  outcome: 'pass' | 'block';
  reason: 'source_backed' | 'no_source' | 'untrusted_source' | 'source_mismatch';
  score?: number;
}

// A tenant has a bounded set of articles and each is cited again and again: its words are kept,
// keyed by the text itself (an edited article is a new key); emptied when the bound is reached.
const articleCache = new Map<string, Set<string>>();
const articleCacheLimit = 1_000;

function articleWords(source: GateSource): Set<string> {
  return remembered(articleCache, articleCacheLimit, `${source.title}\n${source.body}`, contentWords);
}

export function coverage(text: string, source: GateSource): number {
  const answer = contentWords(answerBody(text));
  if (answer.size === 0) return 0;
  const article = articleWords(source);
  let found = 0;
  for (const word of answer) if (article.has(word)) found += 1;
  return Math.round((found / answer.size) * 1000) / 1000;
}

export function checkAttribution(text: string, source: GateSource | null, claimCodes: readonly string[]): AttributionVerdict {
  if (source === null) return { outcome: 'block', reason: 'no_source' };
  if (!source.trusted) return { outcome: 'block', reason: 'untrusted_source' };
  const score = coverage(text, source);
  const claim = new Set(claimCodes.map(canonicalCode));
  if (!source.reasonCodes.some((code) => claim.has(canonicalCode(code)))) return { outcome: 'block', reason: 'source_mismatch', score };
  if (score < coverageThreshold) return { outcome: 'block', reason: 'source_mismatch', score };
  return { outcome: 'pass', reason: 'source_backed', score };
}
