/**
 * Every API error is RFC 7807 `application/problem+json` with a stable `error_code`; the OAuth
 * endpoints answer the same body in the form OAuth clients read too (oauth-errors.ts).
 * Koa's rule holds: a 4xx shows its message, a 5xx only its status text.
 */
import type { Context, Next } from 'koa';
import { AppError, errorCatalogue, type ErrorCode } from '../errors';
import type { Logger } from '../logger';
import { isRedisUnavailable } from '../redis/unavailable';
import { isOAuthEndpoint, sendOAuthError } from './oauth-errors';

export function problemBody(ctx: Context, code: ErrorCode, detail: string, extra: Record<string, unknown> = {}) {
  const entry = errorCatalogue[code];
  return {
    type: `https://docs.claims-workflow.example/errors#${code}`,
    title: entry.title,
    status: entry.status,
    detail: entry.status >= 500 ? entry.title : detail,
    instance: ctx.path,
    error_code: code,
    ...extra,
  };
}

export function sendProblem(ctx: Context, err: AppError): void {
  ctx.status = err.status;
  const body = problemBody(ctx, err.code, err.message, err.extra);
  if (isOAuthEndpoint(ctx.path)) sendOAuthError(ctx, err.code, body);
  else {
    ctx.type = 'application/problem+json';
    ctx.body = body;
  }
  if (typeof err.extra.retry_after === 'number' && !ctx.response.get('Retry-After')) ctx.set('Retry-After', String(err.extra.retry_after));
  if (err.code === 'invalid_token') ctx.set('WWW-Authenticate', 'Bearer error="invalid_token"');
  if (err.code === 'insufficient_scope') ctx.set('WWW-Authenticate', 'Bearer error="insufficient_scope"');
}

/** Maps anything thrown below it to a problem document, and unknown routes to 404. */
export function problems(log: Logger) {
  return async (ctx: Context, next: Next): Promise<void> => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) sendProblem(ctx, new AppError('not_found', `no route ${ctx.method} ${ctx.path}`));
      else if (ctx.status === 405) sendProblem(ctx, new AppError('method_not_allowed', `${ctx.method} is not allowed here; allowed: ${ctx.response.get('Allow')}`));
    } catch (err) {
      if (err instanceof AppError) return sendProblem(ctx, err);
      const status = (err as { status?: number }).status;
      if (status === 401) return sendProblem(ctx, new AppError('invalid_token', 'bearer token missing or not accepted'));
      if (status === 405) return sendProblem(ctx, new AppError('method_not_allowed'));
      if (isRedisUnavailable(err)) {
        // Redis down, restarting or failing over: not a bug, and the caller's retry will do
        // (src/redis/unavailable.ts). The message is ioredis's or the server's: no key or value in it.
        log.warn({ err: { name: (err as Error).name, message: (err as Error).message }, path: ctx.path },
          'Redis did not answer: answered 503 store_unavailable (check the Redis servers, or a failover under way)');
        return sendProblem(ctx, new AppError('store_unavailable', undefined, { extra: { retry_after: 1 }, cause: err }));
      }
      log.error({ err: { message: (err as Error).message, stack: (err as Error).stack }, path: ctx.path }, 'unhandled API error');
      sendProblem(ctx, new AppError('internal_error'));
    }
  };
}
