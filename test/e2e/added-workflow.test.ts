/**
 * A fourth workflow type, defined in this file and added through the public hooks only
 * (docs/architecture.md, "Adding a workflow type"): `policy-copy` sends a claimant the reference
 * of their policy. Its definition (intent, route, truth step), its phrases (an intent template
 * and a word class) and its reply template are all here; nothing in src/ names it. A claimant's
 * message runs through the real runtime (the in-process service, the fake CMS and WhatsApp):
 * gateway, consent, router, truth, policy, outbound.
 */
import { expect } from 'chai';
import { addIntentTemplates, addWordClasses } from '../../pipeline/intents';
import { ownClaims } from '../../pipeline/own-claims';
import type { Decision, Envelope, StageContext, WorkflowPayload } from '../../pipeline/types';
import { next, registerWorkflow, stepReadsRecord, type WorkflowDefinition } from '../../pipeline/workflows';
import { maskClaimId, phiHash } from '../../src/phi';
import type { SentMessage } from '../helpers/fakes/whatsapp';
import { startHarness, type Harness } from '../helpers/harness';
import { waitFor } from '../helpers/wait';

/** The workflow's truth step: the claimant's newest claim, its policy masked, into `policy_copy`. */
async function policyCopyTruth(envelope: Envelope, ctx: StageContext, workflow: WorkflowDefinition): Promise<Decision> {
  const found = await ownClaims(envelope, ctx);
  if ('decision' in found) return found.decision;
  const claim = found.claims[0]!;
  return {
    kind: 'forward', to: next(workflow, 'truth'),
    payload: { ...envelope.payload, reply: { template: 'policy_copy', vars: { policy_ref: maskClaimId(claim.policy_number), claim_ref: maskClaimId(claim.claim_id) } } },
    patch: { claim_id_hash: phiHash(claim.claim_id), outcome: 'policy_copy_sent' },
    audit: { type: 'policy_copy.found', detail: { claims_found: found.claims.length } },
  };
}

const policyCopy: WorkflowDefinition = {
  type: 'policy-copy',
  intent: 'policy_copy',
  stages: ['gateway', 'consent', 'router', 'truth', 'policy', 'outbound'],
  steps: { truth: policyCopyTruth },
  restricted: null,
  // Not offered as a choice: WhatsApp shows three reply buttons, and the shipped three take them.
  offered: false,
  waitsIn: [],
};

const phone = '+919822220001';
const repliesTo = (h: Harness) => h.wa.sent.filter((m: SentMessage) => m.to === phone);

describe('a workflow type added in a test runs through the real runtime', function () {
  let h: Harness;
  const removals: Array<() => void> = [];

  before(async () => {
    // Its phrases: a word class and an intent template over it (pipeline/data holds a shipped
    // workflow's; these hooks take a workflow's given at run time).
    removals.push(addWordClasses({ policycopy: ['policy copy', 'copy of my policy', 'policy document'] }));
    removals.push(addIntentTemplates([{ name: 'policy-copy', intent: 'policy_copy', all: ['policycopy'], weight: 1.0 }]));
    removals.push(registerWorkflow(policyCopy));
    h = await startHarness();
    // Its reply template: the tenant's own templates, as a partner adds one.
    h.tenant.doc.templates = { whatsapp: { EN: { policy_copy: 'Your policy {{policy_ref}} (claim {{claim_ref}}): a copy is on its way to your registered email.' } } };
    await h.services.tenants.put(h.tenant.doc, h.services.clock.now());
    h.cms.upsertClaim(h.tenant.doc.cms.api_key, {
      claim_id: 'CLM-2026-004321', policy_number: 'POL-77-8765', member_name: 'Ravi Kumar', claimant_phone: phone, status: 'APPROVED',
      status_updated_at: '2026-11-20T10:00:00Z', amount_claimed: 50000, amount_approved: 50000, reason_codes: [],
    });
  });

  after(async () => {
    await h?.close();
    for (const remove of removals.reverse()) remove();
  });

  it('answers "send my policy copy" through gateway, consent, router, truth, policy and outbound', async () => {
    await h.wa.postInbound({ from: phone, text: 'send my policy copy' });
    await h.wa.waitFor(() => repliesTo(h).length >= 1, 10000);
    expect(repliesTo(h)[0]!.text).to.match(/Reply YES/);

    const res = await h.wa.postInbound({ from: phone, text: 'YES' });
    expect(res.status).to.equal(200);
    await h.wa.waitFor(() => repliesTo(h).length >= 2, 10000);
    const reply = repliesTo(h)[1]!;
    expect(reply.text).to.equal('Your policy XXXX8765 (claim XXXX4321): a copy is on its way to your registered email.');
    expect(reply.text).not.to.contain('CLM-2026-004321');

    // Consent on file now: one message, one workflow of the new type, one audit event per stage.
    const again = await h.wa.postInbound({ from: phone, text: 'send my policy copy' });
    const { workflow_ids: [workflowId] } = again.body as { workflow_ids: string[] };
    await h.wa.waitFor(() => repliesTo(h).length >= 3, 10000);
    const workflow = await waitFor(async () => {
      const body = (await (await h.api(`/v1/workflows/${workflowId}`)).json()) as { status: string };
      return body.status === 'completed' ? body : null;
    }, { what: 'policy-copy workflow completed' }) as unknown as Record<string, unknown>;
    expect(workflow).to.include({ workflow_type: 'policy-copy', status: 'completed', outcome: 'policy_copy_sent' });
    expect(workflow.claim_id_hash).to.equal(phiHash('CLM-2026-004321'));
    expect(workflow.audit_event_ids).to.have.length(6);
  });

  it('says which steps read the workflow record (stage fusion): only those a definition does not list as record-free', () => {
    const payload = (intent: string) => ({ channel: 'whatsapp', businessNumberId: 'b', from: '+919800000001', messageId: 'm', text: '', receivedAt: 0, intent }) as WorkflowPayload;
    expect(stepReadsRecord('truth', payload('claim_status'))).to.equal(false);
    expect(stepReadsRecord('truth', payload('query_reason'))).to.equal(false);
    expect(stepReadsRecord('knowledge', payload('query_reason'))).to.equal(false);
    // pending-documents' truth step reads its wait and documents from the record.
    expect(stepReadsRecord('truth', payload('pending_documents'))).to.equal(true);
    // This test's workflow lists none; an entry of no known workflow is taken to read it.
    expect(stepReadsRecord('truth', payload('policy_copy'))).to.equal(true);
    expect(stepReadsRecord('truth', payload('no_such_intent'))).to.equal(true);
  });

  it('refuses a definition that lists a record-free step it does not have', () => {
    const bad = { ...policyCopy, type: 'odd-steps', intent: 'odd_steps', recordFreeSteps: ['knowledge'] as const };
    expect(() => registerWorkflow(bad)).to.throw(/recordFreeSteps names knowledge, where it has no step/);
  });

  it('refuses a definition whose route skips the policy gate', () => {
    const bad = { ...policyCopy, type: 'no-gate', intent: 'no_gate', stages: ['gateway', 'consent', 'router', 'truth', 'outbound'] as const };
    expect(() => registerWorkflow(bad)).to.throw(/route must start gateway, consent, router and end policy, outbound/);
  });
});
