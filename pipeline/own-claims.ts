/**
 * The identity gate of the truth stage: the sender's own claims (those whose claimant_phone is
 * the number the message came from), newest status first. A claimant who cannot be served gets
 * a reply at once instead: the CMS is down ("temporarily unavailable") or no claim is under this
 * number ("no claim found"), which goes straight to the policy gate, leaving the rest of the route.
 */
import { AppError } from '../src/errors';
import type { Claim, Decision, Envelope, StageContext } from './types';
import { replyStage } from './workflows/definition';

export async function ownClaims(envelope: Envelope, ctx: StageContext): Promise<{ claims: Claim[] } | { decision: Decision }> {
  const { payload, tenantId } = envelope;
  let claims: Claim[];
  try {
    claims = await ctx.cms.claimsByPhone(tenantId, payload.from);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return {
      decision: {
        kind: 'forward', to: replyStage, payload: { ...payload, reply: { template: 'cms_unavailable', vars: {} } },
        patch: { outcome: 'cms_unavailable' },
        audit: { type: 'cms.unavailable', detail: { error_code: err.code } },
      },
    };
  }
  const own = claims
    .filter((c) => c.claimant_phone === payload.from)
    .sort((a, b) => (Date.parse(b.status_updated_at) || 0) - (Date.parse(a.status_updated_at) || 0));
  if (own.length === 0) {
    return {
      decision: {
        kind: 'forward', to: replyStage, payload: { ...payload, reply: { template: 'no_claim_found', vars: {} } },
        patch: { outcome: 'identity_not_matched' },
        audit: { type: 'identity.not_matched' },
      },
    };
  }
  return { claims: own };
}
