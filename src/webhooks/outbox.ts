/**
 * The webhook outbox: events go in with `enqueue` and are kept per tenant in Redis until
 * delivered, dead-lettered, and then for the retention (default 7 days) so they can be listed,
 * retried and replayed. Delivery itself is the deliverer's (deliverer.ts).
 */
import type { Config } from '../config';
import { execReplies, type Redis } from '../redis/connection';
import type { Keys } from '../redis/keys';
import { runEnqueueWebhook, runRequeueWebhook, runRequeueWebhooks } from '../redis/scripts';
import type { DueTenants } from './due-tenants';
import { envelopeParts, messageIdPattern, newMessageId, type WebhookEnvelope, type WebhookEvent } from './envelope';

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';
export const deliveryStatuses: readonly DeliveryStatus[] = ['pending', 'delivered', 'failed'];

/** One delivery as the API shows it. */
export interface DeliveryView {
  /** The message id, also the `webhook-id` header. */
  id: string;
  type: string;
  status: DeliveryStatus;
  workflow_id: string | null;
  sequence: number | null;
  created_at: string;
  /** Attempts of the current schedule (a retry or replay starts a new one). */
  attempts: number;
  next_attempt_at: string | null;
  last_attempt_at: string | null;
  /** HTTP status of the last answer, or null (no answer: timeout, network error, refused address). */
  last_status_code: number | null;
  last_error: string | null;
  /** When it was delivered or dead-lettered. */
  finished_at: string | null;
  event: WebhookEnvelope;
}

/** Position in a listing: the index score and id of the last item shown. */
export interface DeliveryCursor {
  score: number;
  id: string;
}

const iso = (ms: string | undefined) => (ms ? new Date(Number(ms)).toISOString() : null);

export class WebhookOutbox {
  constructor(private readonly o: { redis: Redis; keys: Keys; config: Config; due: DueTenants }) {}

  /**
   * Stores one event of `tenantId` for delivery and makes it due now. Returns the envelope as it
   * will be sent, or null when the tenant has no webhook endpoint (nothing is kept then).
   * Throws (a programming error) when the event is malformed or its body is over 64 KiB.
   */
  async enqueue(tenantId: string, event: WebhookEvent, nowMs: number): Promise<WebhookEnvelope | null> {
    if (event.id !== undefined && !messageIdPattern.test(event.id)) throw new Error('event id must be msg_ and 24 hex characters');
    const id = event.id ?? newMessageId();
    const { head, tail } = envelopeParts(id, tenantId, event, event.at ?? nowMs);
    const result = await runEnqueueWebhook(this.o.redis, this.o.keys, tenantId, {
      messageId: id, bodyHead: head, bodyTail: tail, sequence: event.sequence, type: event.type, workflowId: event.workflow_id, now: nowMs,
      traceparent: event.traceparent,
    });
    // Nothing is sent when the tenant has no endpoint, or this id was queued before (an idempotent repeat).
    if (result.kind !== 'queued') return null;
    await this.o.due.mark(tenantId, nowMs);
    return JSON.parse(`${head}${result.sequence === null ? 'null' : result.sequence}${tail}`) as WebhookEnvelope;
  }

  /** One page of a tenant's deliveries: pending soonest first, delivered and failed newest first. */
  async list(tenantId: string, status: DeliveryStatus, limit: number, cursor: DeliveryCursor | null): Promise<{ items: DeliveryView[]; next: DeliveryCursor | null }> {
    const rows = await this.page(this.index(tenantId, status), status === 'pending', limit, cursor);
    const pipeline = this.o.redis.pipeline();
    for (const row of rows) pipeline.hgetall(this.o.keys.webhookMessage(tenantId, row.id));
    const records = await execReplies(pipeline);
    const items: DeliveryView[] = [];
    rows.slice(0, limit).forEach((row, i) => {
      const h = records[i] as Record<string, string> | undefined;
      if (h?.body) items.push(this.view(row.id, h, status === 'pending' ? row.score : null));
    });
    const last = rows.length > limit ? rows[limit - 1]! : null;
    return { items, next: last };
  }

  /**
   * Attempts a failed (dead-lettered) delivery again now, with the same webhook-id and a fresh
   * schedule. Returns the status it had: `failed` when it was requeued, otherwise `missing`
   * (no such delivery of this tenant), `pending` or `delivered`, and nothing changed.
   */
  async retry(tenantId: string, id: string, nowMs: number): Promise<DeliveryStatus | 'missing'> {
    if (!messageIdPattern.test(id)) return 'missing';
    const result = await runRequeueWebhook(this.o.redis, this.o.keys, tenantId, id, ['failed'], nowMs);
    if (result.kind === 'requeued') await this.o.due.mark(tenantId, nowMs);
    return result.kind === 'requeued' ? result.was : result.kind === 'left' ? result.status : 'missing';
  }

  /**
   * Sends again every kept event of the tenant that happened at or after `sinceMs` and is not
   * pending now (delivered and failed ones), same webhook-ids, each with a fresh schedule.
   */
  async replay(tenantId: string, sinceMs: number, nowMs: number): Promise<{ requeued: number; already_pending: number }> {
    const batch = 500;
    let requeued = 0;
    let pending = 0;
    for (let offset = 0; ; offset += batch) {
      const ids = await this.o.redis.zrangebyscore(this.o.keys.webhookEvents(tenantId), sinceMs, '+inf', 'LIMIT', offset, batch);
      for (const result of await runRequeueWebhooks(this.o.redis, this.o.keys, tenantId, ids, ['failed', 'delivered'], nowMs)) {
        // A call that got an error counts as neither.
        if (result instanceof Error) continue;
        if (result.kind === 'requeued') requeued += 1;
        else if (result.kind === 'left' && result.status === 'pending') pending += 1;
      }
      if (ids.length < batch) break;
    }
    if (requeued > 0) await this.o.due.mark(tenantId, nowMs);
    return { requeued, already_pending: pending };
  }

  private index(tenantId: string, status: DeliveryStatus): string {
    const { keys } = this.o;
    return status === 'pending' ? keys.webhookDue(tenantId) : status === 'delivered' ? keys.webhookDelivered(tenantId) : keys.webhookFailed(tenantId);
  }

  /** Up to limit + 1 index entries after the cursor, in (score, id) order, ascending or descending. */
  private async page(key: string, ascending: boolean, limit: number, cursor: DeliveryCursor | null): Promise<DeliveryCursor[]> {
    const out: DeliveryCursor[] = [];
    const batch = limit + 16;
    for (let offset = 0; out.length <= limit; offset += batch) {
      const flat = ascending
        ? await this.o.redis.zrangebyscore(key, cursor ? cursor.score : '-inf', '+inf', 'WITHSCORES', 'LIMIT', offset, batch)
        : await this.o.redis.zrevrangebyscore(key, cursor ? cursor.score : '+inf', '-inf', 'WITHSCORES', 'LIMIT', offset, batch);
      for (let i = 0; i < flat.length && out.length <= limit; i += 2) {
        const row = { id: flat[i]!, score: Number(flat[i + 1]) };
        // Entries tied with the cursor's score come in id order; skip those already shown.
        if (cursor && row.score === cursor.score && (ascending ? row.id <= cursor.id : row.id >= cursor.id)) continue;
        out.push(row);
      }
      if (flat.length < batch * 2) break;
    }
    return out;
  }

  private view(id: string, h: Record<string, string>, dueAt: number | null): DeliveryView {
    return {
      id,
      type: h.type ?? '',
      status: (h.status ?? 'pending') as DeliveryStatus,
      workflow_id: h.workflow_id || null,
      sequence: h.sequence ? Number(h.sequence) : null,
      created_at: iso(h.created_at)!,
      attempts: Number(h.attempts ?? 0),
      next_attempt_at: dueAt === null ? null : new Date(dueAt).toISOString(),
      last_attempt_at: iso(h.last_attempt_at),
      last_status_code: h.last_status ? Number(h.last_status) : null,
      last_error: h.last_error || null,
      finished_at: iso(h.done_at),
      event: JSON.parse(h.body!) as WebhookEnvelope,
    };
  }
}
