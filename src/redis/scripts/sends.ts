/** beginSend-2.lua: the outbound stage's step check and send intent in one call (docs/workflows.md, "Effectively-once replies"). */
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
