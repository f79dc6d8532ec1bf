/**
 * Workflow records as the partner API shows them. A record lives in its partition
 * (`cw:{pN}:wf:<id>`); a tenant's workflows are listed by merging the per-partition indexes
 * (`cw:{pN}:idx:<tenant>`, scored by start time), newest first. Finished workflows past the
 * tenant's hot window live in the archive instead (docs/retention.md): reads look there too, once
 * the tenant's archive marker says a record may have left Redis, and answer the same resource.
 */
import type { ArchiveStore } from '../archive/archive-store';
import type { WorkflowStatus, WorkflowType } from '../../pipeline/types';
import { execReplies, type Redis } from '../redis/connection';
import type { Keys } from '../redis/keys';
import { parseWaitTimer } from '../redis/wait-timers';
import { timerOf } from '../../pipeline/workflows/wait';

/** The Workflow resource of the spec, plus fields a partner's support team needs. */
export interface WorkflowResource {
  workflow_id: string;
  workflow_type: WorkflowType | null;
  tenant_id: string;
  claim_id_hash: string | null;
  /** The claim as the claimant's replies show it (`XXXX` and its last four characters), for the
   *  people who read the workflow; null when no claim was read (docs/security.md). */
  claim_ref: string | null;
  status: WorkflowStatus;
  started_at: string;
  completed_at: string | null;
  updated_at: string;
  audit_event_ids: string[];
  language: string | null;
  outcome: string | null;
  channel: string;
  /** Stable code of the last failure, from its dead-lettering until a later hand-off succeeds. */
  error_code: string | null;
  /** pending-documents (null for other types): the id to cancel or resume with (its own id, or
   *  the open workflow a claimant's question joined) and the state of its wait. */
  pending_docs_workflow_id: string | null;
  deadline_at: string | null;
  next_reminder_at: string | null;
  reminders_sent: number | null;
  /** `received_at`: when the document was recorded; null while missing, and for one recorded
   *  before the record kept the time. */
  documents: Array<{ code: string; name: string; received: boolean; received_at: string | null }> | null;
  /**
   * How far the workflow's latest reply got, by the provider's status webhooks (docs/workflows.md,
   * "Delivery states"): null until a status of one of its sends arrived.
   */
  delivery: { step: number; status: string; at: string; error_code: string | null } | null;
  /** human-handover (null for other types; docs/human-handover.md): why it was asked for, when it
   *  was queued and how long the claimant has waited (while queued), when the first response is due
   *  (business hours) and when it times out, when the SLA was breached, who holds it and since when. */
  handover: HandoverState | null;
}

export interface HandoverState {
  reason: string | null;
  queued_at: string | null;
  waiting_seconds: number | null;
  first_response_due_at: string | null;
  max_wait_at: string | null;
  sla_breached_at: string | null;
  agent: string | null;
  assigned_at: string | null;
}

export interface ListFilter {
  workflowType?: string;
  status?: string;
  claimIdHash?: string;
  startedAfter?: number;
  startedBefore?: number;
  /** `oldest`: oldest first (a queue); default newest first. */
  order?: 'newest' | 'oldest';
}

export interface ListCursor {
  startedAt: number;
  workflowId: string;
}

const iso = (ms: string | undefined) => (ms ? new Date(Number(ms)).toISOString() : null);

function handoverOf(h: Record<string, string>, now: number): HandoverState | null {
  if (h.workflow_type !== 'human-handover' || !h.ho_queued_at) return null;
  const waiting = h.status === 'awaiting_agent' ? Math.max(0, Math.floor((now - Number(h.ho_queued_at)) / 1000)) : null;
  return {
    reason: h.ho_reason ?? null, queued_at: iso(h.ho_queued_at), waiting_seconds: waiting,
    first_response_due_at: iso(h.ho_first_response_due), max_wait_at: iso(h.ho_max_wait_at), sla_breached_at: iso(h.ho_sla_breached),
    agent: h.ho_agent ?? null, assigned_at: iso(h.ho_assigned_at),
  };
}

export function toResource(h: Record<string, string>, now: number = Date.now()): WorkflowResource {
  return {
    workflow_id: h.workflow_id!,
    workflow_type: (h.workflow_type as WorkflowType | undefined) ?? null,
    tenant_id: h.tenant_id!,
    claim_id_hash: h.claim_id_hash ?? null,
    claim_ref: h.claim_ref ?? null,
    status: h.status as WorkflowStatus,
    started_at: iso(h.started_at)!,
    completed_at: iso(h.completed_at),
    updated_at: iso(h.updated_at)!,
    audit_event_ids: h.audit ? h.audit.split(',') : [],
    language: h.language ?? null,
    outcome: h.outcome ?? null,
    channel: h.channel ?? 'whatsapp',
    error_code: h.error ?? null,
    ...waitFields(h),
    delivery: h.delivery_status
      ? { step: Number(h.delivery_seq), status: h.delivery_status, at: iso(h.delivery_at)!, error_code: h.delivery_error || null }
      : null,
    handover: handoverOf(h, now),
  };
}

function waitFields(h: Record<string, string>): Pick<WorkflowResource, 'pending_docs_workflow_id' | 'deadline_at' | 'next_reminder_at' | 'reminders_sent' | 'documents'> {
  if (h.workflow_type !== 'pending-documents') {
    return { pending_docs_workflow_id: null, deadline_at: null, next_reminder_at: null, reminders_sent: null, documents: null };
  }
  const received = h.pd_received ? (JSON.parse(h.pd_received) as Record<string, string>) : {};
  const receivedAt = h.pd_received_at ? (JSON.parse(h.pd_received_at) as Record<string, number>) : {};
  const pending = h.pd_pending ? (JSON.parse(h.pd_pending) as Array<{ code: string; name: string }>) : null;
  return {
    pending_docs_workflow_id: h.pending_docs_workflow_id ?? h.workflow_id!,
    deadline_at: h.deadline_at ? iso(h.deadline_at) : null,
    // The wait's armed timer when it is a reminder: kept once, by the wait (src/redis/wait-timers.ts).
    next_reminder_at: h.wait_timer && h.wait_due && timerOf(parseWaitTimer(h.wait_timer)?.name)?.kind === 'reminder' ? iso(h.wait_due) : null,
    reminders_sent: Number(h.reminders_sent ?? 0),
    documents: pending
      ? pending.map((d) => {
        const at = received[d.code] ? receivedAt[d.code] : undefined;
        return { code: d.code, name: d.name, received: Boolean(received[d.code]), received_at: at === undefined ? null : new Date(at).toISOString() };
      })
      : null,
  };
}

/** `sha256:<hex>` and bare hex are the same hash (spec: either form may be written). */
export function normaliseHash(value: string): string {
  return value.toLowerCase().startsWith('sha256:') ? `sha256:${value.slice(7).toLowerCase()}` : `sha256:${value.toLowerCase()}`;
}

export class WorkflowStore {
  constructor(private readonly redis: Redis, private readonly keys: Keys, private readonly archive: ArchiveStore | null = null, private readonly now: () => number = Date.now) {}

  /** One workflow of this tenant, hot or archived; null when it does not exist or belongs to another tenant. */
  async get(tenantId: string, workflowId: string): Promise<WorkflowResource | null> {
    const partition = this.keys.partitionOfWorkflow(workflowId);
    if (partition === null) return null;
    const record = await this.redis.hgetall(this.keys.workflow(partition, workflowId));
    if (record.workflow_id) return record.tenant_id === tenantId ? toResource(record, this.now()) : null;
    // Read after Redis: a record trimmed before that read was copied to the archive before it was trimmed.
    if (!(await this.mayBeArchived(tenantId))) return null;
    const archived = await this.archive!.workflow(tenantId, workflowId);
    return archived && archived.tenant_id === tenantId ? toResource(archived, this.now()) : null;
  }

  /** Whether any of the tenant's workflow records may have left Redis for the archive. */
  private async mayBeArchived(tenantId: string): Promise<boolean> {
    return this.archive !== null && (await this.redis.hget(this.keys.archived(tenantId), 'workflows')) === '1';
  }

  async list(tenantId: string, filter: ListFilter, limit: number, after: ListCursor | null): Promise<{ items: WorkflowResource[]; next: ListCursor | null }> {
    const perPartition = await Promise.all(
      Array.from({ length: this.keys.partitions }, (_, p) => this.listPartition(p, tenantId, filter, limit, after)),
    );
    const found = perPartition.flat();
    const oldest = filter.order === 'oldest';
    // Redis first, then the archive: a record trimmed between the two reads is in the archive by
    // then (copied before it was trimmed); one in both (copied, not yet trimmed) is taken once.
    // (Oldest first lists open workflows only, which are never archived: src/api/routes/workflows.ts.)
    if (!oldest && (await this.mayBeArchived(tenantId))) {
      const hot = new Set(found.map((w) => w.workflow_id));
      const archived = { ...filter, claimIdHash: filter.claimIdHash ? normaliseHash(filter.claimIdHash) : undefined };
      for (const h of await this.archive!.listWorkflows(tenantId, archived, limit + 1, after)) {
        if (!hot.has(h.workflow_id!)) found.push(toResource(h, this.now()));
      }
    }
    const merged = found.sort(oldest ? (a, b) => newestFirst(b, a) : newestFirst).slice(0, limit + 1);
    const items = merged.slice(0, limit);
    const last = items[items.length - 1];
    const next = merged.length > limit && last ? { startedAt: Date.parse(last.started_at), workflowId: last.workflow_id } : null;
    return { items, next };
  }

  /** Up to limit+1 matching workflows of one partition, newest first, after the cursor. */
  private async listPartition(partition: number, tenantId: string, filter: ListFilter, limit: number, after: ListCursor | null): Promise<WorkflowResource[]> {
    const index = this.keys.workflowIndex(partition, tenantId);
    const found: WorkflowResource[] = [];
    const oldest = filter.order === 'oldest';
    const max = after && !oldest ? String(after.startedAt) : filter.startedBefore !== undefined ? `(${filter.startedBefore}` : '+inf';
    const min = after && oldest ? String(after.startedAt) : filter.startedAfter !== undefined ? `(${filter.startedAfter}` : '-inf';
    const chunk = Math.max(50, limit * 2);
    let offset = 0;
    const claimHash = filter.claimIdHash ? normaliseHash(filter.claimIdHash) : undefined;
    for (;;) {
      const ids = oldest
        ? await this.redis.zrangebyscore(index, min, max, 'WITHSCORES', 'LIMIT', offset, chunk)
        : await this.redis.zrevrangebyscore(index, max, min, 'WITHSCORES', 'LIMIT', offset, chunk);
      if (ids.length === 0) break;
      const pipeline = this.redis.pipeline();
      for (let i = 0; i < ids.length; i += 2) pipeline.hgetall(this.keys.workflow(partition, ids[i]!));
      for (const value of await execReplies(pipeline)) {
        const h = value as Record<string, string>;
        if (!h.workflow_id) continue;
        const w = toResource(h, this.now());
        if (after && (oldest ? !isBefore(w, after) : !isAfter(w, after))) continue;
        if (filter.startedBefore !== undefined && Number(h.started_at) >= filter.startedBefore) continue;
        if (filter.workflowType && w.workflow_type !== filter.workflowType) continue;
        if (filter.status && w.status !== filter.status) continue;
        if (claimHash && w.claim_id_hash !== claimHash) continue;
        found.push(w);
        if (found.length > limit) return found;
      }
      offset += ids.length / 2;
      if (ids.length / 2 < chunk) break;
    }
    return found;
  }
}

function newestFirst(a: WorkflowResource, b: WorkflowResource): number {
  const byTime = Date.parse(b.started_at) - Date.parse(a.started_at);
  return byTime !== 0 ? byTime : b.workflow_id < a.workflow_id ? -1 : b.workflow_id > a.workflow_id ? 1 : 0;
}

/** Whether w comes strictly after the cursor in newest-first order. */
function isAfter(w: WorkflowResource, cursor: ListCursor): boolean {
  const t = Date.parse(w.started_at);
  return t < cursor.startedAt || (t === cursor.startedAt && w.workflow_id < cursor.workflowId);
}

/** Whether w comes strictly after the cursor in oldest-first order. */
function isBefore(w: WorkflowResource, cursor: ListCursor): boolean {
  const t = Date.parse(w.started_at);
  return t > cursor.startedAt || (t === cursor.startedAt && w.workflow_id > cursor.workflowId);
}
