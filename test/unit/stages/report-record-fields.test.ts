/**
 * The record fields the partner reports read (docs/reports.md), as the stages decide them:
 * outbound writes `replied_at` on a workflow's first reply that reached the provider when it
 * answers the claimant's message, and the held question's `consent_change`; the consent stage
 * writes `consent_change` on its own record, or carries it to a held question it ends.
 */
import { expect } from 'chai';
import { consent } from '../../../pipeline/stages/consent';
import { outbound } from '../../../pipeline/stages/outbound';
import type { RenderedReply } from '../../../pipeline/types';
import { envelopeFor, fakeStageContext, testPhone } from '../../helpers/fake-stage-context';

const rendered: RenderedReply = { template: 'consent_request', text: 'May we look up your claims?' };
const t0 = Date.parse('2026-01-15T10:00:00Z');

/** A context whose send records say (as beginSend-2.lua does) whether the workflow has replied before. */
function contextWith(firstOfWorkflow: boolean, sendRecords = {}) {
  const ctx = fakeStageContext({ now: t0, steps: { 'wf-out-1': 4 }, sendRecords });
  const begin = ctx.sends.begin.bind(ctx.sends);
  ctx.sends.begin = async (...args) => {
    const before = await begin(...args);
    return before && firstOfWorkflow ? { ...before, firstOfWorkflow: true } : before;
  };
  return ctx;
}

describe('report fields the stages write', () => {
  it("outbound: the first reply that answers the claimant's message sets replied_at, a later one does not", async () => {
    const entry = envelopeFor('outbound', { rendered }, { workflowId: 'wf-out-1', seq: 4 });
    const first = await outbound.handle(entry, contextWith(true));
    expect(first.kind === 'finish' && first.patch).to.deep.equal({ outbound_message_id: 'wamid.fake-1', replied_at: t0 });
    const later = await outbound.handle(entry, contextWith(false));
    expect(later.kind === 'finish' && later.patch).to.deep.equal({ outbound_message_id: 'wamid.fake-1' });
  });

  it('outbound: a CMS-started workflow (no claimant message) gets no replied_at; a recovered first send keeps its own time', async () => {
    const cms = envelopeFor('outbound', { rendered, messageId: 'cms:wf-out-1', text: '', receivedAt: 0 }, { workflowId: 'wf-out-1', seq: 4 });
    const proactive = await outbound.handle(cms, contextWith(true));
    expect(proactive.kind === 'finish' && proactive.patch).to.deep.equal({ outbound_message_id: 'wamid.fake-1' });
    const entry = envelopeFor('outbound', { rendered }, { workflowId: 'wf-out-1', seq: 4 });
    const recovered = await outbound.handle(entry, contextWith(true, { 'wf-out-1:4': { attemptedAt: t0 - 5000, acceptedId: 'wamid.first', knownBy: 'answer' } }));
    expect(recovered.kind === 'finish' && recovered.patch).to.deep.equal({ outbound_message_id: 'wamid.first', replied_at: t0 - 5000 });
  });

  it("outbound: writes the held question's consent_change, sent or not", async () => {
    const declined = envelopeFor('outbound', { rendered, afterSend: 'cancelled', consentChange: 'declined' }, { workflowId: 'wf-out-1', seq: 4 });
    const sent = await outbound.handle(declined, contextWith(false));
    expect(sent.kind === 'finish' && sent.patch).to.deep.equal({ outbound_message_id: 'wamid.fake-1', consent_change: 'declined' });
    const providerStop = envelopeFor('outbound', { rendered, providerAnswered: true, afterSend: 'cancelled', consentChange: 'revoked' }, { workflowId: 'wf-out-1', seq: 4 });
    const notSent = await outbound.handle(providerStop, contextWith(false));
    expect(notSent).to.deep.include({ kind: 'finish', status: 'cancelled', patch: { consent_change: 'revoked' } });
  });

  it('consent: NO and STOP say so on their own record, or carry it to the held question they end', async () => {
    const noneOnFile = fakeStageContext({ consent: { [testPhone]: { state: 'none' } } });
    const no = await consent.handle(envelopeFor('consent', { text: 'NO' }), noneOnFile);
    expect(no.kind === 'forward' && no.patch).to.deep.include({ consent_change: 'declined' });
    const granted = fakeStageContext({ consent: { [testPhone]: { state: 'granted' } } });
    const stop = await consent.handle(envelopeFor('consent', { text: 'STOP' }), granted);
    expect(stop.kind === 'forward' && stop.patch).to.deep.include({ consent_change: 'revoked' });

    const held = fakeStageContext({ consent: { [testPhone]: { state: 'none', parkedWorkflowId: 'wf-held-1', parkedStatus: 'awaiting_consent' } } });
    const heldNo = await consent.handle(envelopeFor('consent', { text: 'NO' }), held);
    const resume = heldNo.effects?.find((e) => e.type === 'consent.resume');
    expect(resume && resume.type === 'consent.resume' && resume.patch).to.deep.include({ consentChange: 'declined', afterSend: 'cancelled' });
    const heldSmsStop = await consent.handle(envelopeFor('consent', { channel: 'sms', text: 'STOP' }), held);
    const stopResume = heldSmsStop.effects?.find((e) => e.type === 'consent.resume');
    expect(stopResume && stopResume.type === 'consent.resume' && stopResume.patch).to.deep.include({ consentChange: 'revoked', providerAnswered: true });
  });
});
