/**
 * The operator's credential commands, run as an operator runs them (the real CLI): signing-key
 * rotation and listing, client secrets with their age, rotation with an overlap or at once,
 * and deleting a client.
 */
import { expect } from 'chai';
import { envFor } from '../helpers/child-service';
import { startHarness, type Harness } from '../helpers/harness';
import { runOps } from '../helpers/ops-cli';

describe('ops: keys and clients', function () {
  // Each case runs the CLI as a child process (tsx compiles it on start): slow on a loaded machine.
  this.timeout(180_000);
  let h: Harness;
  before(async () => { h = await startHarness({ roles: ['api'] }); });
  after(async () => { await h?.close(); });

  const ops = (...args: string[]) => runOps(envFor(h.config), args);
  const token = async (clientId: string, secret: string) => (await fetch(`${h.apiUrl}/v1/auth/token`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ grant_type: 'client_credentials', client_id: clientId, client_secret: secret }),
  })).status;

  it('rotates the signing key: the next key is published, the current one keeps signing until it activates', async () => {
    const before = JSON.parse((await ops('keys', 'list', '--json')).stdout) as { kid: string; state: string }[];
    expect(before.map((k) => k.state)).to.deep.equal(['signing']);
    const rotated = await ops('keys', 'rotate');
    expect(rotated.code, rotated.stderr).to.equal(0);
    const next = JSON.parse(rotated.stdout) as { kid: string; state: string; activate_at: string };
    expect(next.state).to.equal('next');
    expect(rotated.stderr).to.contain('published now');
    const after = JSON.parse((await ops('keys', 'list', '--json')).stdout) as { kid: string; state: string }[];
    expect(after.map((k) => [k.kid, k.state])).to.deep.equal([[before[0]!.kid, 'signing'], [next.kid, 'next']]);
    // Published at once, before it signs; tokens are still signed with the current key.
    const jwks = (await (await fetch(`${h.apiUrl}/.well-known/jwks.json`)).json()) as { keys: { kid: string }[] };
    expect(jwks.keys.map((k) => k.kid)).to.deep.equal([before[0]!.kid, next.kid]);
    const { access_token: accessToken } = (await (await fetch(`${h.apiUrl}/v1/auth/token`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: h.tenant.credentials.client_id, client_secret: h.tenant.credentials.client_secret }),
    })).json()) as { access_token: string };
    expect(JSON.parse(Buffer.from(accessToken.split('.')[0]!, 'base64url').toString()).kid).to.equal(before[0]!.kid);
  });

  it('lists clients with the age of their secret, and rotates a secret with an overlap', async () => {
    const { client_id: clientId, client_secret: oldSecret } = h.tenant.credentials;
    const list = JSON.parse((await ops('client', 'list', 'acme', '--json')).stdout) as { client_id: string; secret_age_days: number; rotate_now: boolean }[];
    expect(list.find((c) => c.client_id === clientId)).to.include({ secret_age_days: 0, rotate_now: false });
    const rotated = await ops('client', 'rotate-secret', clientId, '--overlap-hours', '24');
    expect(rotated.code, rotated.stderr).to.equal(0);
    const { client_secret: newSecret, previous_secret_until: until } = JSON.parse(rotated.stdout) as { client_secret: string; previous_secret_until: string };
    expect(Date.parse(until) - Date.now()).to.be.within(23.9 * 3600_000, 24 * 3600_000);
    expect(await token(clientId, oldSecret)).to.equal(200);
    expect(await token(clientId, newSecret)).to.equal(200);
    const leaked = JSON.parse((await ops('client', 'rotate-secret', clientId, '--immediate')).stdout) as { client_secret: string };
    expect(await token(clientId, newSecret)).to.equal(401);
    expect(await token(clientId, oldSecret)).to.equal(401);
    expect(await token(clientId, leaked.client_secret)).to.equal(200);
    expect((await ops('client', 'rotate-secret', clientId)).code).to.equal(2);
  });

  it('deletes a client: its tokens are refused from the next request', async () => {
    const client = await h.services.clients.create('acme', ['workflow:read'], Date.now());
    const res = await fetch(`${h.apiUrl}/v1/auth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ grant_type: 'client_credentials', client_id: client.client_id, client_secret: client.client_secret }) });
    const { access_token: accessToken } = (await res.json()) as { access_token: string };
    expect((await h.api('/v1/workflows', { token: accessToken })).status).to.equal(200);
    const deleted = await ops('client', 'delete', client.client_id);
    expect(deleted.code, deleted.stderr).to.equal(0);
    expect((await h.api('/v1/workflows', { token: accessToken })).status).to.equal(401);
    expect((await ops('client', 'delete', client.client_id)).code).to.equal(1);
  });
});
