/**
 * The console as a claims handler's daily tool (docs/console.md; issue 46), in Debian's chromium
 * driven by playwright-core against a harness service on a moved clock: the workflows list with
 * its channel, language and masked-claim columns, sorted by clicking headers (the "Updated" order
 * on the time, not the dd/mm/yyyy text), filters shown as removable chips and the claim box
 * keeping the masked claim; a pending-documents workflow's documents checklist with the time each
 * arrived, its timeline in plain words with the pipeline detail one click away, and the actions
 * its status allows, cancel and resume confirmed in a dialog; every time in the tenant's zone as
 * dd/mm/yyyy. The main flows run once with the keyboard alone. axe-core checks each page; the
 * pages are photographed (docs/console/ with UPDATE_SCREENSHOTS=1).
 * Skipped only when /usr/bin/chromium is absent (.ci/run installs it).
 */
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { buildConsole } from '../../scripts/build-console';
import { UserStore } from '../../src/auth/users';
import { ManualClock } from '../../src/clock';
import type { WorkflowResource } from '../../src/workflows/workflow-store';
import { openConsoleBrowser, skipWithoutChromium, type ConsoleBrowser } from '../helpers/console-browser';
import { focused, headingFocused, tabTo } from '../helpers/console-keyboard';
import { startHarness, type Harness } from '../helpers/harness';
import { advanceAndFireTimers } from '../helpers/pipeline-waits';
import { waitFor } from '../helpers/wait';
import { consentOnWhatsApp, nextReply } from '../helpers/whatsapp-claimant';

const hour = 3600_000;

describe('console: a claims handler\'s views', function () {
  this.timeout(90000);
  // 28/11/2026 10:00 UTC, 15:30 in India.
  const clock = new ManualClock(Date.UTC(2026, 10, 28, 10, 0, 0));
  const password = 'console-handler-password-1';
  const handler = 'handler.views@acme-tpa.example';
  const documentsClaim = 'CLM-HND-1234';
  const statusClaim = 'CLM-HND-5678';
  const phones = { documents: '+919877720001', status: '+919877720002' };
  let h: Harness;
  let browser: ConsoleBrowser;
  let page: Page;
  /** The pending-documents follow-up (started 28/11, a document on 01/12) and the claim-status answer (29/11). */
  let followUp: string;
  let answered: string;

  const workflow = async (id: string): Promise<WorkflowResource> => (await h.services.workflows.get('acme', id))!;
  const sentTo = (phone: string) => h.wa.sent.filter((m) => m.to === phone);

  before(async function () {
    skipWithoutChromium(this);
    await buildConsole();
    h = await startHarness({ clock });
    const users = new UserStore(h.services.redis, h.services.keys, h.services.clock);
    await users.createUser('acme', { username: handler, role: 'claim_handler', password });
    const key = h.tenant.doc.cms.api_key;
    const claim = (claimId: string, phone: string, status: string) => h.cms.upsertClaim(key, {
      claim_id: claimId, policy_number: 'POL-HND', member_name: 'Handler View', claimant_phone: phone, status,
      status_updated_at: '2026-11-20T10:00:00Z', amount_claimed: 1000, amount_approved: null, reason_codes: [],
    });

    // 28/11 10:00Z: the CMS asks for two documents; the claimant, new to the service, consents.
    claim(documentsClaim, phones.documents, 'DOCUMENTS_PENDING');
    h.cms.setPendingDocuments(key, documentsClaim, [{ code: 'DISCHARGE_SUMMARY', name: 'Discharge summary' }, { code: 'FINAL_BILL', name: 'Final bill' }]);
    const started = await h.api('/v1/cms/events', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ type: 'claim.documents_pending', claim_id: documentsClaim }) });
    followUp = ((await started.json()) as { workflow_id: string }).workflow_id;
    await waitFor(async () => (await workflow(followUp)).status === 'awaiting_consent', { what: 'consent asked' });
    await h.wa.postInbound({ from: phones.documents, text: 'YES' });
    await waitFor(async () => (await workflow(followUp)).status === 'awaiting_documents', { what: 'the follow-up waiting' });
    // 29/11 10:00Z: the first reminder.
    await advanceAndFireTimers(h, clock, 24 * hour);
    // 29/11 13:35Z (19:05 in India): another claimant asks for their claim's status.
    clock.advance(3 * hour + 35 * 60_000);
    claim(statusClaim, phones.status, 'UNDER_REVIEW');
    await consentOnWhatsApp(h, phones.status);
    answered = (await nextReply(h, phones.status, () => h.wa.postInbound({ from: phones.status, text: 'claim status' }))).workflowId;
    await waitFor(async () => (await workflow(answered)).status === 'completed', { what: 'the status answered' });
    // 30/11 10:00Z: the second reminder; 01/12 05:00Z (10:30 in India): the discharge summary arrives.
    await advanceAndFireTimers(h, clock, 20 * hour + 25 * 60_000);
    await advanceAndFireTimers(h, clock, 19 * hour);
    const before = sentTo(phones.documents).length;
    await h.wa.postInbound({ from: phones.documents, type: 'image', media: { id: 'media-ds-1', mime_type: 'image/jpeg', caption: 'discharge summary' } });
    await h.wa.waitFor(() => sentTo(phones.documents).length > before);
    await waitFor(async () => (await workflow(followUp)).documents?.[0]?.received === true, { what: 'the document recorded' });

    browser = await openConsoleBrowser('console-handler');
    page = browser.page;
  });

  after(async () => {
    await browser?.close();
    await h?.close();
  });

  /** The workflows table's rows, as text, top to bottom. */
  const rows = () => page.getByRole('table', { name: 'Workflows' }).locator('tbody tr').allTextContents();
  const position = (all: string[], id: string) => all.findIndex((r) => r.includes(id));

  it('lists workflows with channel, language and masked claim, sorted by the time of the last update', async () => {
    await browser.logIn(h.apiUrl, handler, password);
    await page.getByRole('link', { name: followUp }).waitFor();
    const headers = await page.getByRole('table', { name: 'Workflows' }).getByRole('columnheader').allTextContents();
    expect(headers.map((t) => t.replace(/[▲▼↕\s]+$/u, ''))).to.deep.equal(['Workflow', 'Type', 'Status', 'Channel', 'Language', 'Claim', 'Updated']);
    const all = await rows();
    const followUpRow = all[position(all, followUp)]!;
    expect(followUpRow).to.contain('pending-documents').and.to.contain('awaiting_documents').and.to.contain('whatsapp').and.to.contain('EN')
      .and.to.contain('XXXX1234').and.to.contain('01/12/2026 10:30 IST').and.not.to.contain(documentsClaim);
    expect(all[position(all, answered)]).to.contain('claim-status').and.to.contain('XXXX5678').and.to.contain('29/11/2026 19:05 IST');

    // Newest update first: the follow-up (updated 01/12) above the answer (29/11), though it
    // started earlier (the API's order) and "29/11/2026" sorts after "01/12/2026" as text.
    const updated = page.getByRole('columnheader', { name: 'Updated' });
    expect(await updated.getAttribute('aria-sort')).to.equal('descending');
    expect(position(all, followUp)).to.be.lessThan(position(all, answered));
    await page.getByRole('button', { name: 'Updated', exact: true }).click();
    expect(await updated.getAttribute('aria-sort')).to.equal('ascending');
    let sorted = await rows();
    expect(position(sorted, answered)).to.be.lessThan(position(sorted, followUp));
    await page.getByRole('button', { name: 'Claim', exact: true }).click();
    expect(await page.getByRole('columnheader', { name: 'Claim' }).getAttribute('aria-sort')).to.equal('ascending');
    expect(await updated.getAttribute('aria-sort')).to.equal(null);
    sorted = await rows();
    expect(position(sorted, followUp)).to.be.lessThan(position(sorted, answered));
    await page.getByRole('button', { name: 'Updated', exact: true }).click();
    expect(await updated.getAttribute('aria-sort')).to.equal('descending');
    await browser.noSeriousViolations('workflows');
    await browser.shot('workflows');
  });

  it('shows the filters in force as chips that remove them, and keeps the masked claim in the box', async () => {
    const requests: string[] = [];
    page.on('request', (req) => requests.push(req.url() + (req.postData() ?? '')));
    await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption('awaiting_documents');
    await page.getByLabel('Claim id (hashed in your browser)').fill(documentsClaim);
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await page.waitForURL(/claim_id_hash=sha256/);
    await page.getByRole('button', { name: 'Remove the filter Claim: XXXX1234' }).waitFor();
    expect(await page.getByRole('list', { name: 'Active filters' }).textContent()).to.equal('Remove the filter Status: awaiting_documents ×Remove the filter Claim: XXXX1234 ×');
    expect(await page.getByLabel('Claim id (hashed in your browser)').inputValue(), 'the box shows the masked claim').to.equal('XXXX1234');
    expect(await rows()).to.have.length(1);
    await browser.noSeriousViolations('workflows (filtered)');
    await browser.shot('workflows-filtered');

    // Filtering again with the masked claim in the box keeps the claim filter as it was.
    await page.getByRole('combobox', { name: 'Type', exact: true }).selectOption('pending-documents');
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await page.getByRole('button', { name: 'Remove the filter Type: pending-documents' }).waitFor();
    expect(await rows()).to.have.length(1);
    await page.getByRole('button', { name: 'Remove the filter Status: awaiting_documents' }).click();
    await page.getByRole('button', { name: 'Remove the filter Status: awaiting_documents' }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Remove the filter Type: pending-documents' }).click();
    await waitFor(async () => (await page.getByRole('list', { name: 'Active filters' }).textContent()) === 'Remove the filter Claim: XXXX1234 ×', { what: 'only the claim chip left' });
    expect(await rows()).to.have.length(1);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await waitFor(async () => (await page.getByRole('list', { name: 'Active filters' }).count()) === 0, { what: 'no chip left' });
    expect(await page.getByLabel('Claim id (hashed in your browser)').inputValue()).to.equal('');
    expect((await rows()).length).to.be.greaterThan(2);
    expect(requests.filter((r) => r.includes(documentsClaim)), 'the claim id never leaves the browser in clear').to.deep.equal([]);
    expect(page.url()).not.to.contain(documentsClaim);
  });

  it('a follow-up: its documents checklist with times, and its timeline in plain words with the pipeline detail a click away', async () => {
    await page.getByRole('link', { name: followUp }).click();
    await headingFocused(page, `Workflow ${followUp}`);
    const checklist = await page.getByRole('table', { name: 'Documents' }).locator('tbody tr').allTextContents();
    expect(checklist).to.deep.equal(['Discharge summary✓ Received01/12/2026 10:30 IST', 'Final bill✗ Missing—']);
    expect(await page.locator('dl.context').textContent()).to.contain('ClaimXXXX1234').and.to.contain('Deadline01/12/2026 15:30 IST').and.to.contain('Reminders sent2');

    const timeline = page.getByRole('list', { name: 'Timeline' });
    const entries = (await timeline.locator('p.entry').allTextContents()).map((t) => t.replace(/^\d\d\/\d\d\/\d{4} \d\d:\d\d IST · /, ''));
    const inOrder = ['The claim system started a follow-up', 'Asked for consent', 'Consent given',
      'Asked for 2 documents, due by 01/12/2026 15:30 IST', 'Sent the list of documents still needed', 'Reminder 1 sent (2 documents missing)',
      'Reminder 2 sent (2 documents missing)', 'Document received: discharge summary', '1 document still missing', 'Told the claimant which documents are still missing'];
    // Each in turn, after the one before (replies and checks come between).
    let at = -1;
    for (const text of inOrder) {
      const next = entries.indexOf(text, at + 1);
      expect(next, `"${text}" after the entry before it, in ${JSON.stringify(entries)}`).to.be.greaterThan(at);
      at = next;
    }
    expect(entries.filter((e) => e.startsWith('Step recorded')), 'every event in words').to.deep.equal([]);
    const first = await timeline.locator('p.entry').first().textContent();
    expect(first).to.match(/^28\/11\/2026 15:30 IST · /);

    const reminder = timeline.getByRole('listitem').filter({ hasText: 'Reminder 1 sent' });
    expect(await reminder.locator('p.pipeline').isVisible()).to.equal(false);
    await reminder.getByText('Pipeline detail').click();
    expect(await reminder.locator('p.pipeline').textContent()).to.equal('truth · documents.reminder');
    expect(await reminder.locator('dl.event-detail').textContent()).to.contain('reminder1');
    // Cancel, and a new deadline, while it waits for documents; no resume.
    expect(await page.getByRole('button', { name: 'Cancel workflow' }).isVisible()).to.equal(true);
    expect(await page.getByRole('form', { name: 'Change the deadline' }).isVisible()).to.equal(true);
    expect(await page.getByRole('button', { name: 'Resume workflow' }).count()).to.equal(0);
    await browser.noSeriousViolations('workflow');
    await browser.shot('workflow');
  });

  it('a claim-status answer: the claimant\'s reply in words, and no action it does not allow', async () => {
    await page.getByRole('link', { name: 'Workflows', exact: true }).click();
    await page.getByRole('link', { name: answered }).click();
    await headingFocused(page, `Workflow ${answered}`);
    await page.getByRole('list', { name: 'Timeline' }).getByText('Answered with the claim status', { exact: true }).waitFor();
    expect(await page.getByRole('list', { name: 'Timeline' }).getByText('Looked up the claimant\'s claims (1 claim found)', { exact: true }).count()).to.equal(1);
    expect(await page.locator('#no-actions').textContent()).to.equal('Cancel, resume and a new deadline apply to pending-documents follow-ups only.');
    expect(await page.getByRole('button', { name: 'Cancel workflow' }).count()).to.equal(0);
    expect(await page.getByRole('table', { name: 'Documents' }).count()).to.equal(0);
    await browser.noSeriousViolations('workflow (claim-status)');
  });

  it('with the keyboard alone: log in, filter, open the follow-up, change its deadline, cancel (Escape first) and resume it', async () => {
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    await headingFocused(page, 'Log in');
    await tabTo(page, 'Username (e-mail)');
    await page.keyboard.type(handler);
    await tabTo(page, 'Password');
    await page.keyboard.type(password);
    await page.keyboard.press('Enter');
    await headingFocused(page, 'Workflows');

    await tabTo(page, 'Status');
    await page.keyboard.type('awaiting_d');
    expect(await page.getByRole('combobox', { name: 'Status', exact: true }).inputValue()).to.equal('awaiting_documents');
    await tabTo(page, 'Claim id (hashed in your browser)');
    await page.keyboard.type(documentsClaim);
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Remove the filter Claim: XXXX1234' }).waitFor();
    await headingFocused(page, 'Workflows');
    await tabTo(page, followUp);
    await page.keyboard.press('Enter');
    await headingFocused(page, `Workflow ${followUp}`);

    // A date typed the American way is refused in words, and focus goes back to it.
    await tabTo(page, 'Date (dd/mm/yyyy)');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('12/31/2026');
    await page.keyboard.press('Enter');
    await page.getByText('12/31/2026 is not a date: enter it as dd/mm/yyyy.').waitFor();
    expect(await focused(page)).to.include({ name: 'Date (dd/mm/yyyy)' });
    expect(await page.getByLabel('Date (dd/mm/yyyy)').getAttribute('aria-invalid')).to.equal('true');
    await browser.noSeriousViolations('workflow (a date refused)');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('03/12/2026');
    await tabTo(page, 'Time (HH:MM, 24-hour)');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('18:00');
    await page.keyboard.press('Enter');
    await page.getByText('The deadline is now 03/12/2026 18:00 IST.').waitFor();
    // 18:00 in India is 12:30 UTC.
    expect((await workflow(followUp)).deadline_at).to.equal('2026-12-03T12:30:00.000Z');
    expect(await page.locator('dl.context').textContent()).to.contain('Deadline03/12/2026 18:00 IST');
    await headingFocused(page, `Workflow ${followUp}`);

    // Cancel asks first, with focus on the safe choice; Escape keeps the workflow.
    await tabTo(page, 'Cancel workflow');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Cancel this workflow?' });
    await dialog.waitFor();
    expect(await focused(page)).to.include({ tag: 'button', name: 'Keep the workflow' });
    await browser.noSeriousViolations('workflow (confirm cancel)');
    // The backdrop covers the viewport: the picture is taken with the whole page in view.
    await page.setViewportSize({ width: 1200, height: Number(await page.evaluate('document.documentElement.scrollHeight')) });
    await browser.shot('workflow-confirm');
    await page.setViewportSize({ width: 1200, height: 800 });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await focused(page), 'focus back on the button').to.include({ name: 'Cancel workflow' });
    expect((await workflow(followUp)).status).to.equal('awaiting_documents');
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await tabTo(page, 'Cancel the workflow');
    await page.keyboard.press('Enter');
    await waitFor(async () => (await page.locator('#workflow-status').textContent()) === 'cancelled', { what: 'status shown as cancelled' });
    expect((await workflow(followUp)).status).to.equal('cancelled');
    await page.getByText('The workflow was cancelled.').waitFor();
    // Now only resume is offered.
    expect(await page.getByRole('button', { name: 'Cancel workflow' }).count()).to.equal(0);
    expect(await page.getByRole('form', { name: 'Change the deadline' }).count()).to.equal(0);

    await tabTo(page, 'Resume workflow');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Resume this workflow?' }).waitFor();
    expect(await focused(page)).to.include({ name: 'Leave it as it is' });
    await tabTo(page, 'Resume the workflow');
    await page.keyboard.press('Enter');
    await page.getByText('The workflow was resumed.').waitFor();
    await waitFor(async () => (await workflow(followUp)).status === 'awaiting_documents', { what: 'waiting again' });

    // Back through the list: the document received before stays received, with its time.
    await tabTo(page, 'Workflows', { backwards: true, limit: 80 });
    await page.keyboard.press('Enter');
    await headingFocused(page, 'Workflows');
    await tabTo(page, followUp, { limit: 80 });
    await page.keyboard.press('Enter');
    await headingFocused(page, `Workflow ${followUp}`);
    expect(await page.getByRole('table', { name: 'Documents' }).locator('tbody tr').first().textContent()).to.equal('Discharge summary✓ Received01/12/2026 10:30 IST');
    expect(await page.getByRole('list', { name: 'Timeline' }).getByText('Resumed by your team', { exact: true }).count()).to.equal(1);
    await browser.noSeriousViolations('workflow (resumed)');
  });

  it('shows every time in the zone the tenant names', async () => {
    h.tenant.doc.time_zone = 'Europe/London';
    await h.services.tenants.put(h.tenant.doc, clock.now());
    try {
      // The zone is read once per session: a new login reads the new one.
      await page.getByRole('button', { name: 'Log out' }).click();
      // The console shows its login form once the logout request has answered: logging in before
      // that races it, and its answer would take the new session's page back to the login form.
      await page.getByRole('heading', { name: 'Log in' }).waitFor();
      await browser.logIn(h.apiUrl, handler, password);
      const all = await rows();
      expect(all[position(all, followUp)]).to.contain('01/12/2026 05:00 GMT');
      expect(all[position(all, answered)]).to.contain('29/11/2026 13:35 GMT');
      await page.getByRole('link', { name: followUp }).click();
      await page.getByRole('table', { name: 'Documents' }).waitFor();
      expect(await page.getByRole('table', { name: 'Documents' }).locator('tbody tr').first().textContent()).to.equal('Discharge summary✓ Received01/12/2026 05:00 GMT');
      expect(await page.getByRole('group', { name: /^New deadline/ }).locator('legend').textContent()).to.equal('New deadline (Europe/London, GMT)');
    } finally {
      delete h.tenant.doc.time_zone;
      await h.services.tenants.put(h.tenant.doc, clock.now());
    }
    expect(browser.cspViolations, 'no Content-Security-Policy violation in any page').to.deep.equal([]);
  });
});
