/** `user create | list`: the partner web apps' users. */
import { isRole, roles } from '../../../src/auth/users';
import { createTenantUser, listTenantUsers } from '../../../src/ops/users';
import { err, noMore, out, readStdin, UsageError, type Command } from '../command';
import { table } from '../format';

export const userCommands: Command[] = [
  {
    words: ['user', 'create'], args: 'TENANT USERNAME ROLE',
    help: [
      'create a web-app user (USERNAME an e-mail address, ROLE one of',
      `${roles.join(', ')}); with --password-stdin the password is read`,
      'from standard input, else generated and printed once (as JSON)',
    ],
    prepare([tenantId, username, role, ...extra], options) {
      if (!tenantId || !username || !role) throw new UsageError('user create needs TENANT USERNAME ROLE');
      if (!isRole(role)) throw new UsageError(`unknown role ${role}; one of: ${roles.join(', ')}`);
      noMore(extra);
      return async (s) => {
        // Read from standard input, never from an argument or the environment.
        const password = options.passwordStdin ? (await readStdin()).replace(/\r?\n$/, '') : undefined;
        const user = await createTenantUser(s, tenantId, username, role, password);
        out(JSON.stringify(user, null, 2));
        err(user.password === undefined ? `user ${user.user_id} created.`
          : `user ${user.user_id} created. The generated password is not shown again: hand it over now.`);
      };
    },
  },
  {
    words: ['user', 'list'], args: 'TENANT [--json]', accepts: { json: true },
    help: ['a tenant\'s users (never their password hashes)'],
    prepare([tenantId, ...extra], options) {
      if (!tenantId) throw new UsageError('user list needs a TENANT');
      noMore(extra);
      return async (s) => {
        const users = await listTenantUsers(s, tenantId);
        if (options.json) out(JSON.stringify(users, null, 2));
        else if (users.length === 0) err(`no users in tenant ${tenantId}`);
        else out(table(['USER ID', 'USERNAME', 'ROLE', 'CREATED'], users.map((u) => [u.user_id, u.username, u.role, new Date(u.created_at).toISOString()]), []));
      };
    },
  },
];
