/**
 * `GET /v1/workflows/{id}` and `GET /v1/workflows` (scope `workflow:read`), both counted against
 * the tenant's `workflows` rate limit after the scope check (docs/rate-limits.md).
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import { AppError } from '../../errors';
import type { Services } from '../../services';
import type { ListCursor, ListFilter } from '../../workflows/workflow-store';
import { principal, requireScope } from '../authenticate';
import { queryParam, queryTime } from '../query';
import { rateLimit } from '../rate-limits';

const types = ['claim-status', 'pending-documents', 'query-reason'];
const statuses = ['started', 'awaiting_consent', 'awaiting_documents', 'completed', 'policy_blocked', 'timed_out', 'cancelled'];
const maxLimit = 100;

export function workflowRoutes(s: Services): Router {
  const router = new Router();
  const limited = rateLimit(s, 'workflows', (ctx) => principal(ctx).tenant_id);
  router.get('/v1/workflows/:workflowId', requireScope('workflow:read'), limited, async (ctx) => {
    const workflow = await s.workflows.get(principal(ctx).tenant_id, ctx.params.workflowId!);
    if (!workflow) throw new AppError('workflow_not_found', 'no such workflow');
    ctx.body = workflow;
  });
  router.get('/v1/workflows', requireScope('workflow:read'), limited, async (ctx) => {
    const { filter, limit, cursor } = listQuery(ctx);
    const page = await s.workflows.list(principal(ctx).tenant_id, filter, limit, cursor);
    ctx.body = { items: page.items, next_cursor: page.next ? encodeCursor(page.next) : null };
  });
  return router;
}

function listQuery(ctx: Context): { filter: ListFilter; limit: number; cursor: ListCursor | null } {
  const type = queryParam(ctx, 'workflow_type');
  const status = queryParam(ctx, 'status');
  const claimIdHash = queryParam(ctx, 'claim_id_hash');
  if (type && !types.includes(type)) throw new AppError('invalid_request', `workflow_type must be one of ${types.join(', ')}`);
  if (status && !statuses.includes(status)) throw new AppError('invalid_request', `status must be one of ${statuses.join(', ')}`);
  if (claimIdHash && !/^(sha256:)?[0-9a-fA-F]{64}$/.test(claimIdHash)) throw new AppError('invalid_request', 'claim_id_hash must be a SHA-256 hex digest, optionally prefixed sha256:');
  const limitRaw = queryParam(ctx, 'limit');
  const limit = limitRaw === undefined ? 20 : Number(limitRaw);
  if (!Number.isInteger(limit) || limit < 1 || limit > maxLimit) throw new AppError('invalid_request', `limit must be an integer from 1 to ${maxLimit}`);
  const cursorRaw = queryParam(ctx, 'cursor');
  return {
    filter: { workflowType: type, status, claimIdHash, startedAfter: queryTime(ctx, 'started_after'), startedBefore: queryTime(ctx, 'started_before') },
    limit,
    cursor: cursorRaw === undefined ? null : decodeCursor(cursorRaw),
  };
}

function encodeCursor(cursor: ListCursor): string {
  return Buffer.from(`${cursor.startedAt}:${cursor.workflowId}`).toString('base64url');
}

function decodeCursor(value: string): ListCursor {
  const [time, id] = Buffer.from(value, 'base64url').toString('utf8').split(':');
  if (!time || !id || !/^\d+$/.test(time)) throw new AppError('invalid_request', 'cursor is not one this API returned');
  return { startedAt: Number(time), workflowId: id };
}
