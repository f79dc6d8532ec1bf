/** fireTimers.lua and fireWorkflowTimers.lua: the scheduler's durable timers, per partition. */
import type { Redis } from '../client';
import { stageNames } from '../../../pipeline/vocabulary';
import type { Keys } from '../keys';
import type { StageEntryForm } from '../../runtime/envelope-codec';
import type { WaitTimer } from '../wait-timers';

/**
 * fireTimers for one partition: at most `max` due retry timers moved into their stage streams
 * (one that cannot be fired goes to the partition's dead-timer stream). Returns how many were
 * handled; `max` means there may be more due.
 */
export async function runFireTimers(redis: Redis, keys: Keys, partition: number, now: number, max: number): Promise<number> {
  const keyList = [keys.timers(partition), keys.deadTimers(partition), ...stageNames.map((s) => keys.stream(partition, s))];
  return redis.fireTimers(keyList.length, ...keyList, now, max);
}

/** A due wait timer as the scheduler read it: its member, what it names (null: not a wait timer), and whether its tenant is RESTRICTED now. */
export interface DueWaitTimer {
  member: string;
  timer: WaitTimer | null;
  restricted: boolean;
}

/**
 * fireWorkflowTimers for one partition: each due member (parsed by the caller with
 * src/redis/wait-timers.ts, its one definition) given as the record, stream and name the script
 * needs, every key declared once and named by its index; the items as one JSON argument (one
 * string to send and decode, where seven arguments an item cost both sides more). A member that
 * does not parse, or names no known stage, is only removed (dropped).
 */
export async function runFireWorkflowTimers(
  redis: Redis, keys: Keys, partition: number, due: DueWaitTimer[], entryForm: StageEntryForm,
): Promise<{ fired: number; paused: number; dropped: number }> {
  const keyList = [keys.workflowTimers(partition), keys.restrictedTenants(partition)];
  const indexes = new Map<string, number>();
  const indexOf = (key: string): number => {
    let index = indexes.get(key);
    if (index === undefined) indexes.set(key, (index = keyList.push(key)));
    return index;
  };
  const items = due.map(({ member, timer, restricted }) => (!timer || !(stageNames as readonly string[]).includes(timer.stage)
    ? [member, 0, 0, '', '', '', 0]
    : [member, indexOf(keys.workflow(partition, timer.workflowId)), indexOf(keys.stream(partition, timer.stage as (typeof stageNames)[number])),
      timer.name, timer.tenantId, timer.workflowId, restricted ? indexOf(keys.pausedTimers(partition, timer.tenantId)) : 0]));
  const [fired, paused, dropped] = await redis.fireWorkflowTimers(keyList.length, ...keyList, entryForm, JSON.stringify(items));
  return { fired, paused, dropped };
}
