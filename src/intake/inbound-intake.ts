/**
 * Takes channel messages in: each becomes a workflow record and a gateway stream entry, in one
 * atomic script that also drops redeliveries of a message id already taken.
 */
import type { WorkflowPayload } from '../../pipeline/types';
import type { InboundMessage, InboundStatus } from '../adapters/channels/whatsapp';
import type { Config } from '../config';
import { phiHash, ref } from '../phi';
import type { Redis } from '../redis/connection';
import type { Keys } from '../redis/keys';

export class InboundIntake {
  constructor(private readonly redis: Redis, private readonly keys: Keys, private readonly config: Config) {}

  /** Returns the workflow id and whether this message id had been taken before. */
  async whatsappMessage(tenantId: string, message: InboundMessage, now: number): Promise<{ workflowId: string; duplicate: boolean }> {
    const partition = this.keys.partitionOf(tenantId, message.from);
    const proposed = this.keys.newWorkflowId(partition);
    const payload: WorkflowPayload = {
      channel: 'whatsapp', businessNumberId: message.phoneNumberId, from: message.from, messageId: message.id,
      text: message.text, receivedAt: now, ...(message.media ? { media: message.media } : {}),
    };
    const workflowId = await this.redis.ingestInbound(
      this.keys.seenMessage(partition, tenantId, message.id), this.keys.workflow(partition, proposed),
      this.keys.workflowIndex(partition, tenantId), this.keys.stream(partition, 'gateway'),
      now, this.config.inboundDedupeSeconds, proposed, tenantId, 'whatsapp', phiHash(message.from), JSON.stringify(payload),
    );
    return { workflowId, duplicate: workflowId !== proposed };
  }

  /** Records a provider delivery status (sent, delivered, read, failed); the recipient only hashed. */
  async whatsappStatus(tenantId: string, status: InboundStatus): Promise<void> {
    await this.redis.xadd(this.keys.channelStatuses(tenantId), 'MAXLEN', '~', 100000, '*',
      'provider_message_id', status.id, 'status', status.status, 'at', String(status.timestamp), 'recipient_ref', ref(status.recipient));
  }
}
