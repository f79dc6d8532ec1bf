/**
 * Tenant users from the operator CLI (`npm run ops -- user create|list`). A password the
 * operator does not give is generated here and exists only in the returned result, so the
 * caller shows it once; Redis keeps a scrypt hash.
 */
import { newSecret } from '../auth/secret-hash';
import { roleScopes, type User } from '../auth/users';
import { AppError } from '../errors';
import type { Services } from '../services';

type Deps = Pick<Services, 'redis' | 'keys' | 'users'>;

export interface CreatedUser extends User {
  /** The scopes the user's tokens carry. */
  scope: string;
  /** Only when generated: shown once, never stored. */
  password?: string;
}

/** Creates a user; without `password` a strong one is generated and returned. */
export async function createTenantUser(s: Deps, tenantId: string, username: string, role: string, password?: string): Promise<CreatedUser> {
  const secret = password ?? newSecret('');
  const user = await s.users.createUser(tenantId, { username, role, password: secret });
  return { ...user, scope: roleScopes[user.role].join(' '), ...(password === undefined ? { password: secret } : {}) };
}

/** A tenant's users, by username; never password hashes. */
export async function listTenantUsers(s: Deps, tenantId: string): Promise<User[]> {
  if ((await s.redis.exists(s.keys.tenant(tenantId))) === 0) throw new AppError('tenant_not_found', `tenant ${tenantId} is not configured`);
  return s.users.list(tenantId);
}
