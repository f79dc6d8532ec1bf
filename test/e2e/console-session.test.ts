/**
 * The console's session survives a reload (docs/console.md, "Session design"), in Debian's
 * chromium driven by playwright-core: a person logs in once, opens a view, reloads, and is on
 * the same view without typing the password, the page having resumed through the HttpOnly refresh
 * cookie; a new tab opens logged in too. The access token is never in localStorage,
 * sessionStorage or document.cookie, and the refresh token never reaches the page at all. After
 * logging out, a reload shows the login. axe-core checks the resumed page.
 * Skipped only when /usr/bin/chromium is absent (.ci/run installs it).
 */
import { expect } from 'chai';
import type { Page, Response } from 'playwright-core';
import { buildConsole } from '../../scripts/build-console';
import { UserStore } from '../../src/auth/users';
import { openConsoleBrowser, skipWithoutChromium, type ConsoleBrowser } from '../helpers/console-browser';
import { startHarness, type Harness } from '../helpers/harness';
import { waitFor } from '../helpers/wait';

const cookieName = '__Secure-console-refresh';

describe('partner console: a session that survives a reload', function () {
  this.timeout(60000);
  const password = 'console-session-password-1';
  const admin = 'admin.session@acme-tpa.example';
  let h: Harness;
  let browser: ConsoleBrowser;
  let page: Page;
  /** Every access token the service handed the page, and the answers' bodies as the page read them. */
  const accessTokens: string[] = [];
  const tokenBodies: Record<string, unknown>[] = [];
  /** The statuses of the page's requests, by path: `/v1/auth/console/login`, `/v1/auth/console/refresh`, … */
  const statuses = new Map<string, number[]>();

  const watch = async (res: Response) => {
    const path = new URL(res.url()).pathname;
    if (!path.startsWith('/v1/auth/')) return;
    statuses.set(path, [...(statuses.get(path) ?? []), res.status()]);
    if (res.status() !== 200) return;
    const body = (await res.json()) as Record<string, unknown>;
    tokenBodies.push(body);
    if (typeof body.access_token === 'string') accessTokens.push(body.access_token);
  };
  const count = (path: string, status?: number) => (statuses.get(path) ?? []).filter((s) => status === undefined || s === status).length;
  /** The console cookie as chromium keeps it, or undefined. */
  const sessionCookie = async () => (await browser.context.cookies(`${h.apiUrl}/v1/auth/console/refresh`)).find((c) => c.name === cookieName);
  /** What the page's own scripts can reach: both storages and the cookies it can read. */
  const pageStorage = (p: Page) => p.evaluate(`({ local: JSON.stringify(Object.entries(localStorage)), session: JSON.stringify(Object.entries(sessionStorage)), cookie: document.cookie })`) as Promise<{ local: string; session: string; cookie: string }>;

  before(async function () {
    skipWithoutChromium(this);
    await buildConsole();
    h = await startHarness({ roles: { api: true, scheduler: false, stages: [] } });
    await new UserStore(h.services.redis, h.services.keys, h.services.clock).createUser('acme', { username: admin, role: 'tpa_admin', password });
    browser = await openConsoleBrowser('console-session');
    page = browser.page;
    browser.context.on('response', (res) => void watch(res).catch(() => undefined));
  });

  after(async () => {
    await browser?.close();
    await h?.close();
  });

  it('logs in once; a reload is still logged in, on the same view, without the password', async () => {
    await browser.logIn(h.apiUrl, admin, password);
    expect(count('/v1/auth/console/login', 200)).to.equal(1);
    await page.getByRole('link', { name: 'Operational mode' }).click();
    await page.getByRole('heading', { name: 'Operational mode' }).waitFor();

    const cookie = await sessionCookie();
    expect(cookie, 'the refresh cookie').to.not.equal(undefined);
    expect(cookie).to.include({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/v1/auth/console' });
    expect(tokenBodies[0], 'the login answer').to.not.have.property('refresh_token');

    const refreshesBefore = count('/v1/auth/console/refresh', 200);
    await page.reload();
    await page.getByRole('heading', { name: 'Operational mode' }).waitFor();
    // The view's data came through the resumed session: the API answered the mode read.
    await waitFor(async () => (await page.locator('#current-mode').textContent()) === 'OPERATIONAL', { what: 'the mode read after the reload' });
    expect(page.url()).to.match(/#\/mode$/);
    expect(await page.getByLabel('Password').count(), 'no login form').to.equal(0);
    expect(count('/v1/auth/console/login'), 'no second login').to.equal(1);
    expect(count('/v1/auth/console/refresh', 200) - refreshesBefore, 'one cookie refresh at start-up').to.equal(1);
    const rotated = await sessionCookie();
    expect(rotated?.value, 'the reload rotated the cookie').to.not.equal(cookie?.value);
    await browser.noSeriousViolations('mode (after a reload)');
  });

  it('opens a new tab logged in, from the same cookie', async () => {
    const tab = await browser.context.newPage();
    try {
      await tab.goto(`${h.apiUrl}/console/#/workflows`);
      await tab.getByRole('heading', { name: 'Workflows' }).waitFor();
      expect(await tab.getByRole('button', { name: 'Log out' }).count()).to.equal(1);
      expect(count('/v1/auth/console/login'), 'no second login').to.equal(1);
    } finally {
      await tab.close();
    }
  });

  it('keeps the access token out of every storage the page can read, and never shows it the refresh token', async () => {
    const storage = await pageStorage(page);
    expect(storage).to.deep.equal({ local: '[]', session: '[]', cookie: '' });
    expect(accessTokens.length, 'access tokens seen').to.be.greaterThan(1);
    const cookie = await sessionCookie();
    const visible = JSON.stringify(storage);
    for (const token of [...accessTokens, cookie!.value]) expect(visible.includes(token)).to.equal(false);
    for (const body of tokenBodies) expect(body, 'an answer to the page').to.not.have.property('refresh_token');
    expect(JSON.stringify(tokenBodies).includes(cookie!.value), 'the refresh token in no answer body').to.equal(false);
  });

  it('logs out: the session ends on the server, the cookie is gone, and a reload shows the login', async () => {
    const last = accessTokens.at(-1)!;
    expect((await h.api('/v1/workflows', { token: last })).status).to.equal(200);
    await page.getByRole('link', { name: 'Workflows' }).click();
    await page.getByRole('heading', { name: 'Workflows' }).waitFor();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    await waitFor(async () => (await sessionCookie()) === undefined, { what: 'the refresh cookie cleared' });
    expect(count('/v1/auth/console/logout', 204)).to.equal(1);
    for (const token of accessTokens) expect((await h.api('/v1/workflows', { token })).status, 'every access token of the session is revoked').to.equal(401);

    // Logout left the page on #/login; a reload on a view's address must show the login too.
    await page.evaluate(`location.hash = '#/workflows'`);
    const refusedBefore = count('/v1/auth/console/refresh', 400);
    await page.reload();
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    expect(page.url()).to.match(/#\/workflows$/);
    expect(await page.getByRole('button', { name: 'Log out' }).count()).to.equal(0);
    expect(count('/v1/auth/console/refresh', 400) - refusedBefore, 'the start-up refresh, refused').to.equal(1);
    await browser.noSeriousViolations('login (after logout and a reload)');
    expect(browser.cspViolations, 'no Content-Security-Policy violation').to.deep.equal([]);
  });
});
