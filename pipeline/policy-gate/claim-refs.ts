/**
 * Claim references in a reply, shared by tier 2 (is the answer speaking about another claim?)
 * and tier 3 (mask the claimant's own id, remove the others'). A reference is:
 *  - a known id (own or other) written with or without separators, in any case:
 *    "CLM-2024-000456", "clm 2024 000456", "CLM2024000456";
 *  - a full id of a shape in policy-rules.json `claim_id_patterns` that is not the own one;
 *  - a masked form `XXXX` + four characters (how the service shows a claim id).
 */
import rules from '../data/policy-rules.json';
import { maskClaimId } from '../../src/phi';

const idShapes = rules.claim_id_patterns.map((source) => new RegExp(source, 'gi'));
const maskedShape = /\bXXXX[A-Za-z0-9]{4}\b/gi;

function compact(id: string): string {
  return id.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

function escape(ch: string): string {
  return ch.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A pattern for one id however it is spaced or cased; null for an id with no letters or digits. */
export function idPattern(id: string): RegExp | null {
  const chars = compact(id);
  if (chars === '') return null;
  const body = [...chars].map(escape).join('[\\s./-]?');
  return new RegExp(`(?<![A-Za-z0-9])${body}(?![A-Za-z0-9])`, 'gi');
}

export interface ClaimRefs {
  own: string | null;
  /** The own id's masked form, upper case ("XXXX0123"), or null. */
  ownMasked: string | null;
  others: string[];
}

export function claimRefs(ownClaimId: string | null, otherClaimIds: readonly string[]): ClaimRefs {
  const own = ownClaimId !== null && compact(ownClaimId) !== '' ? ownClaimId : null;
  return {
    own,
    ownMasked: own === null ? null : maskClaimId(own).toUpperCase(),
    others: otherClaimIds.filter((id) => compact(id) !== '' && (own === null || compact(id) !== compact(own))),
  };
}

/** Whether the text names a claim that is not the claimant's own, in full or masked form. */
export function mentionsOtherClaim(text: string, refs: ClaimRefs): boolean {
  for (const id of refs.others) {
    if (idPattern(id)!.test(text)) return true;
  }
  const ownCompact = refs.own === null ? null : compact(refs.own);
  for (const shape of idShapes) {
    for (const match of text.matchAll(shape)) {
      if (compact(match[0]) !== ownCompact) return true;
    }
  }
  for (const match of text.matchAll(maskedShape)) {
    if (match[0].toUpperCase() !== refs.ownMasked) return true;
  }
  return false;
}

const removed = '[claim removed]';

/**
 * Tier 3 for claim ids: the own id becomes its masked form; other known ids, full or masked,
 * and full ids of a claim-id shape that are not the own one are removed. A masked form equal to
 * the own one is kept even when another claim shares its last four: the two cannot be told apart,
 * and hiding the claimant's own reference would break every claim-status reply.
 */
export function redactClaimIds(text: string, refs: ClaimRefs): { text: string; count: number } {
  let count = 0;
  let out = text;
  const replace = (pattern: RegExp, by: (found: string) => string | null): void => {
    out = out.replace(pattern, (found) => {
      const replacement = by(found);
      if (replacement === null) return found;
      count += 1;
      return replacement;
    });
  };
  const own = refs.own;
  if (own !== null) replace(idPattern(own)!, () => maskClaimId(own));
  for (const id of refs.others) {
    replace(idPattern(id)!, () => removed);
    const masked = maskClaimId(id).toUpperCase();
    if (masked !== refs.ownMasked) replace(new RegExp(`(?<![A-Za-z0-9])${[...masked].map(escape).join('')}(?![A-Za-z0-9])`, 'gi'), () => removed);
  }
  for (const shape of idShapes) replace(new RegExp(shape.source, 'gi'), () => removed);
  return { text: out, count };
}
