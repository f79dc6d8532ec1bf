/**
 * `GET /v1/workflows/{id}` and `GET /v1/workflows` (scope `workflow:read`); cancel (`DELETE`),
 * `POST .../resume` and a new deadline (`PATCH`) of pending-documents workflows (scope
 * `workflow:write`). All are counted against the tenant's `workflows` rate limit after the scope
 * check (docs/rate-limits.md).
 */
import Router from '@koa/router';
import { workflowStatuses, workflowTypes } from '../../../pipeline/vocabulary';
import type { Context } from 'koa';
import { AppError } from '../../errors';
import type { Services } from '../../services';
import type { ListCursor, ListFilter } from '../../workflows/workflow-store';
import type { ControlAction } from '../../workflows/pending-documents';
import { actorOf, principal, requireScope } from '../authenticate';
import { readForm } from '../body';
import { queryParam, queryTime } from '../query';
import { rateLimit } from '../rate-limits';
import { cursorNumber, decodeCursor, encodeCursor } from '../cursors';

const types: readonly string[] = workflowTypes;
/** Every workflow status, from the state machine (pipeline/workflows/transitions.ts). */
const statuses: readonly string[] = workflowStatuses;
const maxLimit = 100;
/** Statuses of a workflow not yet finished: never archived, so they can be listed oldest first. */
const openStatuses: readonly string[] = ['started', 'awaiting_consent', 'awaiting_choice', 'awaiting_documents', 'awaiting_agent', 'with_agent'];

/** What these routes use of the services: src/api/app.ts hands them these and nothing else. */
export const workflowPorts = ['clock', 'pendingDocs', 'rateLimits', 'workflows'] as const satisfies readonly (keyof Services)[];
export type WorkflowPorts = Pick<Services, (typeof workflowPorts)[number]>;

export function workflowRoutes(s: WorkflowPorts): Router {
  const router = new Router();
  const limited = rateLimit(s, 'workflows', (ctx) => principal(ctx).tenant_id);
  router.get('/v1/workflows/:workflowId', requireScope('workflow:read'), limited, async (ctx) => {
    const workflow = await s.workflows.get(principal(ctx).tenant_id, ctx.params.workflowId!);
    if (!workflow) throw new AppError('workflow_not_found', 'no such workflow');
    ctx.body = workflow;
  });
  // Control of pending-documents workflows (docs/pending-documents.md): each answers the workflow as it is after the action.
  const control = (action: ControlAction) => async (ctx: Context) => {
    const who = principal(ctx);
    const id = ctx.params.workflowId!;
    let deadlineAt: number | undefined;
    if (action === 'reschedule') deadlineAt = await readDeadline(ctx, s.clock.now(), s.pendingDocs.waitMs);
    await s.pendingDocs.control(who.tenant_id, id, action, actorOf(who), s.clock.now(), { deadlineAt });
    ctx.body = await s.workflows.get(who.tenant_id, id);
  };
  router.delete('/v1/workflows/:workflowId', requireScope('workflow:write'), limited, control('cancel'));
  router.post('/v1/workflows/:workflowId/resume', requireScope('workflow:write'), limited, control('resume'));
  router.patch('/v1/workflows/:workflowId', requireScope('workflow:write'), limited, control('reschedule'));
  router.get('/v1/workflows', requireScope('workflow:read'), limited, async (ctx) => {
    const { filter, limit, cursor } = listQuery(ctx);
    const page = await s.workflows.list(principal(ctx).tenant_id, filter, limit, cursor);
    ctx.body = { items: page.items, next_cursor: page.next ? listCursor(page.next) : null };
  });
  return router;
}

/** How far a new deadline may be moved: ten times the configured wait. */
const maxDeadlineFactor = 10;

/** `PATCH` body `{ "deadline_at": "<ISO 8601>" }`: a time in the future, at most ten waits away. */
async function readDeadline(ctx: Context, now: number, waitMs: number): Promise<number> {
  const body = await readForm(ctx);
  const keys = Object.keys(body);
  if (keys.length !== 1 || typeof body.deadline_at !== 'string') throw new AppError('invalid_request', 'send exactly {"deadline_at": "<ISO 8601 date-time>"}');
  const at = Date.parse(body.deadline_at);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(body.deadline_at) || Number.isNaN(at)) throw new AppError('invalid_request', 'deadline_at must be an ISO 8601 date-time');
  if (at <= now) throw new AppError('invalid_request', 'deadline_at must be in the future');
  if (at > now + maxDeadlineFactor * waitMs) throw new AppError('invalid_request', `deadline_at may be at most ${maxDeadlineFactor * waitMs / 3600_000} hours away`);
  return at;
}

function listQuery(ctx: Context): { filter: ListFilter; limit: number; cursor: ListCursor | null } {
  // `type` is the short name the queue's link uses (docs/human-handover.md); `workflow_type` the spec's.
  const type = queryParam(ctx, 'workflow_type') ?? queryParam(ctx, 'type');
  const status = queryParam(ctx, 'status');
  // A queue (status awaiting_agent) is read oldest first; oldest first lists open workflows only.
  const order = queryParam(ctx, 'order') ?? (status === 'awaiting_agent' ? 'oldest' : 'newest');
  if (order !== 'newest' && order !== 'oldest') throw new AppError('invalid_request', 'order must be newest or oldest');
  if (order === 'oldest' && !openStatuses.includes(status ?? '')) throw new AppError('invalid_request', `order=oldest needs an open status: ${openStatuses.join(', ')}`);
  const claimIdHash = queryParam(ctx, 'claim_id_hash');
  if (type && !types.includes(type)) throw new AppError('invalid_request', `workflow_type must be one of ${types.join(', ')}`);
  if (status && !statuses.includes(status)) throw new AppError('invalid_request', `status must be one of ${statuses.join(', ')}`);
  if (claimIdHash && !/^(sha256:)?[0-9a-fA-F]{64}$/.test(claimIdHash)) throw new AppError('invalid_request', 'claim_id_hash must be a SHA-256 hex digest, optionally prefixed sha256:');
  const limitRaw = queryParam(ctx, 'limit');
  const limit = limitRaw === undefined ? 20 : Number(limitRaw);
  if (!Number.isInteger(limit) || limit < 1 || limit > maxLimit) throw new AppError('invalid_request', `limit must be an integer from 1 to ${maxLimit}`);
  const cursorRaw = queryParam(ctx, 'cursor');
  return {
    filter: { workflowType: type, status, claimIdHash, startedAfter: queryTime(ctx, 'started_after'), startedBefore: queryTime(ctx, 'started_before'), order },
    limit,
    cursor: cursorRaw === undefined ? null : listPosition(cursorRaw),
  };
}

function listCursor(cursor: ListCursor): string {
  return encodeCursor(`${cursor.startedAt}:${cursor.workflowId}`);
}

/** `<started_at ms>:<workflow id>`, the id in the form `Keys.newWorkflowId` makes. */
function listPosition(value: string): ListCursor {
  const [time, id] = decodeCursor(value, /^(\d{1,16}):(wf-\d{1,4}-[0-9a-f]{20})$/) as [string, string];
  return { startedAt: cursorNumber(time), workflowId: id };
}
