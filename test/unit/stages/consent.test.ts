/**
 * consent stage: nothing about a claim is read before the claimant agrees. No consent on file:
 * the question is held and the consent request is sent; consent on file: on to the router;
 * YES resumes the held question; an SMS provider's STOP is recorded without a reply of ours.
 */
import { expect } from 'chai';
import { consent } from '../../../pipeline/stages/consent';
import { envelopeFor, fakeStageContext, testPhone } from '../../helpers/fake-stage-context';

describe('stage consent', () => {
  it('holds the question and asks for consent when none is recorded', async () => {
    const envelope = envelopeFor('consent', { text: 'what is my claim status' });
    const decision = await consent.handle(envelope, fakeStageContext());
    expect(decision.kind).to.equal('forward');
    if (decision.kind !== 'forward') return;
    expect(decision.to).to.equal('policy');
    expect(decision.status).to.equal('awaiting_consent');
    expect(decision.payload.reply).to.deep.equal({ template: 'consent_request', vars: {} });
    expect(decision.payload.afterSend).to.equal('awaiting_consent');
    expect(decision.audit.type).to.equal('consent.requested');
    // The question itself is parked as it came, to be answered after YES.
    expect(decision.effects).to.deep.equal([{ type: 'consent.park', payload: envelope.payload }]);
  });

  it('asks a follow-up the CMS started in Hindi for consent in Hindi (it has no text to read a language from)', async () => {
    const envelope = envelopeFor('consent', { text: '', language: 'HI', intent: 'pending_documents' });
    const decision = await consent.handle(envelope, fakeStageContext());
    expect(decision.kind === 'forward' && decision.payload.language).to.equal('HI');
    expect(decision.kind === 'forward' && decision.patch).to.deep.equal({ language: 'HI' });
    // A claimant's own message is still read for its language.
    const typed = await consent.handle(envelopeFor('consent', { text: 'mera claim kahan hai' }), fakeStageContext());
    expect(typed.kind === 'forward' && typed.payload.language).to.equal('HI_EN');
  });

  it('passes the message to the router unchanged when consent is on file, naming a question held for a choice', async () => {
    const envelope = envelopeFor('consent', { text: 'what is my claim status' });
    const plain = await consent.handle(envelope, fakeStageContext({ consent: { [testPhone]: { state: 'granted' } } }));
    expect(plain).to.deep.equal({ kind: 'forward', to: 'router', payload: envelope.payload, audit: { type: 'consent.on_file' } });

    const held = await consent.handle(envelope, fakeStageContext({
      consent: { [testPhone]: { state: 'granted', parkedWorkflowId: 'wf-held-7', parkedStatus: 'awaiting_choice' } },
    }));
    expect(held.kind === 'forward' && held.payload.heldChoice).to.equal('wf-held-7');
  });

  it('records a Hindi YES and resumes the held question at the router', async () => {
    const ctx = fakeStageContext({ consent: { [testPhone]: { state: 'none', parkedWorkflowId: 'wf-held-1', parkedStatus: 'awaiting_consent' } } });
    const decision = await consent.handle(envelopeFor('consent', { text: 'हाँ' }), ctx);
    expect(decision).to.deep.equal({
      kind: 'finish', status: 'completed', audit: { type: 'consent.granted' },
      effects: [{ type: 'consent.set', state: 'granted' }, { type: 'consent.resume', to: 'router', status: 'started' }],
    });
  });

  it('records an SMS provider STOP as revoked and sends nothing of its own', async () => {
    const ctx = fakeStageContext({ consent: { [testPhone]: { state: 'granted' } } });
    const decision = await consent.handle(envelopeFor('consent', { channel: 'sms', text: 'STOP' }), ctx);
    expect(decision).to.deep.equal({
      kind: 'finish', status: 'completed',
      audit: { type: 'consent.revoked', detail: { answered_by: 'provider' } },
      effects: [{ type: 'consent.set', state: 'revoked' }],
    });
  });
});
