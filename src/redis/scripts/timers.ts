/** fireTimers.lua and fireWorkflowTimers.lua: the scheduler's durable timers, per partition. */
import type { Redis } from '../client';
import { stageNames } from '../../../pipeline/vocabulary';
import type { Keys } from '../keys';
import type { StageEntryForm } from '../../runtime/envelope-codec';
import { parseWaitTimer } from '../wait-timers';

/**
 * fireTimers for one partition: at most `max` due retry timers moved into their stage streams
 * (one that cannot be fired goes to the partition's dead-timer stream). Returns how many were
 * handled; `max` means there may be more due.
 */
export async function runFireTimers(redis: Redis, keys: Keys, partition: number, now: number, max: number): Promise<number> {
  const keyList = [keys.timers(partition), keys.deadTimers(partition), ...stageNames.map((s) => keys.stream(partition, s))];
  return redis.fireTimers(keyList.length, ...keyList, now, max);
}

/** A due wait timer as the scheduler read it: its member, and whether its tenant is RESTRICTED now. */
export interface DueWaitTimer {
  member: string;
  restricted: boolean;
}

/**
 * fireWorkflowTimers for one partition: each due member parsed here (src/redis/wait-timers.ts,
 * its one definition) into the record, stream and name the script needs, every key declared. A
 * member that does not parse, or names no known stage, is only removed (dropped).
 */
export async function runFireWorkflowTimers(
  redis: Redis, keys: Keys, partition: number, due: DueWaitTimer[], entryForm: StageEntryForm,
): Promise<{ fired: number; paused: number; dropped: number }> {
  const items = due.map((t) => {
    const timer = parseWaitTimer(t.member);
    if (!timer || !(stageNames as readonly string[]).includes(timer.stage)) return { m: t.member };
    const item: Record<string, string> = {
      m: t.member, wf: keys.workflow(partition, timer.workflowId), stream: keys.stream(partition, timer.stage as (typeof stageNames)[number]),
      name: timer.name, tenant: timer.tenantId, wf_id: timer.workflowId,
    };
    if (t.restricted) item.paused = keys.pausedTimers(partition, timer.tenantId);
    return item;
  });
  const keyList = [keys.workflowTimers(partition), keys.restrictedTenants(partition),
    ...new Set(items.flatMap((i) => [i.wf, i.stream, i.paused].filter((k): k is string => k !== undefined)))];
  const [fired, paused, dropped] = await redis.fireWorkflowTimers(keyList.length, ...keyList, JSON.stringify(items), entryForm);
  return { fired, paused, dropped };
}
