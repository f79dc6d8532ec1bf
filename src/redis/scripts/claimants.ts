/** endErasedWorkflow-4.lua and recordErasure-2.lua: the scripted steps of a claimant's erasure (src/claimants/erasure.ts). */
import type { Redis } from '../client';
import type { Keys } from '../keys';

export type EndErasedWorkflowResult = 'cancelled' | 'finished' | 'not_found';

/** Ends one open workflow of an erased claimant (status cancelled, its audit event and transition), counting it in the job record. */
export async function runEndErasedWorkflow(
  redis: Redis, keys: Keys, a: { partition: number; tenantId: string; workflowId: string; jobKey: string; detail: Record<string, unknown>; now: number },
): Promise<EndErasedWorkflowResult> {
  return redis.endErasedWorkflow(keys.workflow(a.partition, a.workflowId), keys.workflowTimers(a.partition), keys.audit(a.partition), a.jobKey,
    a.now, a.tenantId, a.workflowId, JSON.stringify(a.detail));
}

/** Writes the erasure's `claimant.erased` event unless this job wrote it already; true when written now. */
export async function runRecordErasure(
  redis: Redis, keys: Keys, a: { partition: number; tenantId: string; jobKey: string; detail: Record<string, unknown>; now: number },
): Promise<boolean> {
  return (await redis.recordErasure(keys.audit(a.partition), a.jobKey, a.tenantId, a.now, JSON.stringify(a.detail))) === 1;
}
