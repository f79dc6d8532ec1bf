/**
 * pending-documents outside the stages: starting one from a CMS event, the partner's control
 * actions (cancel, resume, new deadline, documents received elsewhere), and the read port the
 * stages use. Every write is one Lua step with its audit event (docs/pending-documents.md).
 */
import type { Channel, Claim, PendingDocsState, PendingDocument, WorkflowPayload, WorkflowStatus } from '../../pipeline/types';
import type { Config } from '../config';
import { AppError } from '../errors';
import { sha256Hex } from '../phi';
import type { Redis } from '../redis/connection';
import type { Keys } from '../redis/keys';
import { runControlPendingDocs, runStartPendingDocs, type PendingDocsAction, type PendingDocsRefusal } from '../redis/scripts';
import type { StageEntryForm } from '../runtime/envelope-codec';
import { pendingDocuments } from '../../pipeline/workflows/pending-documents';
import { deadlineTimer, reminderNumber, waitSchedule } from '../../pipeline/workflows/wait';
import { armedTimers } from '../redis/wait-timers';

const openStatuses: ReadonlySet<string> = new Set(['started', 'awaiting_consent', 'awaiting_documents']);

/** Who asked for a control action, as the audit event records it (no secrets, no PHI). */
export interface Actor {
  sub: string;
  token_type: string;
}

export type ControlAction = PendingDocsAction;

const refusals: Record<PendingDocsRefusal, { code: 'workflow_not_found' | 'workflow_type_mismatch' | 'workflow_state_conflict' | 'claim_has_open_workflow'; message: string }> = {
  not_found: { code: 'workflow_not_found', message: 'no such workflow' },
  finished: { code: 'workflow_state_conflict', message: 'the workflow has already finished' },
  not_resumable: { code: 'workflow_state_conflict', message: 'only a cancelled or timed-out pending-documents workflow that reached its wait can be resumed' },
  not_waiting: { code: 'workflow_state_conflict', message: 'the workflow is not awaiting documents' },
  claim_has_open_workflow: { code: 'claim_has_open_workflow', message: 'the claim has another open pending-documents workflow' },
};

export class PendingDocuments {
  readonly waitMs: number;
  readonly reminderOffsetsMs: readonly number[];
  /** How its scripts write stage entries (`STAGE_ENTRY_FORM`). */
  private readonly entryForm: StageEntryForm;

  constructor(private readonly redis: Redis, private readonly keys: Keys, config: Config) {
    this.entryForm = config.stageEntryForm;
    this.waitMs = config.pendingDocsWaitMs;
    this.reminderOffsetsMs = config.pendingDocsReminderMs.filter((ms) => ms > 0 && ms < this.waitMs);
  }

  /**
   * A CMS event starts a follow-up for a claim (or joins the claim's open one). The claim was
   * read from the CMS by the caller: its `claimant_phone` is who gets the reminder. `traceparent`:
   * the request's span (tracing on), the parent of the first step's (docs/tracing.md).
   */
  async startFromCms(tenantId: string, claim: Claim, channel: Channel, businessNumberId: string, now: number, language?: PendingDocsState['language'], traceparent?: string): Promise<{ workflowId: string; joined: boolean }> {
    const phone = claim.claimant_phone;
    const p = this.keys.partitionOf(tenantId, phone);
    const proposed = this.keys.newWorkflowId(p);
    const payload: WorkflowPayload = {
      channel, businessNumberId, from: phone, messageId: `cms:${proposed}`, text: '',
      // Business-initiated: no customer-service window is open, so WhatsApp needs a template.
      receivedAt: 0, intent: 'pending_documents', claimId: claim.claim_id, pdStep: 'start',
      ...(language ? { language } : {}),
      ...(traceparent ? { traceparent } : {}),
    };
    const started = await runStartPendingDocs(this.redis, this.keys, {
      partition: p, tenantId, workflowId: proposed, channel, phone, claimId: claim.claim_id, payload, workflowType: pendingDocuments.type, now, entryForm: this.entryForm,
    });
    return { workflowId: started.workflowId, joined: started.kind === 'joined' };
  }

  /** The open pending-documents workflow of a claim, if any (for `claim.documents_received`). */
  async openForClaim(tenantId: string, claim: Claim): Promise<string | null> {
    const pointer = await this.claimWait(tenantId, claim.claimant_phone, sha256Hex(claim.claim_id));
    return pointer && openStatuses.has(pointer.status ?? '') ? pointer.workflowId : null;
  }

  /**
   * The read port of the stages: the workflow the claim's open-wait pointer names (`claimIdHash`,
   * `sha256:<hex>` or the bare hex, in the partition of `phone`, the claimant's) and its status
   * (null when its record is gone); null when the pointer names none.
   */
  async claimWait(tenantId: string, phone: string, claimIdHash: string): Promise<{ workflowId: string; status: WorkflowStatus | null } | null> {
    const p = this.keys.partitionOf(tenantId, phone);
    const hex = claimIdHash.startsWith('sha256:') ? claimIdHash.slice(7) : claimIdHash;
    const id = await this.redis.get(this.keys.pendingDocsByClaim(p, tenantId, hex));
    if (!id) return null;
    const status = await this.redis.hget(this.keys.workflow(p, id), 'status');
    return { workflowId: id, status: (status as WorkflowStatus | null) ?? null };
  }

  /** Applies a control action; throws the matching problem when the workflow's state refuses it. */
  async control(tenantId: string, workflowId: string, action: ControlAction, actor: Actor, now: number, options: { deadlineAt?: number; documents?: string[] } = {}): Promise<void> {
    const p = this.keys.partitionOfWorkflow(workflowId);
    if (p === null) throw new AppError('workflow_not_found', 'no such workflow');
    const wfKey = this.keys.workflow(p, workflowId);
    const [owner, type, claimIdHash, phoneHash, waitStarted, remindersSent, seq] = await this.redis.hmget(wfKey, 'tenant_id', 'workflow_type', 'claim_id_hash', 'phone_hash', 'wait_started_at', 'reminders_sent', 'seq');
    if (owner !== tenantId) throw new AppError('workflow_not_found', 'no such workflow');
    // A workflow's type never changes once set: checked here, not in the script.
    if (type !== pendingDocuments.type) {
      const status = await this.redis.hget(wfKey, 'status');
      throw new AppError('workflow_type_mismatch', 'only a pending-documents workflow can be controlled this way', { extra: status ? { workflow_status: status } : {} });
    }
    let schedule: Array<[string, number, string]> = [];
    if (action === 'reschedule') {
      const deadline = options.deadlineAt!;
      // Reminders not sent yet, at their offsets from the start of this wait, before the new deadline; then the deadline.
      const start = Number(waitStarted ?? now);
      const sent = Number(remindersSent ?? 0);
      const timers = waitSchedule(start, this.reminderOffsetsMs, deadline).filter((t) => t.due < deadline || t.name === deadlineTimer);
      schedule = armedTimers({ tenantId, workflowId, waitId: Number(seq ?? 0), stage: pendingDocuments.wait!.stage },
        timers.filter((t) => t.name === deadlineTimer || reminderNumber(t.name) > sent));
    }
    const detail: Record<string, unknown> = { by: actor.sub, token_type: actor.token_type };
    if (options.documents) detail.documents = options.documents;
    const result = await runControlPendingDocs(this.redis, this.keys, {
      partition: p, tenantId, workflowId, action, claimIdHash, phoneHash, detail, deadlineAt: options.deadlineAt, schedule, now, entryForm: this.entryForm,
    });
    if (result.kind === 'ok') return;
    const refusal = refusals[result.reason] ?? { code: 'workflow_state_conflict' as const, message: result.reason };
    throw new AppError(refusal.code, refusal.message, { extra: result.status ? { workflow_status: result.status } : {} });
  }

  /** The read port of the stages: a claimant's pending-documents workflows, newest first (at most 20). */
  async recent(tenantId: string, phone: string): Promise<PendingDocsState[]> {
    const p = this.keys.partitionOf(tenantId, phone);
    const ids = await this.redis.zrevrange(this.keys.pendingDocsByClaimant(p, tenantId, sha256Hex(phone)), 0, 19);
    const states = await Promise.all(ids.map((id) => this.read(p, id)));
    return states.filter((s): s is PendingDocsState => s !== null);
  }

  async get(tenantId: string, workflowId: string): Promise<PendingDocsState | null> {
    const p = this.keys.partitionOfWorkflow(workflowId);
    if (p === null) return null;
    return this.read(p, workflowId, tenantId);
  }

  private async read(p: number, workflowId: string, tenantId?: string): Promise<PendingDocsState | null> {
    const [status, owner, claimIdHash, pending, received, deadline, sent, language, seq, receivedAt] = await this.redis.hmget(
      this.keys.workflow(p, workflowId), 'status', 'tenant_id', 'claim_id_hash', 'pd_pending', 'pd_received', 'deadline_at', 'reminders_sent', 'language',
      'seq', 'pd_received_at',
    );
    if (!status || (tenantId !== undefined && owner !== tenantId)) return null;
    return {
      workflowId, status: status as WorkflowStatus, claimIdHash,
      pending: pending ? (JSON.parse(pending) as PendingDocument[]) : [],
      received: received ? (JSON.parse(received) as Record<string, string>) : {},
      receivedAt: receivedAt ? (JSON.parse(receivedAt) as Record<string, number>) : {},
      deadlineAt: deadline ? Number(deadline) : null,
      remindersSent: Number(sent ?? 0),
      language: (language as PendingDocsState['language']) ?? null,
      seq: Number(seq ?? 0),
    };
  }
}
