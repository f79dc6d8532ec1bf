/**
 * Durability of acknowledged work across a failover (docs/scaling.md, "What each setting
 * guarantees"). Redis replicates asynchronously: a master answers a write before its replica has
 * it, and a master that dies then takes the write with it. With `REDIS_WAIT_REPLICAS` N > 0 every
 * write that acknowledges work is followed by `WAIT N timeout` on the connection that made it, and
 * counts as done only when N replicas have confirmed it; short of N in time, the write fails with
 * `replica_wait_timeout` (retryable), as a write whose answer was lost on the network would: the
 * caller does not ack, does not answer 200, and does it again.
 *
 * WAIT must reach the node that took the write, over the same connection (it waits for that
 * connection's last write). On a cluster a keyless command goes to a random node, so WAIT travels
 * in one pipeline with the write (scripts, src/redis/scripts.ts) or behind a read of a key of the
 * write's slot (`waitForReplicas`), which ioredis sends over that node's one connection.
 */
import { Cluster } from 'ioredis';
import { AppError } from '../errors';
import type { Redis } from './client';

export interface Durability {
  /** Replicas that must confirm each acknowledging write; 0 turns WAIT off. */
  replicas: number;
  timeoutMs: number;
}

const settings = new WeakMap<object, Durability>();

/** Records what the connection's acknowledging writes wait for (src/redis/connection.ts). */
export function setDurability(redis: Redis, durability: Durability): void {
  if (durability.replicas > 0) settings.set(redis, durability);
}

export function durabilityOf(redis: Redis): Durability | null {
  return settings.get(redis) ?? null;
}

/** Throws `replica_wait_timeout` when WAIT answered fewer replicas than asked. */
export function checkReplicas(acked: unknown, durability: Durability): void {
  if (Number(acked) < durability.replicas) {
    throw new AppError('replica_wait_timeout', `write confirmed by ${Number(acked)} of ${durability.replicas} replicas within ${durability.timeoutMs} ms`);
  }
}

type Pipeline = ReturnType<Redis['pipeline']>;

/**
 * Answers that mean the slot's master is not where the client thought (a failover or a reshard):
 * the command did not run there, or the connection died under it.
 */
const redirected = /^(MOVED|ASK|TRYAGAIN|CLUSTERDOWN) |^Connection is closed|^Too many Cluster redirections/;

/** How often, and how far apart, a redirected write and its WAIT are sent again (about 6.5 s, as ioredis's own 32 retries). */
const retries = 32;
const retryDelayMs = 200;

/**
 * Runs a pipeline of one write and a WAIT, and answers the write's reply once the replicas have
 * it. ioredis resends a cluster pipeline by itself only when every command in it was redirected;
 * WAIT has no key and is answered by whichever node took the pipeline, so a failover would leave
 * the write redirected forever (the slot map is not even refreshed). Here a redirected write
 * refreshes the slot map and goes again, to the new master. The write may run twice when the
 * connection died after it ran: every script is safe to repeat (hand-offs answer `stale`).
 */
export async function execWithWait(redis: Redis, durability: Durability, fill: (pipeline: Pipeline) => void): Promise<unknown> {
  for (let attempt = 0; ; attempt++) {
    const pipeline = redis.pipeline();
    fill(pipeline);
    let replies: [Error | null, unknown][];
    try {
      replies = ((await pipeline.call('WAIT', durability.replicas, durability.timeoutMs).exec()) ?? []) as [Error | null, unknown][];
    } catch (err) {
      replies = [[err as Error, null]];
    }
    const [writeErr, result] = replies[0] ?? [new Error('Connection is closed.'), null];
    if (writeErr) {
      if (!(redis instanceof Cluster) || !redirected.test(writeErr.message) || attempt >= retries) throw writeErr;
      await refreshSlots(redis);
      continue;
    }
    const [waitErr, acked] = replies[1]!;
    if (waitErr) throw waitErr;
    checkReplicas(acked, durability);
    return result;
  }
}

/**
 * After a plain write (not a script) to `key`'s slot: waits for the replicas the connection asks
 * for, if any. The read of `key` routes the pipeline to the node of the write, over its connection.
 * A read redirected means the write's node is gone, and with it the proof: WAIT on a new
 * connection has no write to wait for and would answer at once. The write then counts as failed
 * (`replica_wait_timeout`) and its caller does it again.
 */
export async function waitForReplicas(redis: Redis, key: string): Promise<void> {
  const durability = durabilityOf(redis);
  if (!durability) return;
  const replies = ((await redis.pipeline().exists(key).call('WAIT', durability.replicas, durability.timeoutMs).exec()) ?? []) as [Error | null, unknown][];
  const [readErr] = replies[0] ?? [new Error('Connection is closed.')];
  if (readErr) {
    if (redis instanceof Cluster && redirected.test(readErr.message)) await refreshSlots(redis);
    throw new AppError('replica_wait_timeout', `the node of the write could not be asked to WAIT: ${readErr.message}`, { cause: readErr });
  }
  const [waitErr, acked] = replies[1]!;
  if (waitErr) throw waitErr;
  checkReplicas(acked, durability);
}

async function refreshSlots(cluster: Cluster): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, retryDelayMs));
  // A refresh already running answers this call too; a failed one leaves the next try to refresh again.
  await new Promise<void>((resolve) => cluster.refreshSlotsCache(() => resolve()));
}
