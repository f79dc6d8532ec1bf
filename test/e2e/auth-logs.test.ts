/**
 * Human-session logs keep no secret: over a login, failed logins (wrong password, unknown name,
 * lockout), a refresh, a reuse and a logout, the service's whole log output holds no password,
 * no access or refresh token nor the secret part of either, and no username; yet it holds the
 * references an operator correlates by (user id, username hash prefix, family id).
 */
import { expect } from 'chai';
import { UserStore } from '../../src/auth/users';
import { startHarness, type Harness } from '../helpers/harness';
import { startHumanAuthApp, type HumanAuthApp } from '../helpers/human-auth-app';

interface Tokens {
  access_token: string;
  refresh_token: string;
}

describe('human auth log hygiene', function () {
  this.timeout(30000);
  const lines: string[] = [];
  let h: Harness;
  let app: HumanAuthApp;

  before(async () => {
    h = await startHarness({ roles: { api: true, scheduler: false, stages: [] }, logLines: lines });
    app = await startHumanAuthApp(h.services);
  });
  after(async () => {
    await app?.close();
    await h?.close();
  });

  const post = (path: string, body: unknown, token?: string) => fetch(`${app.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

  it('writes no password, token or username', async () => {
    const username = 'priya.raman@acme-tpa.example';
    const password = 'Monsoon-Kite-4711!';
    const wrongPasswords = ['Monsoon-Kite-4712!', 'guess-number-two', 'guess-number-three', 'guess-number-four', 'guess-number-five'];
    const unknownUser = 'nobody.here@acme-tpa.example';
    const lockedUser = 'locked.out@acme-tpa.example';
    const users = new UserStore(h.services.redis, h.services.keys, h.services.clock);
    const user = await users.createUser('acme', { username, role: 'claim_handler', password });
    await users.createUser('acme', { username: lockedUser, role: 'tpa_admin', password });

    const first = (await (await post('/v1/auth/login', { username, password })).json()) as Tokens;
    expect((await post('/v1/auth/login', { username, password: wrongPasswords[0] })).status).to.equal(401);
    expect((await post('/v1/auth/login', { username: unknownUser, password })).status).to.equal(401);
    for (const wrong of wrongPasswords) await post('/v1/auth/login', { username: lockedUser, password: wrong });
    expect((await post('/v1/auth/login', { username: lockedUser, password })).status).to.equal(429);
    const second = (await (await post('/v1/auth/refresh', { refresh_token: first.refresh_token })).json()) as Tokens;
    const third = (await (await post('/v1/auth/refresh', { refresh_token: second.refresh_token })).json()) as Tokens;
    expect((await post('/v1/auth/refresh', { refresh_token: first.refresh_token })).status, 'reuse').to.equal(400);
    const again = (await (await post('/v1/auth/login', { username, password })).json()) as Tokens;
    expect((await post('/v1/auth/logout', { refresh_token: again.refresh_token }, again.access_token)).status).to.equal(204);

    const log = lines.join('');
    expect(lines.length, 'the flow wrote log lines').to.be.greaterThan(5);
    expect(log).to.contain('refresh token reused: family revoked');
    expect(log).to.contain('login refused: locked after repeated failures');
    expect(log).to.contain('logout');
    expect(log).to.contain(user.user_id);
    expect(log).to.contain(h.services.refs.of(unknownUser));
    expect(log).to.contain(first.refresh_token.split('.')[1]!);

    const forbidden: Record<string, string> = { password, unknown_user: unknownUser, locked_user: lockedUser, username };
    wrongPasswords.forEach((p, i) => { forbidden[`wrong_password_${i}`] = p; });
    for (const [name, tokens] of Object.entries({ first, second, third, again })) {
      forbidden[`${name}.access_token`] = tokens.access_token;
      forbidden[`${name}.access_signature`] = tokens.access_token.split('.')[2]!;
      forbidden[`${name}.refresh_token`] = tokens.refresh_token;
      forbidden[`${name}.refresh_secret`] = tokens.refresh_token.split('.')[2]!;
    }
    for (const [what, value] of Object.entries(forbidden)) expect(log.toLowerCase().includes(value.toLowerCase()), `${what} appeared in the logs`).to.equal(false);
    expect(log.toLowerCase()).to.not.include('priya');
  });
});
