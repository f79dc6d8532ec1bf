/**
 * pending-documents: a durable follow-up for a claim the CMS marked DOCUMENTS_PENDING. The truth
 * stage runs each step of it (docs/pending-documents.md):
 *   start     fetch the claim's pending list; remind the claimant and start the wait
 *   received  a document was recorded: thank the claimant, or say what is still missing
 *   recheck   the CMS reported documents received elsewhere: read its list again
 * its wait's timers (`timer` on the entry): a reminder (remind of what is still missing) and the
 * deadline (the wait ends `timed_out` and the partner is told); and a claimant's media message
 * (intent `documents_upload`) is the wait's arrival `document`, handed to their open workflow.
 * Pure decisions over read-only ports, each naming the state it was decided from (`expect`, or
 * an arrival's `expectSeq`): when that moved before the hand-off, the stage decides again.
 * The hand-off applies them (pipeline/workflows/wait.ts).
 */
import { AppError } from '../../src/errors';
import { maskClaimId, phiHash } from '../../src/phi';
import { defaultLanguage } from '../languages';
import { normalise } from '../text';
import type { Claim, Decision, Effect, Envelope, PayloadBase, PendingDocsState, PendingDocument, PendingDocumentsPayload, StageContext } from '../types';
import { next, type WorkflowDefinition } from './definition';
import { humanHandoverIntent } from './human-handover';
import { planWait, timerOf, waitPayload } from './wait';

type PdEnvelope = Envelope & { payload: PendingDocumentsPayload };

export const pendingDocuments: WorkflowDefinition<PendingDocumentsPayload> = {
  type: 'pending-documents',
  intent: 'pending_documents',
  alsoIntents: ['documents_upload'],
  stages: ['gateway', 'consent', 'router', 'truth', 'policy', 'outbound'],
  steps: { truth: pendingDocumentsStep },
  // Reminders, resumes and documents reach truth without the router: held there too.
  restricted: {
    at: ['router', 'truth'],
    detail: (payload, stage): Record<string, string | null> => (stage === 'truth' ? { step: payload.pdStep ?? timerOf(payload.timer)?.kind ?? null } : { workflow_type: 'pending-documents' }),
  },
  offered: true,
  // A claimant who asks which documents are pending starts at the first step (fetch the list).
  start: (payload) => ({ ...payload, intent: 'pending_documents', pdStep: 'start' }) as PendingDocumentsPayload,
  media: { intent: 'documents_upload' },
  waitsIn: ['awaiting_documents'],
  wait: {
    status: 'awaiting_documents', stage: 'truth', arrivals: ['document'],
    reminders: (ctx) => ctx.pendingDocs.reminderOffsetsMs,
    deadline: (ctx) => ctx.pendingDocs.waitMs,
  },
};

/** Statuses in which a follow-up is its claim's open one. */
const openStatuses: readonly string[] = ['started', 'awaiting_consent', 'awaiting_documents'];

/** The intent the router gives a claimant's document or image message. */
export const documentsUploadIntent = 'documents_upload';

/** Where each step's reply goes: the next stage of the route. */
const toReply = () => next(pendingDocuments, 'truth');

/** Which pending document a file's caption or file name names, if any: the longest name found. */
export function documentHint(payload: PayloadBase, pending: PendingDocument[]): string | null {
  const words = normalise(`${payload.text} ${payload.media?.filename ?? ''}`.replace(/[._-]+/g, ' '));
  if (words === '') return null;
  let best: PendingDocument | null = null;
  for (const doc of pending) {
    const name = normalise(doc.name);
    const code = normalise(doc.code.replace(/_/g, ' '));
    if ((name !== '' && words.includes(name)) || (code !== '' && words.includes(code))) {
      if (!best || doc.name.length > best.name.length) best = doc;
    }
  }
  return best?.code ?? null;
}

/**
 * Which pending document a received file satisfies, best first: the one its caption or file name
 * names (`hint`) when it is still missing, then every other one still missing, in the CMS's order.
 * The first is the one chosen; the rest are what the hand-off takes, in this order, when an
 * earlier file (another message of the same batch, say) took the chosen one before this file is
 * recorded. Empty when nothing is missing (the file is recorded against no document).
 */
export function documentsFor(pending: PendingDocument[], received: Record<string, string>, hint: string | null): string[] {
  const missing = stillMissing(pending, received).map((d) => d.code);
  if (hint === null || !missing.includes(hint)) return missing;
  return [hint, ...missing.filter((code) => code !== hint)];
}

/**
 * Whether a follow-up about to start its wait joins its claim's open one instead: the one the
 * claim's pointer names (`pendingDocs.claimWait`) while it is open, unless that is this workflow
 * itself (a resumed one whose claim still names it). At most one open follow-up per claim
 * (docs/pending-documents.md).
 */
export function followUpToJoin(workflowId: string, claimWait: { workflowId: string; status: string | null } | null): string | null {
  return claimWait !== null && claimWait.workflowId !== workflowId && openStatuses.includes(claimWait.status ?? '') ? claimWait.workflowId : null;
}

/** Pending documents not yet received, in the CMS's order. */
export function stillMissing(pending: PendingDocument[], received: Record<string, string>): PendingDocument[] {
  return pending.filter((d) => !received[d.code]);
}

const items = (docs: PendingDocument[]) => docs.map((d) => ({ document: d.name }));

export async function pendingDocumentsStep(envelope: PdEnvelope, ctx: StageContext): Promise<Decision> {
  const { payload } = envelope;
  if (payload.intent === documentsUploadIntent) return documentArrived(envelope, ctx);
  const timer = timerOf(payload.timer);
  if (timer?.kind === 'deadline') return deadlinePassed(envelope, ctx);
  if (timer?.kind === 'reminder') return remind(envelope, ctx, timer.n);
  switch (payload.pdStep ?? 'start') {
    case 'start':
      return start(envelope, ctx);
    default:
      return progress(envelope, ctx);
  }
}

/** First fetch (CMS trigger, a claimant's question, or a resume): the reminder and the wait. */
async function start(envelope: PdEnvelope, ctx: StageContext): Promise<Decision> {
  const { payload, tenantId, workflowId } = envelope;
  const asked = payload.claimId === undefined; // the claimant asked: find their claim first
  let claim: Claim | null;
  if (asked) {
    const claims = await ctx.cms.claimsByPhone(tenantId, payload.from);
    claim = claims
      .filter((c) => c.claimant_phone === payload.from && c.status === 'DOCUMENTS_PENDING')
      .sort((a, b) => (Date.parse(b.status_updated_at) || 0) - (Date.parse(a.status_updated_at) || 0))[0] ?? null;
  } else {
    claim = await ctx.cms.claim(tenantId, payload.claimId!);
    // Identity gate: the claim must still belong to the number the follow-up writes to.
    if (claim && claim.claimant_phone !== payload.from) claim = null;
  }
  if (!claim) return nothingPending(envelope, asked, 'claim_not_found');
  const pending = await ctx.cms.pendingDocuments(tenantId, claim.claim_id);
  if (!pending) return nothingPending(envelope, asked, 'claim_not_found');
  const state = await ctx.pendingDocs.get(tenantId, workflowId);
  const claimIdHash = phiHash(claim.claim_id);
  // A claimant who asks hears what is still missing: documents they sent on the claim's latest
  // follow-up are left out, though the CMS, which has not processed them yet, still lists them.
  const sent = asked ? receivedOnLatest(await ctx.pendingDocs.recent(tenantId, payload.from), workflowId, claimIdHash) : {};
  const missing = stillMissing(pending, { ...sent, ...(state?.received ?? {}) });
  if (missing.length === 0) return nothingPending(envelope, asked, 'nothing_pending', claim);

  const now = ctx.now();
  const timers = planWait(pendingDocuments.wait!, ctx, now);
  const deadlineAt = timers[timers.length - 1]!.due;
  const language = payload.language ?? defaultLanguage;
  // The claim already has an open follow-up: this one joins it. The claimant still gets the list,
  // and this workflow ends with the reply (`outcome: joined`, naming the open one) instead of waiting.
  const pointer = await ctx.pendingDocs.claimWait(tenantId, payload.from, claimIdHash);
  const join = followUpToJoin(workflowId, pointer);
  const reminder: PendingDocumentsPayload = {
    ...payload, claimId: claim.claim_id, language, reply: { template: 'documents_reminder', vars: { claim_ref: maskClaimId(claim.claim_id) }, items: items(missing) },
    afterSend: join ? 'completed' : 'awaiting_documents',
  };
  // Decided from the claim's pointer and its workflow's status as read: when either moved before
  // the hand-off (another follow-up started, the joined one ended), the stage decides again.
  const expect: Effect[] = [{ type: 'expect', claimIdHash, value: pointer?.workflowId ?? null }];
  if (pointer && pointer.workflowId !== workflowId) expect.push({ type: 'expect', workflow: pointer.workflowId, field: 'status', value: pointer.status });
  const continueWith = waitPayload(payload, ['pdStep', 'reminder']);
  return {
    kind: 'forward', to: toReply(), payload: reminder,
    patch: {
      workflow_type: 'pending-documents', claim_id_hash: claimIdHash, claim_ref: maskClaimId(claim.claim_id), language,
      ...(join ? { pending_docs_workflow_id: join, outcome: 'joined' } : {
        pd_pending: JSON.stringify(pending), deadline_at: deadlineAt,
        wait_started_at: now, pd_received: JSON.stringify(state?.received ?? {}), pd_received_at: JSON.stringify(state?.receivedAt ?? {}),
        reminders_sent: state?.remindersSent ?? 0,
      }),
    },
    audit: { type: 'documents.requested', detail: { documents: missing.length, trigger: asked ? 'claimant' : 'cms_event', deadline_at: deadlineAt } },
    effects: join ? expect : [...expect, { type: 'wait.start', timers, payload: continueWith, claimIdHash }],
  };
}

/**
 * The documents received on the claim's latest other follow-up (newest first in `recent`), while
 * it waits or once it completed: what the claimant sent for the list the CMS asks for now. An
 * older follow-up's, or one that timed out or was cancelled, are not counted: the CMS may have
 * asked again since.
 */
export function receivedOnLatest(recent: readonly PendingDocsState[], workflowId: string, claimIdHash: string): Record<string, string> {
  const latest = recent.find((s) => s.workflowId !== workflowId && s.claimIdHash === claimIdHash);
  if (!latest || !['started', 'awaiting_consent', 'awaiting_documents', 'completed'].includes(latest.status)) return {};
  return latest.received;
}

function nothingPending(envelope: PdEnvelope, asked: boolean, outcome: string, claim?: Claim): Decision {
  const patch = { workflow_type: 'pending-documents' as const, outcome, ...(claim ? { claim_id_hash: phiHash(claim.claim_id), claim_ref: maskClaimId(claim.claim_id) } : {}) };
  const audit = { type: 'documents.none_pending', detail: { reason: outcome } };
  // A claimant who asked gets an answer; a CMS trigger with nothing to ask for ends quietly.
  if (asked) return { kind: 'forward', to: toReply(), payload: { ...envelope.payload, reply: { template: 'documents_none_pending', vars: {} } }, patch, audit };
  return { kind: 'finish', status: 'completed', patch, audit, effects: [{ type: 'wait.end' }] };
}

/** A reminder timer fired: the CMS's list (or, when it is down, the list kept) minus what arrived. */
async function remind(envelope: PdEnvelope, ctx: StageContext, n: number): Promise<Decision> {
  const { payload, tenantId, workflowId } = envelope;
  const state = await ctx.pendingDocs.get(tenantId, workflowId);
  if (!state) throw new AppError('workflow_not_found', 'pending-documents workflow vanished');
  let pending = state.pending;
  try {
    pending = (await ctx.cms.pendingDocuments(tenantId, payload.claimId!)) ?? state.pending;
  } catch (err) {
    if (!(err instanceof AppError)) throw err; // CMS down: remind from the list kept at the start
  }
  const missing = stillMissing(pending, state.received);
  if (missing.length === 0) {
    return { kind: 'finish', status: 'completed', patch: { outcome: 'all_received' }, audit: { type: 'documents.all_received', detail: { via: 'cms' } }, effects: [{ type: 'wait.end' }] };
  }
  return {
    kind: 'forward', to: toReply(),
    payload: { ...payload, timer: undefined, timerMember: undefined, pdStep: 'reminder', reminder: n, reply: { template: 'documents_reminder', vars: { claim_ref: maskClaimId(payload.claimId ?? '') }, items: items(missing) }, afterSend: 'awaiting_documents' },
    patch: { reminders_sent: state.remindersSent + 1 },
    audit: { type: 'documents.reminder', detail: { reminder: n, missing: missing.length } },
  };
}

/**
 * The deadline passed with documents still missing: the wait ends `timed_out`, the partner is told
 * (escalated), and the claimant is told so and offered a person (human-handover), as a button or
 * numbered choice inside WhatsApp's window, in the template's words outside it.
 */
async function deadlinePassed(envelope: PdEnvelope, ctx: StageContext): Promise<Decision> {
  const { tenantId, workflowId } = envelope;
  const state = await ctx.pendingDocs.get(tenantId, workflowId);
  if (!state) throw new AppError('workflow_not_found', 'pending-documents workflow vanished');
  const missing = stillMissing(state.pending, state.received).length;
  const received = state.pending.length - missing;
  const { timer: _timer, timerMember: _member, ...payload } = envelope.payload;
  return {
    // The status changes now (the reply keeps it): a document sent meanwhile is a late one.
    kind: 'forward', to: toReply(), status: 'timed_out',
    payload: {
      ...payload, afterSend: 'timed_out',
      reply: { template: 'documents_timed_out', vars: { claim_ref: maskClaimId(payload.claimId ?? '') }, choices: [humanHandoverIntent] },
    },
    patch: { outcome: 'timed_out' },
    audit: { type: 'documents.timed_out', detail: { missing, received } },
    also: [{ type: 'documents.escalated', detail: { pending_docs_workflow_id: workflowId, missing, received, reason: 'deadline' } }],
    effects: [{ type: 'wait.end' }],
  };
}

/** After a document was recorded (received) or the CMS reported some (recheck). */
async function progress(envelope: PdEnvelope, ctx: StageContext): Promise<Decision> {
  const { payload, tenantId, workflowId } = envelope;
  const state = await ctx.pendingDocs.get(tenantId, workflowId);
  if (!state) throw new AppError('workflow_not_found', 'pending-documents workflow vanished');
  let pending = state.pending;
  if (payload.pdStep === 'recheck') pending = (await ctx.cms.pendingDocuments(tenantId, payload.claimId!)) ?? state.pending;
  const missing = stillMissing(pending, state.received);
  const via = payload.pdStep === 'recheck' ? 'cms' : 'claimant';
  if (missing.length === 0) {
    return {
      kind: 'forward', to: toReply(), payload: { ...payload, reply: { template: 'documents_all_received', vars: {} }, afterSend: 'completed' },
      patch: { outcome: 'all_received' }, audit: { type: 'documents.all_received', detail: { via } }, effects: [{ type: 'wait.end' }],
    };
  }
  return {
    kind: 'forward', to: toReply(),
    payload: { ...payload, reply: { template: 'documents_still_missing', vars: {}, items: items(missing) }, afterSend: 'awaiting_documents' },
    audit: { type: 'documents.still_missing', detail: { missing: missing.length, via } },
  };
}

/** A claimant's document or image: handed to their newest open follow-up, if they have one. */
async function documentArrived(envelope: PdEnvelope, ctx: StageContext): Promise<Decision> {
  const { payload, tenantId } = envelope;
  const media = payload.media!;
  const recent = await ctx.pendingDocs.recent(tenantId, payload.from);
  const open = recent.find((s) => s.status === 'awaiting_documents');
  const ended = recent[0];
  if (!open && ended && (ended.status === 'timed_out' || ended.status === 'cancelled')) {
    // The follow-up stopped waiting (the deadline passed, or the partner cancelled it): the file
    // still reaches the partner, on that follow-up, and the claimant is thanked.
    return {
      kind: 'forward', to: toReply(), payload: { ...payload, reply: { template: 'documents_received_late', vars: {} } },
      patch: { outcome: 'documents_forwarded', pending_docs_workflow_id: ended.workflowId },
      audit: { type: 'documents.received', detail: { media_id: media.id, media_kind: media.kind, mime: media.mime ?? null, pending_docs_workflow_id: ended.workflowId, accepted: false } },
    };
  }
  if (!open) {
    return {
      kind: 'forward', to: toReply(), payload: { ...payload, reply: { template: 'documents_not_expected', vars: {} } },
      patch: { outcome: 'documents_not_expected' },
      audit: { type: 'documents.unexpected', detail: { media_kind: media.kind } },
    };
  }
  // The file fills the document its caption or name names, else the first one still missing (none: recorded against no document).
  const document = documentsFor(open.pending, open.received, documentHint(payload, open.pending))[0] ?? '';
  const received = document ? { ...open.received, [document]: media.id } : open.received;
  // When each arrived, for the documents checklist (`documents[].received_at`, docs/pending-documents.md).
  const receivedAt = document ? { ...open.receivedAt, [document]: ctx.now() } : open.receivedAt ?? {};
  const complete = stillMissing(open.pending, received).length === 0;
  return {
    // This message's own step, kept as the record of the file: it is folded into the waiting
    // follow-up, which continues at truth. Decided from the follow-up as read (`expectSeq`): when
    // it moved (another file recorded, the wait ended), the stage decides again.
    kind: 'forward', to: toReply(), payload: { ...payload, reply: { template: 'documents_received_late', vars: {} } },
    patch: { outcome: 'documents_forwarded', pending_docs_workflow_id: open.workflowId },
    audit: {
      type: 'documents.received',
      detail: { media_id: media.id, media_kind: media.kind, mime: media.mime ?? null, pending_docs_workflow_id: open.workflowId, accepted: true, document, complete },
    },
    effects: [{
      type: 'wait.arrive', target: open.workflowId, arrival: 'document', expectSeq: open.seq, ends: complete, to: 'truth',
      set: { pd_received: JSON.stringify(received), pd_received_at: JSON.stringify(receivedAt), documents_received: Object.keys(received).length },
      payload: continuation(payload, open),
    }],
  };
}

/** The waiting workflow's next entry: its own addressing, this message's reply window. */
function continuation(payload: PayloadBase, open: PendingDocsState): PendingDocumentsPayload {
  return {
    channel: payload.channel, businessNumberId: payload.businessNumberId, from: payload.from, messageId: payload.messageId,
    text: '', receivedAt: payload.receivedAt, language: open.language ?? payload.language ?? defaultLanguage, intent: 'pending_documents', pdStep: 'received',
  };
}
