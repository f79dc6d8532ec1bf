/**
 * archiveLedgerTo-2.lua, trimArchivedWorkflows.lua and trimArchivedConversation-3.lua: the archiver's trims (src/archive/archiver.ts),
 * each after the archive in PostgreSQL confirmed what it removes (docs/retention.md).
 */
import type { Redis } from '../client';
import type { Keys } from '../keys';

import { nextStreamId } from '../stream-ids';

export { nextStreamId };

/**
 * Marks the tenant's ledger archived up to position `n` (stream id `sid`), never backwards, and trims
 * the stream up to the marker. Returns the marker after the call and how many entries were trimmed.
 */
export async function runArchiveLedgerTo(redis: Redis, keys: Keys, tenantId: string, n: number, sid: string): Promise<{ archivedTo: number; trimmed: number }> {
  const [archivedTo, trimmed] = await redis.archiveLedgerTo(keys.ledger(tenantId), keys.archived(tenantId), n, sid, nextStreamId(sid));
  return { archivedTo: Number(archivedTo), trimmed: Number(trimmed) };
}

/** A workflow record the archive confirmed, with the `updated_at` it copied. */
export interface ArchivedRecord {
  workflowId: string;
  updatedAt: string;
}

/** Removes confirmed, unchanged workflow records of one tenant in one partition. Returns how many. */
export async function runTrimArchivedWorkflows(redis: Redis, keys: Keys, partition: number, tenantId: string, records: readonly ArchivedRecord[]): Promise<number> {
  if (records.length === 0) return 0;
  const keyList = [keys.workflowIndex(partition, tenantId), ...records.map((r) => keys.workflow(partition, r.workflowId))];
  return redis.trimArchivedWorkflows(keyList.length, ...keyList, ...records.map((r) => r.updatedAt));
}

/**
 * Removes a finished conversation's transcript and held replies of one handover, while its record
 * and its transcript are as the archive copied them (`length` entries, the last `lastId`). True
 * when the transcript is gone.
 */
export async function runTrimArchivedConversation(
  redis: Redis, keys: Keys, a: { partition: number; tenantId: string; workflowId: string; updatedAt: string; length: number; lastId: string },
): Promise<boolean> {
  const p = a.partition;
  return (await redis.trimArchivedConversation(keys.workflow(p, a.workflowId), keys.conversation(p, a.tenantId, a.workflowId), keys.conversationHeld(p, a.tenantId, a.workflowId),
    a.updatedAt, a.length, a.lastId)) === 1;
}
