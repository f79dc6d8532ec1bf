/**
 * Sample events for `POST /v1/webhooks/test`: one of every type docs/events.md lists, shaped like
 * the real ones and delivered the real way (signed, retried, listed among the deliveries), so a
 * partner can check their receiver's verification and parsing before live traffic. Every sample
 * says `"test": true` in `data` and names no real workflow, claim or ledger event.
 */
import { workflowStatuses, type WorkflowStatus } from '../../pipeline/vocabulary';
import type { WebhookEvent } from './envelope';
import { handoverEvents } from './ledger-webhooks';

/** The status a sample transition comes from. */
const previous: Record<WorkflowStatus, string> = {
  awaiting_consent: 'started', awaiting_choice: 'started', started: 'awaiting_consent', awaiting_documents: 'started',
  awaiting_agent: 'started', with_agent: 'awaiting_agent',
  completed: 'started', policy_blocked: 'started', timed_out: 'awaiting_documents', cancelled: 'awaiting_consent',
};

/** A made-up claim id (and phone) hash: 64 zeros cannot be the SHA-256 of any claim id or number anyone has. */
const sampleHash = `sha256:${'0'.repeat(64)}`;
const sampleWorkflowId = 'wf-0-test0000000000000000';

export const sampleEventTypes: readonly string[] = [
  ...workflowStatuses.map((s) => `workflow.${s}`), 'operational_mode.changed', 'pending_documents.document_received', 'pending_documents.escalated',
  'reply.delivery_failed', ...handoverEvents,
];

/** The workflow type a sample status change names: the workflow that has the status; none yet for a choice; else claim-status. */
function sampleTypeOf(status: WorkflowStatus): string | null {
  if (status === 'awaiting_documents' || status === 'timed_out') return 'pending-documents';
  if (status === 'awaiting_agent' || status === 'with_agent') return 'human-handover';
  return status === 'awaiting_choice' ? null : 'claim-status';
}

/**
 * Each human-handover notice's own data (docs/events.md), as its audit event's detail makes it
 * (src/webhooks/ledger-webhooks.ts); the handler is a made-up user id, the sender a made-up hash.
 */
function handoverData(type: string, nowMs: number): Record<string, unknown> {
  const agent = 'usr_test00000000000000000000';
  switch (type) {
    case 'human_handover.requested':
      return { reason: 'claimant', channel: 'whatsapp', first_response_due: nowMs + 15 * 60_000, max_wait_at: nowMs + 24 * 3600_000 };
    case 'human_handover.assigned':
      return { by: agent, token_type: 'human', agent };
    case 'human_handover.message_received':
      return { channel: 'whatsapp', transcript_id: `${nowMs}-0`, text: 'sample message from POST /v1/webhooks/test', claimant_phone_hash: sampleHash };
    case 'human_handover.sla_breached':
      return { sla: 'first_response' };
    case 'human_handover.completed':
      return { by: agent, token_type: 'human', resolution: 'resolved', agent };
    case 'human_handover.timed_out':
      return { sla: 'max_wait' };
    default:
      return { by: 'claimant' };
  }
}


export function sampleEvents(types: readonly string[], nowMs: number): WebhookEvent[] {
  const at = new Date(nowMs).toISOString();
  const ledger = { at, audit_event_id: 'ae-test', ledger_position: 0, test: true };
  return types.map((type): WebhookEvent => {
    if (type.startsWith('workflow.')) {
      const status = type.slice('workflow.'.length) as (typeof workflowStatuses)[number];
      return { type, workflow_id: sampleWorkflowId, sequence: 0, data: { workflow_id: sampleWorkflowId, workflow_type: sampleTypeOf(status), status, previous_status: previous[status], claim_id_hash: sampleHash, ...ledger } };
    }
    if (handoverEvents.has(type)) {
      return { type, workflow_id: sampleWorkflowId, sequence: 0, data: { workflow_id: sampleWorkflowId, workflow_type: 'human-handover', ...handoverData(type, nowMs), ...ledger } };
    }
    if (type === 'operational_mode.changed') {
      return { type, data: { from: 'OPERATIONAL', to: 'RESTRICTED', reason: 'sample event from POST /v1/webhooks/test', changed_by: 'test', ...ledger } };
    }
    if (type === 'pending_documents.document_received') {
      return { type, workflow_id: sampleWorkflowId, sequence: 0, data: { pending_docs_workflow_id: sampleWorkflowId, media_id: 'test-media', media_kind: 'document', mime: 'application/pdf', document: 'FINAL_BILL', accepted: true, complete: false, ...ledger } };
    }
    if (type === 'reply.delivery_failed') {
      return { type, workflow_id: sampleWorkflowId, sequence: 0, data: { workflow_id: sampleWorkflowId, step: 3, provider_status: 'failed', error_code: '131026', ...ledger } };
    }
    return { type, workflow_id: sampleWorkflowId, sequence: 0, data: { pending_docs_workflow_id: sampleWorkflowId, missing: 1, received: 0, reason: 'deadline', ...ledger } };
  });
}
