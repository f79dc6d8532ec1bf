/**
 * outbound: sends the gated reply on the claimant's channel, with the idempotency key
 * `<workflow_id>:<seq>` so a redelivered entry cannot make the provider send twice, and records
 * the provider's message id. What the workflow becomes next was decided upstream (`afterSend`).
 * While the tenant is SUSPENDED nothing is sent: the entry is held (pipeline/workflows/definition.ts).
 * Nothing is sent either when the provider answered the message itself (an SMS keyword), or
 * refuses it because the claimant opted out there (SMS STOP): the workflow moves on without a reply.
 */
import { AppError } from '../../src/errors';
import type { Decision, Stage, WorkflowPatch } from '../types';
import { suspendedHold } from '../workflows/definition';

export const outbound: Stage = {
  name: 'outbound',
  async handle(envelope, ctx): Promise<Decision> {
    const { payload, tenantId, workflowId, seq } = envelope;
    const after = payload.afterSend ?? 'completed';
    const moveOn = (patch: WorkflowPatch, audit: { type: string; detail: Record<string, string> }): Decision =>
      (after === 'awaiting_consent' || after === 'awaiting_choice' || after === 'awaiting_documents' ? { kind: 'wait', status: after, patch, audit } : { kind: 'finish', status: after, patch, audit });
    if (payload.providerAnswered) return moveOn({}, { type: 'reply.not_sent', detail: { reason: 'provider_answered' } });
    if (!payload.rendered) throw new Error('outbound reached without a rendered reply');
    // A SUSPENDED tenant sends nothing to claimants: the reply waits, in order, for the mode to return.
    const held = await suspendedHold(ctx, tenantId);
    if (held) return held;
    // A send cannot be taken back: a reply whose workflow moved on meanwhile (a partner's cancel,
    // a document that overtook a reminder) is dropped before it is sent, not after.
    if ((await ctx.steps.current(workflowId)) !== seq) return { kind: 'skip', audit: { type: 'reply.skipped' } };
    let sent;
    try {
      sent = await ctx.channel.send(tenantId, payload, payload.rendered, `${workflowId}:${seq}`);
    } catch (err) {
      if (err instanceof AppError && err.code === 'channel_opted_out') {
        return moveOn({ outcome: 'not_sent_opted_out' }, { type: 'reply.not_sent', detail: { reason: 'opted_out', template: payload.rendered.template } });
      }
      throw err;
    }
    return moveOn(
      { outbound_message_id: sent.providerMessageId },
      { type: 'reply.sent', detail: { kind: sent.kind, template: payload.rendered.template, provider_message_id: sent.providerMessageId } },
    );
  },
};
