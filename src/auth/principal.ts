/**
 * The one description of a caller: what a verified access token says (docs/security.md). Every
 * verification, cache, liveness check and route reads this type; nothing else describes a token's
 * claims. Machine tokens name their API client (`sub` and `client_id`); human tokens a user
 * (`sub` = `usr_…`).
 */

export interface Principal {
  tenant_id: string;
  /** The API client's id (machine) or the user's id (human). */
  sub: string;
  /** Space-separated scopes. */
  scope: string;
  jti: string;
  /** Expiry and issue time, seconds since the epoch. */
  exp: number;
  iat: number;
  nbf?: number;
  token_type: 'machine' | 'human';
  /** Machine tokens only: the API client (the same as `sub`). */
  client_id?: string;
}

/** How far in the future a token's `iat` may be (clocks of issuing processes drift a little), s. */
export const iatSkewSeconds = 60;

/**
 * What every verification asks of a token's times beyond the signature library's checks: an `exp`
 * (a token without one would be good for ever), an `iat` not in the future beyond
 * `iatSkewSeconds`, and a lifetime no longer than `maxLifetimeSeconds` (the longest the service
 * issues) plus that skew, counted both from `iat` and from now: a token signed with a real key
 * but an `exp` years ahead (a leaked key's forgery, a signing bug) is refused, not honoured.
 */
export function lifetimeHolds(claims: { exp?: unknown; iat?: unknown }, nowMs: number, maxLifetimeSeconds: number): boolean {
  const now = Math.floor(nowMs / 1000);
  const longest = maxLifetimeSeconds + iatSkewSeconds;
  return typeof claims.exp === 'number' && Number.isFinite(claims.exp)
    && typeof claims.iat === 'number' && Number.isFinite(claims.iat)
    && claims.iat <= now + iatSkewSeconds && claims.iat < claims.exp
    && claims.exp - claims.iat <= longest && claims.exp - now <= longest;
}

/**
 * The principal of a token's verified payload, or null when the payload is not one of our access
 * tokens (a claim missing or of the wrong type, or times that do not hold at `nowMs` for tokens
 * of at most `maxLifetimeSeconds`). A token issued before `token_type` existed is a machine token.
 */
export function principalOf(payload: unknown, nowMs: number, maxLifetimeSeconds: number): Principal | null {
  if (!payload || typeof payload !== 'object') return null;
  const c = payload as Record<string, unknown>;
  if (!lifetimeHolds(c, nowMs, maxLifetimeSeconds)) return null;
  if (typeof c.tenant_id !== 'string' || typeof c.sub !== 'string' || typeof c.jti !== 'string' || typeof c.scope !== 'string') return null;
  const tokenType = c.token_type ?? 'machine';
  if (tokenType !== 'machine' && tokenType !== 'human') return null;
  if (c.client_id !== undefined && typeof c.client_id !== 'string') return null;
  if (c.nbf !== undefined && typeof c.nbf !== 'number') return null;
  return {
    tenant_id: c.tenant_id, sub: c.sub, scope: c.scope, jti: c.jti, exp: c.exp as number, iat: c.iat as number,
    token_type: tokenType,
    ...(typeof c.nbf === 'number' ? { nbf: c.nbf } : {}),
    ...(typeof c.client_id === 'string' ? { client_id: c.client_id } : {}),
  };
}

/** The API client a machine principal acts for (a human principal's user id otherwise). */
export function clientIdOf(p: Principal): string {
  return p.client_id ?? p.sub;
}

/** Who acted, as a control action's audit event records it: the token's subject and kind. */
export function actorOf(p: Principal): { sub: string; token_type: string } {
  return { sub: p.sub, token_type: p.token_type };
}
