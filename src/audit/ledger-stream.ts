/**
 * Reading a tenant's ledger stream (`cw:{t:ID}:ledger`) by event. An entry may hold several events
 * (the runs form, src/audit/audit-chain.ts), each with a stream id of its own inside the entry's
 * range, so an event id is not always an entry id: a read that continues after an event must start
 * in the entry that holds it, which `XRANGE (id` alone would skip. Every reader of the ledger
 * stream goes through here (the API's pages, verification, the webhooks, the archiver).
 */
import type { Redis } from '../redis/connection';
import { streamIdAfter } from '../redis/stream-ids';
import { readLedgerEntry, type LedgerEvent } from './audit-chain';

type StreamEntry = [id: string, fields: string[]];

/** An event as the stream holds it, with its stream id. */
export interface LedgerStreamEvent {
  sid: string;
  event: LedgerEvent;
}

/**
 * The ledger's events after the event `afterSid` (from the first when null), oldest first, read
 * from at most `count` entries past it (and the rest of the entry that holds `afterSid`). `more`:
 * the read stopped at `count` entries, so the stream may hold more. Several events an entry means
 * a read may return more than `count` events: callers take what they need and continue after the
 * last event they took. `afterEndsEntry`: `afterSid` is known to be the last event of its entry
 * (a caller that took the whole of its previous read), so that entry is not read again.
 */
export async function ledgerEventsAfter(redis: Redis, key: string, afterSid: string | null, count: number,
  afterEndsEntry = false): Promise<{ events: LedgerStreamEvent[]; more: boolean }> {
  if (afterSid === null || afterEndsEntry) {
    const entries = (await redis.xrange(key, afterSid === null ? '-' : `(${afterSid}`, '+', 'COUNT', count)) as StreamEntry[];
    return { events: entries.flatMap(([id, fields]) => readLedgerEntry(id, fields)), more: entries.length === count };
  }
  // The entry at or before the event (it may hold it and later ones), and the entries after it,
  // in one round trip; both read one key, so one slot on a cluster.
  const replies = (await redis.pipeline()
    .xrevrange(key, afterSid, '-', 'COUNT', 1)
    .xrange(key, `(${afterSid}`, '+', 'COUNT', count)
    .exec()) ?? [];
  for (const [err] of replies) if (err) throw err;
  const holding = (replies[0]?.[1] ?? []) as StreamEntry[];
  const entries = (replies[1]?.[1] ?? []) as StreamEntry[];
  const events: LedgerStreamEvent[] = [];
  for (const [id, fields] of holding) {
    for (const e of readLedgerEntry(id, fields)) if (streamIdAfter(e.sid, afterSid)) events.push(e);
  }
  for (const [id, fields] of entries) events.push(...readLedgerEntry(id, fields));
  return { events, more: entries.length === count };
}

/** The ledger's last event, or null when the stream is empty. */
export async function lastLedgerEvent(redis: Redis, key: string): Promise<LedgerStreamEvent | null> {
  const [last] = (await redis.xrevrange(key, '+', '-', 'COUNT', 1)) as StreamEntry[];
  if (!last) return null;
  const events = readLedgerEntry(last[0], last[1]);
  return events[events.length - 1] ?? null;
}
