/**
 * The decisions the hand-off script used to make, now made in TypeScript before the hand-off and
 * carried out by handoff.lua (which re-checks them against the state at that moment):
 * which pending document a received file satisfies, whether a follow-up joins its claim's open one,
 * and which held question a newer one supersedes.
 */
import { expect } from 'chai';
import { supersededQuestion } from '../../pipeline/held-question';
import type { Decision, Envelope, PendingDocument, WorkflowPayload } from '../../pipeline/types';
import { Keys } from '../../src/redis/keys';
import { buildHandoff } from '../../src/runtime/handoff-ops';
import { documentsFor, followUpToJoin } from '../../pipeline/workflows/pending-documents';

const pending: PendingDocument[] = [
  { code: 'discharge_summary', name: 'Discharge summary' },
  { code: 'bill', name: 'Final bill' },
  { code: 'prescription', name: 'Prescription' },
];

describe('documentsFor: which pending document a received file satisfies, best first', () => {
  it('without a hint: the documents still missing, in the CMS\'s order', () => {
    expect(documentsFor(pending, {}, null)).to.deep.equal(['discharge_summary', 'bill', 'prescription']);
    expect(documentsFor(pending, { discharge_summary: 'm1' }, null)).to.deep.equal(['bill', 'prescription']);
  });

  it('the hinted document first while it is still missing, then the others missing in order', () => {
    expect(documentsFor(pending, {}, 'prescription')).to.deep.equal(['prescription', 'discharge_summary', 'bill']);
    expect(documentsFor(pending, { discharge_summary: 'm1' }, 'bill')).to.deep.equal(['bill', 'prescription']);
  });

  it('a hint already received, or not pending at all, counts for nothing', () => {
    expect(documentsFor(pending, { bill: 'm1' }, 'bill')).to.deep.equal(['discharge_summary', 'prescription']);
    expect(documentsFor(pending, {}, 'passport')).to.deep.equal(['discharge_summary', 'bill', 'prescription']);
  });

  it('nothing missing: an empty list (the file is recorded against no document)', () => {
    expect(documentsFor(pending, { discharge_summary: 'm1', bill: 'm2', prescription: 'm3' }, 'bill')).to.deep.equal([]);
    expect(documentsFor([], {}, null)).to.deep.equal([]);
  });
});

describe('followUpToJoin: whether a follow-up about to wait joins its claim\'s open one', () => {
  it('joins the claim\'s open follow-up', () => {
    for (const status of ['started', 'awaiting_consent', 'awaiting_documents']) {
      expect(followUpToJoin('wf-new', { workflowId: 'wf-open', status }), status).to.equal('wf-open');
    }
  });

  it('waits when the claim has none open, the one its pointer names ended, or it is this workflow itself (resumed)', () => {
    expect(followUpToJoin('wf-new', null)).to.equal(null);
    expect(followUpToJoin('wf-new', { workflowId: 'wf-old', status: 'timed_out' })).to.equal(null);
    expect(followUpToJoin('wf-new', { workflowId: 'wf-old', status: null })).to.equal(null);
    expect(followUpToJoin('wf-new', { workflowId: 'wf-new', status: 'started' })).to.equal(null);
  });
});

describe('supersededQuestion: which held question a newer one replaces', () => {
  it('the question held when the worker read it', () => {
    expect(supersededQuestion('wf-new', { workflowId: 'wf-held' })).to.equal('wf-held');
  });

  it('none when nothing is held, or the held one is this workflow itself', () => {
    expect(supersededQuestion('wf-new', null)).to.equal(null);
    expect(supersededQuestion('wf-new', { workflowId: 'wf-new' })).to.equal(null);
  });

  it('the hand-off op of a park names the superseded workflow and declares its key', () => {
    const keys = new Keys('unit', 4);
    const payload: WorkflowPayload = { channel: 'whatsapp', businessNumberId: '1', from: '+919800000001', messageId: 'm', text: 'hi', receivedAt: 1 };
    const envelope: Envelope = { workflowId: keys.newWorkflowId(2), tenantId: 't', seq: 1, attempt: 0, stage: 'consent', payload };
    const decision: Decision = {
      kind: 'forward', to: 'policy', status: 'awaiting_consent', payload, audit: { type: 'consent.requested' }, effects: [{ type: 'consent.park', payload }],
    };
    const outcome = { kind: 'decided' as const, entryId: '1-0', envelope, decision };
    const held = keys.newWorkflowId(2);
    const call = buildHandoff(keys, 2, 'consent', [outcome], 5, new Map([[envelope.workflowId, { workflowId: held, payload }]]));
    expect(call.ops[0]!.supersede).to.deep.equal({ workflow_id: held, key: keys.workflow(2, held) });
    expect(call.keys).to.include(keys.workflow(2, held));
    const none = buildHandoff(keys, 2, 'consent', [outcome], 5, new Map([[envelope.workflowId, null]]));
    expect(none.ops[0]).not.to.have.property('supersede');
  });

  it('a choice resumes the held question only from the channel it was asked on', () => {
    const keys = new Keys('unit', 4);
    const payload: WorkflowPayload = { channel: 'whatsapp', businessNumberId: '1', from: '+919800000001', messageId: 'm', text: 'claim status', receivedAt: 1 };
    const envelope: Envelope = { workflowId: keys.newWorkflowId(2), tenantId: 't', seq: 2, attempt: 0, stage: 'router', payload };
    const decision: Decision = {
      kind: 'forward', to: 'truth', payload: { ...payload, intent: 'claim_status' }, audit: { type: 'workflow.routed' },
      effects: [{ type: 'choice.resume', patch: { choice: 'claim_status' } }],
    };
    const outcome = { kind: 'decided' as const, entryId: '1-0', envelope, decision };
    const heldId = keys.newWorkflowId(2);
    const heldOn = (channel: 'sms' | 'whatsapp') => new Map([[envelope.workflowId, { workflowId: heldId, payload: { ...payload, channel, text: 'my claim' } }]]);
    expect(buildHandoff(keys, 2, 'router', [outcome], 5, heldOn('whatsapp')).ops[0]!.resume).to.include({ expect: heldId });
    // Held on SMS: this WhatsApp message runs by itself, and the SMS question keeps waiting.
    expect(buildHandoff(keys, 2, 'router', [outcome], 5, heldOn('sms')).ops[0]).not.to.have.property('resume');
  });

  it('the conversation\'s language goes to the consent record', () => {
    const keys = new Keys('unit', 4);
    const payload: WorkflowPayload = { channel: 'whatsapp', businessNumberId: '1', from: '+919800000001', messageId: 'm', text: 'mera claim', receivedAt: 1 };
    const envelope: Envelope = { workflowId: keys.newWorkflowId(1), tenantId: 't', seq: 1, attempt: 0, stage: 'consent', payload };
    const decision: Decision = { kind: 'forward', to: 'router', payload, audit: { type: 'consent.on_file' }, effects: [{ type: 'consent.language', language: 'HI_EN' }] };
    const op = buildHandoff(keys, 1, 'consent', [{ kind: 'decided', entryId: '1-0', envelope, decision }], 5, new Map()).ops[0]!;
    expect(op).to.include({ consent_language: 'HI_EN' });
    expect(op.consent).to.be.a('string');
  });
});
