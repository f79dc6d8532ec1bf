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
    // The question itself is parked as it came, with the language it was asked in, to be answered after YES.
    expect(decision.effects).to.deep.equal([{ type: 'consent.park', payload: { ...envelope.payload, claimantLanguage: 'EN' } }]);
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
    expect(plain).to.deep.equal({ kind: 'forward', to: 'router', payload: { ...envelope.payload, claimantLanguage: 'EN' }, audit: { type: 'consent.on_file' } });

    const held = await consent.handle(envelope, fakeStageContext({
      consent: { [testPhone]: { state: 'granted', parkedWorkflowId: 'wf-held-7', parkedStatus: 'awaiting_choice' } },
    }));
    expect(held.kind === 'forward' && held.payload.heldChoice).to.equal('wf-held-7');
  });

  it('records a Hindi YES, keeps Hindi as the conversation\'s language and resumes the held question at the router', async () => {
    const ctx = fakeStageContext({ consent: { [testPhone]: { state: 'none', parkedWorkflowId: 'wf-held-1', parkedStatus: 'awaiting_consent' } } });
    const decision = await consent.handle(envelopeFor('consent', { text: 'हाँ' }), ctx);
    expect(decision).to.deep.equal({
      kind: 'finish', status: 'completed', audit: { type: 'consent.granted' },
      effects: [{ type: 'consent.set', state: 'granted' }, { type: 'consent.language', language: 'HI' }, { type: 'consent.resume', to: 'router', status: 'started' }],
    });
  });

  it('answers STOP, which tells no language, in the conversation\'s; a message in another language moves it', async () => {
    const ctx = fakeStageContext({ consent: { [testPhone]: { state: 'granted', parkedWorkflowId: null, parkedStatus: null, language: 'HI_EN' } } });
    const stop = await consent.handle(envelopeFor('consent', { text: 'STOP' }), ctx);
    expect(stop.kind === 'forward' && stop.payload.reply).to.deep.equal({ template: 'consent_revoked', vars: {} });
    expect(stop.kind === 'forward' && stop.payload.language).to.equal('HI_EN');
    expect(stop.effects).to.deep.equal([{ type: 'consent.set', state: 'revoked' }]);
    // Same language, or none told ("1"): nothing to write; English words: the conversation moves on.
    const same = await consent.handle(envelopeFor('consent', { text: 'mera claim ka status batao' }), ctx);
    expect(same.effects).to.equal(undefined);
    const none = await consent.handle(envelopeFor('consent', { text: '1' }), ctx);
    expect(none.effects).to.equal(undefined);
    const english = await consent.handle(envelopeFor('consent', { text: 'claim status please' }), ctx);
    expect(english.effects).to.deep.equal([{ type: 'consent.language', language: 'EN' }]);
  });

  it('records an SMS provider STOP as revoked and sends nothing of its own', async () => {
    const ctx = fakeStageContext({ consent: { [testPhone]: { state: 'granted' } } });
    const decision = await consent.handle(envelopeFor('consent', { channel: 'sms', text: 'STOP' }), ctx);
    expect(decision).to.deep.equal({
      kind: 'finish', status: 'completed', patch: { consent_change: 'revoked' },
      audit: { type: 'consent.revoked', detail: { answered_by: 'provider' } },
      effects: [{ type: 'consent.set', state: 'revoked' }],
    });
  });
});
