/**
 * router stage: the workflow type comes from the claimant's words (English, Hindi or Hinglish)
 * and the reply language from how they wrote; the message goes on to truth. An unclear message
 * is held and the claimant is asked which workflow they mean; a RESTRICTED tenant's work other
 * than claim-status is held.
 */
import { expect } from 'chai';
import { router } from '../../../pipeline/stages/router';
import type { Language, WorkflowType } from '../../../pipeline/types';
import { envelopeFor, fakeStageContext } from '../../helpers/fake-stage-context';

describe('stage router', () => {
  it('picks the workflow from an English, a Hindi and a Hinglish message and forwards to truth', async () => {
    const cases: Array<{ text: string; type: WorkflowType; intent: string; language: Language }> = [
      { text: 'what is the status of my claim', type: 'claim-status', intent: 'claim_status', language: 'EN' },
      { text: 'क्यों रिजेक्ट हुआ क्लेम', type: 'query-reason', intent: 'query_reason', language: 'HI' },
      { text: 'kaun se kagaz bhejne hai', type: 'pending-documents', intent: 'pending_documents', language: 'HI_EN' },
    ];
    for (const c of cases) {
      const decision = await router.handle(envelopeFor('router', { text: c.text }), fakeStageContext());
      expect(decision.kind, c.text).to.equal('forward');
      if (decision.kind !== 'forward') return;
      expect(decision.to, c.text).to.equal('truth');
      expect(decision.patch, c.text).to.deep.equal({ workflow_type: c.type, language: c.language });
      expect(decision.payload.intent, c.text).to.equal(c.intent);
      expect(decision.payload.language, c.text).to.equal(c.language);
      // pending-documents starts at its first step (fetch the list); the others have no steps.
      expect(decision.payload.pdStep, c.text).to.equal(c.type === 'pending-documents' ? 'start' : undefined);
      expect(decision.audit.type, c.text).to.equal('workflow.routed');
      expect(decision.audit.detail, c.text).to.include({ workflow_type: c.type, language: c.language });
      expect(decision.effects, c.text).to.equal(undefined);
    }
  });

  it('holds an unclear message for a choice and asks which workflow is meant', async () => {
    const envelope = envelopeFor('router', { text: 'I have a question about my claim' });
    const decision = await router.handle(envelope, fakeStageContext());
    expect(decision.kind).to.equal('forward');
    if (decision.kind !== 'forward') return;
    expect(decision.to).to.equal('policy');
    expect(decision.status).to.equal('awaiting_choice');
    expect(decision.payload.reply).to.deep.equal({ template: 'clarify', vars: {}, choices: true });
    expect(decision.payload.afterSend).to.equal('awaiting_choice');
    expect(decision.patch).to.deep.equal({ language: 'EN', outcome: 'clarification_requested' });
    expect(decision.audit.type).to.equal('intent.unclear');
    expect(decision.effects).to.deep.equal([{ type: 'choice.park', payload: { ...envelope.payload, language: 'EN', claimantLanguage: 'EN' } }]);
  });

  it('holds query-reason work while the tenant is RESTRICTED, but still routes claim-status', async () => {
    const ctx = fakeStageContext({ mode: 'RESTRICTED' });
    const held = await router.handle(envelopeFor('router', { text: 'why was my claim rejected' }), ctx);
    expect(held).to.deep.equal({ kind: 'hold', mode: 'RESTRICTED', audit: { type: 'work.held', detail: { mode: 'RESTRICTED', workflow_type: 'query-reason' } } });

    const status = await router.handle(envelopeFor('router', { text: 'what is the status of my claim' }), ctx);
    expect(status.kind === 'forward' && status.to).to.equal('truth');
  });
});
