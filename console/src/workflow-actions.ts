/**
 * Which partner actions a workflow allows now, by the API's own rules (docs/pending-documents.md,
 * "Control through the API"; src/redis/lua/controlPendingDocs-7.lua), so the page offers only those that
 * can succeed. The API still decides: a refusal (409, the state changed meanwhile) is shown in
 * words.
 *
 * - All three act on pending-documents workflows only (any other type is 409 workflow_type_mismatch).
 * - Cancel: while it is open, `started`, `awaiting_consent` or `awaiting_documents`.
 * - Resume: once it is `cancelled` or `timed_out`, unless the claimant was erased (their record
 *   keeps nothing to resume with). A workflow cancelled before its wait ever started is refused
 *   by the API (409), which the page then says.
 * - Change the deadline: only while `awaiting_documents`.
 *
 * No DOM here: test/unit/console-timeline.test.ts checks these rules in Node.
 */
import type { Workflow } from './resources';

export interface Allowed { cancel: boolean; resume: boolean; deadline: boolean }

export function allowedActions(w: Pick<Workflow, 'workflow_type' | 'status' | 'outcome'>): Allowed {
  if (w.workflow_type !== 'pending-documents') return { cancel: false, resume: false, deadline: false };
  return {
    cancel: ['started', 'awaiting_consent', 'awaiting_documents'].includes(w.status),
    resume: ['cancelled', 'timed_out'].includes(w.status) && w.outcome !== 'claimant_erased',
    deadline: w.status === 'awaiting_documents',
  };
}
