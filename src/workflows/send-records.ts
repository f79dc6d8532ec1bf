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
import { runBeginSend, runRecordDelivery, type DeliveryChange } from '../redis/scripts';

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
    if (before === null) return null;
    // The fifth value: the workflow's record has no reply that reached the provider yet.
    return before[4] === '1' ? { ...toRecord(before), firstOfWorkflow: true } : toRecord(before);
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
   * A provider's status of a send of ours (a WhatsApp status webhook's `biz_opaque_callback_data`,
   * an SMS status callback's `send=`), in one script call (src/redis/lua/recordDelivery-3.lua):
   * - proof that the provider accepted the send, whatever the status (`failed` too: the provider
   *   took the request and could not deliver it), written only while the record does not know the
   *   send (no result, no earlier proof). The first status that carries the send id proves it;
   *   every message gets two or three statuses (sent, delivered, read; Meta may post one twice)
   *   and most sends have their result recorded before the first arrives, so most statuses write
   *   nothing here. The first proof is kept (`<seq>:proof_status` is the status that proved it;
   *   the channel-status stream has every status);
   * - the workflow's delivery state (GET /v1/workflows/{id}, `delivery`), moved only forward;
   * - on the send's first failure, the `reply.delivery_failed` audit event the partner's webhook
   *   is made from (docs/events.md).
   * With REDIS_WAIT_REPLICAS the call waits for the replicas, written or not (src/redis/scripts.ts):
   * what an earlier webhook wrote may not have reached a replica (its wait failed, and the
   * provider posts again until it is answered). Sends of other tenants are out of reach: the send
   * record's key is the webhook's own tenant's, and the state is written only on a record of that
   * tenant. Answers null when the send id is not one of ours (a partner's own sends on the number).
   */
  async status(tenantId: string, sendId: string, s: { providerMessageId: string; status: string; at: number; errorCode?: string | null }, now: number): Promise<DeliveryChange | null> {
    const parsed = parseSendId(sendId);
    const partition = parsed ? this.keys.partitionOfWorkflow(parsed.workflowId) : null;
    if (!parsed || partition === null) return null;
    return runRecordDelivery(this.redis, this.keys, {
      partition, tenantId, workflowId: parsed.workflowId, seq: parsed.seq, status: s.status, providerMessageId: s.providerMessageId,
      at: s.at, now, lifetimeMs: this.ttlMs, errorCode: s.errorCode ?? '',
    });
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
