/**
 * The archiver, a task of the scheduler role (docs/retention.md). Per tenant, under a lease (redlock)
 * so that two archivers never work on one tenant at once, it moves what is older than the tenant's
 * hot window out of Redis into the archive, always in three steps:
 *
 * 1. copy: INSERT ... ON CONFLICT, keyed by (tenant, workflow id) and (tenant, ledger position), so
 *    a copy repeated after a crash or by a second archiver doubles nothing (a workflow's newer copy
 *    replaces an older one; an event is never replaced);
 *    the same statement adds each workflow it inserts to the tenant's report figures of the day it
 *    started (docs/reports.md), so those count it once too;
 * 2. confirm: read back what the archive holds (the workflow's `updated_at`, the event's hash);
 * 3. trim: remove from Redis only what was confirmed: a workflow record only if unchanged since the
 *    copy, ledger events only from the oldest, up to a marker that only moves forward
 *    (`cw:{t:ID}:archived`), with the ledger head (hash, count) left as it is.
 *
 * A finished human-handover moves with its conversation: the transcript's messages (copied with
 * the record, confirmed message by message, trimmed before the record while both are as copied)
 * and the finished records the transcript names outside the tenant's index (a handler's replies,
 * the template notices), trimmed once the transcript is.
 *
 * A crash between any two steps leaves the data in Redis, in the archive, or in both; never in
 * neither. A lease lost mid-run is harmless for the same reasons: the copy is idempotent and a
 * trim removes only what the archive confirms.
 */
import Redlock from 'redlock';
import type { Checkpoints } from '../audit/checkpoints';
import { humanHandover } from '../../pipeline/workflows/human-handover';
import { readLedgerEntry } from '../audit/audit-chain';
import type { Clock } from '../clock';
import type { ArchiverStep, Config } from '../config';
import type { Logger } from '../logger';
import { execReplies, type Redis } from '../redis/connection';
import type { Keys } from '../redis/keys';
import { runArchiveLedgerTo, runTrimArchivedConversation, runTrimArchivedWorkflows } from '../redis/scripts';
import { AppError } from '../errors';
import { rebuildReportDays } from '../reports/report-rebuild';
import { tenantTimeZone } from '../tenants/tenant-document';
import type { TenantStore } from '../tenants/tenant-store';
import type { ArchivedEvent, ArchiveStore } from './archive-store';
import { readConversation, type ConversationCopy } from './conversations';
import { tenantRetention } from './retention';

/** Statuses after which a workflow record no longer changes (pipeline/workflows/transitions.ts). */
export const finishedStatuses: ReadonlySet<string> = new Set(['completed', 'policy_blocked', 'timed_out', 'cancelled']);

/** Records and events handled per step; a pass does at most `maxPerPass` of each per tenant. */
const batch = 200;
const maxPerPass = 20_000;

export interface ArchivePass {
  workflows: number;
  events: number;
  /** Tenants skipped because another archiver holds their lease. */
  busy: number;
}

export class Archiver {
  private readonly redlock: Redlock;

  constructor(private readonly o: {
    redis: Redis; keys: Keys; config: Config; clock: Clock; log: Logger; archive: ArchiveStore; tenants: TenantStore;
    /** Signs truncation checkpoints at the end of archive retention; without it nothing leaves the archive. */
    checkpoints?: Checkpoints;
  }) {
    // No retries: a tenant another archiver holds is simply skipped this pass.
    this.redlock = new Redlock([o.redis], { retryCount: 0 });
    this.redlock.on('clientError', () => undefined);
  }

  /**
   * Recomputes the tenant's report rows from the archive (docs/reports.md), under the tenant's
   * lease so that no pass copies (and counts) workflows meanwhile; waits for a pass that holds it
   * for at most one lease time.
   */
  async rebuildReports(tenantId: string): Promise<{ workflows: number; days: number }> {
    const doc = await this.o.tenants.get(tenantId);
    const waiting = new Redlock([this.o.redis], { retryCount: Math.ceil(this.o.config.archiveLeaseMs / 500), retryDelay: 500 });
    waiting.on('clientError', () => undefined);
    let lease: Redlock.Lock;
    try {
      lease = await waiting.lock(this.o.keys.archiveLock(tenantId), this.o.config.archiveLeaseMs);
    } catch {
      throw new AppError('conflict', `an archiver held tenant ${tenantId} for longer than ARCHIVE_LEASE; run the rebuild again`);
    }
    // A rebuild reads every archived record of the tenant: its lease is extended while it runs.
    const keep = setInterval(() => { lease.extend(this.o.config.archiveLeaseMs).then((l) => { lease = l; }, () => undefined); }, this.o.config.archiveLeaseMs / 3);
    try {
      return await rebuildReportDays(this.o.archive, tenantId, tenantTimeZone(doc));
    } finally {
      clearInterval(keep);
      await lease.unlock().catch(() => undefined);
    }
  }

  /** One pass over every tenant (or the tenants named). */
  async runOnce(tenantIds?: readonly string[]): Promise<ArchivePass> {
    const pass: ArchivePass = { workflows: 0, events: 0, busy: 0 };
    const tenants = tenantIds ?? await this.o.tenants.list();
    for (const tenantId of tenants) {
      let lease: Redlock.Lock;
      try {
        lease = await this.redlock.lock(this.o.keys.archiveLock(tenantId), this.o.config.archiveLeaseMs);
      } catch {
        pass.busy += 1;
        continue;
      }
      try {
        const done = await this.archiveTenant(tenantId, lease);
        pass.workflows += done.workflows;
        pass.events += done.events;
      } finally {
        await lease.unlock().catch(() => undefined);
      }
    }
    if (pass.workflows + pass.events > 0) {
      this.o.log.info({ ...pass }, 'archived to PostgreSQL');
      await this.o.archive.analyzeIfEmbedded().catch((err: Error) => this.o.log.warn({ err: err.message }, 'archive ANALYZE failed; trying again after the next pass that archives'));
    }
    await this.vacuumAfterErasures(tenants);
    return pass;
  }

  /**
   * Each erasure that changed archived rows counts itself in its tenant's `erasures`
   * (src/claimants/erasure.ts); the first pass after it vacuums and reindexes the archive once for
   * all of them (ArchiveStore.vacuumAfterErasure), then records the counts it read as
   * `vacuumed_erasures`, so an erasure counted meanwhile is vacuumed at the next pass. Two
   * schedulers at once can only vacuum twice, never skip one; a failure leaves it to the next pass.
   */
  private async vacuumAfterErasures(tenants: readonly string[]): Promise<void> {
    const { redis, keys } = this.o;
    const due: [string, string][] = [];
    for (const tenantId of tenants) {
      const [erasures, vacuumed] = await redis.hmget(keys.archived(tenantId), 'erasures', 'vacuumed_erasures');
      if (Number(erasures ?? 0) > Number(vacuumed ?? 0)) due.push([tenantId, erasures!]);
    }
    if (due.length === 0) return;
    try {
      await this.o.archive.vacuumAfterErasure();
    } catch (err) {
      this.o.log.error({ err: (err as Error).message }, 'archive vacuum after erasure failed; trying again next pass');
      return;
    }
    for (const [tenantId, erasures] of due) await redis.hset(keys.archived(tenantId), 'vacuumed_erasures', erasures);
    this.o.log.info({ tenants: due.length }, 'archive vacuumed and reindexed after erasures');
  }

  private async archiveTenant(tenantId: string, lease: Redlock.Lock): Promise<{ workflows: number; events: number }> {
    const doc = await this.o.tenants.get(tenantId).catch(() => null);
    const retention = tenantRetention(doc, this.o.config.retention);
    const cutoff = this.o.clock.now() - retention.hotWindowMs;
    // Report figures count each copied workflow on its start's local date in the tenant's zone now.
    const zone = tenantTimeZone(doc ?? {});
    const keep = async () => { lease = await lease.extend(this.o.config.archiveLeaseMs).catch(() => lease); };
    let workflows = 0;
    for (let p = 0; p < this.o.keys.partitions; p++) {
      workflows += await this.archiveWorkflows(tenantId, p, cutoff, zone, keep);
    }
    const events = await this.archiveEvents(tenantId, cutoff, keep);
    await this.truncate(tenantId, this.o.clock.now() - retention.archiveRetentionMs);
    return { workflows, events };
  }

  /**
   * The end of archive retention: the archived ledger's oldest run older than `before` is cut after
   * a signed truncation checkpoint (position and hash of its last event) is recorded, from which
   * verification continues; archived workflows finished before `before` are removed. The checkpoint
   * is written before anything is removed, so a crash in between removes nothing unaccounted for.
   */
  private async truncate(tenantId: string, before: number): Promise<void> {
    const { archive, checkpoints, redis, keys } = this.o;
    if (!checkpoints) return;
    const archivedTo = Number((await redis.hget(keys.archived(tenantId), 'ledger_n')) ?? 0);
    const workflowsArchived = (await redis.hget(keys.archived(tenantId), 'workflows')) === '1';
    if (archivedTo === 0 && !workflowsArchived) return;
    const current = archivedTo > 0 ? await archive.latestTruncation(tenantId) : null;
    const point = archivedTo > 0 ? await archive.truncationPoint(tenantId, before, archivedTo) : null;
    if (point && point.n > (current?.n ?? 0)) {
      try {
        const signed = await checkpoints.issue(tenantId, point.n, point.hash, this.o.clock.now());
        await archive.putTruncation(tenantId, { n: point.n, hash: point.hash, checkpoint: signed.checkpoint, jwk: signed.jwk, truncatedAt: this.o.clock.now() });
      } catch (err) {
        // No signing key in this process yet (the API role makes it): the events stay until a later pass.
        this.o.log.warn({ tenant_id: tenantId, err: (err as Error).message }, 'truncation checkpoint not signed; archived events past retention kept for now');
      }
    }
    const latest = archivedTo > 0 ? await archive.latestTruncation(tenantId) : null;
    const removed = await archive.removeTruncated(tenantId, latest?.n ?? 0, before);
    if (removed.events + removed.workflows > 0) this.o.log.info({ tenant_id: tenantId, ...removed, truncated_after: latest?.n ?? 0 }, 'removed from the archive at the end of retention');
  }

  /** Finished workflows of one partition, finished before `cutoff`: copy, confirm, trim. */
  private async archiveWorkflows(tenantId: string, partition: number, cutoff: number, zone: string, keep: () => Promise<void>): Promise<number> {
    const { redis, keys, archive } = this.o;
    const index = keys.workflowIndex(partition, tenantId);
    let archived = 0;
    let offset = 0;
    while (archived < maxPerPass) {
      // A workflow finishes after it starts: only those started before the cutoff can be due.
      const ids = await redis.zrangebyscore(index, '-inf', cutoff, 'LIMIT', offset, batch);
      if (ids.length === 0) break;
      const read = redis.pipeline();
      for (const id of ids) read.hgetall(keys.workflow(partition, id));
      const records = (await execReplies(read)) as Record<string, string>[];
      const due = records.filter((h) => isDue(h, tenantId, cutoff));
      if (due.length > 0) {
        // Each handover's conversation, and the finished records it names, go with it.
        const conversations = new Map<string, ConversationCopy>();
        for (const h of due) {
          if (h.workflow_type !== humanHandover.type || h.handover_workflow_id) continue;
          conversations.set(h.workflow_id!, await readConversation(redis, keys, partition, tenantId, h.workflow_id!));
        }
        const named = await this.namedRecords(partition, tenantId, conversations, cutoff);
        await archive.putWorkflows(tenantId, [...due, ...named], this.o.clock.now(), zone);
        for (const [id, copy] of conversations) await archive.putConversation(tenantId, id, copy.messages, this.o.clock.now());
        await this.step('workflows-copied');
        const held = await archive.confirmWorkflows(tenantId, [...due, ...named].map((h) => h.workflow_id!));
        const heldMessages = await archive.conversationIds(tenantId, [...conversations.keys()]);
        await this.step('workflows-confirmed');
        const unchanged = (h: Record<string, string>) => held.get(h.workflow_id!) === h.updated_at;
        const whole = (id: string) => conversations.get(id)?.messages.every((m) => heldMessages.get(id)?.has(m.message.id)) ?? true;
        let confirmed = due.filter((h) => unchanged(h) && whole(h.workflow_id!));
        // Readers look in the archive only once this says a record may have left Redis.
        if (confirmed.length > 0) await redis.hset(keys.archived(tenantId), 'workflows', '1');
        // A transcript goes before its record (GET .../messages reads one gone from Redis from the
        // archive); a record whose transcript moved on since the copy stays for the next pass.
        const moved = new Set<string>();
        for (const h of confirmed) {
          const copy = conversations.get(h.workflow_id!);
          if (!copy) continue;
          const gone = await runTrimArchivedConversation(redis, keys, { partition, tenantId, workflowId: h.workflow_id!, updatedAt: h.updated_at!, length: copy.length, lastId: copy.lastId });
          if (gone) moved.add(h.workflow_id!);
        }
        confirmed = confirmed.filter((h) => !conversations.has(h.workflow_id!) || moved.has(h.workflow_id!));
        const removed = await runTrimArchivedWorkflows(redis, keys, partition, tenantId, confirmed.map(asArchived));
        const removedNamed = await runTrimArchivedWorkflows(redis, keys, partition, tenantId,
          named.filter((h) => unchanged(h) && moved.has(h.handover_workflow_id!)).map(asArchived));
        await this.step('workflows-trimmed');
        archived += removed + removedNamed;
        offset += ids.length - removed;
      } else {
        offset += ids.length;
      }
      await keep();
      if (ids.length < batch) break;
    }
    return archived;
  }

  /**
   * Of the records these handovers' transcripts name (in Redis, or in the archive already when a
   * pass stopped after trimming a transcript and before its record), those that move with them:
   * the tenant's, naming one of them as their conversation (`handover_workflow_id`), finished
   * before the cutoff. (A reply still held for the claimant's window when the conversation ended
   * never goes out and stays unfinished: it stays in Redis, where an erasure still finds it
   * through the archived transcript.)
   */
  private async namedRecords(partition: number, tenantId: string, conversations: ReadonlyMap<string, ConversationCopy>, cutoff: number): Promise<Record<string, string>[]> {
    if (conversations.size === 0) return [];
    const ids = new Set([...conversations.values()].flatMap((c) => c.named));
    for (const id of await this.o.archive.conversationWorkflows(tenantId, [...conversations.keys()])) if (!conversations.has(id)) ids.add(id);
    if (ids.size === 0) return [];
    const read = this.o.redis.pipeline();
    for (const id of ids) read.hgetall(this.o.keys.workflow(partition, id));
    const records = (await execReplies(read)) as Record<string, string>[];
    return records.filter((h) => conversations.has(h.handover_workflow_id ?? '') && isDue(h, tenantId, cutoff));
  }

  /**
   * Ledger events older than `cutoff`, from the oldest: copy, confirm (same hash at each position),
   * then move the marker and trim up to it. Stops at the first event that is not yet due, and at the
   * last one the ledger webhooks were made from (`webhooked_n`), so none is trimmed unpublished.
   */
  private async archiveEvents(tenantId: string, cutoff: number, keep: () => Promise<void>): Promise<number> {
    const { redis, keys, archive } = this.o;
    const published = Number((await redis.hget(keys.ledgerHead(tenantId), 'webhooked_n')) ?? 0);
    let archived = 0;
    while (archived < maxPerPass) {
      const entries = (await redis.xrange(keys.ledger(tenantId), '-', '+', 'COUNT', batch)) as [string, string[]][];
      // Whole entries only (an entry may hold several events, src/audit/audit-chain.ts): the trim
      // drops entries, so the marker always ends one, and Redis holds exactly the events after it.
      const due: ArchivedEvent[] = [];
      /** The sids that end an entry: the marker may only stop at one of them. */
      const entryEnds = new Set<string>();
      for (const [id, fields] of entries) {
        const events = readLedgerEntry(id, fields);
        if (events.some(({ event: e }) => e.at >= cutoff || e.n > published)) break;
        for (const { sid, event } of events) due.push({ ...event, sid });
        entryEnds.add(events[events.length - 1]!.sid);
      }
      if (due.length === 0) break;
      // Each status change's unchained claim hash goes with it into its own column.
      const changes = due.filter((e) => e.transition);
      if (changes.length > 0) {
        const hashes = await redis.hmget(keys.ledgerClaims(tenantId), ...changes.map((e) => e.event_id));
        changes.forEach((e, i) => { if (hashes[i]) e.claim_id_hash = hashes[i]!; });
      }
      await archive.putEvents(tenantId, due);
      await this.step('events-copied');
      const held = await archive.eventHashes(tenantId, due[0]!.n, due[due.length - 1]!.n);
      await this.step('events-confirmed');
      let last: ArchivedEvent | null = null;
      for (const e of due) {
        if (held.get(e.n) !== e.hash) break;
        if (entryEnds.has(e.sid)) last = e;
      }
      if (!last) {
        this.o.log.error({ tenant_id: tenantId, n: due[0]!.n }, 'the archive does not hold the ledger events just copied (a different hash at the same position); nothing trimmed');
        break;
      }
      await runArchiveLedgerTo(redis, keys, tenantId, last.n, last.sid);
      // Trimmed events are read from the archive now, with the hash in its column.
      const trimmed = due.slice(0, due.indexOf(last) + 1).filter((e) => e.transition).map((e) => e.event_id);
      if (trimmed.length > 0) await redis.hdel(keys.ledgerClaims(tenantId), ...trimmed);
      await this.step('events-trimmed');
      archived += due.indexOf(last) + 1;
      await keep();
      if (last !== due[due.length - 1] || entryEnds.size < entries.length || entries.length < batch) break;
    }
    return archived;
  }

  /** Tests only (`ARCHIVER_STOP_AT`): at the named step the archiver says so and goes no further. */
  private async step(name: ArchiverStep): Promise<void> {
    if (this.o.config.archiverStopAt !== name) return;
    this.o.log.warn({ step: name }, `archiver stopped at ${name} (ARCHIVER_STOP_AT)`);
    await new Promise<never>(() => undefined);
  }
}

/** Whether a record is due for the archive: the tenant's, finished before the cutoff. */
function isDue(h: Record<string, string>, tenantId: string, cutoff: number): boolean {
  return Boolean(h.workflow_id) && h.tenant_id === tenantId && finishedStatuses.has(h.status ?? '') && Number(h.completed_at ?? h.updated_at) <= cutoff;
}

function asArchived(h: Record<string, string>): { workflowId: string; updatedAt: string } {
  return { workflowId: h.workflow_id!, updatedAt: h.updated_at! };
}
