/**
 * outbound stage: sends the gated reply through the channel port with the idempotency key
 * `<workflow_id>:<seq>`, records the provider's message id and moves the workflow to what was
 * decided upstream (`afterSend`). Nothing is sent for an entry whose workflow moved on, nor while
 * the tenant is SUSPENDED, nor to a claimant who opted out at the provider.
 */
import { expect } from 'chai';
import { outbound } from '../../../pipeline/stages/outbound';
import type { RenderedReply } from '../../../pipeline/types';
import { AppError } from '../../../src/errors';
import { envelopeFor, fakeStageContext } from '../../helpers/fake-stage-context';

const rendered: RenderedReply = { template: 'claim_status', text: 'Here is the latest on your claim:\n• Claim XXXX0222: Under review' };
const entry = (afterSend?: 'awaiting_consent') => envelopeFor('outbound', { rendered, ...(afterSend ? { afterSend } : {}) }, { workflowId: 'wf-out-1', seq: 4 });

describe('stage outbound', () => {
  it('sends the rendered reply via the channel port, keyed by workflow and step, and completes the workflow', async () => {
    const envelope = entry();
    const ctx = fakeStageContext({ steps: { 'wf-out-1': 4 } });
    const decision = await outbound.handle(envelope, ctx);
    expect(ctx.sent).to.have.length(1);
    expect(ctx.sent[0]).to.deep.include({ tenantId: 'tenant-test', reply: rendered, idempotencyKey: 'wf-out-1:4', payload: envelope.payload });
    expect(decision).to.deep.equal({
      kind: 'finish', status: 'completed',
      patch: { outbound_message_id: 'wamid.fake-1' },
      audit: { type: 'reply.sent', detail: { kind: 'text', template: 'claim_status', provider_message_id: 'wamid.fake-1' } },
    });
  });

  it('leaves the workflow waiting after the send when upstream said so (awaiting_consent)', async () => {
    const ctx = fakeStageContext({ steps: { 'wf-out-1': 4 } });
    const decision = await outbound.handle(entry('awaiting_consent'), ctx);
    expect(ctx.sent).to.have.length(1);
    expect(decision.kind).to.equal('wait');
    expect(decision.kind === 'wait' && decision.status).to.equal('awaiting_consent');
  });

  it('sends nothing for a stale entry (the workflow moved on) or while the tenant is SUSPENDED', async () => {
    const stale = fakeStageContext({ steps: { 'wf-out-1': 5 } });
    expect(await outbound.handle(entry(), stale)).to.deep.equal({ kind: 'skip', audit: { type: 'reply.skipped' } });
    expect(stale.sent).to.deep.equal([]);

    const suspended = fakeStageContext({ mode: 'SUSPENDED', steps: { 'wf-out-1': 4 } });
    expect(await outbound.handle(entry(), suspended)).to.deep.equal({ kind: 'hold', mode: 'SUSPENDED', audit: { type: 'reply.held', detail: { mode: 'SUSPENDED' } } });
    expect(suspended.sent).to.deep.equal([]);
  });

  it('moves on without a reply when the provider refuses an opted-out claimant, and rethrows other send failures', async () => {
    const optedOut = fakeStageContext({ steps: { 'wf-out-1': 4 }, sendError: new AppError('channel_opted_out') });
    expect(await outbound.handle(entry(), optedOut)).to.deep.equal({
      kind: 'finish', status: 'completed', patch: { outcome: 'not_sent_opted_out' },
      audit: { type: 'reply.not_sent', detail: { reason: 'opted_out', template: 'claim_status' } },
    });

    // A provider failure is not an answer: it is thrown, so the runtime retries the entry.
    const outage = fakeStageContext({ steps: { 'wf-out-1': 4 }, sendError: new AppError('channel_send_failed') });
    let thrown: unknown = null;
    await outbound.handle(entry(), outage).catch((err: unknown) => { thrown = err; });
    expect(thrown).to.be.instanceOf(AppError).with.property('code', 'channel_send_failed');
  });
});
