/**
 * The hash chain of a tenant's audit ledger. Each event's hash is the SHA-256 of its position,
 * its fields (the status change it made included) and the previous event's hash, in one canonical form, so an event edited, removed
 * or reordered breaks every hash after it; and a rewrite that recomputes the whole chain is
 * caught by a signed checkpoint taken earlier (docs/audit-ledger.md).
 */
import { createHash } from 'node:crypto';
import { joinParts, splitParts } from '../redis/packed-parts';
import { valueIds } from '../redis/stream-ids';

/** The hash before the first event. */
export const genesisHash = '0'.repeat(64);

/** An audit event as the ledger keeps it. `detail` is JSON text and never holds PHI. */
export interface LedgerEvent {
  /** Position in the tenant's ledger, from 1. */
  n: number;
  event_id: string;
  tenant_id: string;
  workflow_id: string;
  stage: string;
  type: string;
  /** When the step happened (ms). */
  at: number;
  detail: string;
  /** The status change the step made, JSON (workflow_id, from, to, seq, …), or '' for none. */
  transition: string;
  prev_hash: string;
  hash: string;
  /**
   * The partner-visible `claim_id_hash` of a status change, kept BESIDE the event and outside its
   * hash (in Redis the tenant's `ledger-claims` hash, in the archive a column), so that erasing a
   * claimant can blank it without breaking a link of the chain (docs/audit-ledger.md). Absent when
   * the event has none, or once the claimant was erased.
   */
  claim_id_hash?: string;
}

export type UnchainedEvent = Omit<LedgerEvent, 'n' | 'prev_hash' | 'hash' | 'transition'> & { transition?: string };

/**
 * A hand-off writes a status change's `claim_id_hash` into its transition (src/redis/lua/includes/
 * audit-append.lua); the mover takes it out before chaining, so the chained transition holds no
 * value derived from a claim id, and the hash is kept unchained beside the event.
 */
export function splitClaimHash(transition: string): { transition: string; claimIdHash: string } {
  if (!transition) return { transition, claimIdHash: '' };
  const t = JSON.parse(transition) as Record<string, unknown>;
  if (!('claim_id_hash' in t)) return { transition, claimIdHash: '' };
  const { claim_id_hash: hash, ...rest } = t;
  return { transition: JSON.stringify(rest), claimIdHash: typeof hash === 'string' ? hash : '' };
}

export function eventHash(e: Omit<LedgerEvent, 'hash'>): string {
  const canonical = JSON.stringify([e.n, e.event_id, e.tenant_id, e.workflow_id, e.stage, e.type, e.at, e.detail, e.transition, e.prev_hash]);
  return createHash('sha256').update(canonical).digest('hex');
}

/** Chains `events` after a head of `count` events ending in `headHash`. */
export function chain(events: UnchainedEvent[], headHash: string, count: number): LedgerEvent[] {
  let prev = headHash;
  return events.map((e, i) => {
    // Built field by field, not spread twice: on Node 20 two spreads make chaining an event about
    // four times as costly, and every event of every workflow is chained.
    const event: LedgerEvent = {
      n: count + i + 1, event_id: e.event_id, tenant_id: e.tenant_id, workflow_id: e.workflow_id, stage: e.stage, type: e.type,
      at: e.at, detail: e.detail, transition: e.transition ?? '', prev_hash: prev, hash: '',
    };
    if (e.claim_id_hash !== undefined) event.claim_id_hash = e.claim_id_hash;
    event.hash = prev = eventHash(event);
    return event;
  });
}

/**
 * How ledger entries are stored in their stream (`LEDGER_ENTRY_FORM`, docs/audit-ledger.md "How an
 * entry is stored"). Every release since the runs form came in reads all three:
 * - **runs** (the default): the events of one append in as few entries as can hold them, up to
 *   16 an entry, one `l1` field each (the packed value below). The entry at `<ms>-<seq>` holding n
 *   events gives them the stream ids `<ms>-<seq>` to `<ms>-<seq + n - 1>`: appendLedger-2.lua moves
 *   the stream's last id to the last of them (XSETID), so no later entry takes an id an event
 *   holds, and every event keeps an id of its own (the API's cursors, the archive's `sid`, the
 *   webhooks' mark). Fewer entries, because each XADD from a script is a command looked up, run
 *   and written again to the append-only file: the ledger's copy was the largest write a
 *   claim-status workflow makes. Readers go through
 *   src/audit/ledger-stream.ts, which starts a read after an event inside the entry that holds it.
 * - **packed**: one event an entry, one field, `l1`, whose value is the event's eleven parts joined
 *   by `\n` in this order: n, event_id, tenant_id, workflow_id, stage, type, at, transition,
 *   prev_hash, hash, detail. One field instead of eleven, because each argument of a write is
 *   converted from Lua, stored, and written again to the append-only file. No part but the last can hold a newline (ids, names, numbers and hashes have
 *   none, and the transition is JSON whose strings escape one); the detail is last and is read as
 *   the rest of the value, so it may hold anything. A rolling upgrade from a release that reads
 *   one event an entry writes this form until every process reads runs.
 * - **fields**: each of the eleven its own field (`n`, `event_id`, ... `hash`), as every release
 *   before the packed form wrote.
 */
export type LedgerEntryForm = 'runs' | 'packed' | 'fields';

/** The name of the one field of a packed ledger entry (the `1` is the format's version). */
export const packedLedgerField = 'l1';

/** One event's fields as an entry of its own (`runs` writes the packed form: its entries hold one event or more). */
export function toFields(e: LedgerEvent, form: LedgerEntryForm = 'packed'): string[] {
  if (form === 'fields') {
    return ['n', String(e.n), 'event_id', e.event_id, 'tenant_id', e.tenant_id, 'workflow_id', e.workflow_id, 'stage', e.stage,
      'type', e.type, 'at', String(e.at), 'detail', e.detail, 'transition', e.transition, 'prev_hash', e.prev_hash, 'hash', e.hash];
  }
  const value = joinParts([String(e.n), e.event_id, e.tenant_id, e.workflow_id, e.stage, e.type, String(e.at), e.transition, e.prev_hash, e.hash], e.detail);
  if (value === null) throw new Error(`ledger event ${e.event_id}: only its detail may hold a newline`);
  return [packedLedgerField, value];
}

/** The most events one entry of the runs form holds (bounds an entry's size, and a page's). */
export const eventsPerRunEntry = 16;

/**
 * A run of chained events as the mover hands it to appendLedger-2.lua: each event's fields, and
 * how many events one entry holds at most (up to 16 in the runs form, else 1).
 */
export function eventEntries(events: readonly LedgerEvent[], form: LedgerEntryForm): { events: string[][]; eventsPerEntry: number } {
  if (form !== 'runs') return { events: events.map((e) => toFields(e, form)), eventsPerEntry: 1 };
  return { events: events.map((e) => toFields(e, 'packed')), eventsPerEntry: eventsPerRunEntry };
}

/**
 * The events of a ledger stream entry (its id and fields as XRANGE returns them), each with its
 * stream id (`sid`): an entry of n `l1` fields at `<ms>-<seq>` holds the events of `<ms>-<seq>` to
 * `<ms>-<seq + n - 1>` (the runs form, above); an entry of any other form one event.
 */
export function readLedgerEntry(entryId: string, fields: readonly string[]): { sid: string; event: LedgerEvent }[] {
  if (fields.length <= 2 || fields[0] !== packedLedgerField) return [{ sid: entryId, event: fromFields(fields) }];
  return valueIds(entryId, fields).map((sid, k) => ({ sid, event: unpackLedgerEntry(fields[2 * k + 1]!) }));
}

/** A ledger entry's fields (as XRANGE returns them) holding one event, in either form, as the event. */
export function fromFields(fields: readonly string[]): LedgerEvent {
  if (fields.length === 2 && fields[0] === packedLedgerField) return unpackLedgerEntry(fields[1]!);
  const f: Record<string, string> = {};
  for (let i = 0; i + 1 < fields.length; i += 2) f[fields[i]!] = fields[i + 1]!;
  return {
    n: Number(f.n), event_id: f.event_id ?? '', tenant_id: f.tenant_id ?? '', workflow_id: f.workflow_id ?? '', stage: f.stage ?? '',
    type: f.type ?? '', at: Number(f.at), detail: f.detail ?? '{}', transition: f.transition ?? '', prev_hash: f.prev_hash ?? '', hash: f.hash ?? '',
  };
}

function unpackLedgerEntry(v: string): LedgerEvent {
  // Ten parts, then the detail (src/redis/packed-parts.ts). A value cut short (not written by
  // toFields) reads its missing parts as empty and its detail as '{}', as missing fields do in the
  // other form, and the chain walk reports the entry as broken.
  const p = splitParts(v, 11);
  return {
    n: Number(p[0]), event_id: p[1] ?? '', tenant_id: p[2] ?? '', workflow_id: p[3] ?? '', stage: p[4] ?? '', type: p[5] ?? '',
    at: Number(p[6] ?? ''), transition: p[7] ?? '', prev_hash: p[8] ?? '', hash: p[9] ?? '', detail: p.length === 11 ? p[10]! : '{}',
  };
}

export interface ChainCheck {
  valid: boolean;
  count: number;
  head_hash: string;
  /** The first event whose link is broken, and how. */
  first_broken: { n: number; event_id: string; problem: string } | null;
}

/**
 * Walks a ledger from the start, a page at a time, and names the first broken link: memory holds
 * one page, never the ledger. After a break it only counts the rest.
 */
export class ChainWalker {
  private prev = genesisHash;
  private count = 0;
  private last = genesisHash;
  private broken: ChainCheck['first_broken'] = null;
  /** The hash of the event at `position` as read, and whether the chain held up to it. */
  at: { hash: string; intact: boolean } | null = null;

  /**
   * `position`: an event position whose hash to keep (a checkpoint's), if the walk reaches it.
   * `start`: where the walk begins when the ledger's oldest events were truncated (a signed
   * truncation checkpoint's position and hash, docs/retention.md); the genesis otherwise.
   */
  constructor(private readonly position: number | null = null, start: { count: number; hash: string } | null = null) {
    if (start) {
      this.count = start.count;
      this.prev = start.hash;
      this.last = start.hash;
    }
  }

  add(page: readonly LedgerEvent[]): void {
    for (const e of page) {
      this.count += 1;
      this.last = e.hash;
      if (!this.broken) {
        const problem = e.n !== this.count ? `position ${e.n} where ${this.count} was expected (an event is missing or out of order)`
          : e.prev_hash !== this.prev ? 'prev_hash does not match the event before it'
          : eventHash(e) !== e.hash ? 'the event was changed after it was written (its hash does not match its content)'
          : null;
        if (problem) this.broken = { n: this.count, event_id: e.event_id, problem };
        this.prev = e.hash;
      }
      if (this.count === this.position) this.at = { hash: e.hash, intact: this.broken === null };
    }
  }

  result(): ChainCheck {
    return this.broken
      ? { valid: false, count: this.count, head_hash: this.last, first_broken: this.broken }
      : { valid: true, count: this.count, head_hash: this.prev, first_broken: null };
  }
}

/** What a walk over a whole ledger found: the chain check, and the hash at a checkpoint's position. */
export interface LedgerWalk {
  check: ChainCheck;
  at: ChainWalker['at'];
}

/**
 * A walk over a ledger's pages, a page at a time (`position`: a checkpoint's, or null). `pace`,
 * called after each page with the time it took and its events, says when to read the next
 * (src/audit/walk-pacing.ts).
 */
export async function walkPages(pages: AsyncIterable<readonly LedgerEvent[]>, position: number | null, pace?: (busyMs: number, events: number) => Promise<void>,
  start: { count: number; hash: string } | null = null): Promise<LedgerWalk> {
  const walker = new ChainWalker(position, start);
  let started = performance.now();
  for await (const page of pages) {
    walker.add(page);
    if (pace) {
      await pace(performance.now() - started, page.length);
      started = performance.now();
    }
  }
  return { check: walker.result(), at: walker.at };
}
