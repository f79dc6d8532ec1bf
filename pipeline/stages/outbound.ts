/**
 * outbound: sends the gated reply on the claimant's channel and records the provider's message
 * id. What the workflow becomes next was decided upstream (`afterSend`).
 * While the tenant is SUSPENDED nothing is sent: the entry is held (pipeline/workflows/definition.ts).
 * Nothing is sent either when the provider answered the message itself (an SMS keyword), or
 * refuses it because the claimant opted out there (SMS STOP): the workflow moves on without a reply.
 *
 * Effectively once (docs/workflows.md, "Effectively-once replies"): providers do not deduplicate
 * sends, so each send is recorded as an intent before the call and as accepted after it, and
 * carries its send id (`<workflow id>:<seq>`) to the provider, which echoes it in its status
 * webhooks. An entry that finds an earlier intent without a result (its worker died while the
 * provider answered) looks for that proof for a bounded time, and sends again only without it.
 */
import { AppError } from '../../src/errors';
import type { Decision, Effect, Envelope, SendRecord, Stage, StageContext, WorkflowPatch } from '../types';
import { suspendedHold } from '../workflows/definition';

const recorded = { type: 'send.recorded' } as const;
/** The statuses a reply may leave its workflow waiting in (the rest finish it). */
const waitingStatuses: ReadonlySet<string> = new Set(['awaiting_consent', 'awaiting_choice', 'awaiting_documents', 'awaiting_agent', 'with_agent']);

export const outbound: Stage = {
  name: 'outbound',
  // It checks its own step before a send (`sends.begin`), and a send is the one act a rerun must guard.
  fusable: false,
  async handle(envelope, ctx): Promise<Decision> {
    const { payload, tenantId, workflowId, seq } = envelope;
    const after = payload.afterSend ?? 'completed';
    // A held question the claimant's no to consent ended says so on its own record (docs/reports.md).
    const consentChange: WorkflowPatch = payload.consentChange ? { consent_change: payload.consentChange } : {};
    const moveOn = (own: WorkflowPatch, audit: { type: string; detail: Record<string, string> }): Decision => {
      const patch = { ...own, ...consentChange };
      // A reply.sent marks the step's send record, so the same send is never recorded twice; a reply
      // of a conversation a person holds (or is queued for) joins its transcript as the bot's.
      const sent = audit.type === 'reply.sent';
      const effects: Effect[] = sent ? [recorded] : [];
      if (sent && payload.transcriptOf && payload.rendered) {
        effects.push({ type: 'transcript.append', conversation: payload.transcriptOf, author: 'bot', channel: payload.channel, text: payload.rendered.text });
      }
      const more = effects.length > 0 ? { effects } : {};
      return waitingStatuses.has(after) ? { kind: 'wait', status: after, patch, audit, ...more } : { kind: 'finish', status: after, patch, audit, ...more };
    };
    if (payload.providerAnswered) return moveOn({}, { type: 'reply.not_sent', detail: { reason: 'provider_answered' } });
    if (!payload.rendered) throw new Error('outbound reached without a rendered reply');
    const template = payload.rendered.template;
    const sentAudit = (providerMessageId: string, kind: string, more: Record<string, string> = {}) =>
      ({ type: 'reply.sent', detail: { kind, template, provider_message_id: providerMessageId, ...more } });
    // A SUSPENDED tenant sends nothing to claimants: the reply waits, in order, for the mode to return.
    const held = await suspendedHold(ctx, tenantId);
    if (held) return held;
    // A send cannot be taken back: a reply whose workflow moved on meanwhile (a partner's cancel,
    // a document that overtook a reminder) is dropped before it is sent, not after. One already
    // sent before a crash is still recorded, where it happened.
    // The step is read in the same atomic call that records the send's intent.
    const earlier = await ctx.sends.begin(tenantId, workflowId, seq, ctx.now());
    if (earlier === null) return movedOn(envelope, ctx, sentAudit);
    let resent: Record<string, string> = {};
    if (earlier.attemptedAt !== null) {
      if (earlier.acceptedId) {
        return moveOn({ outbound_message_id: earlier.acceptedId, ...firstReply(earlier, payload, earlier.attemptedAt) }, sentAudit(earlier.acceptedId, 'recovered', { known_by: earlier.knownBy! }));
      }
      const wait = await waitForProof(envelope, ctx, earlier);
      if (wait) return wait;
      // No proof within the wait: the earlier call most likely never reached the provider.
      await ctx.sends.retake(tenantId, workflowId, seq, ctx.now());
      resent = { resent: 'unproven_earlier_send' };
    }
    let sent;
    try {
      sent = await ctx.channel.send(tenantId, payload, payload.rendered, `${workflowId}:${seq}`);
    } catch (err) {
      // A provider that answered with an error did not send: the next try needs no proof wait.
      if (err instanceof AppError && (err.code !== 'channel_send_failed' || err.extra.answered === true)) {
        await ctx.sends.refused(tenantId, workflowId, seq);
      }
      if (err instanceof AppError && err.code === 'channel_opted_out') {
        return moveOn({ outcome: 'not_sent_opted_out' }, { type: 'reply.not_sent', detail: { reason: 'opted_out', template } });
      }
      throw err;
    }
    await ctx.sends.accepted(tenantId, workflowId, seq, sent.providerMessageId);
    return moveOn({ outbound_message_id: sent.providerMessageId, ...firstReply(earlier, payload, ctx.now()) }, sentAudit(sent.providerMessageId, sent.kind, resent));
  },
};

/**
 * `replied_at` for the workflow's first reply that reached the provider, when that reply answers
 * the claimant's message that started it (a CMS-started workflow's first send has no claimant
 * message, `receivedAt` 0): the end of the reply latency reports measure (docs/reports.md).
 */
function firstReply(earlier: SendRecord, payload: Envelope['payload'], at: number): WorkflowPatch {
  return earlier.firstOfWorkflow && payload.receivedAt > 0 ? { replied_at: at } : {};
}

/**
 * The entry's workflow moved on (a cancel, a deadline, a document) since the entry was written:
 * nothing is sent now. A send begun before a crash is still recorded at its step once proven, and
 * looked for a bounded time when it is not yet.
 */
async function movedOn(
  envelope: Envelope, ctx: StageContext,
  sentAudit: (id: string, kind: string, more?: Record<string, string>) => { type: string; detail: Record<string, string> },
): Promise<Decision> {
  const { tenantId, workflowId, seq } = envelope;
  const earlier = await ctx.sends.read(tenantId, workflowId, seq);
  if (earlier.acceptedId) return { kind: 'note', audit: sentAudit(earlier.acceptedId, 'recovered', { known_by: earlier.knownBy!, after_workflow_moved_on: 'true' }), effects: [recorded] };
  if (earlier.attemptedAt !== null) {
    const wait = await waitForProof(envelope, ctx, earlier);
    if (wait) return wait;
  }
  return { kind: 'skip', audit: { type: 'reply.skipped' } };
}

/** A deferral while the wait for proof of an earlier send lasts; null once it is over. */
async function waitForProof(envelope: Envelope, ctx: StageContext, earlier: SendRecord): Promise<Decision | null> {
  const now = ctx.now();
  // The wait counts from when a worker first looked, not from the earlier attempt: after an outage
  // the provider's retried status webhooks need the whole window once the service is back.
  const since = earlier.lookingSince ?? (await ctx.sends.lookingSince(envelope.tenantId, envelope.workflowId, envelope.seq, now));
  const end = since + ctx.sends.proofWaitMs;
  if (now >= end) return null;
  return { kind: 'defer', until: Math.min(end, now + ctx.sends.proofPollMs), audit: { type: 'reply.awaiting_proof' } };
}
