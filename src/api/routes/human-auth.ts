/**
 * Human sessions for the partner web apps (docs/human-auth.md): `POST /v1/auth/login` (username
 * and password), `POST /v1/auth/refresh` (rotating refresh token) and `POST /v1/auth/logout`
 * (bearer). Login and refresh answer like an OAuth2 token endpoint; their errors carry the
 * RFC 6749 `error` member where one applies.
 *
 * The partner console keeps its refresh token in a cookie instead (src/api/console-session.ts,
 * docs/console.md): `POST /v1/auth/console/login` is the same login, setting the cookie and
 * leaving the refresh token out of the body; `POST /v1/auth/console/refresh` rotates it and
 * `POST /v1/auth/console/logout` ends its session and clears it.
 *
 * Logs name a user by `user_id`, or by `s.refs.of()` of the username when no user is known; never the
 * username, the password or a token.
 */
import Router from '@koa/router';
import type { Context, Middleware, Next } from 'koa';
import type { LoginSubject } from '../../auth/login-guard';
import type { Principal } from '../../auth/principal';
import { parseRefreshToken, type IssuedSession, type RevokeOutcome } from '../../auth/refresh-tokens';
import { checkPassword, normalizeUsername, roleScopes, withoutHash } from '../../auth/users';
import { AppError } from '../../errors';
import type { Services } from '../../services';
import { authenticate, bearerToken } from '../authenticate';
import { readForm } from '../body';
import { checkConsoleRequest, clearRefreshCookie, refreshCookieOf, setRefreshCookie } from '../console-session';

/** What these routes use of the services: src/api/app.ts hands them these and nothing else. */
export const humanAuthPorts = ['clock', 'config', 'hashWork', 'log', 'loginGuard', 'refreshTokens', 'refs', 'revocation', 'users', 'verifier'] as const satisfies readonly (keyof Services)[];
export type HumanAuthPorts = Pick<Services, (typeof humanAuthPorts)[number]>;

export function humanAuthRoutes(s: HumanAuthPorts): Router {
  const router = new Router();
  const { users, loginGuard: guard, refreshTokens: sessions } = s;
  // Logout needs a verified bearer. Behind the app's bearer middleware the principal is already
  // there; mounted before it, the route verifies the token itself.
  const verify = authenticate(s.verifier);
  const verified: Middleware = (ctx: Context, next: Next) => (ctx.state.principal ? next() : verify(ctx, next));
  const publicOrigin = new URL(s.config.publicUrl).origin;
  const consoleRequest = (ctx: Context) => checkConsoleRequest(ctx, publicOrigin, s.log);
  /** The answer of a cookie session: the refresh token goes into the cookie, never the body. */
  const withCookie = (ctx: Context, session: IssuedSession, nowMs: number) => {
    const { refresh_token: refreshToken, ...tokens } = session.tokens;
    setRefreshCookie(ctx, refreshToken, (session.endsAtMs - nowMs) / 1000);
    return tokens;
  };

  /** A login by username and password, for either kind of session; throws its refusals. */
  async function passwordLogin(ctx: Context, kind: 'body' | 'cookie'): Promise<{ session: IssuedSession; now: number }> {
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
    const session = await sessions.start(withoutHash(user), roleScopes[user.role].join(' '), now);
    s.log.info({ tenant_id: user.tenant_id, user_id: user.user_id, role: user.role, session: kind }, 'login');
    return { session, now };
  }

  router.post('/v1/auth/login', async (ctx) => {
    ctx.body = (await passwordLogin(ctx, 'body')).session.tokens;
    noStore(ctx);
  });

  router.post('/v1/auth/console/login', async (ctx) => {
    // Checked before the password: a refused request costs no scrypt work and no attempt.
    consoleRequest(ctx);
    const { session, now } = await passwordLogin(ctx, 'cookie');
    // The cookie this login replaces would otherwise leave its session alive, out of reach.
    const replaced = refreshCookieOf(ctx);
    if (replaced !== null) await sessions.revokeFamily(replaced, now, { reason: 'replaced' });
    ctx.body = withCookie(ctx, session, now);
    noStore(ctx);
  });

  router.post('/v1/auth/refresh', async (ctx) => {
    const { refresh_token: token } = await tokenRequestBody(ctx);
    if (typeof token !== 'string' || token === '') throw invalidRequest('refresh_token is required');
    try {
      ctx.body = (await sessions.refresh(token, s.clock.now())).tokens;
    } catch (err) {
      if (err instanceof AppError && err.code === 'invalid_grant') {
        const parsed = parseRefreshToken(token);
        s.log.info({ tenant_id: parsed?.tenantId, family_id: parsed?.familyId }, 'refresh refused: invalid grant');
      }
      throw err;
    }
    noStore(ctx);
  });

  // The console's refresh: the same rotation and reuse detection as /v1/auth/refresh, the token
  // taken from the cookie and the new one put back in it. A refused cookie is cleared.
  router.post('/v1/auth/console/refresh', async (ctx) => {
    consoleRequest(ctx);
    const token = refreshCookieOf(ctx);
    if (token === null) throw new AppError('invalid_grant', 'no console session; log in', { extra: { error: 'invalid_grant' } });
    const now = s.clock.now();
    try {
      ctx.body = withCookie(ctx, await sessions.refresh(token, now), now);
    } catch (err) {
      if (err instanceof AppError && err.code === 'invalid_grant') {
        clearRefreshCookie(ctx);
        const parsed = parseRefreshToken(token);
        s.log.info({ tenant_id: parsed?.tenantId, family_id: parsed?.familyId, session: 'cookie' }, 'refresh refused: invalid grant');
      }
      throw err;
    }
    noStore(ctx);
  });

  // The console's logout: holding the cookie is enough to end its session (every access token
  // of the family is revoked with it); a bearer sent along is revoked too, in case the cookie is
  // gone. Always 204 with the cookie cleared, so the page can always log out.
  router.post('/v1/auth/console/logout', async (ctx) => {
    consoleRequest(ctx);
    const now = s.clock.now();
    const bearer = bearerToken(ctx);
    const claims = bearer ? await s.verifier.verify(bearer) : null;
    if (claims?.token_type === 'human') await s.revocation.revoke(claims.tenant_id, claims.jti, claims.exp, now);
    const token = refreshCookieOf(ctx);
    const family: RevokeOutcome | 'not_given' = token ? await sessions.revokeFamily(token, now, { reason: 'logout' }) : 'not_given';
    clearRefreshCookie(ctx);
    const parsed = token ? parseRefreshToken(token) : null;
    s.log.info({ tenant_id: claims?.tenant_id ?? parsed?.tenantId, user_id: claims?.sub, jti: claims?.jti, family_id: parsed?.familyId, refresh_family: family, session: 'cookie' }, 'logout');
    ctx.status = 204;
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
