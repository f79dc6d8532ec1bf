/** redriveDeadLetter-2.lua: one dead letter back on its stage stream. */
import type { Redis } from '../client';
import type { StageName } from '../../../pipeline/vocabulary';
import type { Keys } from '../keys';

/** The new stream entry's id, or missing when the partition's dead-letter stream of `stage` holds no such entry. */
export type RedriveDeadLetterResult = { kind: 'redriven'; streamId: string } | { kind: 'missing' };

export async function runRedriveDeadLetter(redis: Redis, keys: Keys, partition: number, stage: StageName, entryId: string): Promise<RedriveDeadLetterResult> {
  const streamId = await redis.redriveDeadLetter(keys.deadLetters(partition, stage), keys.stream(partition, stage), entryId);
  return streamId ? { kind: 'redriven', streamId } : { kind: 'missing' };
}
