/**
 * truth stage: live claim data from the (fake) CMS behind the identity gate: only claims whose
 * claimant_phone is the sender's number are used, and the claim id reaches the reply masked.
 */
import { expect } from 'chai';
import { truth } from '../../../pipeline/stages/truth';
import { AppError } from '../../../src/errors';
import { phiHash } from '../../../src/phi';
import { claimOf, envelopeFor, fakeStageContext, testPhone } from '../../helpers/fake-stage-context';

const day = 86_400_000;

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
    expect(decision.patch).to.deep.equal({ claim_id_hash: phiHash('CLM-2025-000222'), claim_ref: 'XXXX0222', outcome: 'status_found' });
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
      claimId: 'CLM-2025-000222', status: 'PARTIALLY_APPROVED', reasonCodes: ['ROOM_RENT_CAP'], amountApproved: null, names: ['Asha Verma'], otherClaimIds: ['CLM-2025-000111'],
    });
    expect(decision.patch).to.deep.equal({ claim_id_hash: phiHash('CLM-2025-000222'), claim_ref: 'XXXX0222' });
  });
  describe('pending-documents: what the hand-off used to decide', () => {
    const claim = claimOf({ claim_id: 'CLM-2025-000333', status: 'DOCUMENTS_PENDING' });
    const pending = [{ code: 'discharge_summary', name: 'Discharge summary' }, { code: 'bill', name: 'Final bill' }];
    const start = () => envelopeFor('truth', { text: '', intent: 'pending_documents', pdStep: 'start', claimId: claim.claim_id, language: 'EN' }, { workflowId: 'wf-new' });

    it('starts the wait when the claim has no open follow-up (join: null)', async () => {
      const ctx = fakeStageContext({ claims: [claim], pendingDocuments: { [claim.claim_id]: pending } });
      const decision = await truth.handle(start(), ctx);
      if (decision.kind !== 'forward') throw new Error(`expected forward, got ${decision.kind}`);
      expect(decision.payload.afterSend).to.equal('awaiting_documents');
      expect(decision.patch).to.include({ workflow_type: 'pending-documents', claim_id_hash: phiHash(claim.claim_id), language: 'EN', pd_received: '{}', reminders_sent: 0 });
      // Decided from the claim's pointer as read (none), and the wait starts: two reminders, then the deadline.
      const now = ctx.now();
      expect(decision.effects).to.deep.equal([
        { type: 'expect', claimIdHash: phiHash(claim.claim_id), value: null },
        {
          type: 'wait.start', claimIdHash: phiHash(claim.claim_id), payload: decision.effects![1]!.type === 'wait.start' ? decision.effects![1]!.payload : null,
          timers: [{ name: 'reminder:1', due: now + 1 * day }, { name: 'reminder:2', due: now + 3 * day }, { name: 'deadline', due: now + 7 * day }],
        },
      ]);
    });

    it('joins the claim\'s open follow-up it read through the port: outcome joined, the reply ends it, the effect names it', async () => {
      const ctx = fakeStageContext({ claims: [claim], pendingDocuments: { [claim.claim_id]: pending }, openFollowUps: { [phiHash(claim.claim_id)]: 'wf-open' } });
      const decision = await truth.handle(start(), ctx);
      if (decision.kind !== 'forward') throw new Error(`expected forward, got ${decision.kind}`);
      expect(decision.payload.afterSend).to.equal('completed');
      expect(decision.payload.reply).to.include({ template: 'documents_reminder' });
      expect(decision.patch).to.include({ pending_docs_workflow_id: 'wf-open', outcome: 'joined' });
      expect(decision.audit.type).to.equal('documents.requested');
      // No wait of its own; decided from the pointer and the open one's status as read.
      expect(decision.effects).to.deep.equal([
        { type: 'expect', claimIdHash: phiHash(claim.claim_id), value: 'wf-open' },
        { type: 'expect', workflow: 'wf-open', field: 'status', value: 'awaiting_documents' },
      ]);
    });

    it('a resumed follow-up that its claim still names as open does not join itself', async () => {
      const ctx = fakeStageContext({ claims: [claim], pendingDocuments: { [claim.claim_id]: pending }, openFollowUps: { [phiHash(claim.claim_id)]: 'wf-new' } });
      const decision = await truth.handle(start(), ctx);
      expect(decision.effects?.map((e) => e.type)).to.deep.equal(['expect', 'wait.start']);
      expect(decision.kind === 'forward' && decision.payload.afterSend).to.equal('awaiting_documents');
    });

    it('a file for the open follow-up fills the document its caption names, decided from the follow-up\'s step as read', async () => {
      const open = { workflowId: 'wf-open', status: 'awaiting_documents' as const, claimIdHash: phiHash(claim.claim_id), pending, received: {}, deadlineAt: null, remindersSent: 0, language: 'EN' as const, seq: 4 };
      const now = Date.parse('2026-01-16T08:30:00Z');
      const ctx = fakeStageContext({ recentPendingDocs: { [testPhone]: [open] }, now });
      const media = { id: 'media-9', kind: 'document', filename: 'final-bill.pdf' };
      const decision = await truth.handle(envelopeFor('truth', { text: '', intent: 'documents_upload', media }), ctx);
      const [effect] = decision.effects ?? [];
      expect(effect).to.deep.include({
        type: 'wait.arrive', target: 'wf-open', arrival: 'document', expectSeq: 4, ends: false, to: 'truth',
        // The time it was recorded, for the API's documents[].received_at.
        set: { pd_received: JSON.stringify({ bill: 'media-9' }), pd_received_at: JSON.stringify({ bill: now }), documents_received: 1 },
      });
      expect(decision.audit.detail).to.include({ document: 'bill', complete: false, accepted: true, pending_docs_workflow_id: 'wf-open' });
    });
  });

  describe('pending-documents wait timers: decided by the workflow\'s own step', () => {
    const claim = claimOf({ status: 'DOCUMENTS_PENDING' });
    const pending = [{ code: 'bill', name: 'Final bill' }, { code: 'discharge_summary', name: 'Discharge summary' }];
    const state = { workflowId: 'wf-test', status: 'awaiting_documents' as const, claimIdHash: phiHash(claim.claim_id), pending, received: { bill: 'm1' }, deadlineAt: null, remindersSent: 1, language: 'EN' as const, seq: 6 };
    const timerEntry = (timer: string) => ({ ...envelopeFor('truth', { text: '', intent: 'pending_documents', claimId: claim.claim_id, timer }), workflowId: 'wf-test' });

    it('the deadline ends the wait timed_out, with the escalation for the partner, and tells the claimant, offering a person', async () => {
      const ctx = fakeStageContext({ pendingDocsStates: [state] });
      const decision = await truth.handle(timerEntry('deadline'), ctx);
      if (decision.kind !== 'forward') throw new Error(`expected forward, got ${decision.kind}`);
      const { payload, ...rest } = decision;
      expect(rest).to.deep.equal({
        kind: 'forward', to: 'policy', status: 'timed_out', patch: { outcome: 'timed_out' },
        audit: { type: 'documents.timed_out', detail: { missing: 1, received: 1 } },
        also: [{ type: 'documents.escalated', detail: { pending_docs_workflow_id: 'wf-test', missing: 1, received: 1, reason: 'deadline' } }],
        effects: [{ type: 'wait.end' }],
      });
      expect(payload.afterSend).to.equal('timed_out');
      expect(payload.reply).to.deep.include({ template: 'documents_timed_out', choices: ['human_handover'] });
      // The timer that brought it is not carried on.
      expect(payload.timer).to.equal(undefined);
    });

    it('a reminder reminds of what is still missing and counts itself (the next is the wait\'s armed timer)', async () => {
      const ctx = fakeStageContext({ pendingDocsStates: [state], claims: [claim], pendingDocuments: { [claim.claim_id]: pending } });
      const decision = await truth.handle(timerEntry('reminder:2'), ctx);
      if (decision.kind !== 'forward') throw new Error(`expected forward, got ${decision.kind}`);
      expect(decision.audit).to.deep.equal({ type: 'documents.reminder', detail: { reminder: 2, missing: 1 } });
      expect(decision.patch).to.deep.equal({ reminders_sent: 2 });
      expect(decision.payload.afterSend).to.equal('awaiting_documents');
    });
  });

  it('holds a pending-documents step while the tenant is RESTRICTED (the workflow definition says it is held then)', async () => {
    const ctx = fakeStageContext({ mode: 'RESTRICTED' });
    const decision = await truth.handle(envelopeFor('truth', { text: '', intent: 'pending_documents', pdStep: 'reminder', reminder: 1 }), ctx);
    expect(decision).to.deep.equal({ kind: 'hold', mode: 'RESTRICTED', audit: { type: 'work.held', detail: { mode: 'RESTRICTED', step: 'reminder' } } });
  });
});
