/**
 * human-handover outside the stages (docs/human-handover.md): the read port the stages use (the
 * claimant's open handover, the tenant's settings), and a claims handler's side: take a queued
 * conversation, write to the claimant, release it, read the transcript. Every write is one Lua
 * step with its audit event (src/redis/lua/assignHandover-3.lua, releaseHandover-3.lua,
 * postAgentReply-7.lua).
 */
import { defaultLanguage } from '../../pipeline/languages';
import { deniedPhrase } from '../../pipeline/policy-gate/deny-list';
import { redactPhi } from '../../pipeline/policy-gate/phi-redaction';
import type { HandoverSettings } from '../../pipeline/workflows/business-hours';
import { humanHandover } from '../../pipeline/workflows/human-handover';
import type { Language, WorkflowStatus } from '../../pipeline/types';
import { countSegments } from '../adapters/channels/sms-segments';
import { replyWindowMs } from '../adapters/channels/whatsapp';
import type { ArchiveStore } from '../archive/archive-store';
import type { Config } from '../config';
import { AppError } from '../errors';
import { sha256Hex } from '../phi';
import type { Redis } from '../redis/connection';
import type { Keys } from '../redis/keys';
import { runAssignHandover, runPostAgentReply, runReleaseHandover, type HandoverActionResult } from '../redis/scripts';
import type { StageEntryForm } from '../runtime/envelope-codec';
import { defaultSegmentBudget } from '../templates/template-registry';
import type { ConversationMessage } from './conversation-message';
import { handoverSettingsOf } from '../tenants/handover-settings';
import { tenantTimeZone } from '../tenants/tenant-document';
import type { TenantStore } from '../tenants/tenant-store';

/** Who acts, as the audit event records it (no secrets, no PHI). */
export interface HandlerActor {
  sub: string;
  token_type: string;
  /** May act for any handler (scope `tenant:admin`). */
  admin: boolean;
}

const openStatuses: ReadonlySet<string> = new Set(humanHandover.waitsIn);
const maxTextLength = 4096;

export class Handovers {
  private readonly entryForm: StageEntryForm;

  constructor(private readonly redis: Redis, private readonly keys: Keys, private readonly tenants: TenantStore, config: Config,
    /** Where a finished conversation's transcript is read once it left Redis (docs/retention.md). */
    private readonly archive: ArchiveStore | null = null) {
    this.entryForm = config.stageEntryForm;
  }

  /** The stages' port: a handover of this tenant while it is open, as its record reads now (the
   *  claimant's pointer names it: src/consent/consent-store.ts reads that with their consent). */
  async open(tenantId: string, id: string): Promise<{ workflowId: string; status: WorkflowStatus; seq: number; language: Language } | null> {
    const p = this.keys.partitionOfWorkflow(id);
    if (p === null) return null;
    const [tenantOf, status, seq, language] = await this.redis.hmget(this.keys.workflow(p, id), 'tenant_id', 'status', 'seq', 'language');
    if (tenantOf !== tenantId || !status || !openStatuses.has(status)) return null;
    return { workflowId: id, status: status as WorkflowStatus, seq: Number(seq), language: language ?? defaultLanguage };
  }

  async settings(tenantId: string): Promise<HandoverSettings> {
    const doc = await this.tenants.get(tenantId);
    return handoverSettingsOf(doc.handover, tenantTimeZone(doc));
  }

  /** A handler takes a queued conversation: `agent` is the user (or client) id who will hold it. */
  async assign(tenantId: string, workflowId: string, agent: string, who: HandlerActor, now: number): Promise<void> {
    const partition = await this.handoverPartition(tenantId, workflowId);
    const detail = JSON.stringify({ by: who.sub, token_type: who.token_type });
    refuseUnless(await runAssignHandover(this.redis, this.keys, { partition, tenantId, workflowId, agent, detail, now }));
  }

  /** The handler who holds it (or an admin) ends it: `resolved` or `back_to_bot`. */
  async release(tenantId: string, workflowId: string, resolution: 'resolved' | 'back_to_bot', who: HandlerActor, now: number): Promise<void> {
    const partition = await this.handoverPartition(tenantId, workflowId);
    const detail = JSON.stringify({ by: who.sub, token_type: who.token_type });
    refuseUnless(await runReleaseHandover(this.redis, this.keys, { partition, tenantId, workflowId, caller: who.sub, admin: who.admin, resolution, detail, now }));
  }

  /**
   * The handler's reply to the claimant: checked here against the deny list and, on SMS, the
   * tenant's segment budget (the policy stage checks it again on its way out); PHI masked before
   * it is kept or sent. Answers the message as the transcript shows it.
   */
  async post(tenantId: string, workflowId: string, text: string, who: HandlerActor, now: number): Promise<ConversationMessage> {
    const partition = this.partition(workflowId);
    const trimmed = text.trim();
    if (trimmed === '' || trimmed.length > maxTextLength) throw new AppError('invalid_request', `text must be 1 to ${maxTextLength} characters`);
    const [tenantOf, type, channel] = await this.redis.hmget(this.keys.workflow(partition, workflowId), 'tenant_id', 'workflow_type', 'channel');
    if (tenantOf !== tenantId || type !== humanHandover.type) throw new AppError('workflow_not_found', 'no such conversation');
    const tenant = await this.tenants.get(tenantId);
    const phrase = deniedPhrase(trimmed, tenant.deny_list ?? []);
    if (phrase !== null) throw new AppError('message_blocked', 'the message contains a phrase the policy gate blocks', { extra: { phrase } });
    const safe = redactPhi(trimmed, tenant.phi_kinds ?? []).text;
    if (channel === 'sms') {
      const budget = tenant.channels.sms?.segment_budget ?? defaultSegmentBudget;
      const { segments } = countSegments(safe);
      if (segments > budget) {
        throw new AppError('sms_segment_budget_exceeded', `the message takes ${segments} SMS segments; the tenant's budget is ${budget}`, { extra: { segments, segment_budget: budget } });
      }
    }
    const detail = JSON.stringify({ by: who.sub, token_type: who.token_type, text_sha256: sha256Hex(safe) });
    const replyId = this.keys.newWorkflowId(partition);
    const noticeId = this.keys.newWorkflowId(partition);
    const done = refuseUnless(await runPostAgentReply(this.redis, this.keys, {
      partition, tenantId, workflowId, replyId, noticeId, caller: who.sub, admin: who.admin, text: safe, detail, now, entryForm: this.entryForm, windowMs: replyWindowMs,
      workflowType: humanHandover.type,
    }));
    return {
      id: done.transcriptId!, author: 'agent', agent_id: who.sub, at: new Date(now).toISOString(), channel: channel ?? 'whatsapp', text: safe,
      delivery: { status: done.state ?? 'queued', error_code: null },
    };
  }

  /** The conversation, oldest first, after the cursor (a transcript entry id); null: no such conversation of this tenant. */
  async messages(tenantId: string, workflowId: string, after: string | null, limit: number): Promise<{ items: ConversationMessage[]; next: string | null } | null> {
    const partition = this.keys.partitionOfWorkflow(workflowId);
    if (partition === null) return null;
    const [tenantOf, type] = await this.redis.hmget(this.keys.workflow(partition, workflowId), 'tenant_id', 'workflow_type');
    // Not in Redis: archived with its transcript, or no such workflow (docs/retention.md).
    if (tenantOf === null) return this.archivedMessages(tenantId, workflowId, after, limit, true);
    if (tenantOf !== tenantId || type !== humanHandover.type) return null;
    const transcript = this.keys.conversation(partition, tenantId, workflowId);
    const entries = await this.redis.xrange(transcript, after ? `(${after}` : '-', '+', 'COUNT', limit + 1);
    // The archiver removes a transcript it copied before the record: one gone from Redis is read there.
    if (entries.length === 0 && (await this.redis.exists(transcript)) === 0) return (await this.archivedMessages(tenantId, workflowId, after, limit, false)) ?? { items: [], next: null };
    const page = entries.slice(0, limit);
    const held = new Set((await this.redis.lrange(this.keys.conversationHeld(partition, tenantId, workflowId), 0, -1)).map((v) => (JSON.parse(v) as { wf: string }).wf));
    const fields = page.map(([, values]) => toFields(values));
    // The delivery of each message to the claimant: its send's record (a handler's reply has one of its own).
    const pipeline = this.redis.pipeline();
    for (const f of fields) pipeline.hmget(this.keys.workflow(partition, f.wf ?? workflowId), ...sendFields);
    const records = fields.length > 0 ? ((await pipeline.exec()) ?? []).map(([, v]) => v as Array<string | null>) : [];
    const items = page.map(([id], i) => toMessage(id, fields[i]!, records[i] ?? [], held.has(fields[i]!.wf ?? '')));
    return { items, next: entries.length > limit ? page[page.length - 1]![0] : null };
  }

  /**
   * A conversation from the archive, once the tenant's marker says records may have left Redis;
   * `checkRecord`: the record itself is not in Redis either, so the archive's decides (another
   * tenant's, or not a handover: null).
   */
  private async archivedMessages(tenantId: string, workflowId: string, after: string | null, limit: number, checkRecord: boolean): Promise<{ items: ConversationMessage[]; next: string | null } | null> {
    if (!this.archive || (await this.redis.hget(this.keys.archived(tenantId), 'workflows')) !== '1') return null;
    if (checkRecord) {
      const record = await this.archive.workflow(tenantId, workflowId);
      if (!record || record.tenant_id !== tenantId || record.workflow_type !== humanHandover.type) return null;
    }
    const rows = await this.archive.conversation(tenantId, workflowId, after, limit + 1);
    const page = rows.slice(0, limit);
    return { items: page, next: rows.length > limit ? page[page.length - 1]!.id : null };
  }

  /** The partition of a handover of this tenant; not found for another tenant's workflow or another type
   *  (the scripts check the tenant again, and a type never changes once set). */
  private async handoverPartition(tenantId: string, workflowId: string): Promise<number> {
    const partition = this.partition(workflowId);
    const [tenantOf, type] = await this.redis.hmget(this.keys.workflow(partition, workflowId), 'tenant_id', 'workflow_type');
    if (tenantOf !== tenantId || type !== humanHandover.type) throw new AppError('workflow_not_found', 'no such conversation');
    return partition;
  }

  private partition(workflowId: string): number {
    const partition = this.keys.partitionOfWorkflow(workflowId);
    if (partition === null) throw new AppError('workflow_not_found', 'no such conversation');
    return partition;
  }
}

/** The fields of a message's send's record its delivery is read from (deliveryOf). */
export const sendFields = ['status', 'outcome', 'outbound_message_id', 'delivery_status', 'delivery_seq', 'delivery_error'] as const;

/**
 * A transcript entry as the API shows it: `f` its fields, `record` its send's `sendFields`, `held`
 * whether it waits for the claimant's next message. Exported for the archiver, which keeps each
 * message as it reads when its conversation is archived (src/archive/conversations.ts).
 */
export function toMessage(id: string, f: Record<string, string>, record: Array<string | null>, held: boolean): ConversationMessage {
  const author = f.author as ConversationMessage['author'];
  return {
    id, author, agent_id: author === 'agent' ? f.agent ?? null : null, at: new Date(Number(f.at)).toISOString(), channel: f.channel ?? 'whatsapp', text: f.text ?? '',
    delivery: author === 'claimant' ? null : deliveryOf(f, record, held),
  };
}

function toFields(values: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i + 1 < values.length; i += 2) out[values[i]!] = values[i + 1]!;
  return out;
}

/** A message's delivery, from its send's record: a bot's reply is one step of the conversation's own record. */
function deliveryOf(f: Record<string, string>, record: Array<string | null>, held: boolean): ConversationMessage['delivery'] {
  if (held) return { status: 'awaiting_window', error_code: null };
  const [status, outcome, outboundId, deliveryStatus, deliverySeq, deliveryError] = record;
  if (f.author === 'bot') {
    // The record's delivery is its latest reply's: an earlier reply was sent, how far it got is not kept.
    const mine = deliverySeq !== null && deliverySeq !== undefined && f.seq !== undefined && Number(deliverySeq) >= Number(f.seq);
    return { status: mine && deliveryStatus ? deliveryStatus : 'sent', error_code: mine ? deliveryError || null : null };
  }
  if (status === 'policy_blocked' || outcome === 'policy_blocked') return { status: 'blocked', error_code: null };
  if (deliveryStatus) return { status: deliveryStatus, error_code: deliveryError || null };
  return { status: outboundId ? 'sent' : 'queued', error_code: null };
}

/** The script's refusal as the API's error: another handler holds it (409, naming them), not yet assigned, ended, or not found. */
function refuseUnless(result: HandoverActionResult): Extract<HandoverActionResult, { kind: 'ok' }> {
  if (result.kind === 'ok') return result;
  switch (result.reason) {
    case 'not_found':
      throw new AppError('workflow_not_found', 'no such conversation');
    case 'held':
    case 'not_holder':
      throw new AppError('conversation_held_by_another', 'another handler holds this conversation', { extra: { held_by: result.holder } });
    case 'not_assigned':
      throw new AppError('conversation_not_assigned', 'no handler holds this conversation yet; assign it first');
    case 'not_queued':
      throw new AppError('workflow_state_conflict', 'the conversation is not queued yet', { extra: { workflow_status: result.status } });
    default:
      throw new AppError('workflow_state_conflict', 'the conversation has ended', { extra: { workflow_status: result.status } });
  }
}
