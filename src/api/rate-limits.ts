/**
 * The spec's rate limits (interface spec, Limits), and the service's own on its costly endpoints,
 * counted in Redis so they hold across every API process sharing it. rate-limiter-flexible keeps
 * one counter per limit and subject: a fixed window (60 s unless `windows` names another) that
 * starts with the subject's first request (docs/rate-limits.md).
 *
 * Every limited response carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`
 * (IETF draft "RateLimit header fields for HTTP"); over the limit the request is refused with
 * 429 `rate_limited` and `Retry-After`. When Redis fails during the check the request is let
 * through (fail open) and an error line is logged, throttled: availability of the read API and
 * the token endpoint matters more than the limit for the length of a Redis incident.
 */
import { createHash } from 'node:crypto';
import type { Context, Middleware, Next } from 'koa';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '../errors';
import type { Logger } from '../logger';
import type { Redis } from '../redis/connection';
import type { Keys } from '../redis/keys';

/** Length of a window, in seconds, unless `windows` names another: the spec's limits are all per minute. */
export const windowSeconds = 60;

/** The limits: requests per window (`windowOf`) per subject. */
export const limits = {
  /** `POST /v1/auth/token`: per `client_id`. */
  token: 60,
  /** `POST /v1/auth/introspect`: per `client_id` of the caller. */
  introspect: 600,
  /** Every `GET /v1/workflows*`: per `tenant_id`, shared by the list and the single read. */
  workflows: 600,
  /** `GET /v1/audit/events` (not served yet): per `tenant_id`. */
  audit: 300,
  /**
   * Not the spec's: failed client authentications (token, introspection, revocation) per
   * `client_id` and source address. Over it, that source is refused for that client, and the
   * client itself is not: its failures are not counted against its own limits (docs/security.md).
   */
  auth_failures: 20,
  /** Not the spec's: `POST /v1/audit/verify` per `tenant_id`, which reads the whole ledger. */
  audit_verify: 10,
  /**
   * Not the spec's, on the costly endpoints, each per `tenant_id` (what they cost lands on the
   * tenant's storage, ledger or partitions, so more clients must not mean more allowance):
   * `POST /v1/webhooks/test` queues up to 11 sample events, each kept `WEBHOOK_RETENTION_SECONDS`;
   */
  webhook_test: 20,
  /** `POST /v1/webhooks/replay` walks every kept message of the tenant; */
  webhook_replay: 10,
  /** `POST /v1/claimants/erasure` sweeps the claimant's partition and the archive; */
  erasure: 30,
  /** `GET /v1/audit/checkpoint` makes an RSA signature; */
  checkpoint: 60,
  /** `POST /v1/cms/events` reads the CMS and may start a workflow; */
  cms_events: 6000,
  /** `PUT /v1/tenant/operational-mode` writes the ledger and walks every partition to release held replies. */
  mode_change: 10,
  /** `GET /v1/reports/summary` reads the period's per-day rows and every record of it still in Redis (up to `REPORT_HOT_LIMIT`). */
  reports: 30,
} as const;

export type LimitName = keyof typeof limits;

/** Limits whose window is not `windowSeconds`, in seconds: the two that add or walk kept webhook messages count per hour. */
export const windows: Readonly<Partial<Record<LimitName, number>>> = { webhook_test: 3600, webhook_replay: 3600 };

/** The window of `limit`, seconds. */
export function windowOf(limit: LimitName): number {
  return windows[limit] ?? windowSeconds;
}

/** A check that has not answered after this long lets the request through (ms). */
const checkTimeoutMs = 1000;
/** At most one "rate limit check failed" error line per limit in this period (ms). */
const failureLogIntervalMs = 10000;
/** Subjects used in a key as they are; anything else (caller-chosen client ids) is hashed. */
const plainSubject = /^[A-Za-z0-9._-]{1,128}$/;

export class RateLimits {
  private readonly limiters: Record<LimitName, RateLimiterRedis>;
  /** Requests per window of each limit: `limits`, with the deployment's overrides (`RATE_LIMITS`). */
  readonly points: Readonly<Record<LimitName, number>>;
  private readonly failures = new Map<LimitName, { loggedAt: number; suppressed: number }>();

  constructor(redis: Redis, keys: Keys, private readonly log?: Logger, overrides: Readonly<Record<string, number>> = {}) {
    for (const [name, value] of Object.entries(overrides)) {
      if (!(name in limits)) throw new Error(`RATE_LIMITS names no limit: ${name} (limits: ${Object.keys(limits).join(', ')})`);
      if (!Number.isInteger(value) || value < 1) throw new Error(`RATE_LIMITS: ${name} must be a whole number of at least 1`);
    }
    this.points = { ...limits, ...overrides } as Record<LimitName, number>;
    const make = (name: LimitName) => new RateLimiterRedis({
      storeClient: redis,
      useRedisPackage: false,
      // A disconnected client fails the check at once instead of queueing the command.
      rejectIfRedisNotReady: true,
      points: this.points[name],
      duration: windowOf(name),
      keyPrefix: keys.rateLimitPrefix(name),
    });
    this.limiters = Object.fromEntries((Object.keys(limits) as LimitName[]).map((name) => [name, make(name)])) as Record<LimitName, RateLimiterRedis>;
  }

  /**
   * Counts one request of `subject` against `limit` and sets the RateLimit-* headers (`quiet`:
   * only when it refuses). Over the limit: sets `Retry-After` and throws 429 `rate_limited`.
   * Redis failing: allows the request.
   */
  async check(ctx: Context, limit: LimitName, subject: string, options: { quiet?: boolean } = {}): Promise<void> {
    let res: RateLimiterRes;
    let refused = false;
    try {
      res = await withTimeout(this.limiters[limit].consume(keySubject(subject)), checkTimeoutMs);
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) {
        this.failed(limit, err);
        return;
      }
      res = err;
      refused = true;
    }
    const resetSeconds = Math.max(0, Math.ceil(res.msBeforeNext / 1000));
    // A quiet check (one behind the request's own limit) shows its headers only when it refuses.
    if (options.quiet && !refused) return;
    ctx.set('RateLimit-Limit', String(this.points[limit]));
    ctx.set('RateLimit-Remaining', String(refused ? 0 : Math.max(0, res.remainingPoints)));
    ctx.set('RateLimit-Reset', String(resetSeconds));
    if (!refused) return;
    const retryAfter = Math.max(1, resetSeconds);
    ctx.set('Retry-After', String(retryAfter));
    throw new AppError('rate_limited', `rate limit of ${this.points[limit]} requests per ${windowOf(limit)} s exceeded; retry after ${retryAfter} s`, { extra: { retry_after: retryAfter } });
  }

  /** Gives back one request counted by `check` (one that turned out not to count); Redis failing is ignored. */
  async refund(limit: LimitName, subject: string): Promise<void> {
    await withTimeout(this.limiters[limit].reward(keySubject(subject), 1), checkTimeoutMs).catch((err: unknown) => this.failed(limit, err));
  }

  private failed(limit: LimitName, err: unknown): void {
    const now = Date.now();
    const state = this.failures.get(limit);
    if (state && now - state.loggedAt < failureLogIntervalMs) {
      state.suppressed += 1;
      return;
    }
    this.failures.set(limit, { loggedAt: now, suppressed: 0 });
    this.log?.error({ err: { message: (err as Error)?.message ?? String(err) }, limit, suppressed: state?.suppressed ?? 0 },
      'rate limit check failed; request allowed (fail open)');
  }
}

/** Koa middleware form: `rateLimit(s, 'workflows', (ctx) => principal(ctx).tenant_id)`. */
export function rateLimit(s: { rateLimits: RateLimits }, limit: LimitName, subject: (ctx: Context) => string): Middleware {
  return async (ctx: Context, next: Next) => {
    await s.rateLimits.check(ctx, limit, subject(ctx));
    await next();
  };
}

function keySubject(subject: string): string {
  return plainSubject.test(subject) ? subject : `~${createHash('sha256').update(subject).digest('hex').slice(0, 32)}`;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`rate limit check took more than ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
