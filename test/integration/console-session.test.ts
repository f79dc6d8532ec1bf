/**
 * The partner console's cookie session (docs/console.md, "Session design" and "CSRF") against
 * the running API on real Redis: `POST /v1/auth/console/login` sets the refresh token in an
 * HttpOnly, Secure, SameSite=Strict cookie on /v1/auth/console and not in the body;
 * `POST /v1/auth/console/refresh` rotates it (reuse of a spent value ends the session, the 30
 * days still cap it); a request without the header, or from another origin, is refused 403
 * `csrf_check_failed` and changes nothing; logout ends the session and clears the cookie; no log
 * line holds a token.
 */
import { expect } from 'chai';
import { UserStore, type User } from '../../src/auth/users';
import { ManualClock } from '../../src/clock';
import { startHarness, type Harness } from '../helpers/harness';

const password = 'console session password 1';
const cookieName = '__Secure-console-refresh';
const day = 24 * 3600 * 1000;
let counter = 0;

interface Answer { status: number; body: Record<string, unknown>; setCookies: string[] }

describe('console cookie session (/v1/auth/console)', function () {
  this.timeout(30000);
  const clock = new ManualClock(Date.now());
  const logLines: string[] = [];
  let h: Harness;
  let users: UserStore;
  let origin: string;

  before(async () => {
    h = await startHarness({ roles: { api: true, scheduler: false, stages: [] }, clock, logLines });
    users = new UserStore(h.services.redis, h.services.keys, h.services.clock);
    origin = new URL(h.apiUrl).origin;
  });
  after(async () => {
    await h?.close();
  });

  async function newUser(): Promise<User> {
    counter += 1;
    return users.createUser('acme', { username: `console.${counter}.${Date.now()}@acme-tpa.example`, role: 'claim_handler', password });
  }

  /** A POST as the console's page sends it: the header, the page's Origin, the cookie if any; `headers` replace those. */
  async function post(path: string, options: { cookie?: string | null; headers?: Record<string, string | null>; json?: unknown; token?: string } = {}): Promise<Answer> {
    const headers: Record<string, string> = {};
    const wanted: Record<string, string | null> = {
      'console-session': 'cookie', origin, cookie: options.cookie ? `${cookieName}=${options.cookie}` : null,
      authorization: options.token ? `Bearer ${options.token}` : null, 'content-type': options.json === undefined ? null : 'application/json',
      ...options.headers,
    };
    for (const [name, value] of Object.entries(wanted)) if (value !== null) headers[name] = value;
    const res = await fetch(`${h.apiUrl}${path}`, { method: 'POST', headers, body: options.json === undefined ? undefined : JSON.stringify(options.json) });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {}, setCookies: res.headers.getSetCookie() };
  }

  /** The console cookie an answer sets: its value and its attributes, lower-cased names. */
  function cookieOf(answer: Answer): { value: string; attributes: Map<string, string> } {
    const lines = answer.setCookies.filter((c) => c.startsWith(`${cookieName}=`));
    expect(lines, `one ${cookieName} cookie in ${JSON.stringify(answer.setCookies)}`).to.have.length(1);
    const [pair, ...rest] = lines[0]!.split(';').map((p) => p.trim());
    const attributes = new Map(rest.map((a) => {
      const at = a.indexOf('=');
      return at < 0 ? [a.toLowerCase(), ''] : [a.slice(0, at).toLowerCase(), a.slice(at + 1)];
    }));
    return { value: pair!.slice(cookieName.length + 1), attributes };
  }

  const logIn = (user: User, options: { headers?: Record<string, string | null>; cookie?: string } = {}) => post('/v1/auth/console/login', { json: { username: user.username, password }, ...options });
  const refresh = (cookie: string | null, headers: Record<string, string | null> = {}) => post('/v1/auth/console/refresh', { cookie, headers });
  const apiStatus = async (token: unknown) => (await h.api('/v1/workflows', { token: String(token) })).status;

  it('a console login sets the refresh token in an HttpOnly, Secure, SameSite=Strict cookie on the console path, not in the body', async () => {
    const user = await newUser();
    const login = await logIn(user);
    expect(login.status).to.equal(200);
    expect(login.body).to.have.all.keys('access_token', 'token_type', 'expires_in', 'scope');
    expect(await apiStatus(login.body.access_token)).to.equal(200);
    const cookie = cookieOf(login);
    expect(cookie.value).to.match(/^rt_acme\.[0-9a-f]{32}\.[A-Za-z0-9_-]{43}$/);
    expect(Object.fromEntries(cookie.attributes)).to.deep.equal({ path: '/v1/auth/console', httponly: '', secure: '', samesite: 'Strict', 'max-age': String(30 * 24 * 3600) });

    // The API clients' login is as it was, even sent like the console's: the refresh token in the body, no cookie.
    const plain = await post('/v1/auth/login', { json: { username: user.username, password } });
    expect(plain.status).to.equal(200);
    expect(plain.body).to.have.property('refresh_token');
    expect(plain.setCookies).to.deep.equal([]);
  });

  it('a console login over a cookie the browser still holds ends that cookie\'s session', async () => {
    const earlier = await logIn(await newUser());
    const later = await logIn(await newUser(), { cookie: cookieOf(earlier).value });
    expect(later.status).to.equal(200);
    expect(cookieOf(later).value).to.not.equal(cookieOf(earlier).value);
    expect((await refresh(cookieOf(earlier).value)).status).to.equal(400);
    expect(await apiStatus(earlier.body.access_token)).to.equal(401);
    expect((await refresh(cookieOf(later).value)).status).to.equal(200);
  });

  it('the console refresh rotates the cookie; its Max-Age is the time left of the 30 days', async () => {
    const first = cookieOf(await logIn(await newUser())).value;
    clock.advance(10 * day);
    const refreshed = await refresh(first);
    expect(refreshed.status).to.equal(200);
    expect(refreshed.body).to.have.all.keys('access_token', 'token_type', 'expires_in', 'scope');
    expect(await apiStatus(refreshed.body.access_token)).to.equal(200);
    const second = cookieOf(refreshed);
    expect(second.value).to.not.equal(first);
    expect(second.attributes.get('max-age')).to.equal(String(20 * 24 * 3600));
    expect(second.attributes.get('path')).to.equal('/v1/auth/console');
    const third = await refresh(second.value);
    expect(third.status).to.equal(200);
    expect(cookieOf(third).value).to.not.equal(second.value);
  });

  it('a spent cookie value presented again ends the session: the newest cookie and every access token are refused, the cookie cleared', async () => {
    const login = await logIn(await newUser());
    const stolen = cookieOf(login).value;
    const rotated = await refresh(stolen);
    const current = cookieOf(rotated).value;

    const reused = await refresh(stolen);
    expect(reused.status).to.equal(400);
    expect(reused.body).to.include({ error_code: 'invalid_grant', error: 'invalid_grant' });
    expect(cookieOf(reused)).to.deep.include({ value: '' });
    expect(cookieOf(reused).attributes.get('max-age')).to.equal('0');

    const after = await refresh(current);
    expect(after.status, 'the newest cookie of the ended session').to.equal(400);
    expect(await apiStatus(login.body.access_token)).to.equal(401);
    expect(await apiStatus(rotated.body.access_token)).to.equal(401);
  });

  it('no cookie, or the 30 days over: 400 invalid_grant, and the cookie cleared', async () => {
    const none = await refresh(null);
    expect(none.status).to.equal(400);
    expect(none.body).to.include({ error_code: 'invalid_grant' });

    const cookie = cookieOf(await logIn(await newUser())).value;
    clock.advance(30 * day + 1000);
    const expired = await refresh(cookie);
    expect(expired.status).to.equal(400);
    expect(expired.body).to.include({ error_code: 'invalid_grant' });
    expect(cookieOf(expired).attributes.get('max-age')).to.equal('0');
  });

  it('refuses without the Console-Session header, with a foreign or no Origin: 403 csrf_check_failed, and nothing changes', async () => {
    const user = await newUser();
    const cookie = cookieOf(await logIn(user)).value;
    const refusals = {
      'no header': await refresh(cookie, { 'console-session': null }),
      'another value': await refresh(cookie, { 'console-session': '1' }),
      'a foreign origin': await refresh(cookie, { origin: 'https://evil.example' }),
      'another port': await refresh(cookie, { origin: origin.replace(/:(\d+)$/, (_, p: string) => `:${Number(p) + 1}`) }),
      'no origin': await refresh(cookie, { origin: null }),
      'an opaque origin': await refresh(cookie, { origin: 'null' }),
      'a logout from a foreign origin': await post('/v1/auth/console/logout', { cookie, headers: { origin: 'https://evil.example' } }),
      'a logout without the header': await post('/v1/auth/console/logout', { cookie, headers: { 'console-session': null } }),
      'a login from a foreign origin': await logIn(user, { headers: { origin: 'https://evil.example' } }),
      'a login without the header': await logIn(user, { headers: { 'console-session': null } }),
    };
    for (const [what, answer] of Object.entries(refusals)) {
      expect(answer.status, what).to.equal(403);
      expect(answer.body, what).to.include({ error_code: 'csrf_check_failed', status: 403 });
      expect(answer.setCookies, what).to.deep.equal([]);
    }
    const kept = await refresh(cookie);
    expect(kept.status, 'the cookie, untouched by the refusals, still works').to.equal(200);

    // The origin the request was addressed to is the service's own too: the console opened at
    // http://localhost:PORT while PUBLIC_URL names 127.0.0.1.
    const local = origin.replace('127.0.0.1', 'localhost');
    const viaLocalhost = await fetch(`${local}/v1/auth/console/refresh`, {
      method: 'POST', headers: { 'console-session': 'cookie', origin: local, cookie: `${cookieName}=${cookieOf(kept).value}` },
    });
    expect(viaLocalhost.status).to.equal(200);

    // A cross-origin fetch with the header would need a preflight: the API grants none.
    const preflight = await fetch(`${h.apiUrl}/v1/auth/console/refresh`, {
      method: 'OPTIONS', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'console-session' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).to.equal(null);
    expect(preflight.headers.get('access-control-allow-headers')).to.equal(null);
  });

  it('logout ends the session on the server and clears the cookie', async () => {
    const login = await logIn(await newUser());
    const rotated = await refresh(cookieOf(login).value);
    const cookie = cookieOf(rotated).value;
    const out = await post('/v1/auth/console/logout', { cookie, token: String(rotated.body.access_token) });
    expect(out.status).to.equal(204);
    expect(cookieOf(out)).to.deep.include({ value: '' });
    expect(cookieOf(out).attributes.get('max-age')).to.equal('0');
    expect(cookieOf(out).attributes.get('path')).to.equal('/v1/auth/console');
    expect((await refresh(cookie)).status).to.equal(400);
    expect(await apiStatus(rotated.body.access_token)).to.equal(401);
    expect(await apiStatus(login.body.access_token)).to.equal(401);

    // With no cookie left, the bearer it sends is still revoked; the answer is the same.
    const second = await logIn(await newUser());
    const bare = await post('/v1/auth/console/logout', { token: String(second.body.access_token) });
    expect(bare.status).to.equal(204);
    expect(await apiStatus(second.body.access_token)).to.equal(401);
  });

  it('logs no token and no username', async () => {
    const user = await newUser();
    const login = await logIn(user);
    const cookie = cookieOf(login).value;
    const rotated = cookieOf(await refresh(cookie)).value;
    await refresh(cookie);
    await post('/v1/auth/console/logout', { cookie: rotated });
    // Each token whole, and its secret part (a refresh token's third part, a JWT's signature) alone.
    const tokens = [cookie, rotated, String(login.body.access_token)];
    const secrets = [...tokens, ...tokens.map((t) => t.split('.').pop()!), user.username];
    const leaked = logLines.filter((line) => secrets.some((s) => line.includes(s)));
    expect(leaked).to.deep.equal([]);
    expect(logLines.some((line) => line.includes('refresh token reused: family revoked')), 'the reuse is logged').to.equal(true);
  });
});
