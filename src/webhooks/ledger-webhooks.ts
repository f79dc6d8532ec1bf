/**
 * Partner webhooks made from the audit ledger (docs/events.md): every workflow status change a
 * step made (the ledger event's `transition`) becomes `workflow.<new status>`, every
 * `operational_mode.changed` event becomes that webhook, and every `reply.delivery_failed` event
 * (a reply the provider could not deliver, src/redis/lua/recordDelivery-3.lua) becomes that webhook.
 *
 * The ledger is the source of truth, so nothing is published that did not happen. A cursor per
 * tenant (`webhooked`, and the position `webhooked_n`, in the ledger head) records how far it was
 * published; a tenant whose ledger count still equals `webhooked_n` costs one read per tick. Each webhook's id
 * derives from its audit event id, so when a crash falls between an enqueue and the cursor's
 * move, the repeated enqueue is a no-op: one webhook per transition.
 */
import type { LedgerEvent } from '../audit/audit-chain';
import type { AuditLedger } from '../audit/audit-ledger';
import { lastLedgerEvent, ledgerEventsAfter } from '../audit/ledger-stream';
import type { Logger } from '../logger';
import { execReplies } from '../redis/client';
import type { Redis } from '../redis/connection';
import type { Keys } from '../redis/keys';
import type { TenantStore } from '../tenants/tenant-store';
import { tracer } from '../tracing/tracing';
import { messageIdFor, type WebhookEvent } from './envelope';
import type { PartnerWebhooks } from './partner-webhooks';

interface Transition {
  workflow_id: string;
  from: string | false;
  to: string;
  seq: number;
  workflow_type: string;
  claim_id_hash?: string;
}

/** Audit event types of pending-documents that the partner hears about, and their webhook names. */
const documentEvents: Record<string, string> = {
  'documents.received': 'pending_documents.document_received',
  'documents.escalated': 'pending_documents.escalated',
};

/**
 * The human-handover notices (docs/human-handover.md, docs/events.md): the audit event of each
 * step of a handover a partner's team acts on. A step that also changed the status makes its
 * `workflow.<status>` webhook as well.
 */
export const handoverEvents: ReadonlySet<string> = new Set([
  'human_handover.requested', 'human_handover.assigned', 'human_handover.message_received', 'human_handover.sla_breached',
  'human_handover.completed', 'human_handover.timed_out', 'human_handover.cancelled',
]);

/** The webhooks an audit-ledger event makes (none for most steps). */
export function webhooksFor(e: LedgerEvent): WebhookEvent[] {
  const status = webhookFor(e);
  const handover = handoverEvents.has(e.type) ? handoverWebhook(e) : null;
  return [...(status ? [status] : []), ...(handover ? [handover] : [])];
}

/** A human-handover notice: the workflow, the step's detail without ledger bookkeeping; a claimant's
 *  message names the transcript entry whose redacted text the publisher adds (`text`). */
function handoverWebhook(e: LedgerEvent): WebhookEvent {
  const at = new Date(e.at).toISOString();
  const { message_workflow_id: _message, message_event_ids: _events, ...detail } = JSON.parse(e.detail || '{}') as Record<string, unknown>;
  return {
    // Its own id: the same ledger event may also make a `workflow.<status>` webhook.
    id: messageIdFor(`${e.event_id}:${e.type}`), at: e.at, type: e.type, workflow_id: e.workflow_id, sequence: e.n,
    data: { workflow_id: e.workflow_id, workflow_type: 'human-handover', ...detail, at, audit_event_id: e.event_id, ledger_position: e.n },
  };
}

/**
 * A handler's reply (or its window notice) to a human-handover claimant is a workflow record of its
 * own (src/redis/lua/postAgentReply-7.lua), which goes from `started` straight to its end once sent
 * (or blocked). A partner follows it as the message's `delivery` in the conversation, not by
 * webhook. A handover itself never ends that way: its first step queues it.
 */
function isHandlerReply(t: Transition): boolean {
  return t.workflow_type === 'human-handover' && t.from === 'started' && (t.to === 'completed' || t.to === 'policy_blocked');
}

/** The webhook an audit-ledger event makes of a status change or a notice, or null for a step that changed no status. */
export function webhookFor(e: LedgerEvent): WebhookEvent | null {
  const at = new Date(e.at).toISOString();
  if (e.transition) {
    const t = JSON.parse(e.transition) as Transition;
    if (isHandlerReply(t)) return null;
    return {
      // The ledger position orders every event of a workflow (transitions and document notices
      // alike): its events reach the ledger in step order, and positions only grow.
      id: messageIdFor(e.event_id), at: e.at, type: `workflow.${t.to}`, workflow_id: t.workflow_id, sequence: e.n,
      data: {
        workflow_id: t.workflow_id, workflow_type: t.workflow_type || null, status: t.to, previous_status: t.from || null,
        // Unchained beside the event (erasure blanks it); inside the transition for events written before that.
        claim_id_hash: e.claim_id_hash || t.claim_id_hash || null, at, audit_event_id: e.event_id, ledger_position: e.n,
      },
    };
  }
  const documentEvent = documentEvents[e.type];
  if (documentEvent) {
    // The folding step's references to the message it folded (docs/audit-ledger.md) are ledger
    // bookkeeping, not part of the notice.
    const { message_workflow_id: _message, message_event_ids: _events, ...d } = JSON.parse(e.detail) as Record<string, unknown>;
    // The document-arrival and escalation notices of pending-documents (docs/events.md).
    return {
      id: messageIdFor(e.event_id), at: e.at, type: documentEvent, workflow_id: String(d.pending_docs_workflow_id ?? e.workflow_id), sequence: e.n,
      data: { ...d, pending_docs_workflow_id: d.pending_docs_workflow_id ?? e.workflow_id, at, audit_event_id: e.event_id, ledger_position: e.n },
    };
  }
  if (e.type === 'reply.delivery_failed') {
    // The provider's status said the reply did not reach the claimant (docs/events.md).
    const d = JSON.parse(e.detail) as { step: number; provider_status: string; error_code: string };
    return {
      id: messageIdFor(e.event_id), at: e.at, type: 'reply.delivery_failed', workflow_id: e.workflow_id, sequence: e.n,
      data: {
        workflow_id: e.workflow_id, step: d.step, provider_status: d.provider_status, error_code: d.error_code || null,
        at, audit_event_id: e.event_id, ledger_position: e.n,
      },
    };
  }
  if (e.type === 'operational_mode.changed') {
    const d = JSON.parse(e.detail) as { from: string; to: string; reason: string; by: string };
    return { id: messageIdFor(e.event_id), at: e.at, type: 'operational_mode.changed', data: { from: d.from, to: d.to, reason: d.reason, changed_by: d.by, at, audit_event_id: e.event_id, ledger_position: e.n } };
  }
  return null;
}

const pageSize = 500;

export class LedgerWebhooks {
  constructor(private readonly o: { redis: Redis; keys: Keys; tenants: TenantStore; webhooks: PartnerWebhooks; log: Logger; ledger: AuditLedger }) {}

  /** Publishes every ledger event not yet published, for every tenant. Returns webhooks queued. */
  async publish(nowMs: number): Promise<number> {
    const { redis, keys, webhooks } = this.o;
    let queued = 0;
    for (const tenantId of await this.o.tenants.list()) {
      // Most ticks nothing new reached a tenant's ledger: one read tells.
      const [count, published] = await redis.hmget(keys.ledgerHead(tenantId), 'count', 'webhooked_n');
      if ((count ?? '0') === (published ?? '0')) continue;
      // No endpoint: nothing would be kept (webhooks.md), so skip to the ledger's end at once.
      if (!(await redis.exists(keys.webhookEndpoint(tenantId)))) {
        const last = await lastLedgerEvent(redis, keys.ledger(tenantId));
        if (last) await redis.hset(keys.ledgerHead(tenantId), 'webhooked', last.sid, 'webhooked_n', String(last.event.n));
        continue;
      }
      for (;;) {
        const cursor = await redis.hget(keys.ledgerHead(tenantId), 'webhooked');
        const page = await ledgerEventsAfter(redis, keys.ledger(tenantId), cursor, pageSize);
        if (page.events.length === 0) break;
        let lastN = 0;
        const events = await this.o.ledger.withClaims(tenantId, page.events.map((e) => e.event));
        const made = events.map(webhooksFor);
        // With tracing on, the step that made a transition is its webhooks' parent (docs/tracing.md).
        const steps = tracer === null ? null : await this.stepsOf(events.map((e, i) => (made[i]!.length > 0 ? e : null)));
        for (const [i, ledgerEvent] of events.entries()) {
          lastN = ledgerEvent.n;
          const traceparent = steps?.[i];
          for (const event of made[i]!) {
            if (traceparent) event.traceparent = traceparent;
            if (event.type === 'human_handover.message_received') await this.withMessage(tenantId, event);
            if (await webhooks.enqueue(tenantId, event, nowMs)) queued += 1;
          }
        }
        await redis.hset(keys.ledgerHead(tenantId), 'webhooked', page.events[page.events.length - 1]!.sid, 'webhooked_n', String(lastN));
        if (!page.more) break;
      }
    }
    return queued;
  }

  /**
   * For each event, the `traceparent` of the step that made its transition, as the stage worker
   * keeps it on the workflow record (`tp`: the record's seq after the step, the status it set, then
   * the traceparent); undefined for a null (an event that makes no webhook), an event with no
   * transition, or a record that is gone or names another step. Both the seq and the status must be
   * the transition's: an agent's assignment or release keeps the record's seq, but always changes
   * the status the step set. The delivery is then a trace of its own. The page's records are read
   * in one pipeline per partition (one slot each on a cluster), not one round trip an event.
   */
  private async stepsOf(events: (LedgerEvent | null)[]): Promise<(string | undefined)[]> {
    const steps: (string | undefined)[] = events.map(() => undefined);
    const byPartition = new Map<number, { index: number; key: string; prefix: string }[]>();
    events.forEach((e, index) => {
      if (!e?.transition) return;
      const t = JSON.parse(e.transition) as Transition;
      const partition = this.o.keys.partitionOfWorkflow(t.workflow_id);
      if (partition === null) return;
      const asks = byPartition.get(partition) ?? [];
      asks.push({ index, key: this.o.keys.workflow(partition, t.workflow_id), prefix: `${t.seq} ${t.to} ` });
      byPartition.set(partition, asks);
    });
    await Promise.all([...byPartition.values()].map(async (asks) => {
      const pipeline = this.o.redis.pipeline();
      for (const ask of asks) pipeline.hget(ask.key, 'tp');
      const replies = await execReplies(pipeline);
      asks.forEach((ask, i) => {
        const tp = replies[i] as string | null;
        if (tp?.startsWith(ask.prefix)) steps[ask.index] = tp.slice(ask.prefix.length);
      });
    }));
    return steps;
  }

  /**
   * A claimant's message to a person carries its text as the transcript keeps it (tier-3 PHI
   * redacted), read when the webhook is made: the ledger holds no message text. Null once the
   * transcript is gone (erased). The sender as the hash the workflow record keeps.
   */
  private async withMessage(tenantId: string, event: WebhookEvent): Promise<void> {
    const { redis, keys } = this.o;
    const data = event.data as Record<string, unknown>;
    const workflowId = String(event.workflow_id ?? '');
    const partition = keys.partitionOfWorkflow(workflowId);
    const entryId = typeof data.transcript_id === 'string' ? data.transcript_id : null;
    let text: string | null = null;
    if (partition !== null && entryId) {
      const [entry] = await redis.xrange(keys.conversation(partition, tenantId, workflowId), entryId, entryId);
      const values = entry?.[1] ?? [];
      for (let i = 0; i + 1 < values.length; i += 2) if (values[i] === 'text') text = values[i + 1]!;
    }
    const phoneHash = partition === null ? null : await redis.hget(keys.workflow(partition, workflowId), 'phone_hash');
    data.text = text;
    data.claimant_phone_hash = phoneHash ?? null;
  }
}
