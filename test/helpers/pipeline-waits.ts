/**
 * Waits on a harness's running pipeline: nothing left in flight, or the workflow timers due at a
 * moved clock fired. Both poll Redis with a deadline (test/helpers/wait.ts).
 */
import { stageNames } from '../../pipeline/vocabulary';
import type { ManualClock } from '../../src/clock';
import { pipelinePerPartition } from '../../src/redis/connection';
import type { Harness } from './harness';
import { waitFor } from './wait';

/** Nothing in flight: every stage stream drained and no retry waiting. */
export async function pipelineIdle(h: Harness): Promise<void> {
  const { redis, keys } = h.services;
  await waitFor(async () => {
    // One pipeline per partition: on a cluster a pipeline stays in one slot.
    const replies = await pipelinePerPartition(redis, h.config.partitions, (read, p) => {
      for (const s of stageNames) read.xlen(keys.stream(p, s));
      read.zcard(keys.timers(p));
    });
    return replies.flat().every(([, v]) => Number(v) === 0);
  }, { what: 'pipeline idle', timeoutMs: 60_000, intervalMs: 50 });
}

/** Moves the injected clock on by `ms` and waits until the scheduler has fired every workflow timer due by then. */
export async function advanceAndFireTimers(h: Harness, clock: ManualClock, ms: number): Promise<void> {
  clock.advance(ms);
  const target = clock.now();
  await waitFor(async () => {
    let due = 0;
    for (let p = 0; p < h.config.partitions; p++) due += await h.services.redis.zcount(h.services.keys.workflowTimers(p), '-inf', target);
    return due === 0;
  }, { what: 'due workflow timers fired', intervalMs: 20 });
}
