/**
 * outbound: sends the gated reply on the claimant's channel, with the idempotency key
 * `<workflow_id>:<seq>` so a redelivered entry cannot make the provider send twice, and records
 * the provider's message id. What the workflow becomes next was decided upstream (`afterSend`).
 * While the tenant is SUSPENDED nothing is sent: the entry is held (src/tenants/operational-modes.ts).
 */
import type { Decision, Stage } from '../types';

export const outbound: Stage = {
  name: 'outbound',
  async handle(envelope, ctx): Promise<Decision> {
    const { payload, tenantId, workflowId, seq } = envelope;
    if (!payload.rendered) throw new Error('outbound reached without a rendered reply');
    // A SUSPENDED tenant sends nothing to claimants: the reply waits, in order, for the mode to return.
    if ((await ctx.modes.current(tenantId)) === 'SUSPENDED') return { kind: 'hold', mode: 'SUSPENDED', audit: { type: 'reply.held', detail: { mode: 'SUSPENDED' } } };
    // A send cannot be taken back: a reply whose workflow moved on meanwhile (a partner's cancel,
    // a document that overtook a reminder) is dropped before it is sent, not after.
    if ((await ctx.steps.current(workflowId)) !== seq) return { kind: 'skip', audit: { type: 'reply.skipped' } };
    const sent = await ctx.channel.send(tenantId, payload, payload.rendered, `${workflowId}:${seq}`);
    const audit = { type: 'reply.sent', detail: { kind: sent.kind, template: payload.rendered.template, provider_message_id: sent.providerMessageId } };
    const patch = { outbound_message_id: sent.providerMessageId };
    const after = payload.afterSend ?? 'completed';
    if (after === 'awaiting_consent' || after === 'awaiting_documents') return { kind: 'wait', status: after, patch, audit };
    return { kind: 'finish', status: after, patch, audit };
  },
};
