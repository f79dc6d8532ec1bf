/** ingestInbound-4.lua: one channel message taken in, exactly once. */
import type { Redis } from '../client';
import type { Channel, WorkflowPayload } from '../../../pipeline/types';
import { phiHash } from '../../phi';
import type { Keys } from '../keys';
import { packEntry, type StageEntryForm } from '../../runtime/envelope-codec';

/** A new workflow made for the message, or the one that took this message id before (a redelivery). */
export type IngestInboundResult =
  | { kind: 'created'; workflowId: string }
  | { kind: 'duplicate'; workflowId: string };

export interface IngestInboundArgs {
  partition: number;
  tenantId: string;
  /** The id the new workflow gets (Keys.newWorkflowId in `partition`). */
  workflowId: string;
  /** The provider's message id: redeliveries carry the same one. */
  messageId: string;
  channel: Channel;
  /** The claimant, E.164; only its hash is stored. */
  phone: string;
  payload: WorkflowPayload;
  now: number;
  /** How long the message id is remembered, seconds. */
  dedupeSeconds: number;
  /** How the gateway entry is written (`STAGE_ENTRY_FORM`). */
  entryForm: StageEntryForm;
}

export async function runIngestInbound(redis: Redis, keys: Keys, a: IngestInboundArgs): Promise<IngestInboundResult> {
  const p = a.partition;
  const payload = JSON.stringify(a.payload);
  // Packed, the gateway entry's whole value (seq 0, attempt 0), which the script writes as it comes.
  const entry = a.entryForm === 'packed' ? packEntry(a.workflowId, a.tenantId, 0, 0, payload) : payload;
  const workflowId = await redis.ingestInbound(
    keys.seenMessage(p, a.tenantId, a.messageId), keys.workflow(p, a.workflowId), keys.workflowIndex(p, a.tenantId), keys.stream(p, 'gateway'),
    a.now, a.dedupeSeconds, a.workflowId, a.tenantId, a.channel, phiHash(a.phone), entry, a.entryForm,
  );
  return workflowId === a.workflowId ? { kind: 'created', workflowId } : { kind: 'duplicate', workflowId };
}
