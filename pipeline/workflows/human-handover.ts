/**
 * human-handover: a claimant asks for a person (or takes the offer of one), is queued for the
 * partner's claims handlers, and a handler takes the conversation over in the same thread
 * (docs/human-handover.md). The truth stage runs its steps:
 *   start    queue the claimant: tell them when to expect a reply (business hours), start the wait
 *   cancel   the claimant said "cancel" while queued or with a person: end it, the bot answers again
 *   stop     the claimant withdrew consent (STOP) while it is open: end it with the STOP reply
 * and its wait's timers (`timer`): `reminder:1` is the first-response SLA (breached: the partner is
 * told), `deadline` is `max_wait` (nobody took it: the claimant is told, with the partner's support
 * number, and it ends `timed_out`).
 *
 * While it is open (`awaiting_agent`, `with_agent`) the bot stays quiet: the router hands every
 * claimant message to `intercept`, which joins it to the conversation (`wait.join`: its text,
 * redacted, on the transcript; the partner told by webhook) instead of starting a workflow. The
 * handler's side (assign, reply, release) is the API's (src/workflows/handovers.ts), which writes
 * the workflow's record in its own scripts. Pure decisions over read-only ports, like every step.
 */
import { maskClaimId } from '../../src/phi';
import { redactPhi } from '../policy-gate/phi-redaction';
import { defaultLanguage, languages } from '../languages';
import { normalise } from '../text';
import type { Decision, Effect, Envelope, HumanHandoverPayload, Language, StageContext, WorkflowPayload } from '../types';
import { expectedReplyText, firstResponseDue } from './business-hours';
import { next, type WorkflowDefinition } from './definition';
import { deadlineTimer, reminderTimer, timerOf, waitPayload } from './wait';

type HoEnvelope = Envelope & { payload: HumanHandoverPayload };

export const humanHandoverIntent = 'human_handover';

export const humanHandover: WorkflowDefinition<HumanHandoverPayload> = {
  type: 'human-handover',
  intent: humanHandoverIntent,
  stages: ['gateway', 'consent', 'router', 'truth', 'policy', 'outbound'],
  steps: { truth: handoverStep },
  // RESTRICTED does not pause a handover: a person is the safe path (docs/operational-modes.md).
  restricted: null,
  offered: true,
  start: (payload) => ({ ...payload, intent: humanHandoverIntent, hoStep: 'start' }) as HumanHandoverPayload,
  waitsIn: ['awaiting_agent', 'with_agent'],
  wait: {
    // Its timers are planned by the start step: the first response is due in business time.
    status: 'awaiting_agent', stage: 'truth', arrivals: ['claimant_message'], perClaimant: true,
  },
  intercept: interceptWhileOpen,
  onConsentRevoked: endOnStop,
};

/** Where each step's reply goes: the next stage of the route. */
const toReply = () => next(humanHandover, 'truth');

/** Every pack's `handover_cancel` (pipeline/languages). */
const cancelWords = new Set(languages.handoverCancel.map((w) => normalise(w)));

/** Whether a message asks to end the handover ("cancel", "never mind", "rehne do", "रहने दो"). */
export function isCancel(text: string): boolean {
  return cancelWords.has(normalise(text));
}

export async function handoverStep(envelope: HoEnvelope, ctx: StageContext): Promise<Decision> {
  const { payload } = envelope;
  const timer = timerOf(payload.timer);
  if (timer?.kind === 'deadline') return maxWaitPassed(envelope, ctx);
  if (timer?.kind === 'reminder') return firstResponseBreached(envelope, ctx);
  if (payload.hoStep === 'cancel') return ended(envelope, 'cancelled_by_claimant', { template: 'handover_cancelled', vars: {} });
  if (payload.hoStep === 'stop') return ended(envelope, 'consent_revoked', { template: 'consent_revoked', vars: {} });
  return queue(envelope, ctx);
}

/** The claimant asked for a person: queue them, say when to expect a reply, start the wait. */
async function queue(envelope: HoEnvelope, ctx: StageContext): Promise<Decision> {
  const { payload, tenantId, workflowId } = envelope;
  const settings = await ctx.handovers.settings(tenantId);
  const now = ctx.now();
  const due = firstResponseDue(now, settings);
  const maxWaitAt = now + settings.maxWaitMs;
  const language = payload.language ?? defaultLanguage;
  const reason = 'claimant';
  const timers = [...(due < maxWaitAt ? [{ name: reminderTimer(1), due }] : []), { name: deadlineTimer, due: maxWaitAt }];
  const effects: Effect[] = [{ type: 'wait.start', timers, payload: waitPayload(payload, ['hoStep']) }];
  // The request itself opens the transcript (a tapped offer has no words worth keeping).
  if (payload.text.trim() !== '' && payload.choiceId === undefined) {
    effects.push({ type: 'transcript.append', conversation: workflowId, author: 'claimant', channel: payload.channel, text: await redacted(ctx, tenantId, payload.text) });
  }
  return {
    kind: 'forward', to: toReply(),
    payload: {
      ...payload, language, transcriptOf: workflowId, afterSend: 'awaiting_agent',
      reply: { template: 'handover_queued', vars: { expected: expectedReplyText(due, now, settings, language) } },
    },
    patch: { workflow_type: humanHandover.type, language, ho_reason: reason, ho_queued_at: now, ho_first_response_due: due, ho_max_wait_at: maxWaitAt, ho_last_claimant_at: payload.receivedAt },
    audit: { type: 'human_handover.requested', detail: { reason, channel: payload.channel, first_response_due: due, max_wait_at: maxWaitAt } },
    effects,
  };
}

/** Nobody took the conversation within `first_response` (business time): the partner is told. */
async function firstResponseBreached(_envelope: HoEnvelope, ctx: StageContext): Promise<Decision> {
  return {
    kind: 'wait', status: 'awaiting_agent',
    patch: { ho_sla_breached: ctx.now() },
    audit: { type: 'human_handover.sla_breached', detail: { sla: 'first_response' } },
  };
}

/** Nobody took it within `max_wait`: the claimant is told, with the partner's support number. */
async function maxWaitPassed(envelope: HoEnvelope, ctx: StageContext): Promise<Decision> {
  const settings = await ctx.handovers.settings(envelope.tenantId);
  const { timer: _timer, timerMember: _member, ...payload } = envelope.payload;
  const template = settings.supportNumber ? 'handover_timed_out' : 'handover_timed_out_no_number';
  return {
    // The status changes now, so a message the claimant sends meanwhile is the bot's again.
    kind: 'forward', to: toReply(), status: 'timed_out',
    payload: { ...payload, transcriptOf: envelope.workflowId, afterSend: 'timed_out', reply: { template, vars: { support_number: settings.supportNumber ?? '' } } },
    patch: { outcome: 'timed_out' },
    audit: { type: 'human_handover.timed_out', detail: { sla: 'max_wait' } },
    effects: [{ type: 'wait.end' }],
  };
}

/** The claimant ended it (cancel, or STOP): the reply says so and the bot answers again. */
function ended(envelope: HoEnvelope, outcome: string, reply: { template: string; vars: Record<string, string> }): Decision {
  return {
    kind: 'forward', to: toReply(), status: 'cancelled',
    payload: { ...envelope.payload, transcriptOf: envelope.workflowId, afterSend: 'cancelled', reply },
    patch: { outcome },
    audit: { type: 'human_handover.cancelled', detail: { by: outcome === 'consent_revoked' ? 'stop' : 'claimant' } },
    effects: [{ type: 'wait.end' }],
  };
}

/**
 * A claimant's text as the transcript keeps it: tier-3 PHI masked (phone, Aadhaar, PAN, the
 * tenant's own kinds), then anything shaped like a claim id masked as replies show one (`XXXX` and
 * its last four): the transcript does not read the claimant's claims from the CMS to know which.
 */
async function redacted(ctx: StageContext, tenantId: string, text: string): Promise<string> {
  return maskClaimLikeIds(redactPhi(text, await ctx.phiKinds.ofTenant(tenantId)).text);
}

/**
 * Tokens shaped like a claim or policy id: six or more letters, digits, `-` and `/` with a run of
 * four digits, and either a letter or seven digits in all (`CLM-2025-000123`, `4471233`), masked as
 * `XXXX` and the last four. Amounts ("40000", "1,50,000") and years stay.
 */
export function maskClaimLikeIds(text: string): string {
  return text.replace(/[A-Za-z0-9][A-Za-z0-9\-/]{5,}/g, (token) => {
    const digits = token.replace(/\D/g, '').length;
    if (!/\d{4}/.test(token) || !(/[A-Za-z]/.test(token) || digits >= 7)) return token;
    return maskClaimId(token);
  });
}

/**
 * The router's first question for a claimant's message: is a handover of theirs open? Then the
 * message is the conversation's, not the bot's: "cancel" ends it (the handover continues at its
 * step, which replies); anything else joins it (its text on the transcript, the partner told), and
 * any reply the handler wrote outside WhatsApp's 24-hour window now goes out. Null: none is open.
 */
async function interceptWhileOpen(envelope: Envelope, ctx: StageContext, holding: string): Promise<Decision | null> {
  const { payload, tenantId } = envelope;
  const open = await ctx.handovers.open(tenantId, holding);
  if (!open) return null;
  if (isCancel(payload.text) && !payload.media) {
    return {
      kind: 'finish', status: 'completed',
      audit: { type: 'human_handover.cancel_requested', detail: { channel: payload.channel } },
      effects: [arrival(open, payload, 'cancel')],
    };
  }
  const text = await redacted(ctx, tenantId, payload.text);
  const media: Record<string, string> = payload.media ? { media_id: payload.media.id, media_kind: payload.media.kind } : {};
  return {
    kind: 'finish', status: 'completed',
    audit: { type: 'human_handover.message_received', detail: { channel: payload.channel, ...media } },
    effects: [
      { type: 'wait.join', target: open.workflowId, arrival: 'claimant_message', expectSeq: open.seq, set: { ho_last_claimant_at: payload.receivedAt }, released: true },
      { type: 'transcript.append', conversation: open.workflowId, author: 'claimant', channel: payload.channel, text: payload.media ? `[${payload.media.kind}] ${text}`.trim() : text },
    ],
  };
}

/** STOP while a handover is open: it ends with the STOP reply (or silently, when the SMS provider answered). */
async function endOnStop(envelope: Envelope, ctx: StageContext, providerAnswered: boolean, holding: string): Promise<Effect | null> {
  const open = await ctx.handovers.open(envelope.tenantId, holding);
  if (!open) return null;
  return arrival(open, { ...envelope.payload, ...(providerAnswered ? { providerAnswered: true } : {}) }, 'stop');
}

/** The open handover continues at its step with this message's addressing (its reply window). */
function arrival(open: { workflowId: string; seq: number; language: Language }, payload: WorkflowPayload, hoStep: 'cancel' | 'stop'): Effect {
  const continueWith: HumanHandoverPayload = {
    channel: payload.channel, businessNumberId: payload.businessNumberId, from: payload.from, messageId: payload.messageId,
    text: '', receivedAt: payload.receivedAt, language: payload.language ?? open.language,
    ...(payload.providerAnswered ? { providerAnswered: true } : {}), intent: humanHandoverIntent, hoStep,
  };
  return { type: 'wait.arrive', target: open.workflowId, arrival: 'claimant_message', expectSeq: open.seq, set: {}, ends: true, to: 'truth', payload: continueWith };
}
