/** `tenant create | update | list | mode`: onboarding and the operational mode. */
import { listTenants, onboardTenant, updateTenant } from '../../../src/ops/tenant-onboarding';
import { isOperationalMode, operationalModes } from '../../../pipeline/vocabulary';
import { err, InvalidDocument, noMore, out, readDocument, UsageError, type Command } from '../command';

export const tenantCommands: Command[] = [
  {
    words: ['tenant', 'create'], args: 'FILE.json',
    help: ['validate and store a tenant, issue its first API client', '(the client secret is printed once, as JSON)'],
    prepare([file, ...extra]) {
      if (!file) throw new UsageError('tenant create needs a FILE.json');
      noMore(extra);
      const document = readDocument(file);
      return async (s) => {
        const result = await onboardTenant(s, document);
        if (!result.ok) throw new InvalidDocument(result.errors);
        out(JSON.stringify(result.credentials, null, 2));
        err(`tenant ${result.credentials.tenant_id} created. These client credentials are not shown again: store the client_secret now.`);
      };
    },
  },
  {
    words: ['tenant', 'update'], args: 'FILE.json',
    help: ['replace an existing tenant\'s document (add a channel or number)'],
    prepare([file, ...extra]) {
      if (!file) throw new UsageError('tenant update needs a FILE.json');
      noMore(extra);
      const document = readDocument(file);
      return async (s) => {
        const result = await updateTenant(s, document);
        if (!result.ok) throw new InvalidDocument(result.errors);
        err(`tenant ${(document as { tenant_id: string }).tenant_id} updated.`);
      };
    },
  },
  {
    words: ['tenant', 'list'], args: '[--json]', accepts: { json: true },
    help: ['tenant ids'],
    prepare(rest, options) {
      noMore(rest);
      return async (s) => {
        const ids = await listTenants(s);
        if (options.json) out(JSON.stringify(ids));
        else if (ids.length === 0) err('no tenants');
        else out(ids.join('\n'));
      };
    },
  },
  {
    words: ['tenant', 'mode'], args: 'TENANT [MODE --reason TEXT]', accepts: { json: true },
    help: [
      'show the operational mode, or change it (OPERATIONAL, RESTRICTED,',
      'SUSPENDED); the change is audited; replies held while SUSPENDED',
      'are released when the mode allows them',
    ],
    prepare([tenantId, mode, ...extra], options) {
      if (!tenantId) throw new UsageError('tenant mode needs a TENANT');
      noMore(extra);
      if (mode !== undefined && !isOperationalMode(mode)) throw new UsageError(`unknown mode ${mode}; one of: ${operationalModes.join(', ')}`);
      if (mode !== undefined && options.reason === undefined) throw new UsageError('changing the mode needs --reason TEXT');
      return async (s) => {
        const state = mode === undefined ? await s.modes.get(tenantId) : (await s.modes.change(tenantId, mode, options.reason!, 'ops', s.clock.now())).state;
        out(options.json ? JSON.stringify(state) : `${tenantId}: ${state.mode}${state.reason ? ` (${state.reason}, ${state.changed_at} by ${state.changed_by})` : ''}`);
      };
    },
  },
];
