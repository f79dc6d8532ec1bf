/**
 * The webhook scripts (docs/webhooks.md): a tenant's endpoint (putWebhookEndpoint-1,
 * rotateWebhookSecret-1, disableWebhookEndpoint-1) and its outbox (enqueueWebhook-5,
 * claimWebhooks-1, settleWebhook-5, requeueWebhook-4).
 */
import type { Redis } from '../client';
import type { Keys } from '../keys';

/** Sets the endpoint's URL and enables it; the sealed secret is stored only when the endpoint has none. True when the endpoint (and its secret) was created. */
export async function runPutWebhookEndpoint(
  redis: Redis, keys: Keys, tenantId: string, a: { url: string; sealedSecret: string; fingerprint: string; now: number },
): Promise<boolean> {
  return (await redis.putWebhookEndpoint(keys.webhookEndpoint(tenantId), a.url, a.now, a.sealedSecret, a.fingerprint)) === 1;
}

/** A new current secret; the old one keeps signing until `previousExpiresAt` (none when not after `now`). False when the tenant has no endpoint. */
export async function runRotateWebhookSecret(
  redis: Redis, keys: Keys, tenantId: string, a: { sealedSecret: string; fingerprint: string; now: number; previousExpiresAt: number },
): Promise<boolean> {
  return (await redis.rotateWebhookSecret(keys.webhookEndpoint(tenantId), a.sealedSecret, a.fingerprint, a.now, a.previousExpiresAt)) === 1;
}

/** Disables the endpoint unless it was PUT again after `epoch`. True when it was disabled. */
export async function runDisableWebhookEndpoint(redis: Redis, keys: Keys, tenantId: string, epoch: string, reason: string, now: number): Promise<boolean> {
  return (await redis.disableWebhookEndpoint(keys.webhookEndpoint(tenantId), epoch, reason, now)) === 1;
}

export interface EnqueueWebhookArgs {
  messageId: string;
  /** The JSON body up to the sequence value, and after it: the script puts the sequence between. */
  bodyHead: string;
  bodyTail: string;
  /** The sequence the caller gives; without one, a workflow's event gets the workflow's next number. */
  sequence?: number;
  type: string;
  workflowId?: string;
  now: number;
  /** The `traceparent` the delivery's span is the child of (tracing on only; docs/tracing.md). */
  traceparent?: string;
}

/**
 * Queued with its sequence (null: an event of no workflow, given none); no_endpoint when the
 * tenant has no endpoint (nothing kept); duplicate when a message with this id was queued before
 * (nothing changed; the sequence it got then).
 */
export type EnqueueWebhookResult =
  | { kind: 'queued'; sequence: number | null }
  | { kind: 'no_endpoint' }
  | { kind: 'duplicate'; sequence: number | null };

export async function runEnqueueWebhook(redis: Redis, keys: Keys, tenantId: string, a: EnqueueWebhookArgs): Promise<EnqueueWebhookResult> {
  const [queued, sequence] = await redis.enqueueWebhook(
    keys.webhookEndpoint(tenantId), keys.webhookMessage(tenantId, a.messageId), keys.webhookDue(tenantId), keys.webhookEvents(tenantId), keys.webhookSequences(tenantId),
    a.messageId, a.now, a.bodyHead, a.bodyTail, a.sequence === undefined ? '' : String(a.sequence), a.type, a.workflowId ?? '',
    a.traceparent ?? '',
  );
  const seq = sequence === '' ? null : Number(sequence);
  if (queued === 1) return { kind: 'queued', sequence: seq };
  return queued === 2 ? { kind: 'duplicate', sequence: seq } : { kind: 'no_endpoint' };
}

/** Leases at most `max` due deliveries until `leaseEnd`; their message ids, oldest due first. */
export function runClaimWebhooks(redis: Redis, keys: Keys, tenantId: string, now: number, leaseEnd: number, max: number): Promise<string[]> {
  return redis.claimWebhooks(keys.webhookDue(tenantId), now, leaseEnd, max);
}

export type SettleOutcome = 'delivered' | 'failed' | 'retry' | 'held';

export interface SettleWebhookArgs {
  messageId: string;
  /** The lease end the delivery was claimed with (the sender's fencing token). */
  leaseEnd: number;
  outcome: SettleOutcome;
  /** The next attempt (ms), for retry and held. */
  nextAt: number;
  /** The HTTP status of the answer; null when there was none. */
  httpStatus: number | null;
  /** The error text; '' when none. */
  error: string;
  retentionMs: number;
  /** Whether this attempt counts toward the retry schedule. */
  counts: boolean;
  now: number;
}

/** Recorded, or stale when the lease was lost (another sender took the delivery over; nothing written). */
export type SettleWebhookResult = { kind: 'ok' } | { kind: 'stale' };

export async function runSettleWebhook(redis: Redis, keys: Keys, tenantId: string, a: SettleWebhookArgs): Promise<SettleWebhookResult> {
  const result = await redis.settleWebhook(
    keys.webhookMessage(tenantId, a.messageId), keys.webhookDue(tenantId), keys.webhookDelivered(tenantId), keys.webhookFailed(tenantId), keys.webhookEvents(tenantId),
    a.messageId, a.leaseEnd, a.now, a.outcome, a.nextAt, a.httpStatus === null ? '' : String(a.httpStatus), a.error, a.retentionMs, a.counts ? '1' : '0',
  );
  return { kind: result };
}

export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed';

/**
 * requeued: the delivery had one of the statuses asked for (`was`) and is pending now, due at
 * once with a fresh schedule; left: it had another status and nothing changed; missing: no such
 * delivery of the tenant.
 */
export type RequeueWebhookResult =
  | { kind: 'requeued'; was: WebhookDeliveryStatus }
  | { kind: 'left'; status: WebhookDeliveryStatus }
  | { kind: 'missing' };

/**
 * requeueWebhook for each of `messageIds`, pipelined (each its own atomic call): one result per
 * id, in order, or the error that call got.
 */
export async function runRequeueWebhooks(
  redis: Redis, keys: Keys, tenantId: string, messageIds: readonly string[], statuses: readonly WebhookDeliveryStatus[], now: number,
): Promise<(RequeueWebhookResult | Error)[]> {
  const pipeline = redis.pipeline();
  const allowed = statuses.join(',');
  for (const id of messageIds) {
    pipeline.requeueWebhook(keys.webhookMessage(tenantId, id), keys.webhookDue(tenantId), keys.webhookDelivered(tenantId), keys.webhookFailed(tenantId), id, now, allowed);
  }
  const replies = (await pipeline.exec()) ?? [];
  return messageIds.map((_, i): RequeueWebhookResult | Error => {
    const [err, raw] = replies[i] ?? [null, 'missing'];
    if (err) return err;
    const status = raw as string;
    if (status === 'missing') return { kind: 'missing' };
    return statuses.includes(status as WebhookDeliveryStatus)
      ? { kind: 'requeued', was: status as WebhookDeliveryStatus }
      : { kind: 'left', status: status as WebhookDeliveryStatus };
  });
}

/** requeueWebhook for one delivery; throws the error its call got. */
export async function runRequeueWebhook(
  redis: Redis, keys: Keys, tenantId: string, messageId: string, statuses: readonly WebhookDeliveryStatus[], now: number,
): Promise<RequeueWebhookResult> {
  const [result] = await runRequeueWebhooks(redis, keys, tenantId, [messageId], statuses, now);
  if (result instanceof Error) throw result;
  return result!;
}
