/**
 * claim-status: a read-only status lookup. Knowledge is not on its route: the reply comes from
 * the CMS alone (ARCHITECTURE.md, "Knowledge is skipped").
 *   truth   the sender's own claims (identity gate), newest status first, masked, into the
 *           `claim_status` reply
 */
import { maskClaimId, phiHash } from '../../src/phi';
import { ownClaims } from '../own-claims';
import type { ClaimStatusPayload, Decision, Envelope, StageContext } from '../types';
import { next, type WorkflowDefinition } from './definition';

/** Claims shown in one reply, newest status first. */
const maxClaimsShown = 3;

export const claimStatus: WorkflowDefinition<ClaimStatusPayload> = {
  type: 'claim-status',
  intent: 'claim_status',
  stages: ['gateway', 'consent', 'router', 'truth', 'policy', 'outbound'],
  steps: { truth: claimStatusTruth },
  // The CMS and the payload only: truth may run fused after the router's forward (stage fusion).
  recordFreeSteps: ['truth'],
  // A status lookup stays available while the tenant is RESTRICTED.
  restricted: null,
  offered: true,
  waitsIn: [],
};

/** Truth step: the claimant's claims and their statuses. */
async function claimStatusTruth(envelope: Envelope & { payload: ClaimStatusPayload }, ctx: StageContext): Promise<Decision> {
  const found = await ownClaims(envelope, ctx);
  if ('decision' in found) return found.decision;
  const own = found.claims;
  const shown = own.slice(0, maxClaimsShown);
  const items = shown.map((c) => ({ claim_ref: maskClaimId(c.claim_id), status: c.status, updated: c.status_updated_at.slice(0, 10) }));
  return {
    kind: 'forward', to: next(claimStatus, 'truth'), payload: { ...envelope.payload, reply: { template: 'claim_status', vars: {}, items } },
    patch: { claim_id_hash: phiHash(shown[0]!.claim_id), claim_ref: maskClaimId(shown[0]!.claim_id), outcome: 'status_found' },
    audit: { type: 'claim.status_fetched', detail: { claims_found: own.length, claims_shown: shown.length } },
  };
}
