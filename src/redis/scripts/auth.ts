/**
 * The human-auth scripts: login lockout (loginAttempt-2) and refresh-token families
 * (rotateRefreshToken-1, revokeRefreshFamily-1).
 */
import type { Redis } from '../client';
import type { Keys } from '../keys';

/** Whose login attempts are counted: a user, or a username that names no user (by the hash of the normalised name). */
export type LoginCounter = { tenantId: string; userId: string } | { unknownUsernameHash: string };

/** The attempts set and the lock marker of one login counter. */
export function loginCounterKeys(keys: Keys, counter: LoginCounter): [attempts: string, lock: string] {
  if ('unknownUsernameHash' in counter) return [keys.unknownLoginFailures(counter.unknownUsernameHash), keys.unknownLoginLock(counter.unknownUsernameHash)];
  return [keys.loginFailures(counter.tenantId, counter.userId), keys.loginLock(counter.tenantId, counter.userId)];
}

export interface LoginAttemptArgs {
  now: number;
  /** Sliding window failures are counted in, ms. */
  windowMs: number;
  /** Failures allowed in the window. */
  maxFailures: number;
  /** How long a lock lasts from the last counted failure, ms. */
  lockMs: number;
  /** Unique id of this attempt. */
  attemptId: string;
}

/** The attempt is counted and may go on to the password check, or the counter is locked until `until` (ms, after `now`). */
export type LoginAttemptResult = { kind: 'allowed' } | { kind: 'locked'; until: number };

export async function runLoginAttempt(redis: Redis, keys: Keys, counter: LoginCounter, a: LoginAttemptArgs): Promise<LoginAttemptResult> {
  const [attempts, lock] = loginCounterKeys(keys, counter);
  const until = await redis.loginAttempt(attempts, lock, a.now, a.windowMs, a.maxFailures, a.lockMs, a.attemptId);
  return until > a.now ? { kind: 'locked', until } : { kind: 'allowed' };
}

/** An access token issued from a refresh-token family and not expired when the family last changed. */
export interface IssuedAccess {
  jti: string;
  /** UNIX seconds. */
  exp: number;
}

export interface RotateRefreshTokenArgs {
  tenantId: string;
  familyId: string;
  /** sha256 (hex) of the presented refresh token. */
  presentedHash: string;
  /** sha256 (hex) of the new refresh token; '' when the caller saw the presented one is not current. */
  newHash: string;
  /** The access token issued with the new refresh token ('' and 0 without one). */
  accessJti: string;
  accessExp: number;
  now: number;
}

/**
 * rotated: the new token is current (`access` includes the new access token); reused: the token
 * was rotated away before, so the family is revoked now; revoked: the family was revoked before;
 * `access` lists the family's access tokens to revoke. expired: past the family's expiry;
 * unknown: no such family, or a token it never issued.
 */
export type RotateRefreshTokenResult =
  | { kind: 'rotated'; access: IssuedAccess[] }
  | { kind: 'reused'; access: IssuedAccess[] }
  | { kind: 'revoked'; access: IssuedAccess[] }
  | { kind: 'expired' }
  | { kind: 'unknown' };

export async function runRotateRefreshToken(redis: Redis, keys: Keys, a: RotateRefreshTokenArgs): Promise<RotateRefreshTokenResult> {
  const [outcome, access] = await redis.rotateRefreshToken(keys.refreshFamily(a.tenantId, a.familyId), a.presentedHash, a.newHash, a.now, a.accessJti, a.accessExp);
  if (outcome === 'rotated' || outcome === 'reused' || outcome === 'revoked') return { kind: outcome, access: issuedAccess(access) };
  return outcome === 'expired' ? { kind: 'expired' } : { kind: 'unknown' };
}

export interface RevokeRefreshFamilyArgs {
  tenantId: string;
  familyId: string;
  /** sha256 (hex) of a token of the family, current or rotated away. */
  presentedHash: string;
  /** Kept on the family: logout, revoked, user_removed. */
  reason: string;
  /** The user the family must belong to; any user when absent. */
  userId?: string;
  now: number;
}

/** revoked now, or already before (`access`: its access tokens, to revoke again); unknown: no such family, a token it never issued, or another user's family. */
export type RevokeRefreshFamilyResult =
  | { kind: 'revoked'; access: IssuedAccess[] }
  | { kind: 'already'; access: IssuedAccess[] }
  | { kind: 'unknown' };

export async function runRevokeRefreshFamily(redis: Redis, keys: Keys, a: RevokeRefreshFamilyArgs): Promise<RevokeRefreshFamilyResult> {
  const [outcome, access] = await redis.revokeRefreshFamily(keys.refreshFamily(a.tenantId, a.familyId), a.presentedHash, a.now, a.reason, a.userId ?? '');
  if (outcome === 'revoked' || outcome === 'already') return { kind: outcome, access: issuedAccess(access) };
  return { kind: 'unknown' };
}

/** The family's access list (JSON [{jti, exp}]); entries of another shape are left out. */
function issuedAccess(json: string): IssuedAccess[] {
  let list: unknown;
  try {
    list = JSON.parse(json);
  } catch {
    list = [];
  }
  // cjson writes an empty list as {}.
  const tokens = Array.isArray(list) ? (list as { jti?: unknown; exp?: unknown }[]) : [];
  return tokens.filter((t): t is IssuedAccess => typeof t.jti === 'string' && typeof t.exp === 'number');
}
