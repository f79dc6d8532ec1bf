/**
 * Human sessions end to end against real Redis: login, the tokens it gives working at the
 * service's API, lockout, refresh rotation and reuse detection, logout and removed users. The
 * routes run on their own small app over the harness' Services, so their tokens are checked by
 * the harness API (h.apiUrl) exactly as partner calls are.
 */
import { expect } from 'chai';
import { decodeJwt } from 'jose';
import { Agent, fetch as undiciFetch } from 'undici';
import { hashWorkDefaults } from '../../src/auth/hash-work';
import { loginGuardDefaults } from '../../src/auth/login-guard';
import { UserStore, type User } from '../../src/auth/users';
import { ManualClock } from '../../src/clock';
import { createServices, type Services } from '../../src/services';
import { allScopes } from '../../src/tenants/tenant-document';
import { waitReady } from '../../src/redis/connection';
import { startHarness, type Harness } from '../helpers/harness';
import { startHumanAuthApp, type HumanAuthApp } from '../helpers/human-auth-app';

interface Tokens {
  access_token: string;
  token_type: string;
  expires_in: number;
  refresh_token: string;
  scope: string;
}

const password = 'correct horse battery staple';
let counter = 0;

describe('human sessions (login, refresh, logout)', function () {
  this.timeout(30000);
  let h: Harness;
  let app: HumanAuthApp;
  let users: UserStore;

  before(async () => {
    h = await startHarness({ roles: { api: true, scheduler: false, stages: [] } });
    app = await startHumanAuthApp(h.services);
    users = new UserStore(h.services.redis, h.services.keys, h.services.clock);
  });
  after(async () => {
    await app?.close();
    await h?.close();
  });

  /** A new user of the harness tenant, with a username no other test uses. */
  async function newUser(role: 'tpa_admin' | 'claim_handler' = 'tpa_admin'): Promise<User> {
    counter += 1;
    return users.createUser('acme', { username: `Person.${counter}.${Date.now()}@Acme-TPA.example`, role, password });
  }

  function post(base: string, path: string, body: unknown, init: { token?: string; form?: boolean } = {}): Promise<Response> {
    const headers: Record<string, string> = { 'content-type': init.form ? 'application/x-www-form-urlencoded' : 'application/json' };
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    const payload = init.form ? new URLSearchParams(body as Record<string, string>).toString() : JSON.stringify(body);
    return fetch(`${base}${path}`, { method: 'POST', headers, body: payload });
  }
  const login = (username: string, pw: string) => post(app.url, '/v1/auth/login', { username, password: pw });
  const refresh = (token: string) => post(app.url, '/v1/auth/refresh', { refresh_token: token });
  async function loggedIn(user: User): Promise<Tokens> {
    const res = await login(user.username, password);
    expect(res.status, await res.clone().text()).to.equal(200);
    return (await res.json()) as Tokens;
  }
  /** What the service's API answers a bearer token on a read. */
  const workflowsStatus = async (token: string) => (await h.api('/v1/workflows', { token })).status;

  describe('login', () => {
    it('answers an access token a TPA admin can use at the API, and a refresh token', async () => {
      const user = await newUser('tpa_admin');
      const res = await login(user.username, password);
      expect(res.status).to.equal(200);
      expect(res.headers.get('cache-control')).to.equal('no-store');
      const body = (await res.json()) as Tokens;
      expect(body).to.have.all.keys('access_token', 'token_type', 'expires_in', 'refresh_token', 'scope');
      expect(body.token_type).to.equal('Bearer');
      expect(body.expires_in).to.equal(900);
      expect(body.scope).to.equal(allScopes.join(' '));
      expect(body.refresh_token).to.match(/^rt_acme\.[0-9a-f]{32}\.[A-Za-z0-9_-]{43}$/);
      const claims = decodeJwt(body.access_token);
      expect(claims.sub).to.equal(user.user_id);
      expect(claims.tenant_id).to.equal('acme');
      expect(claims.token_type).to.equal('human');
      expect(claims.scope).to.equal(body.scope);
      expect(claims.exp! - claims.iat!).to.equal(900);
      expect(await workflowsStatus(body.access_token)).to.equal(200);
    });

    it('gives a claim handler the claim handler scopes; takes a form body and any case of the username', async () => {
      const user = await newUser('claim_handler');
      const res = await post(app.url, '/v1/auth/login', { username: user.username.toUpperCase(), password }, { form: true });
      expect(res.status).to.equal(200);
      const body = (await res.json()) as Tokens;
      expect(body.scope).to.equal('workflow:read workflow:write audit:read kb:read conversations:read conversations:write');
      expect(decodeJwt(body.access_token).sub).to.equal(user.user_id);
      expect(await workflowsStatus(body.access_token)).to.equal(200);
    });

    it('answers a wrong password and an unknown username with the same 401', async () => {
      const user = await newUser();
      const wrong = await login(user.username, 'not the password at all');
      const unknown = await login(`nobody.${Date.now()}@acme-tpa.example`, password);
      expect(wrong.status).to.equal(401);
      expect(unknown.status).to.equal(401);
      expect(wrong.headers.get('content-type')).to.match(/^application\/problem\+json/);
      const [a, b] = [await wrong.json(), await unknown.json()];
      expect(a).to.deep.equal(b);
      expect(a).to.include({ error_code: 'invalid_credentials', status: 401 });
    });

    it('answers 400 invalid_request with the OAuth error member when a field is missing', async () => {
      const res = await post(app.url, '/v1/auth/login', { username: 'someone@acme-tpa.example' });
      expect(res.status).to.equal(400);
      expect(await res.json()).to.include({ error_code: 'invalid_request', error: 'invalid_request' });
    });
  });

  describe('lockout', () => {
    it('locks a user after 5 failed logins: 429 with Retry-After, even with the right password', async () => {
      const user = await newUser();
      for (let i = 0; i < 5; i++) expect((await login(user.username, `wrong password ${i}`)).status, `failure ${i + 1}`).to.equal(401);
      const res = await login(user.username, password);
      expect(res.status).to.equal(429);
      const retryAfter = Number(res.headers.get('retry-after'));
      expect(retryAfter).to.be.greaterThan(0).and.at.most(900);
      const body = await res.json();
      expect(body).to.include({ error_code: 'login_locked', status: 429, retry_after: retryAfter });
    });

    it('locks an unknown username the same way, so the lockout does not tell which names exist', async () => {
      const name = `ghost.${Date.now()}@acme-tpa.example`;
      for (let i = 0; i < 5; i++) expect((await login(name, `wrong password ${i}`)).status).to.equal(401);
      const res = await login(name, password);
      expect(res.status).to.equal(429);
      expect(Number(res.headers.get('retry-after'))).to.be.greaterThan(0);
    });

    it('forgets the failures after a successful login', async () => {
      const user = await newUser();
      for (let i = 0; i < 4; i++) expect((await login(user.username, 'wrong password!')).status).to.equal(401);
      expect((await login(user.username, password)).status).to.equal(200);
      for (let i = 0; i < 4; i++) expect((await login(user.username, 'wrong password!')).status).to.equal(401);
      expect((await login(user.username, password)).status).to.equal(200);
    });

    it('never locks a user whose logins are refused for load (503) or for their address\'s share (429) while a flood fills the hashing bound', async () => {
      const fromSource = (address: string) => {
        const dispatcher = new Agent({ localAddress: address });
        return async (user: User) => {
          const res = await undiciFetch(`${h.apiUrl}/v1/auth/login`, {
            method: 'POST', dispatcher, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: user.username, password }),
          });
          return `${res.status} ${((await res.json()) as { error_code?: string }).error_code ?? 'ok'}`;
        };
      };
      // The flood: secret checks from 9 addresses, each within its share (8), holding every place
      // of the bound (2 running, 64 waiting) until it is let go, as a flood of introspections by
      // made-up clients does while it lasts. The checks are the bound's own; only their end waits.
      let letGo!: () => void;
      const gate = new Promise<void>((resolve) => { letGo = resolve; });
      const places = hashWorkDefaults.maxActive + hashWorkDefaults.maxQueued;
      const held = Array.from({ length: places }, (_, i) => h.services.hashWork.run(`127.0.0.${20 + Math.floor(i / hashWorkDefaults.perSource)}`, () => gate));
      const own = await newUser();
      const shared = await newUser();
      const answers = { own: [] as string[], shared: [] as string[] };
      try {
        // The right password, more times than the lockout allows failures: from an address of its
        // own (the queue is full: 503), and from an address the flood shares (its share is full: 429).
        for (let i = 0; i <= loginGuardDefaults.maxFailures + 1; i++) {
          answers.own.push(await fromSource('127.0.0.60')(own));
          answers.shared.push(await fromSource('127.0.0.20')(shared));
        }
      } finally {
        letGo();
        await Promise.all(held);
      }
      expect(answers.own).to.deep.equal(Array(loginGuardDefaults.maxFailures + 2).fill('503 service_unavailable'));
      expect(answers.shared).to.deep.equal(Array(loginGuardDefaults.maxFailures + 2).fill('429 rate_limited'));
      // The flood is over: both log in at their next try, from the same addresses.
      expect(await fromSource('127.0.0.60')(own)).to.equal('200 ok');
      expect(await fromSource('127.0.0.20')(shared)).to.equal('200 ok');
    });

    describe('once the lock has passed (clock moved by hand)', () => {
      let clock: ManualClock;
      let s: Services;
      let timed: HumanAuthApp;

      before(async () => {
        clock = new ManualClock(Date.now());
        s = createServices(h.config, { clock, log: h.services.log });
        await waitReady(s.redis);
        timed = await startHumanAuthApp(s);
      });
      after(async () => {
        await timed?.close();
        await s?.close();
      });

      it('lets the user in again 15 minutes after the fifth failure, and not a second before', async () => {
        const user = await newUser();
        const attempt = (pw: string) => post(timed.url, '/v1/auth/login', { username: user.username, password: pw });
        for (let i = 0; i < 5; i++) {
          expect((await attempt('wrong password!')).status).to.equal(401);
          clock.advance(1000);
        }
        clock.advance(60_000);
        const locked = await attempt(password);
        expect(locked.status).to.equal(429);
        // Locked 15 minutes from the fifth failure (1 s + 60 s ago).
        expect(Number(locked.headers.get('retry-after'))).to.equal(900 - 61);
        clock.advance((900 - 61) * 1000 - 1);
        expect((await attempt(password)).status).to.equal(429);
        clock.advance(1);
        expect((await attempt(password)).status).to.equal(200);
      });

      it('ends a refresh-token family 30 days after its login', async () => {
        const user = await newUser();
        const first = (await (await post(timed.url, '/v1/auth/login', { username: user.username, password })).json()) as Tokens;
        clock.advance(29 * 24 * 3600_000);
        const res = await post(timed.url, '/v1/auth/refresh', { refresh_token: first.refresh_token });
        expect(res.status).to.equal(200);
        const second = (await res.json()) as Tokens;
        clock.advance(24 * 3600_000);
        const late = await post(timed.url, '/v1/auth/refresh', { refresh_token: second.refresh_token });
        expect(late.status).to.equal(400);
        expect(await late.json()).to.include({ error_code: 'invalid_grant', error: 'invalid_grant' });
      });
    });
  });

  describe('refresh', () => {
    it('rotates: a new refresh token and a new working access token; the old refresh token is spent', async () => {
      const user = await newUser();
      const first = await loggedIn(user);
      const res = await refresh(first.refresh_token);
      expect(res.status).to.equal(200);
      expect(res.headers.get('cache-control')).to.equal('no-store');
      const second = (await res.json()) as Tokens;
      expect(second.refresh_token).to.not.equal(first.refresh_token);
      expect(second.refresh_token.split('.').slice(0, 2)).to.deep.equal(first.refresh_token.split('.').slice(0, 2));
      expect(second).to.include({ token_type: 'Bearer', expires_in: 900, scope: first.scope });
      expect(decodeJwt(second.access_token).jti).to.not.equal(decodeJwt(first.access_token).jti);
      expect(await workflowsStatus(second.access_token)).to.equal(200);
      const third = await refresh(second.refresh_token);
      expect(third.status).to.equal(200);
    });

    it('treats a spent refresh token as reuse: 400 invalid_grant and the whole family is dead', async () => {
      const user = await newUser();
      const first = await loggedIn(user);
      const second = (await (await refresh(first.refresh_token)).json()) as Tokens;
      expect(await workflowsStatus(first.access_token)).to.equal(200);
      expect(await workflowsStatus(second.access_token)).to.equal(200);

      const reuse = await refresh(first.refresh_token);
      expect(reuse.status).to.equal(400);
      expect(reuse.headers.get('content-type')).to.match(/^application\/problem\+json/);
      expect(await reuse.json()).to.include({ error_code: 'invalid_grant', error: 'invalid_grant', status: 400 });

      const latest = await refresh(second.refresh_token);
      expect(latest.status, 'the newest refresh token of the family').to.equal(400);
      expect(await latest.json()).to.include({ error: 'invalid_grant' });
      expect(await workflowsStatus(first.access_token), 'access token from the login').to.equal(401);
      expect(await workflowsStatus(second.access_token), 'access token from the refresh').to.equal(401);
      // Another session of the same user is untouched.
      const other = await loggedIn(user);
      expect(await workflowsStatus(other.access_token)).to.equal(200);
    });

    it('lets exactly one of two parallel refreshes of one token succeed', async () => {
      for (let round = 0; round < 5; round++) {
        const first = await loggedIn(await newUser());
        const answers = await Promise.all([refresh(first.refresh_token), refresh(first.refresh_token)]);
        expect(answers.map((r) => r.status).sort(), `round ${round}`).to.deep.equal([200, 400]);
        // The second use of the token was reuse, so the winner's session is ended too (documented).
        const winner = (await answers.find((r) => r.status === 200)!.json()) as Tokens;
        expect((await refresh(winner.refresh_token)).status).to.equal(400);
      }
    });

    it('refuses tokens that are not ours, and a missing token', async () => {
      const user = await newUser();
      const good = (await loggedIn(user)).refresh_token;
      const [prefix, family] = good.split('.');
      for (const bad of ['rt_nope', `${prefix}.${family}.${'A'.repeat(43)}`, `rt_globex.${family}.${good.split('.')[2]}`, good.toUpperCase()]) {
        const res = await refresh(bad);
        expect(res.status, bad).to.equal(400);
        expect(await res.json()).to.include({ error_code: 'invalid_grant', error: 'invalid_grant' });
      }
      // A forged secret on a real family is not reuse: the family lives on.
      expect((await refresh(good)).status).to.equal(200);
      const missing = await post(app.url, '/v1/auth/refresh', {});
      expect(missing.status).to.equal(400);
      expect(await missing.json()).to.include({ error_code: 'invalid_request', error: 'invalid_request' });
    });

    it('revokes a family through refreshTokens.revokeToken (RFC 7009), limited to a tenant when asked', async () => {
      const tokens = await loggedIn(await newUser());
      const now = h.services.clock.now();
      expect(await h.services.refreshTokens.revokeToken(tokens.refresh_token, now, { tenantId: 'globex' })).to.equal(false);
      expect(await h.services.refreshTokens.revokeToken('rt_acme.garbage', now)).to.equal(false);
      expect(await h.services.refreshTokens.revokeToken(tokens.refresh_token, now, { tenantId: 'acme' })).to.equal(true);
      expect((await refresh(tokens.refresh_token)).status).to.equal(400);
      expect(await workflowsStatus(tokens.access_token)).to.equal(401);
    });
  });

  describe('logout', () => {
    it('revokes the presented access token and the given refresh token\'s family', async () => {
      const tokens = await loggedIn(await newUser());
      const second = (await (await refresh(tokens.refresh_token)).json()) as Tokens;
      const res = await post(app.url, '/v1/auth/logout', { refresh_token: second.refresh_token }, { token: second.access_token });
      expect(res.status).to.equal(204);
      expect(await workflowsStatus(second.access_token)).to.equal(401);
      expect(await workflowsStatus(tokens.access_token), 'earlier access token of the family').to.equal(401);
      expect((await refresh(second.refresh_token)).status).to.equal(400);
      const again = await post(app.url, '/v1/auth/logout', {}, { token: second.access_token });
      expect(again.status, 'a revoked token cannot log out again').to.equal(401);
    });

    it('without a refresh token, ends only the access token', async () => {
      const tokens = await loggedIn(await newUser());
      const res = await fetch(`${app.url}/v1/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${tokens.access_token}` } });
      expect(res.status).to.equal(204);
      expect(await workflowsStatus(tokens.access_token)).to.equal(401);
      expect((await refresh(tokens.refresh_token)).status).to.equal(200);
    });

    it('leaves another user\'s refresh family alone', async () => {
      const mine = await loggedIn(await newUser());
      const theirs = await loggedIn(await newUser());
      const res = await post(app.url, '/v1/auth/logout', { refresh_token: theirs.refresh_token }, { token: mine.access_token });
      expect(res.status).to.equal(204);
      expect((await refresh(theirs.refresh_token)).status).to.equal(200);
    });

    it('needs a human bearer token', async () => {
      const none = await post(app.url, '/v1/auth/logout', {});
      expect(none.status).to.equal(401);
      expect(await none.json()).to.include({ error_code: 'invalid_token' });
      const machine = await post(app.url, '/v1/auth/logout', {}, { token: await h.token() });
      expect(machine.status).to.equal(403);
    });

    it('works the same behind the app\'s bearer middleware', async () => {
      const behind = await startHumanAuthApp(h.services, { behindBearer: true });
      try {
        const tokens = await loggedIn(await newUser());
        const res = await post(behind.url, '/v1/auth/logout', { refresh_token: tokens.refresh_token }, { token: tokens.access_token });
        expect(res.status).to.equal(204);
        expect(await workflowsStatus(tokens.access_token)).to.equal(401);
        expect((await refresh(tokens.refresh_token)).status).to.equal(400);
        expect((await post(behind.url, '/v1/auth/logout', {})).status).to.equal(401);
      } finally {
        await behind.close();
      }
    });
  });

  describe('removed users', () => {
    it('refuses their access tokens at once, their refresh tokens and their password', async () => {
      const user = await newUser();
      const tokens = await loggedIn(user);
      expect(await workflowsStatus(tokens.access_token)).to.equal(200);
      expect(await users.removeUser('acme', user.user_id)).to.equal(true);
      expect(await workflowsStatus(tokens.access_token)).to.equal(401);
      expect((await refresh(tokens.refresh_token)).status).to.equal(400);
      expect((await login(user.username, password)).status).to.equal(401);
      expect(await users.removeUser('acme', user.user_id)).to.equal(false);
    });
  });

  describe('user store', () => {
    it('keeps usernames unique across tenants, in any case, and checks username, role and password', async () => {
      const user = await newUser();
      const err = (p: Promise<unknown>) => p.then(() => null, (e: { code?: string }) => e.code);
      expect(await err(users.createUser('acme', { username: user.username.toUpperCase(), role: 'tpa_admin', password }))).to.equal('conflict');
      expect(await err(users.createUser('acme', { username: 'not-an-email', role: 'tpa_admin', password }))).to.equal('invalid_request');
      expect(await err(users.createUser('acme', { username: 'x@acme-tpa.example', role: 'root', password }))).to.equal('invalid_request');
      expect(await err(users.createUser('acme', { username: 'x@acme-tpa.example', role: 'tpa_admin', password: 'short pw 11' }))).to.equal('invalid_request');
      expect(await err(users.createUser('no-such-tenant', { username: 'x@acme-tpa.example', role: 'tpa_admin', password }))).to.equal('tenant_not_found');
      const stored = await h.services.redis.hget(h.services.keys.users('acme'), user.user_id);
      expect(stored).to.not.include(password);
      expect(JSON.parse(stored!).password_hash).to.match(/^scrypt\$/);
      const listed = await users.list('acme');
      expect(listed.find((u) => u.user_id === user.user_id)).to.deep.equal(user);
      expect(JSON.stringify(listed)).to.not.include('scrypt$');
    });
  });
});
