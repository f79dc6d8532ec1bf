/**
 * A workflow's audit events in plain words: what happened to the claimant ("Asked for consent",
 * "Answered with the claim status", "Reminder 1 sent", "Document received: discharge summary"),
 * for a claims handler; the pipeline's own words (stage, type, transition) stay one click away
 * (timeline.ts). Every event type the stages, the control actions and the runtime write is named
 * (docs/workflows.md, "Audit events"; docs/human-handover.md); a type not known here still reads
 * as a sentence ("Step recorded: …"). Details never hold PHI, and nothing here adds any.
 *
 * No DOM here: test/unit/console-timeline.test.ts checks the words in Node.
 */
import type { AuditEvent, WorkflowDocument } from './resources';
import { when } from './time';

/** What a workflow type is about, as the claimant asked for it. */
const typeWords: Record<string, string> = {
  'claim-status': 'the claim status',
  'query-reason': 'why the claim was decided as it was',
  'pending-documents': 'the documents still needed',
  'human-handover': 'a person to talk to',
};

/** What each reply template said, by its name (src/templates/default-templates.json; an SMS
 *  `_short` variant says the same). */
const replyWords: Record<string, string> = {
  claim_status: 'Answered with the claim status',
  clarify: 'Asked the claimant which request they meant',
  cms_unavailable: 'Told the claimant the claim system is not answering; asked them to try later',
  agent_message: 'Sent the handler\'s reply',
  agent_replied_notice: 'Told the claimant a handler replied (outside WhatsApp\'s 24-hour window)',
  consent_declined: 'Confirmed that consent was refused',
  consent_request: 'Sent the consent request',
  consent_revoked: 'Confirmed that consent was withdrawn',
  consent_thanks: 'Thanked the claimant for their consent',
  documents_all_received: 'Told the claimant every document is in',
  documents_none_pending: 'Told the claimant no document is pending',
  documents_not_expected: 'Told the claimant no document was expected',
  documents_received_late: 'Thanked the claimant for the document',
  documents_reminder: 'Sent the list of documents still needed',
  documents_still_missing: 'Told the claimant which documents are still missing',
  documents_timed_out: 'Told the claimant the wait has ended, and offered a person',
  handover_cancelled: 'Confirmed the request for a person was cancelled',
  handover_queued: 'Told the claimant a person will reply, and when',
  handover_timed_out: 'Told the claimant nobody was free, with the support number',
  handover_timed_out_no_number: 'Told the claimant nobody was free',
  help: 'Sent the help message',
  human_follow_up: 'Told the claimant a person will follow up',
  kb_answer: 'Answered why the claim was decided, from the knowledge base',
  kb_answer_approved: 'Answered why the claim was decided, with an approved answer',
  kb_answer_approved_amount: 'Answered why the claim was decided, with the approved amount',
  no_claim_found: 'Told the claimant no claim was found for their number',
  small_talk: 'Answered a greeting, with what the service can do',
  small_talk_closing: 'Closed the conversation politely',
};

/** Why the policy gate blocked a reply (docs/policy-gate.md). */
const blockWords: Record<string, string> = {
  deny_list: 'a blocked phrase', off_topic: 'off topic', payment_promise: 'a payment promise', legal_advice: 'legal advice',
  medical_advice: 'medical advice', other_claim: 'another claim mentioned', no_source: 'no source for the answer',
  untrusted_source: 'an untrusted source', source_mismatch: 'the answer did not match its source',
};

/** Names of the documents asked for, by code, from the workflow's `documents`. */
export function documentNames(documents: readonly WorkflowDocument[] | null): Map<string, string> {
  return new Map((documents ?? []).map((d) => [d.code, d.name]));
}

/** A document's name for a sentence: the workflow's name for it, else its code in words. */
function documentName(code: string, names: ReadonlyMap<string, string>): string {
  const name = names.get(code) ?? code.replace(/_/g, ' ');
  return name.toLowerCase();
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const timeOf = (ms: unknown): string => (num(ms) === null ? '' : when(new Date(num(ms)!).toISOString()));

/** One event in words, as it happened to the claimant (or to their workflow). */
export function describeEvent(e: AuditEvent, names: ReadonlyMap<string, string> = new Map()): string {
  const d = e.detail ?? {};
  switch (e.type) {
    case 'message.received':
      if (d.media === 'document') return 'The claimant sent a document';
      if (d.media === 'image') return 'The claimant sent a photo';
      return 'The claimant wrote';
    case 'cms_event.received': return 'The claim system started a follow-up';
    case 'consent.on_file': return 'Consent was already on file';
    case 'consent.requested': return 'Asked for consent';
    case 'consent.granted': return d.answered_by === 'provider' ? 'Consent given (the SMS provider\'s keyword)' : 'Consent given';
    case 'consent.declined': return 'Consent refused';
    case 'consent.revoked': return d.answered_by === 'provider' ? 'Consent withdrawn (the SMS provider\'s opt-out keyword)' : 'Consent withdrawn (STOP)';
    case 'workflow.routed': {
      const about = typeWords[str(d.workflow_type)] ?? str(d.workflow_type).replace(/-/g, ' ');
      if (d.matched_by === 'choice') return `The claimant chose: ${about}`;
      // No words matched: a follow-up the claim system (or a resume) started, or a file.
      return d.matched_by ? `Understood the claimant asked for ${about}` : `Taken up: ${about}`;
    }
    case 'work.held': return 'Held: the service is restricted for now';
    case 'intent.unclear': return 'Could not tell what the claimant wanted; asked them to choose';
    case 'intent.small_talk': return d.closing === true ? 'The claimant said thanks' : 'The claimant greeted';
    case 'claim.status_fetched': return `Looked up the claimant's claims (${plural(num(d.claims_found) ?? 0, 'claim')} found)`;
    case 'claim.reasons_fetched': return 'Looked up why the claim was decided';
    case 'identity.not_matched': return 'No claim found for the claimant\'s number';
    case 'cms.unavailable': return 'The claim system did not answer';
    case 'documents.requested': {
      const count = num(d.documents) ?? 0;
      const by = d.trigger === 'cms_event' ? 'Asked' : 'The claimant asked what is pending; asked';
      const deadline = timeOf(d.deadline_at);
      return `${by} for ${plural(count, 'document')}${deadline ? `, due by ${deadline}` : ''}`;
    }
    case 'documents.none_pending': return d.reason === 'claim_not_found' ? 'No claim waiting for documents' : 'No document pending';
    case 'documents.reminder': {
      const missing = num(d.missing);
      return `Reminder ${num(d.reminder) ?? ''} sent${missing === null ? '' : ` (${plural(missing, 'document')} missing)`}`;
    }
    case 'documents.still_missing': return `${plural(num(d.missing) ?? 0, 'document')} still missing`;
    case 'documents.all_received': return d.via === 'cms' ? 'All documents in (the claim system reported the rest)' : 'All documents received';
    case 'documents.received': {
      const code = str(d.document);
      const what = code ? `Document received: ${documentName(code, names)}` : 'A file received that matched no missing document';
      return d.accepted === false ? `${what}, after the wait had ended` : what;
    }
    case 'documents.unexpected': return 'A file arrived with no follow-up waiting for it';
    case 'documents.timed_out': return `Timed out: ${plural(num(d.missing) ?? 0, 'document')} still missing`;
    case 'documents.escalated': return 'Handed to your team: documents still missing at the deadline';
    case 'documents.deadline_changed': {
      const deadline = timeOf(d.deadline_at);
      return deadline ? `Deadline changed to ${deadline}` : 'Deadline changed';
    }
    case 'documents.reported': return 'The claim system reported documents received';
    case 'workflow.cancelled':
      if (e.stage === 'erasure') return 'Cancelled: the claimant\'s data was erased';
      return 'Cancelled by your team';
    case 'workflow.resumed': return 'Resumed by your team';
    case 'workflow.superseded': return 'Replaced by the claimant\'s newer question';
    case 'human_handover.requested': return 'The claimant asked for a person; queued for a handler';
    case 'human_handover.message_received': return d.media_kind ? 'The claimant sent a file to the handler' : 'The claimant wrote to the handler';
    case 'human_handover.cancel_requested': return 'The claimant asked to cancel';
    case 'human_handover.sla_breached': return 'First response overdue: nobody had taken it';
    case 'human_handover.timed_out': return 'Timed out: nobody took it in time';
    case 'human_handover.cancelled': return d.by === 'stop' ? 'Ended: the claimant sent STOP' : 'Cancelled by the claimant';
    case 'human_handover.assigned': return 'Handed to a person';
    case 'human_handover.agent_message': return d.held_for_window === true ? 'A handler replied (held until the claimant writes again)' : 'A handler replied';
    case 'human_handover.completed': return d.resolution === 'back_to_bot' ? 'Released back to the bot' : 'Released by the handler: resolved';
    case 'knowledge.searched': return num(d.hits) === 0 ? 'Searched the knowledge base: no article found' : 'Searched the knowledge base';
    case 'knowledge.cache_hit': return 'Reused an approved answer';
    case 'policy.passed': return 'Reply checked by the policy gate';
    case 'policy.blocked': {
      const why = blockWords[str(d.reason)];
      return `Reply blocked by the policy gate${why ? ` (${why})` : ''}; a person will follow up`;
    }
    case 'reply.held': return 'Reply held: the service is suspended for now';
    case 'reply.sent': {
      const words = replyWords[str(d.template).replace(/_short$/, '')] ?? 'Reply sent';
      return d.kind === 'recovered' ? `${words} (found after a restart)` : words;
    }
    case 'reply.not_sent': return d.reason === 'opted_out' ? 'Reply not sent: the claimant opted out with the SMS provider' : 'Reply not sent: the SMS provider answered the keyword itself';
    case 'reply.skipped': return 'Reply dropped: the workflow had moved on';
    case 'reply.delivery_failed': return `The reply could not be delivered${str(d.error_code) ? ` (provider code ${str(d.error_code)})` : ''}`;
    case 'stage.dead_lettered': return `Stopped by an error${str(d.error_code) ? ` (${str(d.error_code)})` : ''}; set aside for the operator`;
    case 'claimant.erased': return 'The claimant\'s data was erased';
    case 'operational_mode.changed': return `The service mode changed to ${str(d.to)}`;
    default: return `Step recorded: ${e.type.replace(/[._]/g, ' ')}`;
  }
}

/** The pipeline's words for the same event: "truth · documents.reminder · awaiting_documents → awaiting_documents". */
export function pipelineWords(e: AuditEvent): string {
  const t = e.transition;
  const move = t && (t.from || t.to) ? ` · ${t.from ?? '—'} → ${t.to ?? '—'}` : '';
  return `${e.stage} · ${e.type}${move}`;
}

/** The events in the order the conversation had them: the ledger's order (`n`), oldest first. */
export function conversationOrder(events: readonly AuditEvent[]): AuditEvent[] {
  return [...events].sort((a, b) => a.n - b.n);
}
