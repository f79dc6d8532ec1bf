/** fireTimers.lua and fireWorkflowTimers.lua: the scheduler's durable timers, per partition. */
import type { Redis } from '../client';
import { stageNames } from '../../../pipeline/vocabulary';
import type { Keys } from '../keys';
import type { StageEntryForm } from '../../runtime/envelope-codec';

/**
 * fireTimers for one partition: at most `max` due retry timers moved into their stage streams
 * (one that cannot be fired goes to the partition's dead-timer stream). Returns how many were
 * handled; `max` means there may be more due.
 */
export async function runFireTimers(redis: Redis, keys: Keys, partition: number, now: number, max: number): Promise<number> {
  const keyList = [keys.timers(partition), keys.deadTimers(partition), ...stageNames.map((s) => keys.stream(partition, s))];
  return redis.fireTimers(keyList.length, ...keyList, now, max);
}

/** A due wait timer as the scheduler read it: its member, the workflow it names, whether its tenant is RESTRICTED now. */
export interface DueWaitTimer {
  member: string;
  /** null when the member does not parse (the script drops it). */
  workflowId: string | null;
  tenantId: string | null;
  restricted: boolean;
}

/** fireWorkflowTimers for one partition: declares every workflow record and paused set the timers name. */
export async function runFireWorkflowTimers(
  redis: Redis, keys: Keys, partition: number, now: number, due: DueWaitTimer[], entryForm: StageEntryForm,
): Promise<{ fired: number; paused: number; dropped: number }> {
  const items = due.map((t): { m: string; wf: string; paused?: string } => {
    const wf = keys.workflow(partition, t.workflowId ?? 'unparsable');
    return t.restricted && t.tenantId !== null ? { m: t.member, wf, paused: keys.pausedTimers(partition, t.tenantId) } : { m: t.member, wf };
  });
  const keyList = [keys.workflowTimers(partition), keys.audit(partition), keys.stream(partition, 'truth'), keys.restrictedTenants(partition),
    ...new Set(items.flatMap((i) => (i.paused ? [i.wf, i.paused] : [i.wf])))];
  const [fired, paused, dropped] = await redis.fireWorkflowTimers(keyList.length, ...keyList, now, JSON.stringify(items), entryForm);
  return { fired, paused, dropped };
}
