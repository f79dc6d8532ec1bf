/**
 * The spec's rate limits (interface spec, Limits), counted in Redis so they hold across every API
 * process sharing it. rate-limiter-flexible keeps one counter per limit and subject: a fixed
 * 60 s window that starts with the subject's first request (docs/rate-limits.md).
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

/** Length of every window, in seconds: the spec's limits are all per minute. */
export const windowSeconds = 60;

/** The spec's limits: requests per `windowSeconds` per subject. */
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
} as const;

export type LimitName = keyof typeof limits;

/** A check that has not answered after this long lets the request through (ms). */
const checkTimeoutMs = 1000;
/** At most one "rate limit check failed" error line per limit in this period (ms). */
const failureLogIntervalMs = 10000;
/** Subjects used in a key as they are; anything else (caller-chosen client ids) is hashed. */
const plainSubject = /^[A-Za-z0-9._-]{1,128}$/;

export class RateLimits {
  private readonly limiters: Record<LimitName, RateLimiterRedis>;
  private readonly failures = new Map<LimitName, { loggedAt: number; suppressed: number }>();

  constructor(redis: Redis, keys: Keys, private readonly log?: Logger) {
    const make = (name: LimitName) => new RateLimiterRedis({
      storeClient: redis,
      useRedisPackage: false,
      // A disconnected client fails the check at once instead of queueing the command.
      rejectIfRedisNotReady: true,
      points: limits[name],
      duration: windowSeconds,
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
    ctx.set('RateLimit-Limit', String(limits[limit]));
    ctx.set('RateLimit-Remaining', String(refused ? 0 : Math.max(0, res.remainingPoints)));
    ctx.set('RateLimit-Reset', String(resetSeconds));
    if (!refused) return;
    const retryAfter = Math.max(1, resetSeconds);
    ctx.set('Retry-After', String(retryAfter));
    throw new AppError('rate_limited', `rate limit of ${limits[limit]} requests per ${windowSeconds} s exceeded; retry after ${retryAfter} s`, { extra: { retry_after: retryAfter } });
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
