/**
 * The partner console in a real browser (docs/console.md): Debian's chromium driven by
 * playwright-core against a harness service on a moved clock. Logs in, lists, searches by claim
 * id (hashed in the page), opens a timeline, cancels, switches the mode as admin, is refused as a
 * claim handler, verifies the ledger, and is sent back to login once the refresh session has
 * expired. axe-core checks every main page and the pages are photographed: into a temporary
 * folder, or into docs/console/ (the README's pictures) with UPDATE_SCREENSHOTS=1.
 * Skipped only when /usr/bin/chromium is absent (.ci/run installs it).
 */
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { buildConsole } from '../../scripts/build-console';
import { UserStore } from '../../src/auth/users';
import { ManualClock } from '../../src/clock';
import { openConsoleBrowser, skipWithoutChromium, type ConsoleBrowser } from '../helpers/console-browser';
import { startHarness, type Harness } from '../helpers/harness';
import { waitFor } from '../helpers/wait';

const day = 24 * 3600 * 1000;

describe('partner console in a browser', function () {
  this.timeout(60000);
  const clock = new ManualClock(Date.UTC(2026, 10, 22, 6, 0, 0));
  const password = 'console-test-password-1';
  const admin = 'admin.console@acme-tpa.example';
  const handler = 'handler.console@acme-tpa.example';
  const claimId = 'CLM-CON-0001';
  let h: Harness;
  let browser: ConsoleBrowser;
  let page: Page;
  let workflowId: string;

  before(async function () {
    skipWithoutChromium(this);
    await buildConsole();
    h = await startHarness({ clock });
    const users = new UserStore(h.services.redis, h.services.keys, h.services.clock);
    await users.createUser('acme', { username: admin, role: 'tpa_admin', password });
    await users.createUser('acme', { username: handler, role: 'claim_handler', password });

    const phone = '+919877700001';
    const key = h.tenant.doc.cms.api_key;
    h.cms.upsertClaim(key, {
      claim_id: claimId, policy_number: 'POL-CON', member_name: 'Console Person', claimant_phone: phone, status: 'DOCUMENTS_PENDING',
      status_updated_at: '2026-11-20T10:00:00Z', amount_claimed: 1000, amount_approved: null, reason_codes: [],
    });
    h.cms.setPendingDocuments(key, claimId, [{ code: 'FINAL_BILL', name: 'Final bill' }]);
    const before = h.wa.sent.length;
    await h.wa.postInbound({ from: phone, text: 'YES' });
    await h.wa.waitFor(() => h.wa.sent.length > before);
    const started = await h.api('/v1/cms/events', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ type: 'claim.documents_pending', claim_id: claimId }) });
    workflowId = ((await started.json()) as { workflow_id: string }).workflow_id;
    await waitFor(async () => (await h.services.workflows.get('acme', workflowId))?.status === 'awaiting_documents', { what: 'workflow waiting' });
    const put = await h.api('/v1/knowledge/articles/kb-console', {
      method: 'PUT', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: { EN: 'Room rent limit' }, body: { EN: 'Room rent is paid up to the policy limit per day.' }, reason_codes: ['ROOM_RENT_CAP'], source: { document: 'Policy wording', section: '4.2', version: '3' }, trusted: true }),
    });
    expect(put.status).to.equal(201);

    browser = await openConsoleBrowser('console');
    page = browser.page;
  });

  after(async () => {
    await browser?.close();
    await h?.close();
  });

  const logIn = (username: string) => browser.logIn(h.apiUrl, username, password);

  it('serves the page with a strict Content-Security-Policy and no inline script', async () => {
    const res = await fetch(`${h.apiUrl}/console/`);
    expect(res.status).to.equal(200);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).to.contain("script-src 'self'").and.to.contain("default-src 'none'").and.not.to.contain('unsafe');
    expect(await res.text()).not.to.match(/<script>|<script(?![^>]*\bsrc=)[^>]*>/);
    await page.goto(`${h.apiUrl}/console/`);
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    await browser.noSeriousViolations('login');
    await browser.shot('login');
  });

  it('an admin logs in, lists, searches by hashed claim id, opens a timeline and cancels', async () => {
    const requests: string[] = [];
    page.on('request', (req) => requests.push(req.url() + (req.postData() ?? '')));
    await logIn(admin);
    await page.getByRole('link', { name: workflowId }).waitFor();
    await browser.noSeriousViolations('workflows');

    await page.getByLabel('Claim id (hashed in your browser)').fill(claimId);
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await page.waitForURL(/claim_id_hash=sha256/);
    await page.getByRole('link', { name: workflowId }).waitFor();
    await page.getByLabel('Claim id (hashed in your browser)').fill('CLM-NOT-THERE');
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await page.getByText('No workflow matches.').waitFor();
    expect(requests.filter((r) => r.includes(claimId)), 'the claim id never leaves the browser in clear').to.deep.equal([]);

    await page.goto(`${h.apiUrl}/console/#/workflow/${workflowId}`);
    await page.getByRole('heading', { name: `Workflow ${workflowId}` }).waitFor();
    expect(await page.locator('#workflow-status').textContent()).to.equal('awaiting_documents');
    expect(await page.locator('ol.timeline li').count()).to.be.greaterThan(0);
    await browser.noSeriousViolations('workflow');

    // Cancel asks first (the handler's views, test/e2e/console-handler.test.ts, show the rest).
    await page.getByRole('button', { name: 'Cancel workflow' }).click();
    await page.getByRole('button', { name: 'Cancel the workflow' }).click();
    await waitFor(async () => (await page.locator('#workflow-status').textContent()) === 'cancelled', { what: 'status shown as cancelled' });
    expect((await h.services.workflows.get('acme', workflowId))?.status).to.equal('cancelled');
  });

  it('an admin sees deliveries, the knowledge base, switches the mode and verifies the ledger', async () => {
    await page.getByRole('link', { name: 'Webhook deliveries' }).click();
    await page.getByRole('heading', { name: 'Webhook deliveries' }).waitFor();
    await browser.noSeriousViolations('deliveries');
    await browser.shot('deliveries');

    // The replay's start is typed as dd/mm/yyyy HH:MM in the tenant's zone (Asia/Kolkata) and sent in UTC.
    const replay = page.waitForRequest((req) => req.url().endsWith('/v1/webhooks/replay'));
    await page.getByLabel('Date (dd/mm/yyyy)').fill('21/11/2026');
    await page.getByLabel('Time (HH:MM, 24-hour)').fill('11:30');
    await page.getByRole('button', { name: 'Replay' }).click();
    expect(JSON.parse((await replay).postData() ?? '{}')).to.deep.equal({ since: '2026-11-21T06:00:00.000Z' });
    await page.getByText('Events since 21/11/2026 11:30 IST are being sent again.').waitFor();

    await page.getByRole('link', { name: 'Knowledge base' }).click();
    await page.getByRole('cell', { name: 'Room rent limit' }).waitFor();
    await browser.noSeriousViolations('knowledge');
    await browser.shot('knowledge');

    await page.getByRole('link', { name: 'Operational mode' }).click();
    await page.getByRole('heading', { name: 'Operational mode' }).waitFor();
    await page.getByLabel('New mode').selectOption('RESTRICTED');
    await page.getByLabel('Reason').fill('Console test: CMS maintenance');
    await page.getByRole('button', { name: 'Change mode' }).click();
    await waitFor(async () => (await page.locator('#current-mode').textContent()) === 'RESTRICTED', { what: 'mode shown as RESTRICTED' });
    expect((await h.services.modes.get('acme')).mode).to.equal('RESTRICTED');
    await browser.noSeriousViolations('mode');
    await browser.shot('mode');
    await page.getByLabel('New mode').selectOption('OPERATIONAL');
    await page.getByLabel('Reason').fill('Console test: maintenance over');
    await page.getByRole('button', { name: 'Change mode' }).click();
    await waitFor(async () => (await page.locator('#current-mode').textContent()) === 'OPERATIONAL', { what: 'mode back to OPERATIONAL' });

    await page.getByRole('link', { name: 'Audit ledger' }).click();
    await page.getByRole('button', { name: 'Verify the ledger' }).click();
    await page.locator('#verify-result').waitFor();
    expect(await page.locator('#verify-result').textContent()).to.equal('The ledger verifies.');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download the latest signed checkpoint' }).click();
    expect((await download).suggestedFilename()).to.equal('audit-checkpoint.json');
    await browser.noSeriousViolations('ledger');
    await browser.shot('ledger');

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
  });

  it('a claim handler sees no deliveries and cannot change the mode; the API refuses it too', async () => {
    await logIn(handler);
    expect(await page.getByRole('link', { name: 'Webhook deliveries' }).count()).to.equal(0);
    await page.getByRole('link', { name: 'Operational mode' }).click();
    await page.locator('#mode-refused').waitFor();
    expect(await page.getByRole('button', { name: 'Change mode' }).count()).to.equal(0);
    await browser.noSeriousViolations('mode (claim handler)');

    const login = await fetch(`${h.apiUrl}/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: handler, password }) });
    const { access_token: token } = (await login.json()) as { access_token: string };
    const refused = await h.api('/v1/tenant/operational-mode', { token, method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mode: 'SUSPENDED', reason: 'not allowed' }) });
    expect(refused.status).to.equal(403);
    expect((await h.services.modes.get('acme')).mode).to.equal('OPERATIONAL');
  });

  it('an expired refresh session leads back to login', async () => {
    clock.advance(31 * day);
    await page.getByRole('link', { name: 'Workflows' }).click();
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    await page.getByText('Your session has ended. Log in again.').waitFor();
    expect(browser.cspViolations, 'no Content-Security-Policy violation in any page').to.deep.equal([]);
  });
});
