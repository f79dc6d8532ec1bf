/**
 * Erasure of a claimant (DPDP Act 2023; docs/retention.md, docs/audit-ledger.md): one module for
 * `POST /v1/claimants/erasure` and `npm run ops -- claimant erase`.
 *
 * It withdraws the claimant's consent (the record is deleted: a claimant who writes again starts
 * a fresh consent flow), cancels their open workflows with the usual transition and webhook, and
 * removes every link from the phone number or claim ids to their data: the workflow records' claim
 * and phone hashes and payloads, the pointers keyed by those hashes, send records, stage-stream,
 * held and dead-letter entries, timers, the ledger's unchained claim hashes, webhook message
 * bodies, channel-status references, and the same in the archive. Their human-handover
 * conversations go whole (transcripts and held replies, in Redis and archived), and the records
 * outside the tenant's index that are theirs (a handler's replies and notices, named by the
 * conversation; any record in flight for them) are found and erased like the others. The
 * ledger's chained events hold nothing derived from the claimant, so they stay, and the chain
 * still verifies. One `claimant.erased` event (counts only) records it.
 *
 * Crash safety: what it found is written first to a job record (`Keys.erasureJob`, named by a
 * keyed HMAC of tenant + phone), every step is idempotent, and the job record goes last, so a
 * re-run after a crash at any step finds the same workflows and finishes the job. Each Redis step
 * touches one hash slot: the claimant's partition `{pN}` or the tenant's `{t:ID}`.
 */
import { createHmac } from 'node:crypto';
import type { ArchiveStore } from '../archive/archive-store';
import type { AuditLedger } from '../audit/audit-ledger';
import { readAuditEvents } from '../audit/audit-stream-entry';
import type { Clock } from '../clock';
import { AppError } from '../errors';
import type { Logger } from '../logger';
import { phiHash, sha256Hex, type PhiRefs } from '../phi';
import { readChannelStatus } from '../intake/channel-status-entry';
import type { Redis } from '../redis/connection';
import type { Keys } from '../redis/keys';
import { runEndErasedWorkflow, runRecordErasure } from '../redis/scripts';
import { parseWaitTimer } from '../redis/wait-timers';
import { fieldsToRecord, readStageEntry } from '../runtime/envelope-codec';
import { stageNames } from '../../pipeline/vocabulary';
import { registeredWorkflows } from '../../pipeline/workflows';
import { isClaimantPhone, phoneRule } from './phone-number';

/**
 * The fields an erased workflow record keeps (in Redis and in the archive's `record`): what the
 * partner API shows of a workflow, none derived from the claimant. Everything else (claim and
 * phone hashes, held payloads with the phone number, ...) is removed.
 */
export const keptRecordFields = [
  'workflow_id', 'tenant_id', 'workflow_type', 'status', 'seq', 'started_at', 'updated_at', 'completed_at', 'channel', 'audit',
  'language', 'outcome', 'error', 'pending_docs_workflow_id', 'deadline_at', 'reminders_sent', 'pd_pending', 'pd_received', 'pd_received_at',
  // human-handover: the queue's times and the handler who held it (src/workflows/workflow-store.ts `handover`).
  'ho_reason', 'ho_queued_at', 'ho_first_response_due', 'ho_max_wait_at', 'ho_sla_breached', 'ho_agent', 'ho_assigned_at',
] as const;

/** What an erasure did (no PHI): the API's answer and the `claimant.erased` event's detail. */
export interface ErasureSummary {
  /** Workflows of the claimant found (in Redis or the archive). */
  workflows: number;
  /** Of those, open ones cancelled now. */
  cancelled: number;
  /** Archived workflow rows blanked. */
  archived_workflows: number;
  /** Whether a consent record existed and was withdrawn (deleted). */
  consent_withdrawn: boolean;
}

/** How long an unfinished erasure's job record is kept for a re-run to finish it. */
const jobLifetimeMs = 7 * 86_400_000;

interface Job {
  workflows: string[];
  claims: string[];
  consent: boolean;
}

export class ClaimantErasure {
  constructor(private readonly o: {
    redis: Redis; keys: Keys; ledger: AuditLedger; archive: ArchiveStore; clock: Clock; log: Logger; refs: PhiRefs; phiRefKey: Buffer;
  }) {}

  /**
   * Erases the claimant `phone` (a full number, src/claimants/phone-number.ts) of `tenantId`;
   * safe to run again, and to re-run after a crash. Throws `invalid_request` for any other phone.
   */
  async erase(tenantId: string, phone: string): Promise<ErasureSummary> {
    if (!isClaimantPhone(phone)) throw new AppError('invalid_request', phoneRule);
    const { redis, keys, clock } = this.o;
    const p = keys.partitionOf(tenantId, phone);
    const phoneHash = phiHash(phone);
    const jobKey = keys.erasureJob(p, tenantId, createHmac('sha256', this.o.phiRefKey).update(`erasure\0${tenantId}\0${phone}`).digest('hex'));
    const consentKey = keys.consent(p, tenantId, sha256Hex(phone));

    // 1. Find, and write down what was found before changing anything.
    const job = await this.readJob(jobKey);
    const found = await this.findWorkflows(tenantId, p, phoneHash);
    const known = new Set([...job.workflows, ...found.map((w) => w.workflowId)]);
    found.push(...(await this.unlistedWorkflows(tenantId, p, phone, phoneHash, known)));
    for (const w of found) {
      if (!job.workflows.includes(w.workflowId)) job.workflows.push(w.workflowId);
      if (w.claimIdHash && !job.claims.includes(w.claimIdHash)) job.claims.push(w.claimIdHash);
    }
    job.consent = job.consent || (await redis.exists(consentKey)) === 1;
    await redis.hset(jobKey, 'workflows', JSON.stringify(job.workflows), 'claims', JSON.stringify(job.claims), 'consent', job.consent ? '1' : '0');
    // It holds claim hashes: should no re-run ever come (or PHI_REF_KEY change meanwhile), it goes by itself.
    await redis.pexpire(jobKey, jobLifetimeMs);

    // 2. End the open workflows (their usual transition and webhook, no claim hash in it).
    for (const workflowId of job.workflows) {
      await runEndErasedWorkflow(redis, keys, { partition: p, tenantId, workflowId, jobKey, detail: { reason: 'claimant_erased' }, now: clock.now() });
    }
    const cancelled = Number((await redis.hget(jobKey, 'cancelled')) ?? 0);

    // 3. The partition's data. The partition is shared by every tenant's claimants: an entry goes
    //    only when its own tenant and phone, or its workflow (one of this claimant's, found above
    //    in this tenant), are the claimant's, each field read from the entry and compared whole.
    // A workflow that keeps one open wait per claimant (human-handover) points at it by their phone's hash.
    const waitPointers = registeredWorkflows().filter((w) => w.wait?.perClaimant).map((w) => keys.claimantWait(p, tenantId, sha256Hex(phone), w.type));
    await redis.del(consentKey, keys.pendingDocsByClaimant(p, tenantId, sha256Hex(phone)), ...waitPointers,
      ...job.workflows.map((w) => keys.sendRecord(p, tenantId, w)));
    // Their conversations with a person: the transcript and the replies held for WhatsApp's window
    // (keys of the workflow's own; none for a workflow that is not a handover).
    for (let i = 0; i < job.workflows.length; i += 200) {
      const batch = job.workflows.slice(i, i + 200);
      await redis.del(...batch.flatMap((w) => [keys.conversation(p, tenantId, w), keys.conversationHeld(p, tenantId, w)]));
    }
    for (const c of job.claims) await this.dropClaimPointer(keys.pendingDocsByClaim(p, tenantId, bare(c)), job.workflows);
    for (const workflowId of job.workflows) await this.scrubRecord(keys.workflow(p, workflowId), tenantId);
    const mine = claimantMatcher(tenantId, phone, job.workflows);
    for (const stage of stageNames) {
      await this.dropEntries(keys.stream(p, stage), mine.stageEntry, keys.group(stage));
      await this.dropEntries(keys.deadLetters(p, stage), mine.stageEntry);
    }
    for (const stream of [keys.heldReplies(p, tenantId), keys.heldWork(p, tenantId)]) await this.dropEntries(stream, mine.stageEntry);
    await this.dropEntries(keys.deadTimers(p), mine.deadTimer);
    await this.dropMembers(keys.timers(p), mine.retryTimer);
    for (const set of [keys.workflowTimers(p), keys.pausedTimers(p, tenantId)]) await this.dropMembers(set, mine.waitTimer);

    // 4. The tenant's data: audit events still in the partition stream are moved first, so
    //    their claim hashes are in the unchained map that is scrubbed next.
    await this.drainAudit(p, job.workflows);
    await this.scrubLedgerClaims(tenantId, job.claims);
    await this.scrubWebhookBodies(tenantId, job.claims, phoneHash, job.workflows);
    await this.dropChannelStatuses(tenantId, this.o.refs.of(phone));

    // 5. The archive.
    let archivedWorkflows = 0;
    if (await this.hasArchive(tenantId)) {
      const done = await this.o.archive.eraseClaimant(tenantId, job.workflows, job.claims, keptRecordFields);
      archivedWorkflows = done.workflows;
      // The old row versions and index entries keep the hashes (and deleted transcript rows their
      // text) until a VACUUM and a REINDEX: the archiver's next pass runs them (src/archive/archiver.ts, docs/retention.md).
      if (done.workflows + done.events + done.messages > 0) await redis.hincrby(keys.archived(tenantId), 'erasures', 1);
    }

    // 6. The ledger event, once; then the job record (the last link to the phone) goes.
    const summary: ErasureSummary = { workflows: job.workflows.length, cancelled, archived_workflows: archivedWorkflows, consent_withdrawn: job.consent };
    await runRecordErasure(redis, keys, { partition: p, tenantId, jobKey, detail: { ...summary }, now: clock.now() });
    await redis.del(jobKey);
    this.o.log.info({ tenant_id: tenantId, ...summary }, 'claimant erased');
    return summary;
  }

  private async readJob(jobKey: string): Promise<Job> {
    const [workflows, claims, consent] = await this.o.redis.hmget(jobKey, 'workflows', 'claims', 'consent');
    return { workflows: workflows ? (JSON.parse(workflows) as string[]) : [], claims: claims ? (JSON.parse(claims) as string[]) : [], consent: consent === '1' };
  }

  /** The claimant's workflows: in Redis by the records' phone hash, in the archive by the record's. */
  private async findWorkflows(tenantId: string, p: number, phoneHash: string): Promise<{ workflowId: string; claimIdHash: string | null }[]> {
    const { redis, keys } = this.o;
    const found: { workflowId: string; claimIdHash: string | null }[] = [];
    const ids = await redis.zrange(keys.workflowIndex(p, tenantId), 0, -1);
    for (let i = 0; i < ids.length; i += 200) {
      const batch = ids.slice(i, i + 200);
      const rows = await Promise.all(batch.map((id) => redis.hmget(keys.workflow(p, id), 'phone_hash', 'claim_id_hash')));
      rows.forEach(([hash, claim], j) => { if (hash === phoneHash) found.push({ workflowId: batch[j]!, claimIdHash: claim ?? null }); });
    }
    if (await this.hasArchive(tenantId)) found.push(...(await this.o.archive.claimantWorkflows(tenantId, phoneHash)));
    return found;
  }

  /**
   * The claimant's records outside the tenant's index, beside `known` (found already): those their
   * conversations name (a handler's replies and the template notices, `wf`; held replies; in the
   * archive too, once a transcript moved there) and those of stage entries in flight for them
   * (a notice on its way is on no transcript yet). A candidate is theirs when its record is of this
   * tenant and holds their phone's hash; one scrubbed by an earlier run is in the job already.
   */
  private async unlistedWorkflows(tenantId: string, p: number, phone: string, phoneHash: string, known: ReadonlySet<string>): Promise<{ workflowId: string; claimIdHash: string | null }[]> {
    const { redis, keys } = this.o;
    const candidates = new Set<string>();
    const add = (id: unknown) => { if (typeof id === 'string' && id !== '' && !known.has(id)) candidates.add(id); };
    for (const workflowId of known) {
      await this.eachEntry(keys.conversation(p, tenantId, workflowId), (fields) => {
        const f = fieldsToRecord(fields);
        add(f.wf);
        add(f.msg_wf);
      });
      for (const value of await redis.lrange(keys.conversationHeld(p, tenantId, workflowId), 0, -1)) add((parseJson(value) as { wf?: unknown } | null)?.wf);
    }
    if (await this.hasArchive(tenantId)) for (const id of await this.o.archive.conversationWorkflows(tenantId, [...known])) add(id);
    const mine = claimantMatcher(tenantId, phone, []);
    const inFlight = (fields: string[]) => { if (mine.stageEntry(fields)) add(readStageEntry(fields).wf); };
    for (const stage of stageNames) {
      await this.eachEntry(keys.stream(p, stage), inFlight);
      await this.eachEntry(keys.deadLetters(p, stage), inFlight);
    }
    for (const stream of [keys.heldReplies(p, tenantId), keys.heldWork(p, tenantId)]) await this.eachEntry(stream, inFlight);
    for (const member of await redis.zrange(keys.timers(p), 0, -1)) {
      const fields = (parseJson(member) as { fields?: unknown } | null)?.fields;
      if (Array.isArray(fields) && fields.every((f) => typeof f === 'string') && mine.stageEntry(fields as string[])) add(readStageEntry(fields as string[]).wf);
    }
    const ids = [...candidates];
    const rows = await Promise.all(ids.map((id) => redis.hmget(keys.workflow(p, id), 'tenant_id', 'phone_hash', 'claim_id_hash')));
    return ids.flatMap((workflowId, i) => {
      const [tenant, hash, claim] = rows[i]!;
      return tenant === tenantId && hash === phoneHash ? [{ workflowId, claimIdHash: claim ?? null }] : [];
    });
  }

  private async hasArchive(tenantId: string): Promise<boolean> {
    const [workflows, ledgerN] = await this.o.redis.hmget(this.o.keys.archived(tenantId), 'workflows', 'ledger_n');
    return workflows === '1' || Number(ledgerN ?? 0) > 0;
  }

  /** Removes every field of a workflow record but those the partner API shows. */
  private async scrubRecord(wfKey: string, tenantId: string): Promise<void> {
    const fields = await this.o.redis.hkeys(wfKey);
    if ((await this.o.redis.hget(wfKey, 'tenant_id')) !== tenantId) return;
    const drop = fields.filter((f) => !(keptRecordFields as readonly string[]).includes(f));
    if (drop.length > 0) await this.o.redis.hdel(wfKey, ...drop);
  }

  /**
   * Deletes a stream's entries that `isMine` says are the claimant's. An entry a worker still
   * holds is acknowledged too, so it is not redelivered.
   */
  private async dropEntries(stream: string, isMine: (fields: string[]) => boolean, group?: string): Promise<void> {
    const { redis } = this.o;
    await this.eachChunk(stream, async (chunk) => {
      const ids = chunk.filter(([, fields]) => isMine(fields)).map(([id]) => id);
      if (ids.length > 0) {
        if (group) await redis.xack(stream, group, ...ids).catch(() => 0);
        await redis.xdel(stream, ...ids);
      }
    });
  }

  /** Reads a stream whole, oldest first, 500 entries at a time. */
  private async eachChunk(stream: string, visit: (chunk: [string, string[]][]) => Promise<void> | void): Promise<void> {
    let start = '-';
    for (;;) {
      const chunk = (await this.o.redis.xrange(stream, start, '+', 'COUNT', 500)) as [string, string[]][];
      await visit(chunk);
      if (chunk.length < 500) return;
      start = `(${chunk[chunk.length - 1]![0]}`;
    }
  }

  private async eachEntry(stream: string, visit: (fields: string[]) => void): Promise<void> {
    await this.eachChunk(stream, (chunk) => { for (const [, fields] of chunk) visit(fields); });
  }

  private async dropMembers(set: string, isMine: (member: string) => boolean): Promise<void> {
    const members = (await this.o.redis.zrange(set, 0, -1)).filter(isMine);
    if (members.length > 0) await this.o.redis.zrem(set, ...members);
  }

  /**
   * A claim's open-follow-up pointer goes when it names one of the claimant's workflows: another
   * claimant of the tenant may follow the same claim. (Read, then deleted: the pointer moves to
   * another workflow only when this one has ended, which an erased claimant's cannot do again.)
   */
  private async dropClaimPointer(key: string, workflows: readonly string[]): Promise<void> {
    const named = await this.o.redis.get(key);
    if (named !== null && workflows.includes(named)) await this.o.redis.del(key);
  }

  /** Moves the partition's waiting audit events into the ledger until none of the claimant's is left. */
  private async drainAudit(p: number, workflows: readonly string[]): Promise<void> {
    for (let attempt = 0; attempt < 20; attempt++) {
      const waiting = (await this.o.redis.xrange(this.o.keys.audit(p), '-', '+')) as [string, string[]][];
      // Either form of waiting entry, one event or several (src/audit/audit-stream-entry.ts).
      if (!waiting.some(([id, f]) => readAuditEvents(id, f).some(({ event }) => workflows.includes(event.workflow_id)))) return;
      await this.o.ledger.moveOnce();
    }
    throw new Error('erasure: the audit mover did not take the claimant\'s events; run the erasure again');
  }

  private async scrubLedgerClaims(tenantId: string, claims: readonly string[]): Promise<void> {
    if (claims.length === 0) return;
    const key = this.o.keys.ledgerClaims(tenantId);
    let cursor = '0';
    do {
      const [next, flat] = await this.o.redis.hscan(key, cursor, 'COUNT', 1000);
      const drop: string[] = [];
      for (let i = 0; i + 1 < flat.length; i += 2) if (claims.includes(flat[i + 1]!)) drop.push(flat[i]!);
      if (drop.length > 0) await this.o.redis.hdel(key, ...drop);
      cursor = next;
    } while (cursor !== '0');
  }

  /**
   * Webhook messages kept for delivery or replay show the claim hashes and the phone's hash
   * (`claimant_phone_hash`) as null from now on, and a claimant's message to a person
   * (`human_handover.message_received` of one of their workflows) its text as null.
   */
  private async scrubWebhookBodies(tenantId: string, claims: readonly string[], phoneHash: string, workflows: readonly string[]): Promise<void> {
    const { redis, keys } = this.o;
    const hashes = [...claims, phoneHash];
    const theirs = new Set(workflows);
    for (const id of await redis.zrange(keys.webhookEvents(tenantId), 0, -1)) {
      const key = keys.webhookMessage(tenantId, id);
      const [body, type, workflowId] = await redis.hmget(key, 'body', 'type', 'workflow_id');
      if (!body) continue;
      let scrubbed = body;
      if (type === 'human_handover.message_received' && workflowId && theirs.has(workflowId)) {
        const envelope = parseJson(scrubbed) as { data?: Record<string, unknown> } | null;
        if (envelope?.data && envelope.data.text !== null) {
          envelope.data.text = null;
          scrubbed = JSON.stringify(envelope);
        }
      }
      for (const h of hashes) if (scrubbed.includes(h)) scrubbed = scrubbed.split(JSON.stringify(h)).join('null');
      if (scrubbed !== body) await redis.hset(key, 'body', scrubbed);
    }
  }

  /** Provider delivery statuses carry the recipient as a keyed reference of the phone: those go. */
  private async dropChannelStatuses(tenantId: string, ref: string): Promise<void> {
    await this.dropEntries(this.o.keys.channelStatuses(tenantId), (fields) => readChannelStatus(fields).recipient_ref === ref);
  }
}

/**
 * Whether an entry of the partition is the claimant's, for each shape erasure sweeps (each
 * parsed, each field compared whole; text is never searched):
 * - a stage entry, a dead letter, a held reply or held work (src/runtime/envelope-codec.ts: `wf`,
 *   `tenant`, `payload` with `from`, packed or as fields, plus fields of their own): its tenant is
 *   the claimant's, and its workflow is one of theirs or its payload's `from` is their number;
 * - a retry timer (src/runtime/handoff-ops.ts, fireTimers.lua: JSON `{ id, stream, fields }`): its
 *   `fields` as a stage entry;
 * - a dead timer (fireTimers.lua: `timer`, the member as it was, `error`, `at`): its member so;
 * - a wait timer, or one paused (src/redis/wait-timers.ts: `w|<tenant>|<workflow>|...`): its tenant
 *   is the claimant's and its workflow one of theirs.
 * Exported for its test.
 */
export function claimantMatcher(tenantId: string, phone: string, workflows: readonly string[]): {
  stageEntry: (fields: string[]) => boolean;
  retryTimer: (member: string) => boolean;
  deadTimer: (fields: string[]) => boolean;
  waitTimer: (member: string) => boolean;
} {
  const theirs = new Set(workflows);
  const stageEntry = (fields: string[]): boolean => {
    const entry = readStageEntry(fields);
    if (entry.tenant !== tenantId) return false;
    if (entry.wf !== undefined && theirs.has(entry.wf)) return true;
    return payloadFrom(entry.payload) === phone;
  };
  const retryTimer = (member: string): boolean => {
    const timer = parseJson(member) as { fields?: unknown } | null;
    const fields = timer?.fields;
    return Array.isArray(fields) && fields.every((f) => typeof f === 'string') && stageEntry(fields as string[]);
  };
  return {
    stageEntry,
    retryTimer,
    deadTimer: (fields) => {
      const member = fieldsToRecord(fields).timer;
      return member !== undefined && retryTimer(member);
    },
    waitTimer: (member) => {
      const timer = parseWaitTimer(member);
      return timer !== null && timer.tenantId === tenantId && theirs.has(timer.workflowId);
    },
  };
}

function payloadFrom(payload: string | undefined): string | null {
  const parsed = payload === undefined ? null : parseJson(payload);
  return typeof parsed === 'object' && parsed !== null && typeof (parsed as { from?: unknown }).from === 'string' ? (parsed as { from: string }).from : null;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function bare(hash: string): string {
  return hash.startsWith('sha256:') ? hash.slice(7) : hash;
}
