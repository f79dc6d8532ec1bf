/**
 * Sample events for `POST /v1/webhooks/test`: one of every type docs/events.md lists, shaped like
 * the real ones and delivered the real way (signed, retried, listed among the deliveries), so a
 * partner can check their receiver's verification and parsing before live traffic. Every sample
 * says `"test": true` in `data` and names no real workflow, claim or ledger event.
 */
import { workflowStatuses, type WorkflowStatus } from '../../pipeline/vocabulary';
import type { WebhookEvent } from './envelope';

/** The status a sample transition comes from. */
const previous: Record<WorkflowStatus, string> = {
  awaiting_consent: 'started', awaiting_choice: 'started', started: 'awaiting_consent', awaiting_documents: 'started',
  awaiting_agent: 'started', with_agent: 'awaiting_agent',
  completed: 'started', policy_blocked: 'started', timed_out: 'awaiting_documents', cancelled: 'awaiting_consent',
};

export const sampleEventTypes: readonly string[] = [
  ...workflowStatuses.map((s) => `workflow.${s}`), 'operational_mode.changed', 'pending_documents.document_received', 'pending_documents.escalated',
  'reply.delivery_failed',
];

/** A made-up claim id hash: 64 zeros cannot be the SHA-256 of any claim id anyone has. */
const sampleClaimHash = `sha256:${'0'.repeat(64)}`;
const sampleWorkflowId = 'wf-0-test0000000000000000';

export function sampleEvents(types: readonly string[], nowMs: number): WebhookEvent[] {
  const at = new Date(nowMs).toISOString();
  const ledger = { at, audit_event_id: 'ae-test', ledger_position: 0, test: true };
  return types.map((type): WebhookEvent => {
    if (type.startsWith('workflow.')) {
      const status = type.slice('workflow.'.length) as (typeof workflowStatuses)[number];
      const workflowType = status === 'awaiting_documents' || status === 'timed_out' ? 'pending-documents' : status === 'awaiting_choice' ? null : 'claim-status';
      return { type, workflow_id: sampleWorkflowId, sequence: 0, data: { workflow_id: sampleWorkflowId, workflow_type: workflowType, status, previous_status: previous[status], claim_id_hash: sampleClaimHash, ...ledger } };
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
