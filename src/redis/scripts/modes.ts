/** releaseHeld-3.lua and releaseRestricted.lua: what a tenant's operational mode held, released when the mode allows it. */
import type { Redis } from '../client';
import type { Keys } from '../keys';

/** releaseHeld for one tenant in one partition: at most `max` held replies back on the outbound stream, in order. Returns how many. */
export function runReleaseHeld(redis: Redis, keys: Keys, partition: number, tenantId: string, max: number): Promise<number> {
  return redis.releaseHeld(keys.heldReplies(partition, tenantId), keys.stream(partition, 'outbound'), keys.heldTenants(partition), tenantId, max);
}

/** The stages held work may return to after RESTRICTED, in the order their keys are declared. */
const restrictedStages = ['router', 'truth', 'knowledge'] as const;

/**
 * releaseRestricted for one tenant in one partition: its held work back on its stages, its paused
 * timers back in the timer set, at most `max` held entries per call.
 */
export async function runReleaseRestricted(redis: Redis, keys: Keys, partition: number, tenantId: string, max: number): Promise<{ entries: number; timers: number }> {
  const keyList = [keys.heldWork(partition, tenantId), keys.pausedTimers(partition, tenantId), keys.workflowTimers(partition),
    keys.restrictedTenants(partition), ...restrictedStages.map((stage) => keys.stream(partition, stage))];
  const index = JSON.stringify(Object.fromEntries(restrictedStages.map((stage, i) => [stage, i + 5])));
  const [entries, timers] = await redis.releaseRestricted(keyList.length, ...keyList, tenantId, max, index);
  return { entries, timers };
}
