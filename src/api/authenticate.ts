/**
 * Bearer verification with koa-jwt, pinned to RS256, with `aud` and `iss` checked; the key is
 * picked by the token's `kid` from the published signing keys. The tenant comes from the token
 * only. `requireScope` answers 403 `insufficient_scope` when the token lacks the scope.
 */
import type { Context, Middleware, Next } from 'koa';
import koaJwt from 'koa-jwt';
import type { SigningKeys } from '../auth/signing-keys';
import type { Config } from '../config';
import { AppError } from '../errors';

export interface Principal {
  tenant_id: string;
  sub: string;
  scope: string;
  jti?: string;
}

export function authenticate(config: Config, signing: SigningKeys): Middleware {
  return koaJwt({
    secret: async (header: { kid?: string; alg?: string }) => {
      const key = header.kid && header.alg === 'RS256' ? await signing.publicKey(header.kid) : null;
      if (!key) throw new AppError('invalid_token', 'unknown signing key');
      return key as unknown as string;
    },
    algorithms: ['RS256'],
    audience: config.jwtAudience,
    issuer: config.jwtIssuer,
    key: 'principal',
  }) as unknown as Middleware;
}

export function principal(ctx: Context): Principal {
  const p = ctx.state.principal as Principal | undefined;
  if (!p || typeof p.tenant_id !== 'string' || typeof p.scope !== 'string') throw new AppError('invalid_token', 'token lacks tenant_id or scope');
  return p;
}

export function requireScope(scope: string): Middleware {
  return async (ctx: Context, next: Next) => {
    const scopes = principal(ctx).scope.split(' ');
    if (!scopes.includes(scope)) throw new AppError('insufficient_scope', `this operation needs the scope ${scope}`, { extra: { required_scope: scope } });
    await next();
  };
}
