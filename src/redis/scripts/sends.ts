/**
 * beginSend-2.lua: the outbound stage's step check and send intent in one call; recordDelivery-3.lua:
 * what a provider's status of a send changes (docs/workflows.md, "Effectively-once replies" and "Delivery states").
 */
import type { Redis } from '../client';
import type { Keys } from '../keys';

/**
 * Records the intent of the send of `workflowId`'s reply at step `seq` (unless an earlier intent
 * is recorded) while the workflow is still at that step. Answers the send record's four fields of
 * that step as they were (`at`, `msg`, `proof`, `looked`), or null when the workflow is gone or
 * has moved on (nothing written).
 */
export async function runBeginSend(
  redis: Redis, keys: Keys, a: { partition: number; tenantId: string; workflowId: string; seq: number; now: number; lifetimeMs: number },
): Promise<(string | null)[] | null> {
  return redis.beginSend(keys.workflow(a.partition, a.workflowId), keys.sendRecord(a.partition, a.tenantId, a.workflowId), String(a.seq), a.now, a.lifetimeMs);
}

/** What one provider status changed: the send's proof, the workflow's delivery state, the failure's audit event. */
export interface DeliveryChange {
  proved: boolean;
  moved: boolean;
  failed: boolean;
}

/**
 * Records a provider status of the send of `workflowId`'s reply at step `seq`: the send's proof
 * unless it is known, the workflow's delivery state when the status moves it forward, and on the
 * send's first failure a `reply.delivery_failed` audit event (src/redis/lua/recordDelivery-3.lua).
 */
export async function runRecordDelivery(
  redis: Redis, keys: Keys,
  a: { partition: number; tenantId: string; workflowId: string; seq: number; status: string; providerMessageId: string; at: number; now: number; lifetimeMs: number; errorCode: string },
): Promise<DeliveryChange> {
  const [proved, moved, failed] = await redis.recordDelivery(
    keys.workflow(a.partition, a.workflowId), keys.sendRecord(a.partition, a.tenantId, a.workflowId), keys.audit(a.partition),
    String(a.seq), a.status, a.providerMessageId, a.at, a.now, a.lifetimeMs, a.tenantId, a.workflowId, a.partition, a.errorCode,
  );
  return { proved: proved === 1, moved: moved === 1, failed: failed === 1 };
}
