/**
 * appendLedger-2.lua and changeMode-3.lua: writes to a tenant's audit ledger, each a
 * compare-and-set on the ledger's head. The chain (hashes, counts) is computed by the caller
 * (src/audit/audit-chain.ts), since Redis Lua has no SHA-256.
 */
import type { Redis } from '../client';
import type { Keys } from '../keys';

/** Written, or refused because the ledger's head is no longer the one the chain was computed from. */
export type LedgerWriteResult = { kind: 'ok' } | { kind: 'conflict' };

/** The head a write was chained after ('' for an empty ledger), and the head and count after it. */
export interface LedgerHeadMove {
  expectedHead: string;
  newHead: string;
  count: number;
}

/**
 * A run of chained events moved from one partition's audit stream into the tenant's ledger;
 * `cursor` is the stream id of the run's last entry, the partition's new cursor. `events` (each
 * event's fields) and `eventsPerEntry` as src/audit/audit-chain.ts (eventEntries) makes them.
 */
export async function runAppendLedger(
  redis: Redis, keys: Keys, tenantId: string, partition: number,
  a: LedgerHeadMove & { cursor: string; events: string[][]; eventsPerEntry: number },
): Promise<LedgerWriteResult> {
  // The events as plain ARGV, one after the other, each of the same length (appendLedger-2.lua's header).
  const width = a.events[0]?.length ?? 0;
  if (a.events.some((e) => e.length !== width)) throw new Error('appendLedger: every event must have the same fields');
  const result = await redis.appendLedger(keys.ledger(tenantId), keys.ledgerHead(tenantId), a.expectedHead,
    `p${partition}`, a.cursor, a.newHead, a.count, width, a.eventsPerEntry, ...a.events.flat());
  return { kind: result };
}

/** A tenant's operational mode record as changeMode writes it. */
export interface ModeRecord {
  mode: string;
  reason: string;
  changedAt: number;
  changedBy: string;
}

/** The tenant's mode set, with its chained ledger event (`event`: the event's flat field list). */
export async function runChangeMode(
  redis: Redis, keys: Keys, tenantId: string, a: LedgerHeadMove & { event: string[]; mode: ModeRecord },
): Promise<LedgerWriteResult> {
  const mode = ['mode', a.mode.mode, 'reason', a.mode.reason, 'changed_at', String(a.mode.changedAt), 'changed_by', a.mode.changedBy];
  const result = await redis.changeMode(keys.operationalMode(tenantId), keys.ledger(tenantId), keys.ledgerHead(tenantId),
    a.expectedHead, a.newHead, a.count, JSON.stringify(a.event), JSON.stringify(mode));
  return { kind: result };
}
