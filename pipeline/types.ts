/**
 * The contract between the runtime (src/runtime) and the stages (pipeline/stages).
 * A stage receives an envelope and a context of read-only ports, and returns a Decision.
 * Stages never touch Redis: every write the decision implies is applied by the runtime in
 * one atomic hand-off.
 */
import type { StageName } from '../src/redis/keys';

export type { StageName };

export type Language = 'EN' | 'HI' | 'HI_EN';

export type WorkflowType = 'claim-status' | 'pending-documents' | 'query-reason';

export type WorkflowStatus =
  | 'started'
  | 'awaiting_consent'
  | 'awaiting_documents'
  | 'completed'
  | 'policy_blocked'
  | 'timed_out'
  | 'cancelled';

export type Channel = 'whatsapp';

/** A reply before rendering: a template name from the registry plus its variables. */
export interface ReplyRequest {
  template: string;
  vars: Record<string, string>;
  /** Rendered one by one with `<template>_line` and joined into `vars.lines`. */
  items?: Array<Record<string, string>>;
}

/** A reply after rendering and the policy gate: what the outbound stage sends. */
export interface RenderedReply {
  template: string;
  text: string;
  /** Provider template (business-initiated messages outside the 24-hour window). */
  providerTemplate?: { name: string; language: string; params: string[] };
}

/** The data a workflow carries from stage to stage (stored as JSON on the stream entry). */
export interface WorkflowPayload {
  channel: Channel;
  /** The business number the claimant wrote to (WhatsApp phone_number_id). */
  businessNumberId: string;
  /** Claimant phone, E.164. PHI: never logged, never returned by the API. */
  from: string;
  messageId: string;
  text: string;
  /** When the claimant's message reached us (ms); opens the 24-hour reply window. */
  receivedAt: number;
  language?: Language;
  intent?: string;
  reply?: ReplyRequest;
  rendered?: RenderedReply;
  /** What the workflow becomes once the reply is sent. Default `completed`. */
  afterSend?: 'completed' | 'awaiting_consent' | 'cancelled' | 'policy_blocked';
}

export interface Envelope {
  workflowId: string;
  tenantId: string;
  /** The step sequence this entry expects the workflow record to be at. */
  seq: number;
  /** Retries of this entry so far. */
  attempt: number;
  stage: StageName;
  payload: WorkflowPayload;
}

/** What the audit ledger records of a step. `detail` must never hold PHI. */
export interface AuditNote {
  type: string;
  detail?: Record<string, string | number | boolean | null>;
}

/** Workflow record fields a decision may set. */
export interface WorkflowPatch {
  workflow_type?: WorkflowType;
  claim_id_hash?: string;
  language?: Language;
  outcome?: string;
  outbound_message_id?: string;
}

/** Writes outside the workflow record, applied atomically with the hand-off. */
export type Effect =
  | { type: 'consent.set'; state: 'granted' | 'declined' | 'revoked' }
  /** Hold this workflow until the claimant answers the consent request. */
  | { type: 'consent.park'; payload: WorkflowPayload }
  /** Continue the held workflow at `to`, with `patch` merged into its payload; this
   *  message's own workflow is folded into it (its record removed, its audit ids moved). */
  | { type: 'consent.resume'; to: StageName; patch?: Partial<WorkflowPayload>; status: WorkflowStatus };

export type Decision =
  | { kind: 'forward'; to: StageName; payload: WorkflowPayload; status?: WorkflowStatus; patch?: WorkflowPatch; audit: AuditNote; effects?: Effect[] }
  | { kind: 'wait'; status: WorkflowStatus; patch?: WorkflowPatch; audit: AuditNote; effects?: Effect[] }
  | { kind: 'finish'; status: WorkflowStatus; patch?: WorkflowPatch; audit: AuditNote; effects?: Effect[] }
  /** Keep this entry back, unchanged, until the tenant's operational mode lets it go on. */
  | { kind: 'hold'; audit: AuditNote; status?: never; effects?: never };

/** A claim as the CMS contract defines it (docs/cms-contract.md). */
export interface Claim {
  claim_id: string;
  policy_number: string;
  member_name: string;
  claimant_phone: string;
  status: string;
  status_updated_at: string;
  amount_claimed: number | null;
  amount_approved: number | null;
  reason_codes: string[];
}

export interface ConsentRecord {
  state: 'none' | 'granted' | 'declined' | 'revoked';
  /** A workflow held until the claimant answers the consent request. */
  parkedWorkflowId: string | null;
}

/** Read-only ports the runtime gives a stage. Implementations live in src/. */
export interface StageContext {
  now(): number;
  consent: { lookup(tenantId: string, phone: string): Promise<ConsentRecord> };
  cms: { claimsByPhone(tenantId: string, phone: string): Promise<Claim[]> };
  templates: {
    render(tenantId: string, channel: Channel, language: Language, reply: ReplyRequest): Promise<RenderedReply>;
  };
  denyList: { phrases(tenantId: string): Promise<string[]> };
  modes: { current(tenantId: string): Promise<'OPERATIONAL' | 'RESTRICTED' | 'SUSPENDED'> };
  channel: {
    send(tenantId: string, payload: WorkflowPayload, reply: RenderedReply, idempotencyKey: string): Promise<{ providerMessageId: string; kind: 'text' | 'template' }>;
  };
}

export interface Stage {
  name: StageName;
  handle(envelope: Envelope, ctx: StageContext): Promise<Decision>;
}
