/**
 * Tenant users: the people of a partner (TPA admins, claim handlers) who log in to its web app
 * and get human tokens. A user is a field of `users(tenant)` (user id → JSON record), which is
 * what the bearer check asks (`HEXISTS`): removing the user ends every token issued to them.
 * Usernames are e-mail addresses, unique across tenants through `userIndex()`, since a login
 * names no tenant. Passwords are kept only as scrypt hashes.
 */
import { randomBytes } from 'node:crypto';
import type { Clock } from '../clock';
import { AppError } from '../errors';
import type { Redis } from '../redis/connection';
import type { Keys } from '../redis/keys';
import { allScopes } from '../tenants/tenant-document';
import { hashSecret, verifySecret } from './secret-hash';

export type Role = 'tpa_admin' | 'claim_handler';

/** The scopes each role's tokens carry. */
export const roleScopes: Readonly<Record<Role, readonly string[]>> = {
  tpa_admin: allScopes,
  claim_handler: ['workflow:read', 'workflow:write', 'audit:read', 'kb:read', 'conversations:read', 'conversations:write'],
};

export const roles = Object.keys(roleScopes) as Role[];

export function isRole(value: string): value is Role {
  return (roles as string[]).includes(value);
}

/** Shortest password accepted. */
export const minPasswordLength = 12;
/** Longest password accepted (scrypt is fed the whole string). */
export const maxPasswordLength = 1024;

/** A user as shown to operators and callers: never the password hash. */
export interface User {
  user_id: string;
  tenant_id: string;
  username: string;
  role: Role;
  created_at: number;
}

export interface UserRecord extends User {
  password_hash: string;
}

export interface NewUser {
  username: string;
  role: string;
  password: string;
}

/** The stored form of a username: trimmed, lower case. */
export function normalizeUsername(username: string): string {
  return username.trim().toLowerCase();
}

const emailPattern = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export class UserStore {
  constructor(private readonly redis: Redis, private readonly keys: Keys, private readonly clock: Clock) {}

  /**
   * Creates a user of an existing tenant. `invalid_request` for a bad username, role or
   * password; `conflict` when the username exists in any tenant.
   */
  async createUser(tenantId: string, input: NewUser): Promise<User> {
    const username = normalizeUsername(input.username);
    if (username.length > 254 || !emailPattern.test(username)) throw new AppError('invalid_request', 'username must be an e-mail address');
    if (!isRole(input.role)) throw new AppError('invalid_request', `role must be one of: ${roles.join(', ')}`);
    if (input.password.length < minPasswordLength) throw new AppError('invalid_request', `password must have at least ${minPasswordLength} characters`);
    if (input.password.length > maxPasswordLength) throw new AppError('invalid_request', `password must have at most ${maxPasswordLength} characters`);
    if ((await this.redis.exists(this.keys.tenant(tenantId))) === 0) throw new AppError('tenant_not_found', `tenant ${tenantId} is not configured`);

    const user: User = { user_id: `usr_${randomBytes(12).toString('hex')}`, tenant_id: tenantId, username, role: input.role, created_at: this.clock.now() };
    const record: UserRecord = { ...user, password_hash: await hashSecret(input.password) };
    const pointer = `${tenantId}:${user.user_id}`;
    // The index entry claims the username first; a pointer to a record that is gone (a crash
    // between the two writes, or a half-done removal) may be taken over.
    if ((await this.redis.hsetnx(this.keys.userIndex(), username, pointer)) === 0) {
      const existing = await this.findByUsername(username);
      if (existing) throw new AppError('conflict', 'a user with this username already exists');
      await this.redis.hset(this.keys.userIndex(), username, pointer);
    }
    await this.redis.hset(this.keys.users(tenantId), user.user_id, JSON.stringify(record));
    return user;
  }

  /** Removes a user: their tokens stop working at once. False when there was no such user. */
  async removeUser(tenantId: string, userId: string): Promise<boolean> {
    const record = await this.get(tenantId, userId);
    if (!record) return false;
    await this.redis.hdel(this.keys.users(tenantId), userId);
    if ((await this.redis.hget(this.keys.userIndex(), record.username)) === `${tenantId}:${userId}`) {
      await this.redis.hdel(this.keys.userIndex(), record.username);
    }
    await this.redis.del(this.keys.loginFailures(tenantId, userId), this.keys.loginLock(tenantId, userId));
    return true;
  }

  /** The user with this username (any case), with the password hash; null when none. */
  async findByUsername(username: string): Promise<UserRecord | null> {
    const pointer = await this.redis.hget(this.keys.userIndex(), normalizeUsername(username));
    if (!pointer) return null;
    const colon = pointer.indexOf(':');
    return this.get(pointer.slice(0, colon), pointer.slice(colon + 1));
  }

  async get(tenantId: string, userId: string): Promise<UserRecord | null> {
    const raw = await this.redis.hget(this.keys.users(tenantId), userId);
    return raw ? (JSON.parse(raw) as UserRecord) : null;
  }

  /** A tenant's users by username, without password hashes. */
  async list(tenantId: string): Promise<User[]> {
    const all = Object.values(await this.redis.hgetall(this.keys.users(tenantId))).map((raw) => withoutHash(JSON.parse(raw) as UserRecord));
    return all.sort((a, b) => a.username.localeCompare(b.username));
  }
}

export function withoutHash(record: UserRecord): User {
  const { password_hash: _hash, ...user } = record;
  return user;
}

/**
 * Whether `password` is the user's. With no user a hash is still computed, so an unknown
 * username costs the same time as a wrong password.
 */
export async function checkPassword(user: UserRecord | null, password: string): Promise<boolean> {
  if (!user) {
    await verifySecret(password, dummyHash);
    return false;
  }
  return verifySecret(password, user.password_hash);
}

/** A well-formed hash that matches no password: the cost of a real check for unknown names. */
const dummyHash = 'scrypt$16384$8$1$bm90LWEtcmVhbC1zYWx0IQ$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
