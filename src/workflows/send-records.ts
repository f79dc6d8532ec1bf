/**
 * What the service knows of each reply's sends (docs/workflows.md, "Effectively-once replies").
 *
 * Neither WhatsApp's Cloud API nor Twilio's Messages API deduplicates sends, so a reply whose
 * provider call succeeded but whose hand-off never ran (a crash in between) must not simply be sent
 * again. The outbound stage writes an intent here just before the call and the provider's message
 * id just after it; a status webhook that carries the send's id (`<workflow id>:<seq>`) writes
 * proof. A worker that finds an intent without a result waits a bounded time for that proof.
 *
 * One hash per workflow (`Keys.sendRecord`), fields per step `<seq>:…`, expiring after
 * `SEND_RECORD_SECONDS`. It is not written by the hand-off script on purpose: the provider call
 * sits between the intent and the result, and neither can wait for the next hand-off. With
 * `REDIS_WAIT_REPLICAS` set each write here waits for the replicas before the provider is called or
 * the webhook answered (src/redis/durability.ts): an intent lost in a failover would send twice.
 */
import type { SendRecord } from '../../pipeline/types';
import type { Config } from '../config';
import { execReplies, type Redis } from '../redis/connection';
import { waitForReplicas } from '../redis/durability';
import type { Keys } from '../redis/keys';
import { runBeginSend } from '../redis/scripts';

/** The id a send carries to the provider and back: the workflow and the step whose reply it is. */
export function sendIdOf(workflowId: string, seq: number): string {
  return `${workflowId}:${seq}`;
}

/** Reads a send id back; null when it is not one of ours (a partner's own sends on the number). */
export function parseSendId(sendId: string): { workflowId: string; seq: number } | null {
  const match = /^(wf-\d+-[0-9a-f]{20}):(\d{1,9})$/.exec(sendId);
  return match ? { workflowId: match[1]!, seq: Number(match[2]) } : null;
}

export class SendRecords {
  readonly proofWaitMs: number;
  readonly proofPollMs: number;
  private readonly ttlMs: number;

  constructor(private readonly redis: Redis, private readonly keys: Keys, config: Pick<Config, 'sendProofWaitMs' | 'sendProofPollMs' | 'sendRecordSeconds'>) {
    this.proofWaitMs = config.sendProofWaitMs;
    this.proofPollMs = config.sendProofPollMs;
    this.ttlMs = config.sendRecordSeconds * 1000;
  }

  async read(tenantId: string, workflowId: string, seq: number): Promise<SendRecord> {
    return toRecord(await this.redis.hmget(this.key(tenantId, workflowId), ...fieldsOf(seq)));
  }

  /**
   * The intent of the send about to be made, recorded only while the workflow is still at step
   * `seq` (one atomic call: src/redis/lua/beginSend-2.lua); null when it has moved on or is gone.
   * With REDIS_WAIT_REPLICAS the call waits for the replicas (src/redis/scripts.ts).
   */
  async begin(tenantId: string, workflowId: string, seq: number, now: number): Promise<SendRecord | null> {
    const partition = this.partitionOf(workflowId);
    const before = await runBeginSend(this.redis, this.keys, { partition, tenantId, workflowId, seq, now, lifetimeMs: this.ttlMs });
    return before === null ? null : toRecord(before);
  }

  async retake(tenantId: string, workflowId: string, seq: number, now: number): Promise<void> {
    const key = this.key(tenantId, workflowId);
    await execReplies(this.redis.multi().hset(key, `${seq}:at`, String(now)).hdel(key, `${seq}:looked`).pexpire(key, this.ttlMs));
    await waitForReplicas(this.redis, key);
  }

  async accepted(tenantId: string, workflowId: string, seq: number, providerMessageId: string): Promise<void> {
    const key = this.key(tenantId, workflowId);
    await this.redis.hset(key, `${seq}:msg`, providerMessageId);
    await waitForReplicas(this.redis, key);
  }

  async refused(tenantId: string, workflowId: string, seq: number): Promise<void> {
    const key = this.key(tenantId, workflowId);
    await this.redis.hdel(key, `${seq}:at`, `${seq}:looked`);
    await waitForReplicas(this.redis, key);
  }

  async lookingSince(tenantId: string, workflowId: string, seq: number, now: number): Promise<number> {
    const key = this.key(tenantId, workflowId);
    const [, since] = (await execReplies(this.redis.multi().hsetnx(key, `${seq}:looked`, String(now)).hget(key, `${seq}:looked`))) as [number, string | null];
    await waitForReplicas(this.redis, key);
    return Number(since ?? now);
  }

  /**
   * A provider's status webhook for a send of ours: proof that the provider accepted it, whatever
   * the status (`failed` too: the provider took the request and could not deliver it). Written
   * only while the record does not know the send (no result, no earlier proof): every message
   * gets two or three statuses (sent, delivered, read; Meta may post one twice), and most sends
   * have their result recorded before the first arrives, so most statuses write nothing where each
   * used to rewrite the record and its expiry (docs/benchmarks.md, Session 13). A read, then a
   * write: two webhooks racing both write, with the same effect as one. The first proof is kept
   * (`<seq>:proof_status` is the status that proved the send; the channel-status stream has every
   * status). Sends of other tenants are out of reach: the key is the webhook's own tenant's.
   * Answers whether the send id is one of ours.
   */
  async proof(tenantId: string, sendId: string, providerMessageId: string, status: string): Promise<boolean> {
    const parsed = parseSendId(sendId);
    if (!parsed || this.keys.partitionOfWorkflow(parsed.workflowId) === null) return false;
    const key = this.key(tenantId, parsed.workflowId);
    const [msg, proof] = await this.redis.hmget(key, `${parsed.seq}:msg`, `${parsed.seq}:proof`);
    if (msg === null && proof === null) {
      await execReplies(this.redis.multi()
        .hset(key, `${parsed.seq}:proof`, providerMessageId, `${parsed.seq}:proof_status`, status)
        .pexpire(key, this.ttlMs));
    }
    // Waited for even when nothing was written: what an earlier webhook wrote may not have reached
    // a replica (its wait failed, and the provider posts again until it is answered).
    await waitForReplicas(this.redis, key);
    return true;
  }

  private key(tenantId: string, workflowId: string): string {
    return this.keys.sendRecord(this.partitionOf(workflowId), tenantId, workflowId);
  }

  private partitionOf(workflowId: string): number {
    const partition = this.keys.partitionOfWorkflow(workflowId);
    if (partition === null) throw new Error(`not a workflow id of this deployment: ${workflowId}`);
    return partition;
  }
}

function fieldsOf(seq: number): string[] {
  return [`${seq}:at`, `${seq}:msg`, `${seq}:proof`, `${seq}:looked`];
}

function toRecord([at, msg, proof, looked]: (string | null)[]): SendRecord {
  return {
    attemptedAt: at ? Number(at) : null,
    acceptedId: msg ?? proof ?? null,
    knownBy: msg ? 'answer' : proof ? 'status_webhook' : null,
    lookingSince: looked ? Number(looked) : null,
  };
}
