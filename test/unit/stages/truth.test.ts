/**
 * truth stage: live claim data from the (fake) CMS behind the identity gate: only claims whose
 * claimant_phone is the sender's number are used, and the claim id reaches the reply masked.
 */
import { expect } from 'chai';
import { truth } from '../../../pipeline/stages/truth';
import { AppError } from '../../../src/errors';
import { phiHash } from '../../../src/phi';
import { claimOf, envelopeFor, fakeStageContext } from '../../helpers/fake-stage-context';

describe('stage truth', () => {
  it('reads the sender\'s own claims from the CMS and builds the claim_status reply, newest first and masked', async () => {
    const older = claimOf({ claim_id: 'CLM-2025-000111', status: 'APPROVED', status_updated_at: '2025-12-01T08:00:00Z' });
    const newer = claimOf({ claim_id: 'CLM-2025-000222', status: 'UNDER_REVIEW', status_updated_at: '2026-01-12T08:00:00Z' });
    const someoneElses = claimOf({ claim_id: 'CLM-2025-000999', claimant_phone: '+919811111111', status_updated_at: '2026-01-14T08:00:00Z' });
    // A CMS that answers with another number's claim too: the stage's identity gate drops it.
    const ctx = fakeStageContext({ claims: [older, newer, someoneElses] });
    ctx.cms.claimsByPhone = async () => [older, newer, someoneElses];

    const decision = await truth.handle(envelopeFor('truth', { text: 'claim status', intent: 'claim_status', language: 'EN' }), ctx);
    expect(decision.kind).to.equal('forward');
    if (decision.kind !== 'forward') return;
    expect(decision.to).to.equal('policy');
    expect(decision.payload.reply).to.deep.equal({
      template: 'claim_status', vars: {},
      items: [
        { claim_ref: 'XXXX0222', status: 'UNDER_REVIEW', updated: '2026-01-12' },
        { claim_ref: 'XXXX0111', status: 'APPROVED', updated: '2025-12-01' },
      ],
    });
    expect(decision.patch).to.deep.equal({ claim_id_hash: phiHash('CLM-2025-000222'), outcome: 'status_found' });
    expect(decision.audit).to.deep.equal({ type: 'claim.status_fetched', detail: { claims_found: 2, claims_shown: 2 } });
  });

  it('answers "no claim found" when the CMS has no claim under the sender\'s number', async () => {
    const ctx = fakeStageContext({ claims: [claimOf({ claimant_phone: '+919811111111' })] });
    const decision = await truth.handle(envelopeFor('truth', { intent: 'claim_status', language: 'EN' }), ctx);
    expect(decision.kind === 'forward' && decision.payload.reply).to.deep.equal({ template: 'no_claim_found', vars: {} });
    expect(decision.kind === 'forward' && decision.patch).to.deep.equal({ outcome: 'identity_not_matched' });
    expect(decision.audit.type).to.equal('identity.not_matched');
  });

  it('answers "temporarily unavailable" when the CMS is down, never silence', async () => {
    const ctx = fakeStageContext({ cmsError: new AppError('cms_unavailable') });
    const decision = await truth.handle(envelopeFor('truth', { intent: 'claim_status', language: 'EN' }), ctx);
    expect(decision.kind === 'forward' && decision.to).to.equal('policy');
    expect(decision.kind === 'forward' && decision.payload.reply).to.deep.equal({ template: 'cms_unavailable', vars: {} });
    expect(decision.audit).to.deep.equal({ type: 'cms.unavailable', detail: { error_code: 'cms_unavailable' } });
  });

  it('hands a query-reason question to knowledge with the newest claim\'s reason codes and the names to keep out', async () => {
    const newest = claimOf({ claim_id: 'CLM-2025-000222', status: 'PARTIALLY_APPROVED', reason_codes: ['ROOM_RENT_CAP'], status_updated_at: '2026-01-12T08:00:00Z' });
    const older = claimOf({ claim_id: 'CLM-2025-000111', status_updated_at: '2025-11-01T08:00:00Z' });
    const ctx = fakeStageContext({ claims: [older, newest] });
    const decision = await truth.handle(envelopeFor('truth', { text: 'why was my claim amount cut', intent: 'query_reason', language: 'EN' }), ctx);
    expect(decision.kind).to.equal('forward');
    if (decision.kind !== 'forward') return;
    expect(decision.to).to.equal('knowledge');
    expect(decision.payload.query).to.deep.equal({
      claimId: 'CLM-2025-000222', status: 'PARTIALLY_APPROVED', reasonCodes: ['ROOM_RENT_CAP'], names: ['Asha Verma'], otherClaimIds: ['CLM-2025-000111'],
    });
    expect(decision.patch).to.deep.equal({ claim_id_hash: phiHash('CLM-2025-000222') });
  });
  it('holds a pending-documents step while the tenant is RESTRICTED (the workflow definition says it is held then)', async () => {
    const ctx = fakeStageContext({ mode: 'RESTRICTED' });
    const decision = await truth.handle(envelopeFor('truth', { text: '', intent: 'pending_documents', pdStep: 'reminder', reminder: 1 }), ctx);
    expect(decision).to.deep.equal({ kind: 'hold', mode: 'RESTRICTED', audit: { type: 'work.held', detail: { mode: 'RESTRICTED', step: 'reminder' } } });
  });
});
