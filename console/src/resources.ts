/**
 * The API's resources as the console reads them (docs/openapi.yaml): only the fields it shows.
 * No DOM here: the timeline's words are unit-tested in Node.
 */

export interface Page<T> { items: T[]; next_cursor: string | null }

export interface HandoverState {
  reason: string | null; queued_at: string | null; waiting_seconds: number | null; first_response_due_at: string | null;
  max_wait_at: string | null; sla_breached_at: string | null; agent: string | null; assigned_at: string | null;
}

export interface WorkflowDocument { code: string; name: string; received: boolean; received_at: string | null }

export interface Workflow {
  workflow_id: string; workflow_type: string | null; status: string; outcome: string | null; channel: string;
  language: string | null; claim_id_hash: string | null;
  /** The claim masked as the claimant's replies show it ("XXXX1234"); null when none was read. */
  claim_ref: string | null;
  started_at: string; updated_at: string; completed_at: string | null;
  deadline_at: string | null; next_reminder_at: string | null; reminders_sent: number | null;
  documents: WorkflowDocument[] | null;
  handover: HandoverState | null;
}

export interface AuditEvent {
  n: number; stage: string; type: string; at: string;
  /** Never PHI (docs/workflows.md, "Audit events"). */
  detail: Record<string, unknown>;
  transition: { from?: string; to?: string } | null;
}

export interface Delivery { id: string; type: string; status: string; workflow_id: string | null; attempts: number; created_at: string; last_status_code: number | null }
export interface Mode { mode: string; reason: string | null; changed_at: string | null; changed_by: string | null }
export interface Article { id: string; title: Record<string, string>; version: number; trusted: boolean; updated_at: string }
export interface TenantSettings { time_zone: string }
