/**
 * The bearer gate: takes the token from `Authorization: Bearer …` (the scheme in any case, as
 * koa-jwt reads it) and has the one token verification (src/auth/token-verifier.ts) check it.
 * The tenant comes from the token only. `requireScope` answers 403 `insufficient_scope` when the
 * token lacks the scope.
 */
import type { Context, Middleware, Next } from 'koa';
import { actorOf, type Principal } from '../auth/principal';
import type { TokenVerifier } from '../auth/token-verifier';
import { AppError } from '../errors';

export { actorOf };
export type { Principal };

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(ctx: Context): string | null {
  const parts = ctx.get('authorization').trim().split(' ');
  return parts.length === 2 && /^Bearer$/i.test(parts[0]!) && parts[1] !== '' ? parts[1]! : null;
}

/** Verifies the request's bearer token and leaves its Principal in `ctx.state.principal`. */
export function authenticate(verifier: TokenVerifier): Middleware {
  return async (ctx, next) => {
    const token = bearerToken(ctx);
    const principal = token ? await verifier.verify(token) : null;
    if (!principal) throw new AppError('invalid_token', 'bearer token missing or not accepted');
    ctx.state.principal = principal;
    await next();
  };
}

export function principal(ctx: Context): Principal {
  const p = ctx.state.principal as Principal | undefined;
  if (!p || typeof p.tenant_id !== 'string' || typeof p.scope !== 'string') throw new AppError('invalid_token', 'token lacks tenant_id or scope');
  return p;
}

/**
 * Refuses a token without `scope`, then runs the request's Idempotency-Key handling (which the
 * bearer gate leaves in `ctx.state.idempotency`, src/api/app.ts): authorisation comes first,
 * so a stored answer is only ever replayed to a caller who may make the request.
 */
export function requireScope(scope: string): Middleware {
  return async (ctx: Context, next: Next) => {
    const scopes = principal(ctx).scope.split(' ');
    if (!scopes.includes(scope)) throw new AppError('insufficient_scope', `this operation needs the scope ${scope}`, { extra: { required_scope: scope } });
    const idempotent = ctx.state.idempotency as Middleware | undefined;
    ctx.state.idempotency = undefined;
    await (idempotent ? idempotent(ctx, next) : next());
  };
}
