/**
 * Tier 3: PHI out of the reply. Order matters:
 *  1. claim ids (claim-refs.ts) first, so a 12-digit claim id is not taken for an Aadhaar number;
 *  2. the PHI kinds (phi-redaction.ts: e-mail, phone, Aadhaar, PAN, bank account, card, date of
 *     birth, ... and the tenant's own kinds), before names, so "ravi.kumar@x.in" goes whole
 *     rather than leaving its domain behind a masked name;
 *  3. names: each full name, then each of its words of three letters or more, whole words, any
 *     case ("Dear RAVI" loses "RAVI"; "Ravikumar" is another word and stays).
 * Redaction never blocks: what it removes is replaced by a marker and the reply still goes.
 */
import type { PhiKindSpec } from './phi-kinds';
import { redactPhi } from './phi-redaction';
import { redactClaimIds, type ClaimRefs } from './claim-refs';

const nameMask = '[name removed]';

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function namePatterns(names: readonly string[]): RegExp[] {
  const full = names.map((n) => n.trim().replace(/\s+/g, ' ')).filter((n) => n !== '');
  const parts = full.flatMap((n) => n.split(' ')).filter((p) => [...p].length >= 3);
  // Longest first, so "Ravi Kumar" goes as one before "Ravi" and "Kumar" are looked for.
  const all = [...new Set([...full, ...parts])].sort((a, b) => b.length - a.length);
  return all.map((n) => new RegExp(`(?<![\\p{L}\\p{M}\\p{N}])${escape(n).replace(/ /g, '\\s+')}(?![\\p{L}\\p{M}\\p{N}])`, 'giu'));
}

export interface RedactionResult {
  text: string;
  counts: Record<string, number>;
}

export function redact(text: string, refs: ClaimRefs, names: readonly string[], tenantKinds: readonly PhiKindSpec[] = []): RedactionResult {
  const ids = redactClaimIds(text, refs);
  const phi = redactPhi(ids.text, tenantKinds);
  const counts: Record<string, number> = { ...phi.counts };
  if (ids.count > 0) counts.claim_id = ids.count;
  let out = phi.text;
  let nameCount = 0;
  for (const pattern of namePatterns(names)) {
    out = out.replace(pattern, () => {
      nameCount += 1;
      return nameMask;
    });
  }
  if (nameCount > 0) counts.name = nameCount;
  return { text: out, counts };
}
