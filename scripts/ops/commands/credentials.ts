/** `keys rotate | list` and `client list | rotate-secret | delete`: token signing keys and API clients. */
import type { KeyInfo } from '../../../src/auth/signing-keys';
import { deleteClient, listClients, listSigningKeys, rotateClientSecret, rotateSigningKey } from '../../../src/ops/credentials';
import { err, noMore, out, UsageError, type Command } from '../command';
import { table } from '../format';

function keyView(k: KeyInfo) {
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  return { kid: k.kid, state: k.state, created_at: iso(k.created_at)!, activate_at: iso(k.activate_at)!, retire_at: iso(k.retire_at) };
}

export const credentialCommands: Command[] = [
  {
    words: ['keys', 'rotate'],
    help: ['publish the next token signing key; it signs after', 'KEY_PUBLISH_LEAD_SECONDS, the old one retires when its tokens expire'],
    prepare(rest) {
      noMore(rest);
      return async (s) => {
        const key = await rotateSigningKey(s);
        out(JSON.stringify(keyView(key), null, 2));
        err(key.state === 'next'
          ? `key ${key.kid} is published now and signs from ${new Date(key.activate_at).toISOString()}; the current key retires once its tokens have expired.`
          : `key ${key.kid} created and signing (there was no key before).`);
      };
    },
  },
  {
    words: ['keys', 'list'], args: '[--json]', accepts: { json: true },
    help: ['signing keys with their state and times'],
    prepare(rest, options) {
      noMore(rest);
      return async (s) => {
        const keys = (await listSigningKeys(s)).map(keyView);
        if (options.json) out(JSON.stringify(keys));
        else out(table(['KID', 'STATE', 'CREATED', 'SIGNS FROM', 'RETIRES'], keys.map((k) => [k.kid, k.state, k.created_at, k.activate_at, k.retire_at ?? '-']), []));
      };
    },
  },
  {
    words: ['client', 'list'], args: 'TENANT [--json]', accepts: { json: true },
    help: ['API clients with the age of their secret (rotate over 90 days)'],
    prepare([tenantId, ...extra], options) {
      if (!tenantId) throw new UsageError('client list needs a TENANT');
      noMore(extra);
      return async (s) => {
        const clients = await listClients(s, tenantId);
        if (options.json) out(JSON.stringify(clients));
        else out(table(['CLIENT', 'SCOPES', 'SECRET AGE', 'ROTATE', 'PREVIOUS SECRET UNTIL'], clients.map((c) => [
          c.client_id, c.scopes.join(' '), `${c.secret_age_days}d`, c.rotate_now ? 'OVER 90 DAYS' : '', c.previous_secret_until ?? '-',
        ]), [2]));
      };
    },
  },
  {
    words: ['client', 'rotate-secret'], args: 'CLIENT_ID (--overlap-hours N | --immediate)',
    help: ['a new secret, printed once; the old one works N more hours,', 'or stops at once (--immediate, for a leaked secret)'],
    prepare([clientId, ...extra], options) {
      if (!clientId) throw new UsageError('client rotate-secret needs a CLIENT_ID');
      noMore(extra);
      if ((options.overlapHours === undefined) === !options.immediate) throw new UsageError('client rotate-secret needs exactly one of --overlap-hours N or --immediate');
      const overlapMs = options.immediate ? 0 : options.overlapHours! * 3_600_000;
      return async (s) => {
        const rotated = await rotateClientSecret(s, clientId, overlapMs);
        out(JSON.stringify(rotated, null, 2));
        err(options.immediate
          ? 'the previous secret stopped working now. The new secret is not shown again: store it now.'
          : `the previous secret works until ${rotated.previous_secret_until}. The new secret is not shown again: store it now.`);
      };
    },
  },
  {
    words: ['client', 'delete'], args: 'CLIENT_ID',
    help: ['remove a client; its tokens are refused from the next request'],
    prepare([clientId, ...extra]) {
      if (!clientId) throw new UsageError('client delete needs a CLIENT_ID');
      noMore(extra);
      return async (s) => {
        await deleteClient(s, clientId);
        err(`client ${clientId} deleted; its tokens are refused from the next request on.`);
      };
    },
  },
];
