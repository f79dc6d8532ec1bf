/**
 * Each tenant's audit ledger: append-only, hash-chained (src/audit/audit-chain.ts).
 *
 * A hand-off writes its audit event into its partition's stream (`cw:{pN}:audit`) in the same
 * atomic step as the hand-off, so no handed-off event is ever lost (one packed field per event, or
 * seven from an older writer: src/audit/audit-stream-entry.ts reads both). The mover, run by the
 * scheduler role, then moves those events into each tenant's ledger (`cw:{t:ID}:ledger`):
 * it reads them oldest first, chains them, appends them with a compare-and-set on the ledger
 * head (which also moves the partition's cursor), and only then deletes them (one XTRIM MINID
 * when the whole read was moved, else an XDEL of those that were). A mover that dies
 * mid-way leaves them in the stream for the next pass; the per-partition cursor in the head
 * skips whatever was already appended. The ledger is rewritten never; past the tenant's hot window
 * its oldest events move to the archive in PostgreSQL (src/archive/archiver.ts) and reads and
 * verification walk the archive and Redis as one ledger (docs/retention.md).
 */
import type { ArchiveStore, Truncation } from '../archive/archive-store';
import type { Logger } from '../logger';
import type { Redis } from '../redis/connection';
import type { Keys } from '../redis/keys';
import { runAppendLedger } from '../redis/scripts';
import { readAuditEvents } from './audit-stream-entry';
import { ledgerEventsAfter } from './ledger-stream';
import { nextStreamId, streamIdAfter } from '../redis/stream-ids';
import { chain, genesisHash, eventEntries, splitClaimHash, type LedgerEntryForm, type LedgerEvent, type UnchainedEvent } from './audit-chain';

type StreamEntry = [id: string, fields: string[]];

export interface LedgerQuery {
  /**
   * A workflow's events: those it lists in `audit_event_ids` (which include the events of a
   * consent answer folded into it) or written under its id.
   */
  workflow?: { id: string; eventIds: ReadonlySet<string> };
  type?: string;
  stage?: string;
  from?: number;
  to?: number;
  limit: number;
  /** Ledger stream id to continue after. */
  after?: string;
}

/** Entries a single page may scan before it answers with what it found and a cursor. */
const scanBudget = 5000;

export class AuditLedger {
  constructor(private readonly redis: Redis, private readonly keys: Keys, private readonly partitions: number, private readonly log: Logger,
    private readonly archive: ArchiveStore | null = null,
    /** How the mover writes ledger entries (`LEDGER_ENTRY_FORM`; every form is always read). */
    private readonly entryForm: LedgerEntryForm = 'runs') {}

  /**
   * Moves every waiting audit event of every partition into its tenant's ledger.
   *
   * Each partition's stream is read from its oldest entry (no consumer group): what is still in
   * the stream has not been both appended and deleted. Per tenant, the head's partition cursor
   * says how far that partition was appended, so an entry at or before it is already in the
   * ledger. Appending always starts from the oldest waiting entry, so the cursor never passes an
   * entry that was not appended. Entries are deleted only once their tenant's append (by this
   * mover or another) covers them: a mover that dies, or two that race, lose nothing.
   */
  async moveOnce(): Promise<number> {
    let moved = 0;
    for (let p = 0; p < this.partitions; p++) {
      const stream = this.keys.audit(p);
      const entries = (await this.redis.xrange(stream, '-', '+', 'COUNT', 500)) as StreamEntry[];
      if (entries.length === 0) continue;
      const byTenant = new Map<string, { id: string; event: UnchainedEvent }[]>();
      // The tenants each entry holds events of (an entry of a hand-off's events may hold several).
      const tenantsOf: Set<string>[] = [];
      for (const [entryId, fields] of entries) {
        const tenants = new Set<string>();
        // Either form of entry, one event or several (src/audit/audit-stream-entry.ts): the ledger
        // entries made from them are the same.
        for (const { id, event: f } of readAuditEvents(entryId, fields)) {
          const tenant = f.tenant;
          tenants.add(tenant);
          const list = byTenant.get(tenant) ?? [];
          const { transition, claimIdHash } = splitClaimHash(f.transition);
          list.push({ id, event: { event_id: `ae-${p}-${id}`, tenant_id: tenant, workflow_id: f.workflow_id, stage: f.stage, type: f.type, at: Number(f.at || 0), detail: f.detail, transition,
            ...(claimIdHash ? { claim_id_hash: claimIdHash } : {}) } });
          byTenant.set(tenant, list);
        }
        tenantsOf.push(tenants);
      }
      const failed = new Set<string>();
      for (const [tenant, list] of byTenant) {
        try {
          moved += await this.append(tenant, p, list);
        } catch (err) {
          // Kept in the stream: the next pass tries this tenant's events again, in order.
          failed.add(tenant);
          this.log.error({ tenant_id: tenant, partition: p, err: (err as Error).message }, 'audit events not moved this pass');
        }
      }
      // An entry goes once every tenant it holds events of was appended; one that stays is read
      // again next pass, and its events already appended are skipped by their tenant's cursor.
      const done = entries.filter((_, i) => ![...tenantsOf[i]!].some((t) => failed.has(t))).map(([id]) => id);
      if (done.length === entries.length) {
        // Every entry read was moved: one trim below the next id drops them (whole stream nodes at
        // a time) where an XDEL marks each one. Ids only grow (a writer appends with `*`, or above the
        // last id as the hand-off's second entry does, then moves the last id past its events), so
        // an entry added since the read is above the mark and stays.
        await this.redis.xtrim(stream, 'MINID', '=', nextStreamId(entries[entries.length - 1]![0]));
      } else if (done.length > 0) {
        await this.redis.xdel(stream, ...done);
      }
    }
    return moved;
  }

  /** Appends one partition's run of a tenant's events, retrying when another mover got there first. */
  private async append(tenantId: string, partition: number, list: { id: string; event: UnchainedEvent }[]): Promise<number> {
    const cursorField = `p${partition}`;
    for (let attempt = 0; attempt < 50; attempt++) {
      const head = await this.redis.hgetall(this.keys.ledgerHead(tenantId));
      const cursor = head[cursorField];
      const todo = cursor ? list.filter((e) => streamIdAfter(e.id, cursor)) : list;
      if (todo.length === 0) return 0;
      // The unchained claim hashes first: event ids are fixed by the source entries, so a retry
      // writes the same ones, and none is written for an event a crash kept out of the ledger for long.
      const claims = todo.flatMap((e) => (e.event.claim_id_hash ? [e.event.event_id, e.event.claim_id_hash] : []));
      if (claims.length > 0) await this.redis.hset(this.keys.ledgerClaims(tenantId), ...claims);
      const chained = chain(todo.map((e) => e.event), head.hash ?? genesisHash, Number(head.count ?? 0));
      const last = chained[chained.length - 1]!;
      const result = await runAppendLedger(this.redis, this.keys, tenantId, partition, {
        expectedHead: head.hash ?? '', cursor: todo[todo.length - 1]!.id, newHead: last.hash, count: last.n, ...eventEntries(chained, this.entryForm),
      });
      if (result.kind === 'ok') return chained.length;
    }
    this.log.error({ tenant_id: tenantId, partition }, 'audit ledger append kept conflicting; the events stay pending and will be retried');
    throw new Error('audit ledger append conflict');
  }

  async head(tenantId: string): Promise<{ count: number; hash: string }> {
    const head = await this.redis.hgetall(this.keys.ledgerHead(tenantId));
    return { count: Number(head.count ?? 0), hash: head.hash ?? genesisHash };
  }

  /**
   * A page of the ledger, oldest first, filtered; `next` continues after the last entry scanned.
   * Archived and hot events make one ledger: a full page of the archive that ends at or before the
   * archive marker is the page; otherwise the archive and Redis are both read (an event trimmed
   * between the two reads was copied before it was trimmed), the two merged by position, each event
   * once, and the page ends where either read stopped looking, so a page across the boundary has
   * no gap and no duplicate.
   */
  async read(tenantId: string, q: LedgerQuery): Promise<{ events: (LedgerEvent & { cursor: string })[]; next: string | null }> {
    if (!this.archive) return this.readHot(tenantId, q);
    const archivedTo = await this.redis.hget(this.keys.archived(tenantId), 'ledger_sid');
    // Nothing after the cursor has left Redis: the hot page is the page.
    if (!archivedTo || (q.after !== undefined && !streamIdAfter(archivedTo, q.after))) return this.readHot(tenantId, q);
    const cold = await this.archive.readEvents(tenantId, q, q.limit, q.after);
    // A full page that ends at or before the archive marker is the page: the archive holds every
    // event up to the marker (copied before the marker moved), so Redis has nothing to add below
    // it, and a filtered page deep in the archive no longer scans thousands of hot entries first.
    const coldEnd = cold.length === q.limit ? cold[cold.length - 1]!.sid : null;
    if (coldEnd !== null && !streamIdAfter(coldEnd, archivedTo)) {
      const events = cold.map(({ sid, ...event }) => ({ ...event, cursor: sid }));
      return { events, next: coldEnd };
    }
    // Below the marker the archive is complete: Redis is read from the marker on (or the cursor, if later).
    const hot = await this.readHot(tenantId, { ...q, after: q.after !== undefined && streamIdAfter(q.after, archivedTo) ? q.after : archivedTo });
    const ends = [hot.next, cold.length === q.limit ? cold[cold.length - 1]!.sid : null].filter((e): e is string => e !== null);
    const end = ends.reduce<string | null>((a, b) => (a === null || streamIdAfter(a, b) ? b : a), null);
    const byN = new Map<number, LedgerEvent & { cursor: string }>();
    for (const e of cold) {
      const { sid, ...event } = e;
      byN.set(e.n, { ...event, cursor: sid });
    }
    for (const e of hot.events) byN.set(e.n, e);
    const events = [...byN.values()].filter((e) => end === null || !streamIdAfter(e.cursor, end)).sort((a, b) => a.n - b.n).slice(0, q.limit);
    const next = events.length === q.limit ? events[events.length - 1]!.cursor : end;
    return { events, next };
  }

  /** A page of what Redis holds of the ledger. */
  private async readHot(tenantId: string, q: LedgerQuery): Promise<{ events: (LedgerEvent & { cursor: string })[]; next: string | null }> {
    const found: (LedgerEvent & { cursor: string })[] = [];
    let last: string | null = q.after ?? null;
    let scanned = 0;
    // After the first read, `last` ends the previous read (taken whole), so its entry is not read again.
    for (let first = true; ; first = false) {
      const { events, more } = await ledgerEventsAfter(this.redis, this.keys.ledger(tenantId), last, 500, !first);
      for (const { sid, event: e } of events) {
        scanned += 1;
        last = sid;
        if (q.workflow && e.workflow_id !== q.workflow.id && !q.workflow.eventIds.has(e.event_id)) continue;
        if (q.type && e.type !== q.type) continue;
        if (q.stage && e.stage !== q.stage) continue;
        if (q.from !== undefined && e.at < q.from) continue;
        if (q.to !== undefined && e.at >= q.to) continue;
        found.push({ ...e, cursor: sid });
        if (found.length === q.limit) return { events: await this.withClaims(tenantId, found), next: sid };
      }
      if (!more) return { events: await this.withClaims(tenantId, found), next: null };
      if (scanned >= scanBudget) return { events: await this.withClaims(tenantId, found), next: last };
    }
  }

  /** Ledger events with their unchained `claim_id_hash` (status changes only), read from Redis. */
  async withClaims<E extends LedgerEvent>(tenantId: string, events: E[]): Promise<E[]> {
    const changes = events.filter((e) => e.transition);
    if (changes.length === 0) return events;
    const hashes = await this.redis.hmget(this.keys.ledgerClaims(tenantId), ...changes.map((e) => e.event_id));
    changes.forEach((e, i) => { if (hashes[i]) e.claim_id_hash = hashes[i]!; });
    return events;
  }

  /** The signed truncation checkpoint the tenant's ledger now starts after, or null (docs/retention.md). */
  async truncation(tenantId: string): Promise<Truncation | null> {
    return (await this.hasArchived(tenantId)) ? this.archive!.latestTruncation(tenantId) : null;
  }

  /** Whether some of the tenant's ledger events have moved to the archive. */
  async hasArchived(tenantId: string): Promise<boolean> {
    return this.archive !== null && Number((await this.redis.hget(this.keys.archived(tenantId), 'ledger_n')) ?? 0) > 0;
  }

  /**
   * The whole ledger, oldest first, a page at a time (verification holds one page in memory): the
   * archived part (positions up to the archive marker), then what Redis holds after it. When the
   * archiver moved on while the walk read, the events it trimmed are read from the archive.
   */
  async *pages(tenantId: string, pageSize = 1000, afterN = 0): AsyncGenerator<LedgerEvent[]> {
    if (!this.archive) {
      yield* ledgerPages(this.redis, this.keys.ledger(tenantId), pageSize);
      return;
    }
    const archivedTo = async () => Number((await this.redis.hget(this.keys.archived(tenantId), 'ledger_n')) ?? 0);
    let k = afterN;
    let sid: string | null = null;
    let sidEndsEntry = false;
    let mark = await archivedTo();
    for (let rereads = 0; ;) {
      if (k < mark) {
        const rows = await this.archive.eventsAfter(tenantId, k, Math.min(pageSize, mark - k));
        if (rows.length > 0) {
          yield rows.map(({ sid: _sid, ...e }) => e);
          k = rows[rows.length - 1]!.n;
          sid = rows[rows.length - 1]!.sid;
          sidEndsEntry = false;
          continue;
        }
        // The marker names events the archive does not hold: the walk reports the gap.
      }
      // (a sid from the archive may sit inside an entry; one from the last Redis page ends it)
      const read = await ledgerEventsAfter(this.redis, this.keys.ledger(tenantId), sid, pageSize, sidEndsEntry);
      const events = read.events.map((r) => r.event);
      if (events.length > 0 && events[0]!.n > k + 1 && rereads < 5) {
        rereads += 1;
        const moved = await archivedTo();
        if (moved > mark) { mark = moved; continue; }
      }
      if (events.length > 0) yield events;
      if (!read.more) return;
      k = events[events.length - 1]!.n;
      sid = read.events[read.events.length - 1]!.sid;
      sidEndsEntry = true;
    }
  }


  /** The whole ledger, oldest first, in memory (tests and tools over small ledgers). */
  async all(tenantId: string): Promise<LedgerEvent[]> {
    const events: LedgerEvent[] = [];
    for await (const page of this.pages(tenantId)) events.push(...page);
    return events;
  }
}

/**
 * A ledger stream, oldest first, a page at a time. Also run by the verification worker
 * (src/audit/verify-worker.ts) on its own connection, which is why it takes the key and not a tenant.
 */
export async function* ledgerPages(redis: Redis, ledgerKey: string, pageSize: number): AsyncGenerator<LedgerEvent[]> {
  let sid: string | null = null;
  for (;;) {
    // (`sid` ends the previous page, taken whole: its entry is not read again)
    const { events, more } = await ledgerEventsAfter(redis, ledgerKey, sid, pageSize, sid !== null);
    if (events.length > 0) yield events.map((r) => r.event);
    if (!more) return;
    sid = events[events.length - 1]!.sid;
  }
}
