/**
 * Bearer verification with koa-jwt, pinned to RS256, with `aud` and `iss` checked; the key is
 * picked by the token's `kid` from the published signing keys. The tenant comes from the token
 * only. `requireScope` answers 403 `insufficient_scope` when the token lacks the scope.
 */
import type { Context, Middleware, Next } from 'koa';
import koaJwt from 'koa-jwt';
import type { RevocationStore, VerifiedClaims } from '../auth/revocation';
import type { SigningKeys } from '../auth/signing-keys';
import { lifetimeHolds, VerifiedTokens, type RememberedClaims } from '../auth/verified-tokens';
import type { Clock } from '../clock';
import type { Config } from '../config';
import { AppError } from '../errors';

export interface Principal {
  tenant_id: string;
  sub: string;
  scope: string;
  jti?: string;
  /** `human` for a user's token; machine tokens may leave it out. */
  token_type?: string;
}

export function authenticate(config: Config, signing: SigningKeys, revocation: RevocationStore, clock: Clock, verified: VerifiedTokens = new VerifiedTokens()): Middleware {
  const options = {
    secret: async (header: { kid?: string; alg?: string }) => {
      const key = header.kid && header.alg === 'RS256' ? await signing.publicKey(header.kid, clock.now()) : null;
      if (!key) throw new AppError('invalid_token', 'unknown signing key');
      return key as unknown as string;
    },
    algorithms: ['RS256'],
    audience: config.jwtAudience,
    issuer: config.jwtIssuer,
    key: 'principal',
    // After the signature, aud, iss, exp and nbf hold: refuse a token without exp or issued in
    // the future, a revoked token, or one whose client or user no longer exists.
    isRevoked: async (_ctx: unknown, claims: object) => !lifetimeHolds(claims, clock.now()) || revocation.refused(claims as VerifiedClaims),
  };
  // exp and nbf are judged by the injected clock, as everywhere else: koa-jwt hands these
  // options to jsonwebtoken, which reads clockTimestamp at each verification.
  Object.defineProperty(options, 'clockTimestamp', { enumerable: true, get: () => Math.floor(clock.now() / 1000) });
  const verifyWithKoaJwt = koaJwt(options as Parameters<typeof koaJwt>[0]) as unknown as Middleware;
  return async (ctx, next) => {
    const token = /^Bearer (.+)$/.exec(ctx.get('authorization'))?.[1];
    const known = token ? verified.get(token, clock.now()) : null;
    if (!token || !known) {
      // First sight of this token: full verification, then remember the result.
      return verifyWithKoaJwt(ctx, async () => {
        const claims = ctx.state.principal as RememberedClaims;
        if (token && claims && typeof claims.exp === 'number') verified.remember(token, claims);
        await next();
      });
    }
    if (await revocation.refused(known)) throw new AppError('invalid_token', 'bearer token missing or not accepted');
    ctx.state.principal = known;
    await next();
  };

}

export function principal(ctx: Context): Principal {
  const p = ctx.state.principal as Principal | undefined;
  if (!p || typeof p.tenant_id !== 'string' || typeof p.scope !== 'string') throw new AppError('invalid_token', 'token lacks tenant_id or scope');
  return p;
}

/** Who acted, as a control action's audit event records it: the token's subject and kind. */
export function actorOf(p: Principal): { sub: string; token_type: string } {
  return { sub: p.sub, token_type: p.token_type ?? 'machine' };
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
