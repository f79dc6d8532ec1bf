/** assignHandover-3.lua, releaseHandover-3.lua and postAgentReply-7.lua: a claims handler's actions on a human-handover conversation. */
import type { Redis } from '../client';
import type { Keys } from '../keys';
import type { StageEntryForm } from '../../runtime/envelope-codec';

/** Why a handler's action was refused (docs/human-handover.md). */
export type HandoverRefusal = 'not_found' | 'held' | 'finished' | 'not_queued' | 'not_assigned' | 'not_holder';

export type HandoverActionResult =
  | { kind: 'ok'; value: string; state?: string; transcriptId?: string }
  | { kind: 'refused'; reason: HandoverRefusal; status: string; holder: string };

function result(raw: string[]): HandoverActionResult {
  if (raw[0] === 'ok') return { kind: 'ok', value: raw[1]!, ...(raw[2] ? { state: raw[2] } : {}), ...(raw[3] ? { transcriptId: raw[3] } : {}) };
  return { kind: 'refused', reason: raw[1] as HandoverRefusal, status: raw[2] ?? '', holder: raw[3] ?? '' };
}

export async function runAssignHandover(redis: Redis, keys: Keys, a: { partition: number; tenantId: string; workflowId: string; agent: string; detail: string; now: number }): Promise<HandoverActionResult> {
  const p = a.partition;
  return result(await redis.assignHandover(keys.workflow(p, a.workflowId), keys.workflowTimers(p), keys.audit(p), a.now, a.tenantId, a.workflowId, a.agent, a.detail));
}

export async function runReleaseHandover(
  redis: Redis, keys: Keys, a: { partition: number; tenantId: string; workflowId: string; caller: string; admin: boolean; resolution: string; detail: string; now: number },
): Promise<HandoverActionResult> {
  const p = a.partition;
  return result(await redis.releaseHandover(keys.workflow(p, a.workflowId), keys.workflowTimers(p), keys.audit(p), a.now, a.tenantId, a.workflowId, a.caller, a.admin ? '1' : '0', a.resolution, a.detail));
}

export async function runPostAgentReply(
  redis: Redis, keys: Keys,
  a: {
    partition: number; tenantId: string; workflowId: string; replyId: string; noticeId: string; caller: string; admin: boolean; text: string; detail: string; now: number;
    entryForm: StageEntryForm; windowMs: number;
    /** The new reply records' type (the handover's). */
    workflowType: string;
  },
): Promise<HandoverActionResult> {
  const p = a.partition;
  return result(await redis.postAgentReply(
    keys.workflow(p, a.workflowId), keys.workflow(p, a.replyId), keys.workflow(p, a.noticeId), keys.stream(p, 'policy'), keys.audit(p),
    keys.conversation(p, a.tenantId, a.workflowId), keys.conversationHeld(p, a.tenantId, a.workflowId),
    a.now, a.tenantId, a.workflowId, a.replyId, a.noticeId, a.caller, a.admin ? '1' : '0', a.text, a.detail, a.entryForm, a.windowMs,
    JSON.stringify(['workflow_type', a.workflowType]),
  ));
}
