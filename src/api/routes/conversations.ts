/**
 * A claims handler's side of human-handover conversations (docs/human-handover.md): take a queued
 * conversation (`POST /v1/workflows/{id}/assign`), read it (`GET .../messages`), write to the
 * claimant (`POST .../messages`) and release it (`POST .../release`). Scopes
 * `conversations:read` and `conversations:write`; counted against the tenant's `workflows` rate
 * limit like the other workflow routes. The queue itself is `GET /v1/workflows?workflow_type=human-handover&status=awaiting_agent`.
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import { AppError } from '../../errors';
import type { Services } from '../../services';
import type { HandlerActor } from '../../workflows/handovers';
import { principal, requireScope } from '../authenticate';
import { readForm } from '../body';
import { decodeCursor, encodeCursor } from '../cursors';
import { queryParam } from '../query';
import { rateLimit } from '../rate-limits';

/** What these routes use of the services: src/api/app.ts hands them these and nothing else. */
export const conversationPorts = ['clock', 'handovers', 'rateLimits', 'workflows'] as const satisfies readonly (keyof Services)[];
export type ConversationPorts = Pick<Services, (typeof conversationPorts)[number]>;

const maxLimit = 100;

function actor(ctx: Context): HandlerActor {
  const who = principal(ctx);
  return { sub: who.sub, token_type: who.token_type, admin: who.scope.split(' ').includes('tenant:admin') };
}

export function conversationRoutes(s: ConversationPorts): Router {
  const router = new Router();
  const limited = rateLimit(s, 'workflows', (ctx) => principal(ctx).tenant_id);
  router.post('/v1/workflows/:workflowId/assign', requireScope('conversations:write'), limited, async (ctx) => {
    const body = await readForm(ctx);
    const wanted = body.agent ?? 'me';
    if (typeof wanted !== 'string' || wanted === '' || wanted.length > 200 || Object.keys(body).some((k) => k !== 'agent')) {
      throw new AppError('invalid_request', 'send {"agent": "me"} or {"agent": "<user id>"}');
    }
    const who = actor(ctx);
    // Only an admin hands a conversation to someone else.
    const agent = wanted === 'me' ? who.sub : wanted;
    if (agent !== who.sub && !who.admin) throw new AppError('forbidden', 'only an admin (scope tenant:admin) assigns a conversation to another handler');
    await s.handovers.assign(principal(ctx).tenant_id, ctx.params.workflowId!, agent, who, s.clock.now());
    ctx.body = await s.workflows.get(principal(ctx).tenant_id, ctx.params.workflowId!);
  });
  router.post('/v1/workflows/:workflowId/release', requireScope('conversations:write'), limited, async (ctx) => {
    const body = await readForm(ctx);
    const resolution = body.resolution;
    if ((resolution !== 'resolved' && resolution !== 'back_to_bot') || Object.keys(body).some((k) => k !== 'resolution')) {
      throw new AppError('invalid_request', 'send {"resolution": "resolved"} or {"resolution": "back_to_bot"}');
    }
    await s.handovers.release(principal(ctx).tenant_id, ctx.params.workflowId!, resolution, actor(ctx), s.clock.now());
    ctx.body = await s.workflows.get(principal(ctx).tenant_id, ctx.params.workflowId!);
  });
  router.post('/v1/workflows/:workflowId/messages', requireScope('conversations:write'), limited, async (ctx) => {
    const body = await readForm(ctx, 32 * 1024);
    if (typeof body.text !== 'string' || Object.keys(body).some((k) => k !== 'text')) throw new AppError('invalid_request', 'send {"text": "..."}');
    ctx.status = 201;
    ctx.body = await s.handovers.post(principal(ctx).tenant_id, ctx.params.workflowId!, body.text, actor(ctx), s.clock.now());
  });
  router.get('/v1/workflows/:workflowId/messages', requireScope('conversations:read'), limited, async (ctx) => {
    const limitRaw = queryParam(ctx, 'limit');
    const limit = limitRaw === undefined ? 50 : Number(limitRaw);
    if (!Number.isInteger(limit) || limit < 1 || limit > maxLimit) throw new AppError('invalid_request', `limit must be an integer from 1 to ${maxLimit}`);
    const cursorRaw = queryParam(ctx, 'cursor');
    const after = cursorRaw === undefined ? null : decodeCursor(cursorRaw, /^(\d{1,16}-\d{1,16})$/)[0]!;
    const page = await s.handovers.messages(principal(ctx).tenant_id, ctx.params.workflowId!, after, limit);
    if (!page) throw new AppError('workflow_not_found', 'no such conversation');
    ctx.body = { items: page.items, next_cursor: page.next ? encodeCursor(page.next) : null };
  });
  return router;
}
