/**
 * Partner webhooks, managed by the partner (scope `webhook:admin`, docs/webhooks.md): the
 * endpoint and its signing secret, the deliveries by status, retry of a dead-lettered delivery,
 * and replay of kept events. Everything is the token's tenant's; another tenant's delivery is 404.
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import { AppError } from '../../errors';
import type { Services } from '../../services';
import { maxOverlapHours } from '../../webhooks/endpoint-store';
import { deliveryStatuses, type DeliveryCursor, type DeliveryStatus } from '../../webhooks/outbox';
import { sampleEvents, sampleEventTypes } from '../../webhooks/sample-events';
import { principal, requireScope } from '../authenticate';
import { readForm } from '../body';
import { rateLimit } from '../rate-limits';
import { cursorNumber, decodeCursor, encodeCursor } from '../cursors';

const maxLimit = 100;
const defaultOverlapHours = 24;

function one(ctx: Context, name: string): string | undefined {
  const value = ctx.query[name];
  if (Array.isArray(value)) throw new AppError('invalid_request', `${name} given more than once`);
  return value === undefined || value === '' ? undefined : value;
}

function deliveryCursor(cursor: DeliveryCursor): string {
  return encodeCursor(`${cursor.score}:${cursor.id}`);
}

function deliveryPosition(value: string): DeliveryCursor {
  const [score, id] = decodeCursor(value, /^(\d{1,16}):(msg_[0-9a-f]{24})$/) as [string, string];
  return { score: cursorNumber(score), id };
}

/** What these routes use of the services: src/api/app.ts hands them these and nothing else. */
export const webhookPorts = ['clock', 'rateLimits', 'webhooks'] as const satisfies readonly (keyof Services)[];
export type WebhookPorts = Pick<Services, (typeof webhookPorts)[number]>;

export function webhookRoutes(s: WebhookPorts): Router {
  const router = new Router();
  // Test events are kept like real ones and replay walks every kept message: both limited per tenant (docs/rate-limits.md).
  const testLimited = rateLimit(s, 'webhook_test', (ctx) => principal(ctx).tenant_id);
  const replayLimited = rateLimit(s, 'webhook_replay', (ctx) => principal(ctx).tenant_id);

  router.put('/v1/webhooks/endpoint', requireScope('webhook:admin'), async (ctx) => {
    const body = await readForm(ctx);
    if (body.url === undefined) throw new AppError('invalid_request', 'url is required');
    const result = await s.webhooks.endpoints.put(principal(ctx).tenant_id, body.url, s.clock.now());
    ctx.status = result.created ? 201 : 200;
    ctx.body = result.secret === null ? result.view : { ...result.view, signing_secret: result.secret };
  });

  router.get('/v1/webhooks/endpoint', requireScope('webhook:admin'), async (ctx) => {
    const view = await s.webhooks.endpoints.get(principal(ctx).tenant_id, s.clock.now());
    if (!view) throw new AppError('webhook_endpoint_not_found', 'no webhook endpoint is configured; PUT one first');
    ctx.body = view;
  });

  router.post('/v1/webhooks/secret/rotate', requireScope('webhook:admin'), async (ctx) => {
    const body = await readForm(ctx);
    const raw = body.overlap_hours;
    const overlap = raw === undefined ? defaultOverlapHours
      : typeof raw === 'number' ? raw
        : typeof raw === 'string' && /^\d+(\.\d+)?$/.test(raw) ? Number(raw) : Number.NaN;
    if (!(overlap >= 0 && overlap <= maxOverlapHours)) throw new AppError('invalid_request', `overlap_hours must be a number from 0 to ${maxOverlapHours}`);
    const result = await s.webhooks.endpoints.rotate(principal(ctx).tenant_id, overlap, s.clock.now());
    if (!result) throw new AppError('webhook_endpoint_not_found', 'no webhook endpoint is configured; PUT one first');
    ctx.body = { ...result.view, signing_secret: result.secret };
  });

  router.get('/v1/webhooks/deliveries', requireScope('webhook:admin'), async (ctx) => {
    // No status: the dead letters, the deliveries that need the partner (docs/openapi.yaml).
    const status = one(ctx, 'status') ?? 'failed';
    if (!(deliveryStatuses as readonly string[]).includes(status)) throw new AppError('invalid_request', `status must be one of ${deliveryStatuses.join(', ')}`);
    const limitRaw = one(ctx, 'limit');
    const limit = limitRaw === undefined ? 20 : Number(limitRaw);
    if (!Number.isInteger(limit) || limit < 1 || limit > maxLimit) throw new AppError('invalid_request', `limit must be an integer from 1 to ${maxLimit}`);
    const cursorRaw = one(ctx, 'cursor');
    const page = await s.webhooks.outbox.list(principal(ctx).tenant_id, status as DeliveryStatus, limit, cursorRaw === undefined ? null : deliveryPosition(cursorRaw));
    ctx.body = { items: page.items, next_cursor: page.next ? deliveryCursor(page.next) : null };
  });

  router.post('/v1/webhooks/deliveries/:id/retry', requireScope('webhook:admin'), async (ctx) => {
    const id = ctx.params.id!;
    const was = await s.webhooks.outbox.retry(principal(ctx).tenant_id, id, s.clock.now());
    if (was === 'missing') throw new AppError('delivery_not_found', 'no such delivery');
    if (was !== 'failed') throw new AppError('conflict', `the delivery is ${was}; only a failed delivery can be retried (replay sends delivered events again)`);
    ctx.status = 202;
    ctx.body = { id, status: 'pending' };
  });

  // Sample events to the partner's endpoint, to check their receiver (src/webhooks/sample-events.ts).
  router.post('/v1/webhooks/test', requireScope('webhook:admin'), testLimited, async (ctx) => {
    const body = await readForm(ctx);
    const types = body.types === undefined ? sampleEventTypes : body.types;
    if (!Array.isArray(types) || types.length === 0 || !types.every((t) => typeof t === 'string' && sampleEventTypes.includes(t))) {
      throw new AppError('invalid_request', `types must be a non-empty list of: ${sampleEventTypes.join(', ')}`);
    }
    const tenantId = principal(ctx).tenant_id;
    const now = s.clock.now();
    if (!(await s.webhooks.endpoints.get(tenantId, now))) throw new AppError('webhook_endpoint_not_found', 'no webhook endpoint is configured; PUT one first');
    const queued: Array<{ id: string; type: string }> = [];
    for (const event of sampleEvents([...new Set(types as string[])], now)) {
      const envelope = await s.webhooks.enqueue(tenantId, event, now);
      if (envelope) queued.push({ id: envelope.id, type: envelope.type });
    }
    ctx.status = 202;
    ctx.body = { queued };
  });

  router.post('/v1/webhooks/replay', requireScope('webhook:admin'), replayLimited, async (ctx) => {
    const body = await readForm(ctx);
    const since = typeof body.since === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(body.since) ? Date.parse(body.since) : Number.NaN;
    if (Number.isNaN(since)) throw new AppError('invalid_request', 'since must be an ISO 8601 date-time');
    const result = await s.webhooks.outbox.replay(principal(ctx).tenant_id, since, s.clock.now());
    ctx.status = 202;
    ctx.body = { since: new Date(since).toISOString(), ...result };
  });
  return router;
}
