/**
 * A finished human-handover conversation as the archiver copies it (docs/retention.md,
 * docs/human-handover.md): every message of its transcript as GET /v1/workflows/{id}/messages shows
 * it when it is read here (src/workflows/handovers.ts `toMessage`; each delivery as its send's
 * record reads by then, which no longer changes for a conversation finished a hot window ago), and
 * the records the transcript names outside the tenant's index (a handler's replies and the
 * template notices, each a workflow of its own), which move to the archive with it.
 */
import type { Redis } from '../redis/connection';
import type { Keys } from '../redis/keys';
import { fieldsToRecord } from '../runtime/envelope-codec';
import { sendFields, toMessage } from '../workflows/handovers';
import type { ArchivedMessage } from './archive-store';

export interface ConversationCopy {
  messages: ArchivedMessage[];
  /** How many entries the transcript held and the last one's id: it is trimmed only while so. */
  length: number;
  lastId: string;
  /** Records the conversation names besides its own: its messages' senders and its held replies. */
  named: string[];
}

const page = 500;

export async function readConversation(redis: Redis, keys: Keys, partition: number, tenantId: string, workflowId: string): Promise<ConversationCopy> {
  const entries: [string, Record<string, string>][] = [];
  let start = '-';
  for (;;) {
    const chunk = (await redis.xrange(keys.conversation(partition, tenantId, workflowId), start, '+', 'COUNT', page)) as [string, string[]][];
    for (const [id, values] of chunk) entries.push([id, fieldsToRecord(values)]);
    if (chunk.length < page) break;
    start = `(${chunk[chunk.length - 1]![0]}`;
  }
  const held = (await redis.lrange(keys.conversationHeld(partition, tenantId, workflowId), 0, -1))
    .map((v) => (JSON.parse(v) as { wf?: unknown }).wf).filter((wf): wf is string => typeof wf === 'string');
  const heldSet = new Set(held);
  const messages: ArchivedMessage[] = [];
  for (let i = 0; i < entries.length; i += page) {
    const slice = entries.slice(i, i + page);
    const records = await Promise.all(slice.map(([, f]) => redis.hmget(keys.workflow(partition, f.wf ?? workflowId), ...sendFields)));
    slice.forEach(([id, f], j) => {
      messages.push({ message: toMessage(id, f, records[j]!, heldSet.has(f.wf ?? '')), messageWorkflowId: f.wf ?? f.msg_wf ?? null });
    });
  }
  const named = new Set<string>(held);
  for (const [, f] of entries) if (f.wf && f.wf !== workflowId) named.add(f.wf);
  const last = entries[entries.length - 1];
  return { messages, length: entries.length, lastId: last ? last[0] : '', named: [...named] };
}
