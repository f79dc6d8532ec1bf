/**
 * outbound stage: sends the gated reply through the channel port with the send id
 * `<workflow_id>:<seq>`, records the send's intent before and its result after the call, records the provider's message id and moves the workflow to what was
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
    expect(ctx.sent[0]).to.deep.include({ tenantId: 'tenant-test', reply: rendered, sendId: 'wf-out-1:4', payload: envelope.payload });
    expect(ctx.sendRecords.get('wf-out-1:4')).to.deep.equal({ attemptedAt: ctx.now(), acceptedId: 'wamid.fake-1', knownBy: 'answer', lookingSince: null });
    expect(decision).to.deep.equal({
      kind: 'finish', status: 'completed',
      patch: { outbound_message_id: 'wamid.fake-1' },
      audit: { type: 'reply.sent', detail: { kind: 'text', template: 'claim_status', provider_message_id: 'wamid.fake-1' } },
      effects: [{ type: 'send.recorded' }],
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

  describe('effectively once: an earlier send of this step, left by a crash', () => {
    const t0 = Date.parse('2026-01-15T10:00:00Z');
    const at = (now: number, more: Parameters<typeof fakeStageContext>[0] = {}) => fakeStageContext({ now, steps: { 'wf-out-1': 4 }, proofWaitMs: 30_000, proofPollMs: 1_000, ...more });

    it('is recorded, not sent again, when its provider answer was kept (the crash came before the hand-off)', async () => {
      const ctx = at(t0, { sendRecords: { 'wf-out-1:4': { attemptedAt: t0 - 5000, acceptedId: 'wamid.first', knownBy: 'answer' } } });
      expect(await outbound.handle(entry(), ctx)).to.deep.equal({
        kind: 'finish', status: 'completed', patch: { outbound_message_id: 'wamid.first' },
        audit: { type: 'reply.sent', detail: { kind: 'recovered', template: 'claim_status', provider_message_id: 'wamid.first', known_by: 'answer' } },
        effects: [{ type: 'send.recorded' }],
      });
      expect(ctx.sent).to.deep.equal([]);
    });

    it('is recorded, not sent again, when a status webhook carried its send id (the crash came while the provider answered)', async () => {
      const ctx = at(t0, { sendRecords: { 'wf-out-1:4': { attemptedAt: t0 - 5000, acceptedId: 'wamid.proven', knownBy: 'status_webhook' } } });
      const decision = await outbound.handle(entry(), ctx);
      expect(decision.kind === 'finish' && decision.audit.detail).to.deep.include({ provider_message_id: 'wamid.proven', known_by: 'status_webhook' });
      expect(ctx.sent).to.deep.equal([]);
    });

    it('without proof: looked for again every poll until the wait, counted from the first look, is over; then sent once more', async () => {
      const records = { 'wf-out-1:4': { attemptedAt: t0 - 48 * 3600_000 } };
      const first = at(t0, { sendRecords: records });
      // An attempt two days old (the service was down) still gets the whole wait from now.
      expect(await outbound.handle(entry(), first)).to.deep.equal({ kind: 'defer', until: t0 + 1000, audit: { type: 'reply.awaiting_proof' } });
      expect(first.sent).to.deep.equal([]);
      expect(first.sendRecords.get('wf-out-1:4')!.lookingSince).to.equal(t0);

      const later = at(t0 + 29_500, { sendRecords: { 'wf-out-1:4': first.sendRecords.get('wf-out-1:4')! } });
      expect(await outbound.handle(entry(), later)).to.deep.equal({ kind: 'defer', until: t0 + 30_000, audit: { type: 'reply.awaiting_proof' } });

      const over = at(t0 + 30_000, { sendRecords: { 'wf-out-1:4': later.sendRecords.get('wf-out-1:4')! } });
      const decision = await outbound.handle(entry(), over);
      expect(over.sent.map((m) => m.sendId)).to.deep.equal(['wf-out-1:4']);
      expect(decision.kind === 'finish' && decision.audit.detail).to.deep.include({ provider_message_id: 'wamid.fake-1', resent: 'unproven_earlier_send' });
      expect(over.sendRecords.get('wf-out-1:4')).to.deep.include({ attemptedAt: t0 + 30_000, lookingSince: null, acceptedId: 'wamid.fake-1' });
    });

    it('of a workflow that moved on: recorded where it happened once proven, looked for while the wait lasts, else dropped', async () => {
      const proven = at(t0, { steps: { 'wf-out-1': 6 }, sendRecords: { 'wf-out-1:4': { attemptedAt: t0 - 1000, acceptedId: 'wamid.late', knownBy: 'status_webhook' } } });
      expect(await outbound.handle(entry(), proven)).to.deep.equal({
        kind: 'note',
        audit: { type: 'reply.sent', detail: { kind: 'recovered', template: 'claim_status', provider_message_id: 'wamid.late', known_by: 'status_webhook', after_workflow_moved_on: 'true' } },
        effects: [{ type: 'send.recorded' }],
      });
      const unproven = at(t0, { steps: { 'wf-out-1': 6 }, sendRecords: { 'wf-out-1:4': { attemptedAt: t0 - 1000 } } });
      expect((await outbound.handle(entry(), unproven)).kind).to.equal('defer');
      const waitedOut = at(t0 + 30_000, { steps: { 'wf-out-1': 6 }, sendRecords: { 'wf-out-1:4': unproven.sendRecords.get('wf-out-1:4')! } });
      expect(await outbound.handle(entry(), waitedOut)).to.deep.equal({ kind: 'skip', audit: { type: 'reply.skipped' } });
      for (const ctx of [proven, unproven, waitedOut]) expect(ctx.sent).to.deep.equal([]);
    });

    it('a provider that answered with an error did not send: its intent is dropped, so the retry waits for nothing', async () => {
      const answered = at(t0, { sendError: new AppError('channel_send_failed', 'provider answered 503', { extra: { answered: true } }) });
      await outbound.handle(entry(), answered).catch(() => undefined);
      expect(answered.sendRecords.get('wf-out-1:4')!.attemptedAt).to.equal(null);
      // A timeout has no answer: the request may have reached the provider, so the intent stays
      // and the retry looks for proof first.
      const timedOut = at(t0, { sendError: new AppError('channel_send_failed', 'provider timed out') });
      await outbound.handle(entry(), timedOut).catch(() => undefined);
      expect(timedOut.sendRecords.get('wf-out-1:4')!.attemptedAt).to.equal(t0);
      const retry = at(t0 + 2000, { sendRecords: { 'wf-out-1:4': timedOut.sendRecords.get('wf-out-1:4')! } });
      expect((await outbound.handle(entry(), retry)).kind).to.equal('defer');
    });
  });
});
