/**
 * Takes channel messages in: each becomes a workflow record and a gateway stream entry, in one
 * atomic script that also drops redeliveries of a message id already taken (WhatsApp's message
 * id, SMS's `MessageSid`).
 */
import type { Channel, MediaRef, WorkflowPayload } from '../../pipeline/types';
import { parseDuration } from '../durations';
import type { Config } from '../config';
import type { PhiRefs } from '../phi';
import type { Redis } from '../redis/connection';
import type { Keys } from '../redis/keys';
import { runIngestInbound } from '../redis/scripts';
import { packChannelStatus } from './channel-status-entry';
import type { TenantStore } from '../tenants/tenant-store';

/** One claimant message, whichever channel it came on. */
export interface ChannelMessage {
  /** The business number it was sent to (WhatsApp phone_number_id; SMS number, E.164). */
  businessNumberId: string;
  /** Claimant, E.164. */
  from: string;
  /** The provider's message id: redeliveries carry the same one. */
  id: string;
  text: string;
  media?: MediaRef;
  /** The id of a reply button the claimant tapped or a list row they picked (WhatsApp interactive
   *  `button_reply` or `list_reply`): the same choice id either way. */
  choiceId?: string;
}

/** A provider's delivery status of a reply we sent. */
export interface ChannelStatus {
  id: string;
  status: string;
  timestamp: number;
  recipient: string;
  errorCode?: string | null;
}

export class InboundIntake {
  /** `tenants`: where a tenant's own dedupe lifetime (`retention.dedupe`) is read; without it, `INBOUND_DEDUPE_SECONDS` for all. */
  constructor(private readonly redis: Redis, private readonly keys: Keys, private readonly config: Config, private readonly refs: PhiRefs,
    private readonly tenants: TenantStore | null = null) {}

  /** How long this tenant's message ids are remembered (s): its `retention.dedupe`, else the deployment's. */
  private async dedupeSeconds(tenantId: string): Promise<number> {
    if (!this.tenants) return this.config.inboundDedupeSeconds;
    const own = (await this.tenants.get(tenantId).catch(() => null))?.retention?.dedupe;
    return own ? Math.max(1, Math.ceil(parseDuration(own) / 1000)) : this.config.inboundDedupeSeconds;
  }

  /**
   * Returns the workflow id and whether this message id had been taken before. `traceparent`: the
   * request's span (tracing on), the parent of the first step's (docs/tracing.md).
   */
  async message(tenantId: string, channel: Channel, message: ChannelMessage, now: number, traceparent?: string): Promise<{ workflowId: string; duplicate: boolean }> {
    const partition = this.keys.partitionOf(tenantId, message.from);
    const proposed = this.keys.newWorkflowId(partition);
    const payload: WorkflowPayload = {
      channel, businessNumberId: message.businessNumberId, from: message.from, messageId: message.id,
      text: message.text, receivedAt: now, ...(message.media ? { media: message.media } : {}),
      ...(message.choiceId ? { choiceId: message.choiceId.slice(0, 256) } : {}),
      ...(traceparent ? { traceparent } : {}),
    };
    const taken = await runIngestInbound(this.redis, this.keys, {
      partition, tenantId, workflowId: proposed, messageId: message.id, channel, phone: message.from, payload, now,
      dedupeSeconds: await this.dedupeSeconds(tenantId), entryForm: this.config.stageEntryForm,
    });
    return { workflowId: taken.workflowId, duplicate: taken.kind === 'duplicate' };
  }

  /**
   * Records a provider delivery status (sent, delivered, read, failed, ...) in the tenant's
   * channel-status stream, one packed field (src/intake/channel-status-entry.ts); the recipient
   * only as a keyed reference.
   */
  async status(tenantId: string, channel: Channel, status: ChannelStatus): Promise<void> {
    await this.redis.xadd(this.keys.channelStatuses(tenantId), 'MAXLEN', '~', 100000, '*', ...packChannelStatus({
      channel, provider_message_id: status.id, status: status.status, at: String(status.timestamp),
      recipient_ref: this.refs.of(status.recipient), error_code: status.errorCode ?? '',
    }));
  }
}
