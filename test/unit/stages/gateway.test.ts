/**
 * gateway stage: normalises the inbound message and hands it to consent, noting in the audit
 * what arrived (never the words themselves).
 */
import { expect } from 'chai';
import { gateway } from '../../../pipeline/stages/gateway';
import { envelopeFor, fakeStageContext } from '../../helpers/fake-stage-context';

describe('stage gateway', () => {
  it('trims the message, keeps the rest of the payload and forwards it to consent', async () => {
    const envelope = envelopeFor('gateway', { text: '   claim status please \n' });
    const decision = await gateway.handle(envelope, fakeStageContext());
    expect(decision.kind).to.equal('forward');
    if (decision.kind !== 'forward') return;
    expect(decision.to).to.equal('consent');
    expect(decision.payload).to.deep.equal({ ...envelope.payload, text: 'claim status please' });
    expect(decision.audit).to.deep.equal({
      type: 'message.received',
      detail: { channel: 'whatsapp', length: 'claim status please'.length, language_hint: 'EN', media: null },
    });
    expect(decision.status).to.equal(undefined);
    expect(decision.effects).to.equal(undefined);
  });

  it('notes the language hint and the media kind, and cuts a message at 4096 characters', async () => {
    const hindi = await gateway.handle(envelopeFor('gateway', { text: 'मेरा क्लेम कहाँ है', channel: 'sms' }), fakeStageContext());
    expect(hindi.audit.detail).to.include({ channel: 'sms', language_hint: 'HI', media: null });

    const media = await gateway.handle(envelopeFor('gateway', { text: 'bill', media: { id: 'media-1', kind: 'document', mime: 'application/pdf' } }), fakeStageContext());
    expect(media.audit.detail).to.include({ media: 'document' });

    const long = await gateway.handle(envelopeFor('gateway', { text: 'a'.repeat(5000) }), fakeStageContext());
    expect(long.kind === 'forward' && long.payload.text.length).to.equal(4096);
    expect(long.audit.detail).to.include({ length: 4096 });
  });

  it('records a CMS-started follow-up as a CMS event, not a claimant message', async () => {
    const envelope = envelopeFor('gateway', { text: '', intent: 'pending_documents', pdStep: 'start', claimId: 'CLM-2025-000123' });
    const decision = await gateway.handle(envelope, fakeStageContext());
    expect(decision.kind === 'forward' && decision.to).to.equal('consent');
    expect(decision.audit).to.deep.equal({ type: 'cms_event.received', detail: { event: 'claim.documents_pending' } });
  });
});
