/**
 * The authorization server: `POST /v1/auth/token` (client_credentials), RFC 7662 introspection,
 * RFC 7009 revocation (access and refresh tokens), the public keys at `/.well-known/jwks.json` and RFC 8414 metadata.
 * Errors of the first three carry the RFC 6749 `error` and follow `Accept` (../oauth-errors.ts).
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import { AppError } from '../../errors';
import type { Services } from '../../services';
import { bearerToken } from '../authenticate';
import { readForm } from '../body';
import type { LimitName } from '../rate-limits';
import type { ClientCheck } from '../../auth/client-credentials';
import { clientIdOf, type Principal } from '../../auth/principal';
import { allScopes } from '../../tenants/tenant-document';

/**
 * Who calls introspection or revocation: a tenant's API client, by its credentials or a token
 * (for a token, its Principal's tenant and client), and whether the call was already counted
 * against the client's `introspect` limit (Basic credentials are, before hashing).
 */
type Caller = Pick<Principal, 'tenant_id'> & { client_id: string; counted: boolean };

/** RFC 6749 2.3.1: `Authorization: Basic base64(urlencode(id):urlencode(secret))`. */
function basicCredentials(ctx: Context): { id: string; secret: string } | null {
  const header = ctx.get('authorization');
  if (!/^basic /i.test(header)) return null;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 1) throw new AppError('invalid_client', 'malformed Basic credentials');
  try {
    return { id: decodeURIComponent(decoded.slice(0, colon)), secret: decodeURIComponent(decoded.slice(colon + 1)) };
  } catch {
    throw new AppError('invalid_client', 'malformed Basic credentials');
  }
}

/** What these routes use of the services: src/api/app.ts hands them these and nothing else. */
export const authPorts = ['clients', 'clock', 'config', 'log', 'rateLimits', 'refreshTokens', 'refs', 'revocation', 'signing', 'tokens', 'verifiedTokens', 'verifier'] as const satisfies readonly (keyof Services)[];
export type AuthPorts = Pick<Services, (typeof authPorts)[number]>;

export function authRoutes(s: AuthPorts): Router {
  const router = new Router();

  /**
   * A client secret check under the lockout rules (docs/security.md). The attempt counts against
   * the client's own `limit` first. When the secret is not one this process verified before, so
   * it must be hashed, it also counts against this source's failures for the client
   * (`auth_failures`), before the hash. Then a success is taken off the source's failures and a
   * failure off the client's limit: wrong secrets sent from elsewhere never use up the real
   * client's allowance, they only lock out the source that sends them, and each is logged with it.
   */
  async function clientAttempt<T>(ctx: Context, limit: LimitName, clientId: string, attempt: (check: ClientCheck) => Promise<T>): Promise<T> {
    const limits = s.rateLimits;
    const failures = `${clientId}@${ctx.ip}`;
    let failureCounted = false;
    await limits.check(ctx, limit, clientId);
    const beforeHash = async () => {
      await limits.check(ctx, 'auth_failures', failures, { quiet: true });
      failureCounted = true;
    };
    try {
      const result = await attempt({ source: ctx.ip, beforeHash });
      if (failureCounted) await limits.refund('auth_failures', failures);
      return result;
    } catch (err) {
      if (err instanceof AppError && err.code === 'invalid_client') {
        await limits.refund(limit, clientId);
        s.log.warn({ client_ref: s.refs.of(clientId), source: ctx.ip, endpoint: ctx.path }, 'client authentication failed');
      } else {
        // Refused before the check (source locked out, hash work full) or failed on the way:
        // neither a success nor a failure.
        await Promise.all([limits.refund(limit, clientId), failureCounted ? limits.refund('auth_failures', failures) : undefined]);
      }
      throw err;
    }
  }

  /** Authenticates the caller of introspection or revocation: Basic client credentials or a bearer token. */
  async function caller(ctx: Context): Promise<Caller> {
    const basic = basicCredentials(ctx);
    if (basic) {
      return clientAttempt(ctx, 'introspect', basic.id, async (check) => {
        const client = await s.clients.authenticate(basic.id, basic.secret, s.clock.now(), check);
        if (!client) throw new AppError('invalid_client', 'client authentication failed');
        return { tenant_id: client.tenant_id, client_id: client.client_id, counted: true };
      });
    }
    const bearer = /^bearer (.+)$/i.exec(ctx.get('authorization'))?.[1];
    const claims = bearer ? await s.verifier.verify(bearer.trim()) : null;
    if (!claims) throw new AppError('invalid_token', 'send a valid bearer token or Basic client credentials');
    return { tenant_id: claims.tenant_id, client_id: clientIdOf(claims), counted: false };
  }

  router.post('/v1/auth/token', async (ctx) => {
    const body = await readForm(ctx);
    const grant = body.grant_type;
    if (grant !== 'client_credentials') {
      if (grant === undefined) throw new AppError('invalid_request', 'grant_type is required');
      throw new AppError('unsupported_grant_type', 'grant_type must be client_credentials');
    }
    const basic = basicCredentials(ctx);
    if (basic && (body.client_id !== undefined || body.client_secret !== undefined)) {
      throw new AppError('invalid_request', 'send client credentials either in the Authorization header or in the body, not both');
    }
    const clientId = basic?.id ?? body.client_id;
    const clientSecret = basic?.secret ?? body.client_secret;
    const { scope } = body;
    if (typeof clientId !== 'string' || typeof clientSecret !== 'string' || clientId === '' || clientSecret === '') {
      throw new AppError('invalid_request', 'client_id and client_secret are required');
    }
    if (scope !== undefined && typeof scope !== 'string') throw new AppError('invalid_request', 'scope must be a string');
    // Counted before the slow secret check, so failed attempts count and stop early.
    ctx.body = await clientAttempt(ctx, 'token', clientId, (check) => s.tokens.clientCredentials(clientId, clientSecret, scope, s.clock.now(), check));
    ctx.set('Cache-Control', 'no-store');
  });

  router.post('/v1/auth/introspect', async (ctx) => {
    const { token } = await readForm(ctx);
    const target = typeof token === 'string' && token !== '' ? s.verifier.verify(token) : Promise.resolve(null);
    // A caller whose token signature this process already verified is known before its
    // liveness check, so its rate limit is counted in the same round trip as both checks.
    const bearer = bearerToken(ctx);
    const known = bearer ? s.verifiedTokens.get(bearer, s.clock.now()) : null;
    let who: Caller;
    let claims: Awaited<typeof target>;
    if (known) {
      const clientId = clientIdOf(known);
      // A client checking its own token (what SDKs do): verifying the target already checks the
      // caller's liveness, so it is not read twice.
      const self = bearer === token;
      const [refused, verified] = await Promise.all([self ? Promise.resolve(false) : s.revocation.refused(known), target, s.rateLimits.check(ctx, 'introspect', clientId)]);
      if (refused || (self && !verified)) throw new AppError('invalid_token', 'send a valid bearer token or Basic client credentials');
      who = { tenant_id: known.tenant_id, client_id: clientId, counted: true };
      claims = verified;
    } else {
      [who, claims] = await Promise.all([caller(ctx), target]);
      if (!who.counted) await s.rateLimits.check(ctx, 'introspect', who.client_id);
    }
    if (typeof token !== 'string' || token === '') throw new AppError('invalid_request', 'token is required');
    ctx.set('Cache-Control', 'no-store');
    // Expired, revoked, malformed, foreign: all look the same to the caller.
    if (!claims || claims.tenant_id !== who.tenant_id) {
      ctx.body = { active: false };
      return;
    }
    ctx.body = {
      active: true, tenant_id: claims.tenant_id, scope: claims.scope, exp: claims.exp, iat: claims.iat, sub: claims.sub,
      client_id: claims.client_id ?? null, jti: claims.jti, token_type: 'Bearer', token_use: claims.token_type,
      aud: s.config.jwtAudience, iss: s.config.jwtIssuer,
    };
  });

  router.post('/v1/auth/revoke', async (ctx) => {
    const who = await caller(ctx);
    const { token } = await readForm(ctx);
    if (typeof token !== 'string' || token === '') throw new AppError('invalid_request', 'token is required');
    // RFC 7009: the answer is 200 whether or not the token was valid, known or ours.
    if (token.startsWith('rt_')) {
      if (await s.refreshTokens.revokeToken(token, s.clock.now(), { tenantId: who.tenant_id })) {
        s.log.info({ tenant_id: who.tenant_id, by: s.refs.of(who.client_id) }, 'refresh token family revoked');
      }
      ctx.body = {};
      return;
    }
    const claims = await s.verifier.verify(token, { allowExpired: true });
    if (claims && claims.tenant_id === who.tenant_id) {
      await s.revocation.revoke(claims.tenant_id, claims.jti, claims.exp, s.clock.now());
      s.log.info({ tenant_id: claims.tenant_id, jti: claims.jti, by: s.refs.of(who.client_id) }, 'token revoked');
    }
    ctx.status = 200;
    ctx.body = {};
  });

  router.get('/.well-known/jwks.json', async (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.body = await s.signing.jwks(s.clock.now());
  });

  router.get('/.well-known/oauth-authorization-server', (ctx) => {
    const base = s.config.publicUrl.replace(/\/$/, '');
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.body = {
      issuer: s.config.jwtIssuer,
      token_endpoint: `${base}/v1/auth/token`,
      jwks_uri: `${base}/.well-known/jwks.json`,
      introspection_endpoint: `${base}/v1/auth/introspect`,
      revocation_endpoint: `${base}/v1/auth/revoke`,
      grant_types_supported: ['client_credentials'],
      response_types_supported: [],
      token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
      introspection_endpoint_auth_methods_supported: ['client_secret_basic', 'bearer'],
      revocation_endpoint_auth_methods_supported: ['client_secret_basic', 'bearer'],
      scopes_supported: [...allScopes],
    };
  });
  return router;
}
