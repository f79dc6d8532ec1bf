/**
 * Each tenant's audit ledger: append-only, hash-chained (src/audit/audit-chain.ts).
 *
 * A hand-off writes its audit event into its partition's stream (`cw:{pN}:audit`) in the same
 * atomic step as the hand-off, so no handed-off event is ever lost. The mover, run by the
 * scheduler role, then moves those events into each tenant's ledger (`cw:{t:ID}:ledger`):
 * it reads them through a consumer group, chains them, appends them with a compare-and-set on
 * the ledger head, and only then acknowledges and deletes them. A mover that dies mid-way leaves
 * its entries pending; another reclaims them, and the per-partition cursor in the head skips
 * whatever was already appended. The ledger is never trimmed.
 */
import { hostname } from 'node:os';
import type { Logger } from '../logger';
import type { Redis } from '../redis/connection';
import type { Keys } from '../redis/keys';
import { ensureGroups } from '../runtime/stage-worker';
import { chain, fromFields, genesisHash, toFields, type LedgerEvent, type UnchainedEvent } from './audit-chain';

type StreamEntry = [id: string, fields: string[]];

/** Stream ids compare by time, then sequence. */
function after(a: string, b: string): boolean {
  const [am, as] = a.split('-').map(Number) as [number, number];
  const [bm, bs] = b.split('-').map(Number) as [number, number];
  return am > bm || (am === bm && as > bs);
}

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
const reclaimIdleMs = 30_000;

export class AuditLedger {
  private readonly consumer = `${hostname()}:${process.pid}:ledger`;
  private groupsReady = false;

  constructor(private readonly redis: Redis, private readonly keys: Keys, private readonly partitions: number, private readonly log: Logger) {}

  /** Moves every waiting audit event of every partition into its tenant's ledger. */
  async moveOnce(): Promise<number> {
    const streams = Array.from({ length: this.partitions }, (_, p) => this.keys.audit(p));
    if (!this.groupsReady) {
      await ensureGroups(this.redis, streams, this.keys.ledgerGroup());
      this.groupsReady = true;
    }
    let moved = 0;
    for (let p = 0; p < this.partitions; p++) {
      const stream = streams[p]!;
      const [, reclaimed] = (await this.redis.xautoclaim(stream, this.keys.ledgerGroup(), this.consumer, reclaimIdleMs, '0-0', 'COUNT', 500)) as [string, StreamEntry[]];
      const fresh = (await this.redis.xreadgroup('GROUP', this.keys.ledgerGroup(), this.consumer, 'COUNT', 500, 'STREAMS', stream, '>')) as [string, StreamEntry[]][] | null;
      const entries = [...reclaimed.filter((e) => e && e[1]), ...(fresh?.[0]?.[1] ?? [])];
      if (entries.length === 0) continue;
      const byTenant = new Map<string, { id: string; event: UnchainedEvent }[]>();
      for (const [id, fields] of entries) {
        const f: Record<string, string> = {};
        for (let i = 0; i + 1 < fields.length; i += 2) f[fields[i]!] = fields[i + 1]!;
        const tenant = f.tenant ?? '';
        const list = byTenant.get(tenant) ?? [];
        list.push({ id, event: { event_id: `ae-${p}-${id}`, tenant_id: tenant, workflow_id: f.workflow_id ?? '', stage: f.stage ?? '', type: f.type ?? '', at: Number(f.at ?? 0), detail: f.detail ?? '{}', transition: f.transition ?? '' } });
        byTenant.set(tenant, list);
      }
      for (const [tenant, list] of byTenant) moved += await this.append(tenant, p, list);
      const ids = entries.map(([id]) => id);
      await this.redis.xack(stream, this.keys.ledgerGroup(), ...ids);
      await this.redis.xdel(stream, ...ids);
    }
    return moved;
  }

  /** Appends one partition's run of a tenant's events, retrying when another mover got there first. */
  private async append(tenantId: string, partition: number, list: { id: string; event: UnchainedEvent }[]): Promise<number> {
    const cursorField = `p${partition}`;
    for (let attempt = 0; attempt < 50; attempt++) {
      const head = await this.redis.hgetall(this.keys.ledgerHead(tenantId));
      const cursor = head[cursorField];
      const todo = cursor ? list.filter((e) => after(e.id, cursor)) : list;
      if (todo.length === 0) return 0;
      const chained = chain(todo.map((e) => e.event), head.hash ?? genesisHash, Number(head.count ?? 0));
      const last = chained[chained.length - 1]!;
      const result = await this.redis.appendLedger(this.keys.ledger(tenantId), this.keys.ledgerHead(tenantId), head.hash ?? '',
        cursorField, todo[todo.length - 1]!.id, last.hash, last.n, JSON.stringify(chained.map(toFields)));
      if (result === 'ok') return chained.length;
    }
    this.log.error({ tenant_id: tenantId, partition }, 'audit ledger append kept conflicting; the events stay pending and will be retried');
    throw new Error('audit ledger append conflict');
  }

  async head(tenantId: string): Promise<{ count: number; hash: string }> {
    const head = await this.redis.hgetall(this.keys.ledgerHead(tenantId));
    return { count: Number(head.count ?? 0), hash: head.hash ?? genesisHash };
  }

  /** A page of the ledger, oldest first, filtered; `next` continues after the last entry scanned. */
  async read(tenantId: string, q: LedgerQuery): Promise<{ events: (LedgerEvent & { cursor: string })[]; next: string | null }> {
    const found: (LedgerEvent & { cursor: string })[] = [];
    let start = q.after ? `(${q.after}` : '-';
    let scanned = 0;
    let last: string | null = null;
    for (;;) {
      const chunk = (await this.redis.xrange(this.keys.ledger(tenantId), start, '+', 'COUNT', 500)) as StreamEntry[];
      for (const [id, fields] of chunk) {
        scanned += 1;
        last = id;
        const e = fromFields(fields);
        if (q.workflow && e.workflow_id !== q.workflow.id && !q.workflow.eventIds.has(e.event_id)) continue;
        if (q.type && e.type !== q.type) continue;
        if (q.stage && e.stage !== q.stage) continue;
        if (q.from !== undefined && e.at < q.from) continue;
        if (q.to !== undefined && e.at >= q.to) continue;
        found.push({ ...e, cursor: id });
        if (found.length === q.limit) return { events: found, next: id };
      }
      if (chunk.length < 500) return { events: found, next: null };
      if (scanned >= scanBudget) return { events: found, next: last };
      start = `(${chunk[chunk.length - 1]![0]}`;
    }
  }

  /** The whole ledger, oldest first (for verification). */
  async all(tenantId: string): Promise<LedgerEvent[]> {
    const events: LedgerEvent[] = [];
    let start = '-';
    for (;;) {
      const chunk = (await this.redis.xrange(this.keys.ledger(tenantId), start, '+', 'COUNT', 1000)) as StreamEntry[];
      events.push(...chunk.map(([, fields]) => fromFields(fields)));
      if (chunk.length < 1000) return events;
      start = `(${chunk[chunk.length - 1]![0]}`;
    }
  }
}
