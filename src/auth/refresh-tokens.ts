/**
 * Human sessions: a 15-minute access token (JWT, `token_type: human`) plus an opaque, single-use
 * refresh token. Every login starts a refresh-token *family*; each refresh rotates it (the old
 * token dies, a new one is returned with a new access token). A rotated-away token coming back
 * is reuse: someone holds a copy, so the whole family is revoked, with every access token it
 * issued, and the answer is 400 `invalid_grant` (RFC 9700 4.14.2). Two refreshes of one token
 * at the same moment count as reuse too: clients refresh one at a time.
 *
 * Token format: `rt_<tenant_id>.<family id>.<secret>` (family id 32 hex digits, secret 32
 * random bytes base64url). The tenant rides in the token so a refresh or a revocation finds the
 * family without a global index and every key it touches is in the tenant's `{t:...}` slot; the
 * tenant id is no secret (every access token carries it). Redis keeps only SHA-256 hashes of
 * refresh tokens, in `refreshFamily(tenant, family)`; the family expires 30 days after the
 * login, however often it is refreshed.
 */
import { randomBytes } from 'node:crypto';
import { AppError } from '../errors';
import { sha256Hex } from '../phi';
import type { Logger } from '../logger';
import { execReplies, type Redis } from '../redis/connection';
import type { Keys } from '../redis/keys';
import { runRevokeRefreshFamily, runRotateRefreshToken, type IssuedAccess } from '../redis/scripts';
import type { RevocationStore } from './revocation';
import type { TokenIssuer } from './token-issuer';
import type { SignedToken } from './token-issuer';
import type { User } from './users';

/** Lifetime of a human access token, seconds (the spec's 15 minutes). */
export const humanAccessTtlSeconds = 900;
/** Absolute lifetime of a refresh-token family from its login, ms: 30 days. */
export const refreshFamilyTtlMs = 30 * 24 * 3600 * 1000;

export interface RefreshTokenOptions {
  /** Access token lifetime, seconds. Default `humanAccessTtlSeconds` (900). */
  accessTtlSeconds: number;
  /** Absolute family lifetime from the login, ms. Default `refreshFamilyTtlMs` (30 days). */
  familyTtlMs: number;
}

/** What login and refresh answer (RFC 6749 5.1). */
export interface HumanTokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  scope: string;
}

/**
 * A login's or a refresh's result: the answer's tokens, and when the session (the family) ends,
 * which a cookie holding the refresh token is given as its own lifetime.
 */
export interface IssuedSession {
  tokens: HumanTokenResponse;
  /** The family's absolute end, ms since the epoch (the login plus `familyTtlMs`). */
  endsAtMs: number;
}

/** What ending a family found: revoked now, revoked before, or no family of this token. */
export type RevokeOutcome = 'revoked' | 'already' | 'unknown';

/** What the sessions read and write: built in src/services.ts. */
export interface RefreshTokenDeps {
  redis: Redis;
  keys: Keys;
  tokens: TokenIssuer;
  revocation: RevocationStore;
  log: Logger;
}

const tokenPattern = /^rt_([a-z0-9][a-z0-9-]{1,39})\.([0-9a-f]{32})\.([A-Za-z0-9_-]{43})$/;

/** The tenant and family a refresh token names; null when it is not one of ours. */
export function parseRefreshToken(token: string): { tenantId: string; familyId: string } | null {
  const match = tokenPattern.exec(token);
  return match ? { tenantId: match[1]!, familyId: match[2]! } : null;
}

function invalidGrant(detail = 'the refresh token is invalid, expired or revoked'): AppError {
  return new AppError('invalid_grant', detail, { extra: { error: 'invalid_grant' } });
}

export class RefreshTokens {
  private readonly options: RefreshTokenOptions;

  constructor(private readonly s: RefreshTokenDeps, options: Partial<RefreshTokenOptions> = {}) {
    this.options = { accessTtlSeconds: humanAccessTtlSeconds, familyTtlMs: refreshFamilyTtlMs, ...options };
    if (!(this.options.accessTtlSeconds > 0) || !(this.options.familyTtlMs > 0)) throw new Error('RefreshTokens: lifetimes must be positive');
  }

  /** After a login: a new family for the user, its first refresh token and an access token. */
  async start(user: User, scope: string, nowMs: number): Promise<IssuedSession> {
    const familyId = randomBytes(16).toString('hex');
    const refreshToken = newRefreshToken(user.tenant_id, familyId);
    const access = await this.sign(user.tenant_id, user.user_id, scope, nowMs);
    const key = this.s.keys.refreshFamily(user.tenant_id, familyId);
    const endsAtMs = nowMs + this.options.familyTtlMs;
    await execReplies(this.s.redis.multi()
      .hset(key, {
        user_id: user.user_id, scope, created_at: nowMs, expires_at: endsAtMs, state: 'active',
        current: sha256Hex(refreshToken), rotations: 0, access: JSON.stringify([{ jti: access.jti, exp: access.exp }]),
      })
      .pexpire(key, this.options.familyTtlMs));
    return { tokens: this.response(access, refreshToken, scope), endsAtMs };
  }

  /**
   * Exchanges the family's current refresh token for a new one and a new access token. Any
   * other token: 400 `invalid_grant`; a rotated-away one also revokes the family first.
   */
  async refresh(token: string, nowMs: number): Promise<IssuedSession> {
    const parsed = parseRefreshToken(token);
    if (!parsed) throw invalidGrant();
    const { tenantId, familyId } = parsed;
    const key = this.s.keys.refreshFamily(tenantId, familyId);
    const presented = sha256Hex(token);
    const [state, current, userId, scope, expiresAt] = await this.s.redis.hmget(key, 'state', 'current', 'user_id', 'scope', 'expires_at');
    if (!state || !userId || scope === null) throw invalidGrant();

    // Sign only for the current token of a live family; the script still decides, atomically.
    let access: SignedToken | null = null;
    let next = '';
    if (state === 'active' && current === presented && Number(expiresAt) > nowMs) {
      if ((await this.s.redis.hexists(this.s.keys.users(tenantId), userId)) === 0) {
        await this.revokeFamily(token, nowMs, { reason: 'user_removed' });
        throw invalidGrant();
      }
      access = await this.sign(tenantId, userId, scope, nowMs);
      next = newRefreshToken(tenantId, familyId);
    }
    const rotated = await runRotateRefreshToken(this.s.redis, this.s.keys, {
      tenantId, familyId, presentedHash: presented, newHash: next === '' ? '' : sha256Hex(next), accessJti: access?.jti ?? '', accessExp: access?.exp ?? 0, now: nowMs,
    });
    if (rotated.kind === 'rotated' && access) return { tokens: this.response(access, next, scope), endsAtMs: Number(expiresAt) };
    if (rotated.kind === 'reused') {
      const revoked = await this.revokeAccess(tenantId, rotated.access, nowMs);
      this.s.log.warn({ tenant_id: tenantId, user_id: userId, family_id: familyId, access_tokens_revoked: revoked },
        'refresh token reused: family revoked');
      throw invalidGrant('the refresh token was already used; the session is ended, log in again');
    }
    // Revoked before: revoke its access tokens again, in case the first pass was cut short.
    if (rotated.kind === 'revoked') await this.revokeAccess(tenantId, rotated.access, nowMs);
    throw invalidGrant();
  }

  /**
   * Ends the family of `token` (current or rotated away): no refresh of it succeeds again and
   * every access token it issued is revoked until its expiry. With `owner`, only a family of
   * that tenant (and user) is touched; another's is 'unknown'.
   */
  async revokeFamily(token: string, nowMs: number, options: { owner?: { tenantId: string; userId?: string }; reason?: string } = {}): Promise<RevokeOutcome> {
    const parsed = parseRefreshToken(token);
    if (!parsed || (options.owner && options.owner.tenantId !== parsed.tenantId)) return 'unknown';
    const result = await runRevokeRefreshFamily(this.s.redis, this.s.keys, {
      tenantId: parsed.tenantId, familyId: parsed.familyId, presentedHash: sha256Hex(token), reason: options.reason ?? 'revoked', userId: options.owner?.userId, now: nowMs,
    });
    if (result.kind === 'unknown') return 'unknown';
    await this.revokeAccess(parsed.tenantId, result.access, nowMs);
    return result.kind;
  }

  private sign(tenantId: string, userId: string, scope: string, nowMs: number): Promise<SignedToken> {
    return this.s.tokens.sign({ sub: userId, tenant_id: tenantId, scope, token_type: 'human' }, this.options.accessTtlSeconds, nowMs);
  }

  /** Revokes the access tokens listed on a family; returns how many. */
  private async revokeAccess(tenantId: string, issued: readonly IssuedAccess[], nowMs: number): Promise<number> {
    await Promise.all(issued.map((t) => this.s.revocation.revoke(tenantId, t.jti, t.exp, nowMs)));
    return issued.length;
  }

  private response(access: SignedToken, refreshToken: string, scope: string): HumanTokenResponse {
    return { access_token: access.token, token_type: 'Bearer', expires_in: this.options.accessTtlSeconds, refresh_token: refreshToken, scope };
  }
  /**
   * RFC 7009 revocation of a refresh token: ends its family and revokes the access tokens issued
   * from it. True when the token belonged to a family (now or already revoked); false for
   * anything else, which RFC 7009 answers with 200 all the same. `tenantId` limits it to one
   * tenant's families (the caller's).
   */
  async revokeToken(token: string, nowMs: number, options: { tenantId?: string } = {}): Promise<boolean> {
    const owner = options.tenantId === undefined ? undefined : { tenantId: options.tenantId };
    return (await this.revokeFamily(token, nowMs, { owner })) !== 'unknown';
  }
}

function newRefreshToken(tenantId: string, familyId: string): string {
  return `rt_${tenantId}.${familyId}.${randomBytes(32).toString('base64url')}`;
}
