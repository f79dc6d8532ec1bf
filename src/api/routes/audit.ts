/**
 * The audit ledger, read-only for partners (scope `audit:read`): events with filters and cursor
 * pagination, signed checkpoints, and verification of the chain (docs/audit-ledger.md).
 */
import Router from '@koa/router';
import { AppError } from '../../errors';
import type { Services } from '../../services';
import { principal, requireScope } from '../authenticate';
import { queryParam, queryTime } from '../query';
import { readForm } from '../body';
import { rateLimit } from '../rate-limits';
import { cursorNumber, decodeCursor, encodeCursor } from '../cursors';
import Redlock from 'redlock';
import { tenantLedgerStart } from '../../audit/ledger-walk';
import { verifyPageSize } from '../../audit/walk-pacing';
import type { LedgerEvent } from '../../audit/audit-chain';

const maxLimit = 200;
/** Ledgers up to this many events are verified on request; longer ones by the operator job. */
export const maxApiVerifyEvents = 100_000;
/**
 * Verifications one API process runs at once, of different tenants (one per tenant, by a lease).
 * They share the one worker thread at nice 19, each at its own pace, so together they never take
 * more than that thread; more are 503 with Retry-After.
 */
const maxVerifications = 2;
/** The per-tenant lease's time to live, renewed while the walk runs: a process that dies frees it within this. */
const verifyLeaseMs = 30_000;

/** A status change as the partner reads it: the chained transition with the event's unchained claim hash. */
function transitionOf(e: LedgerEvent): Record<string, unknown> {
  const t = JSON.parse(e.transition) as Record<string, unknown>;
  return { ...t, claim_id_hash: e.claim_id_hash ?? (typeof t.claim_id_hash === 'string' && t.claim_id_hash ? t.claim_id_hash : null) };
}

/** What these routes use of the services: src/api/app.ts hands them these and nothing else. */
export const auditPorts = ['checkpoints', 'clock', 'config', 'keys', 'ledger', 'ledgerVerifier', 'rateLimits', 'redis', 'workflows'] as const satisfies readonly (keyof Services)[];
export type AuditPorts = Pick<Services, (typeof auditPorts)[number]>;

export function auditRoutes(s: AuditPorts): Router {
  const router = new Router();
  const limited = rateLimit(s, 'audit', (ctx) => principal(ctx).tenant_id);
  const verifyLimited = rateLimit(s, 'audit_verify', (ctx) => principal(ctx).tenant_id);
  // Each checkpoint is a fresh RSA signature.
  const checkpointLimited = rateLimit(s, 'checkpoint', (ctx) => principal(ctx).tenant_id);

  router.get('/v1/audit/events', requireScope('audit:read'), limited, async (ctx) => {
    const limitRaw = queryParam(ctx, 'limit');
    const limit = limitRaw === undefined ? 50 : Number(limitRaw);
    if (!Number.isInteger(limit) || limit < 1 || limit > maxLimit) throw new AppError('invalid_request', `limit must be an integer from 1 to ${maxLimit}`);
    const cursorRaw = queryParam(ctx, 'cursor');
    const afterId = cursorRaw === undefined ? undefined : ledgerPosition(cursorRaw);
    const tenantId = principal(ctx).tenant_id;
    const workflowId = queryParam(ctx, 'workflow_id');
    let workflow: { id: string; eventIds: Set<string> } | undefined;
    if (workflowId !== undefined) {
      const record = await s.workflows.get(tenantId, workflowId);
      if (!record) throw new AppError('workflow_not_found', 'no such workflow');
      workflow = { id: workflowId, eventIds: new Set(record.audit_event_ids) };
    }
    const page = await s.ledger.read(tenantId, {
      workflow, type: queryParam(ctx, 'type'), stage: queryParam(ctx, 'stage'),
      from: queryTime(ctx, 'from'), to: queryTime(ctx, 'to'), limit, after: afterId,
    });
    ctx.body = {
      items: page.events.map((e) => ({
        event_id: e.event_id, n: e.n, workflow_id: e.workflow_id, stage: e.stage, type: e.type, at: new Date(e.at).toISOString(),
        // The claim hash is kept beside the chained transition (docs/audit-ledger.md) and shown in it, null once erased.
        detail: JSON.parse(e.detail) as unknown, transition: e.transition ? transitionOf(e) : null,
        prev_hash: e.prev_hash, hash: e.hash,
      })),
      next_cursor: page.next ? encodeCursor(page.next) : null,
    };
  });

  router.get('/v1/audit/checkpoint', requireScope('audit:read'), checkpointLimited, async (ctx) => {
    const tenantId = principal(ctx).tenant_id;
    const head = await s.ledger.head(tenantId);
    ctx.body = await s.checkpoints.issue(tenantId, head.count, head.hash, s.clock.now());
  });

  // Verification reads the whole ledger: a worker thread walks it a page at a time, archive and
  // Redis, on its own connections (the event loop only waits for the answer), with its own limit
  // per tenant, one running per tenant across the API processes (a lease in Redis; another is 409),
  // at most `maxVerifications` in a process, and ledgers longer than `maxApiVerifyEvents` left to
  // the operator job (`npm run ops -- audit verify`), docs/audit-ledger.md; `npm run
  // bench:audit-verify` measures what it costs others.
  const leases = new Redlock([s.redis], { retryCount: 0 });
  leases.on('clientError', () => undefined);
  let verifying = 0;
  router.post('/v1/audit/verify', requireScope('audit:read'), verifyLimited, async (ctx) => {
    const body = await readForm(ctx);
    if (body.checkpoint !== undefined && typeof body.checkpoint !== 'string') throw new AppError('invalid_request', 'checkpoint must be the compact JWS the checkpoint endpoint returned');
    const tenantId = principal(ctx).tenant_id;
    const { count } = await s.ledger.head(tenantId);
    if (count > maxApiVerifyEvents) {
      throw new AppError('audit_ledger_too_long', `the ledger holds ${count} events, more than the ${maxApiVerifyEvents} this endpoint verifies; ask the operator for a verification (npm run ops -- audit verify)`, { extra: { count, max_events: maxApiVerifyEvents } });
    }
    if (verifying >= maxVerifications) throw new AppError('service_unavailable', 'other verifications are running; retry shortly', { extra: { retry_after: 1 } });
    let lease: Redlock.Lock;
    try {
      lease = await leases.lock(s.keys.auditVerifyLease(tenantId), verifyLeaseMs);
    } catch {
      // Held: this tenant's ledger is being verified now, by this process or another. (Redis not
      // answering fails the lock too: then this read fails as well, and is answered as such.)
      if (await s.redis.exists(s.keys.auditVerifyLease(tenantId)) === 0) throw new AppError('service_unavailable', 'the verification could not start; retry shortly', { extra: { retry_after: 1 } });
      const eventsPerSecond = s.config.auditVerifyEventsPerSecond;
      throw new AppError('audit_verify_running', 'a verification of this ledger is running; retry once it has answered', { extra: { retry_after: Math.max(1, Math.ceil(count / eventsPerSecond)) } });
    }
    verifying += 1;
    const renew = setInterval(() => { void lease.extend(verifyLeaseMs).then((l) => { lease = l; }, () => undefined); }, verifyLeaseMs / 3);
    try {
      // The start (a truncation checkpoint's signature, one query) here; the walk, archive then
      // Redis, on the worker thread at the configured pace.
      const pace = { pageSize: verifyPageSize, eventsPerSecond: s.config.auditVerifyEventsPerSecond };
      const walk = async (position: number | null) => {
        const from = await tenantLedgerStart(s, tenantId, s.clock.now());
        return 'broken' in from ? from.broken : s.ledgerVerifier.walkTenant(tenantId, from.afterN, from.start, position, pace);
      };
      ctx.body = await s.checkpoints.verify(tenantId, walk, body.checkpoint as string | undefined, s.clock.now());
    } finally {
      clearInterval(renew);
      verifying -= 1;
      await lease.unlock().catch(() => undefined);
    }
  });
  return router;
}

/** A ledger stream id (`<ms>-<seq>`) from a cursor, both parts in the range Redis stream ids take. */
function ledgerPosition(cursor: string): string {
  const [ms, seq] = decodeCursor(cursor, /^(\d{1,16})-(\d{1,16})$/) as [string, string];
  return `${cursorNumber(ms)}-${cursorNumber(seq)}`;
}
