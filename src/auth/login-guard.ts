/**
 * Lockout for password logins: after `maxFailures` failed logins of one user within `windowMs`,
 * the user is locked for `lockMs`; every login then answers 429 `login_locked` with
 * `Retry-After`, even with the right password. A success clears the count.
 *
 * An attempt is counted before its password is checked (loginAttempt-2.lua) and stays counted
 * unless it succeeds, so parallel guesses cannot all pass before the first failure is written.
 * Only a wrong password is a failure of the user: an attempt whose password was never checked
 * (the password-hash bound refused it for load, 503, or for its address's share, 429; or the
 * check itself failed) is withdrawn, so a flood from elsewhere cannot lock anyone out.
 * Usernames that name no user are counted and locked the same way (by a hash of the name), so
 * the lockout does not tell which usernames exist.
 */
import { randomBytes } from 'node:crypto';
import { AppError } from '../errors';
import { sha256Hex } from '../phi';
import type { Redis } from '../redis/connection';
import type { Keys } from '../redis/keys';
import { loginCounterKeys, runLoginAttempt, type LoginCounter } from '../redis/scripts';
import { normalizeUsername } from './users';

export interface LoginGuardOptions {
  /** Failed logins allowed inside the window; the next attempt finds the user locked. Default 5. */
  maxFailures: number;
  /** Sliding window failures are counted in, ms. Default 15 minutes. */
  windowMs: number;
  /** How long a lock lasts from the last counted failure, ms. Default 15 minutes. */
  lockMs: number;
}

export const loginGuardDefaults: Readonly<LoginGuardOptions> = { maxFailures: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };

/** Whose attempts are counted: a user, or a username that names no user. */
export type LoginSubject = { tenantId: string; userId: string } | { unknownUsername: string };

export class LoginGuard {
  private readonly options: LoginGuardOptions;

  constructor(private readonly redis: Redis, private readonly keys: Keys, options: Partial<LoginGuardOptions> = {}) {
    this.options = { ...loginGuardDefaults, ...options };
    const { maxFailures, windowMs, lockMs } = this.options;
    if (!Number.isInteger(maxFailures) || maxFailures < 1) throw new Error('LoginGuard: maxFailures must be a whole number of at least 1');
    if (!(windowMs > 0) || !(lockMs > 0)) throw new Error('LoginGuard: windowMs and lockMs must be positive');
  }

  /**
   * Counts one attempt and returns its id. Throws 429 `login_locked` (with `retry_after`,
   * seconds) while the subject is locked; the caller sets `Retry-After` from it.
   */
  async begin(subject: LoginSubject, nowMs: number): Promise<string> {
    const { windowMs, maxFailures, lockMs } = this.options;
    const attemptId = `${nowMs}-${randomBytes(6).toString('hex')}`;
    const attempt = await runLoginAttempt(this.redis, this.keys, counterOf(subject), { now: nowMs, windowMs, maxFailures, lockMs, attemptId });
    if (attempt.kind === 'locked') {
      const retryAfter = Math.max(1, Math.ceil((attempt.until - nowMs) / 1000));
      throw new AppError('login_locked', `too many failed logins; try again in ${retryAfter} s`, { extra: { retry_after: retryAfter } });
    }
    return attemptId;
  }

  /** An attempt whose password was never checked (refused for load, or the check failed): it is not a failure. */
  async withdraw(subject: LoginSubject, attemptId: string): Promise<void> {
    await this.redis.zrem(loginCounterKeys(this.keys, counterOf(subject))[0], attemptId);
  }

  /** A successful login: the failures counted so far are forgotten. */
  async succeeded(subject: LoginSubject): Promise<void> {
    await this.redis.del(...loginCounterKeys(this.keys, counterOf(subject)));
  }
}

/** Unknown usernames are counted by the hash of the normalised name, never the name. */
function counterOf(subject: LoginSubject): LoginCounter {
  if ('unknownUsername' in subject) return { unknownUsernameHash: sha256Hex(normalizeUsername(subject.unknownUsername)) };
  return { tenantId: subject.tenantId, userId: subject.userId };
}
