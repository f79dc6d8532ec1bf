/**
 * Human sessions for the partner web apps (docs/human-auth.md): `POST /v1/auth/login` (username
 * and password), `POST /v1/auth/refresh` (rotating refresh token) and `POST /v1/auth/logout`
 * (bearer). Login and refresh answer like an OAuth2 token endpoint; their errors carry the
 * RFC 6749 `error` member where one applies.
 *
 * Logs name a user by `user_id`, or by `s.refs.of()` of the username when no user is known; never the
 * username, the password or a token.
 */
import Router from '@koa/router';
import type { Context, Middleware, Next } from 'koa';
import type { LoginSubject } from '../../auth/login-guard';
import type { Principal } from '../../auth/principal';
import { parseRefreshToken, type RevokeOutcome } from '../../auth/refresh-tokens';
import { checkPassword, normalizeUsername, roleScopes, withoutHash } from '../../auth/users';
import { AppError } from '../../errors';
import type { Services } from '../../services';
import { authenticate } from '../authenticate';
import { readForm } from '../body';

/** What these routes use of the services: src/api/app.ts hands them these and nothing else. */
export const humanAuthPorts = ['clock', 'hashWork', 'log', 'loginGuard', 'refreshTokens', 'refs', 'revocation', 'users', 'verifier'] as const satisfies readonly (keyof Services)[];
export type HumanAuthPorts = Pick<Services, (typeof humanAuthPorts)[number]>;

export function humanAuthRoutes(s: HumanAuthPorts): Router {
  const router = new Router();
  const { users, loginGuard: guard, refreshTokens: sessions } = s;
  // Logout needs a verified bearer. Behind the app's bearer middleware the principal is already
  // there; mounted before it, the route verifies the token itself.
  const verify = authenticate(s.verifier);
  const verified: Middleware = (ctx: Context, next: Next) => (ctx.state.principal ? next() : verify(ctx, next));

  router.post('/v1/auth/login', async (ctx) => {
    const { username, password } = await tokenRequestBody(ctx);
    if (typeof username !== 'string' || typeof password !== 'string' || username.trim() === '' || password === '') {
      throw invalidRequest('username and password are required');
    }
    const now = s.clock.now();
    const userRef = s.refs.of(normalizeUsername(username));
    const user = await users.findByUsername(username);
    const subject: LoginSubject = user ? { tenantId: user.tenant_id, userId: user.user_id } : { unknownUsername: username };
    let attemptId: string;
    try {
      attemptId = await guard.begin(subject, now);
    } catch (err) {
      if (err instanceof AppError && err.code === 'login_locked') {
        ctx.set('Retry-After', String(err.extra.retry_after));
        s.log.warn({ user_ref: userRef, tenant_id: user?.tenant_id, user_id: user?.user_id, source: ctx.ip, retry_after: err.extra.retry_after },
          'login refused: locked after repeated failures');
      }
      throw err;
    }
    // Same answer, after the same scrypt work, for an unknown username and a wrong password; the
    // work waits its turn in this process's bound on password hashing (429/503 when full). Only a
    // wrong password stays counted: a refusal for load is no failure of the user (login-guard.ts).
    let matched: boolean;
    try {
      matched = await s.hashWork.run(ctx.ip, () => checkPassword(user, password));
    } catch (err) {
      await guard.withdraw(subject, attemptId);
      throw err;
    }
    if (!matched || !user) {
      s.log.warn({ user_ref: userRef, tenant_id: user?.tenant_id, user_id: user?.user_id, source: ctx.ip }, 'login refused: wrong username or password');
      throw new AppError('invalid_credentials', 'username or password is wrong');
    }
    await guard.succeeded(subject);
    ctx.body = await sessions.start(withoutHash(user), roleScopes[user.role].join(' '), now);
    noStore(ctx);
    s.log.info({ tenant_id: user.tenant_id, user_id: user.user_id, role: user.role }, 'login');
  });

  router.post('/v1/auth/refresh', async (ctx) => {
    const { refresh_token: token } = await tokenRequestBody(ctx);
    if (typeof token !== 'string' || token === '') throw invalidRequest('refresh_token is required');
    try {
      ctx.body = await sessions.refresh(token, s.clock.now());
    } catch (err) {
      if (err instanceof AppError && err.code === 'invalid_grant') {
        const parsed = parseRefreshToken(token);
        s.log.info({ tenant_id: parsed?.tenantId, family_id: parsed?.familyId }, 'refresh refused: invalid grant');
      }
      throw err;
    }
    noStore(ctx);
  });

  router.post('/v1/auth/logout', verified, async (ctx) => {
    const claims = ctx.state.principal as Principal;
    if (claims.token_type !== 'human') throw new AppError('forbidden', 'logout ends a human session; revoke a machine token at /v1/auth/revoke');
    const { refresh_token: token } = await tokenRequestBody(ctx);
    if (token !== undefined && typeof token !== 'string') throw invalidRequest('refresh_token must be a string');
    const now = s.clock.now();
    await s.revocation.revoke(claims.tenant_id, claims.jti, claims.exp, now);
    let family: RevokeOutcome | 'not_given' = 'not_given';
    if (token) family = await sessions.revokeFamily(token, now, { owner: { tenantId: claims.tenant_id, userId: claims.sub }, reason: 'logout' });
    s.log.info({ tenant_id: claims.tenant_id, user_id: claims.sub, jti: claims.jti, refresh_family: family }, 'logout');
    ctx.status = 204;
  });

  return router;
}

/** A JSON or form body; body errors carry the RFC 6749 `error` member like the rest. */
async function tokenRequestBody(ctx: Context): Promise<Record<string, unknown>> {
  try {
    return await readForm(ctx);
  } catch (err) {
    if (err instanceof AppError) throw new AppError(err.code, err.message, { extra: { ...err.extra, error: 'invalid_request' } });
    throw err;
  }
}

function invalidRequest(detail: string): AppError {
  return new AppError('invalid_request', detail, { extra: { error: 'invalid_request' } });
}

/** RFC 6749 5.1: responses holding tokens are not cached. */
function noStore(ctx: Context): void {
  ctx.set('Cache-Control', 'no-store');
  ctx.set('Pragma', 'no-cache');
}
