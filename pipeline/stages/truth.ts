/**
 * truth: live claim data from the partner's CMS (read-only). The identity gate is the sender's
 * own number: only claims whose claimant_phone is that number are used. A CMS that is down or
 * refusing gives the claimant the "temporarily unavailable" reply, never silence.
 * pending-documents and query-reason steps run here too (pipeline/workflows/).
 */
import { maskClaimId, phiHash } from '../../src/phi';
import { ownClaims } from '../own-claims';
import type { Decision, Envelope, Stage, StageContext } from '../types';
import { claimStatus } from '../workflows/claim-status';
import { restrictedHold } from '../workflows/definition';
import { pendingDocuments, pendingDocumentsStep } from '../workflows/pending-documents';
import { queryReason, queryReasonTruth } from '../workflows/query-reason';

/** Claims shown in one reply, newest status first. */
const maxClaimsShown = 3;

export const truth: Stage = {
  name: 'truth',
  async handle(envelope, ctx): Promise<Decision> {
    if (envelope.payload.intent === queryReason.intent) return queryReasonTruth(envelope, ctx);
    if (envelope.payload.intent !== claimStatus.intent) {
      // Reminders, resumes and documents reach this stage without the router: held here too.
      const held = await restrictedHold(ctx, envelope.tenantId, pendingDocuments, { step: envelope.payload.pdStep ?? null });
      if (held) return held;
      return pendingDocumentsStep(envelope, ctx);
    }
    return claimStatusStep(envelope, ctx);
  },
};

async function claimStatusStep(envelope: Envelope, ctx: StageContext): Promise<Decision> {
  const found = await ownClaims(envelope, ctx);
  if ('decision' in found) return found.decision;
  const own = found.claims;
  const shown = own.slice(0, maxClaimsShown);
  const items = shown.map((c) => ({ claim_ref: maskClaimId(c.claim_id), status: c.status, updated: c.status_updated_at.slice(0, 10) }));
  return {
    kind: 'forward', to: 'policy', payload: { ...envelope.payload, reply: { template: 'claim_status', vars: {}, items } },
    patch: { claim_id_hash: phiHash(shown[0]!.claim_id), outcome: 'status_found' },
    audit: { type: 'claim.status_fetched', detail: { claims_found: own.length, claims_shown: shown.length } },
  };
}
