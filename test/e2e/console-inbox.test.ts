/**
 * The console's inbox for human handover in a real browser (docs/console.md, "Inbox"): Debian's
 * chromium driven by playwright-core against a harness service on a moved clock. Claimants ask for
 * a person through the fake WhatsApp; a claim handler sees them queued with their waiting time and
 * first-response SLA in words, sees the SLA breach once the clock passes it, is told who holds a
 * conversation another handler took first, takes one, sees the claimant's next message arrive
 * without a reload, is shown the policy gate's refusal, replies (the fake WhatsApp receives it)
 * and releases it back to the bot (asked first, in a dialog); then takes, answers and releases
 * another with the keyboard alone. axe-core checks each page; inbox.png and conversation.png are
 * taken into a temporary folder, or into docs/console/ with UPDATE_SCREENSHOTS=1.
 * Skipped only when /usr/bin/chromium is absent (.ci/run installs it).
 */
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { buildConsole } from '../../scripts/build-console';
import { UserStore } from '../../src/auth/users';
import { ManualClock } from '../../src/clock';
import { openConsoleBrowser, skipWithoutChromium, type ConsoleBrowser } from '../helpers/console-browser';
import { focused, headingFocused, tabTo } from '../helpers/console-keyboard';
import { startHarness, type Harness } from '../helpers/harness';
import { waitFor } from '../helpers/wait';
import { consentOnWhatsApp } from '../helpers/whatsapp-claimant';

const minute = 60_000;

interface Workflow { workflow_id: string; status: string; outcome: string | null; handover: { agent: string | null; sla_breached_at: string | null } | null }

describe('console inbox: human handover in a browser', function () {
  this.timeout(90000);
  const clock = new ManualClock(Date.now());
  const password = 'console-inbox-password-1';
  const handler = 'handler.inbox@acme-tpa.example';
  const other = 'other.inbox@acme-tpa.example';
  // Three claimants: one the handler takes, one another handler takes first, one left waiting.
  const phones = { taken: '+919877710001', raced: '+919877710002', waiting: '+919877710003' };
  const ids = { taken: '', raced: '', waiting: '' };
  let handlerId: string;
  let otherId: string;
  let h: Harness;
  let browser: ConsoleBrowser;
  let page: Page;

  const waTo = (phone: string) => h.wa.sent.filter((m) => m.to === phone);
  const workflow = async (id: string) => (await (await h.api(`/v1/workflows/${id}`)).json()) as Workflow;
  const queued = async () => ((await (await h.api('/v1/workflows?type=human-handover&status=awaiting_agent')).json()) as { items: Workflow[] }).items;

  /** A consented WhatsApp claimant asks for a person; answers the queued handover's id. */
  async function askForPerson(phone: string): Promise<string> {
    await consentOnWhatsApp(h, phone);
    const known = new Set((await queued()).map((w) => w.workflow_id));
    await h.wa.postInbound({ from: phone, text: 'I want to talk to a person' });
    return waitFor(async () => (await queued()).find((w) => !known.has(w.workflow_id))?.workflow_id ?? null, { what: 'the handover queued' });
  }

  before(async function () {
    skipWithoutChromium(this);
    await buildConsole();
    h = await startHarness({ clock });
    // Handlers are open every hour, so a first response is due 15 minutes after the request.
    h.tenant.doc.handover = { business_hours: { days: ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'], open: '00:00', close: '24:00' }, support_number: '1800-000-111' };
    await h.services.tenants.put(h.tenant.doc, h.services.clock.now());
    const users = new UserStore(h.services.redis, h.services.keys, h.services.clock);
    handlerId = (await users.createUser('acme', { username: handler, role: 'claim_handler', password })).user_id;
    otherId = (await users.createUser('acme', { username: other, role: 'claim_handler', password })).user_id;
    ids.taken = await askForPerson(phones.taken);
    ids.raced = await askForPerson(phones.raced);
    ids.waiting = await askForPerson(phones.waiting);

    browser = await openConsoleBrowser('console-inbox');
    page = browser.page;
  });

  after(async () => {
    await browser?.close();
    await h?.close();
  });

  /** The text of the queue's or the held table's row of a conversation ('' when it has none). */
  async function rowText(table: string, id: string): Promise<string> {
    // All at once and without waiting: a row the page's refresh removes between a count and a read
    // would make `textContent` wait for it until its timeout.
    const rows = await page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: id }).allTextContents();
    return rows[0] ?? '';
  }

  /** Marks the page's window: the mark is gone after any reload. */
  const markPage = () => page.evaluate('window.__inboxMark = "still here"');
  const pageMarked = async () => (await page.evaluate('window.__inboxMark')) === 'still here';

  it('the queue shows each waiting claimant, how long they have waited and the SLA in words, and sees the breach by itself', async () => {
    await browser.logIn(h.apiUrl, handler, password);
    await page.getByRole('link', { name: 'Inbox' }).click();
    await page.getByRole('heading', { name: 'Inbox', exact: true }).waitFor();
    for (const id of Object.values(ids)) await page.getByRole('table', { name: 'Waiting for a handler' }).getByRole('link', { name: id }).waitFor();
    const before = await rowText('Waiting for a handler', ids.taken);
    expect(before).to.contain('whatsapp').and.to.contain('0 s').and.to.contain('On time: first response due in 15 min');
    expect(await page.getByText('You hold no conversation.').isVisible()).to.equal(true);

    // Past the first-response time: the service marks the breach, and the page shows it unasked.
    await markPage();
    clock.advance(16 * minute);
    await waitFor(async () => (await workflow(ids.waiting)).handover?.sla_breached_at ?? null, { what: 'the SLA breach recorded' });
    await waitFor(async () => {
      const text = await rowText('Waiting for a handler', ids.waiting);
      return text.includes('Breached: first response was due') && text.includes('16 min') ? text : null;
    }, { what: 'the breach and the waiting time shown without a reload' });
    expect(await pageMarked(), 'no reload').to.equal(true);
    await browser.noSeriousViolations('inbox');
  });

  it('a conversation another handler took first: the refusal names the holder and it leaves the queue', async () => {
    // The other handler takes it between this handler's click and the request reaching the service.
    const pattern = `**/v1/workflows/${ids.raced}/assign`;
    await page.route(pattern, async (route) => {
      const login = await fetch(`${h.apiUrl}/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: other, password }) });
      const { access_token: token } = (await login.json()) as { access_token: string };
      const taken = await h.api(`/v1/workflows/${ids.raced}/assign`, { token, method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ agent: 'me' }) });
      expect(taken.status).to.equal(200);
      await route.continue();
    });
    await page.getByRole('button', { name: `Take ${ids.raced}` }).click();
    await waitFor(async () => ((await page.locator('#inbox-problem').textContent()) ?? '').includes(otherId), { what: 'the holder named' });
    expect(await page.locator('#inbox-problem').textContent()).to.equal(`Another handler holds this conversation: ${otherId}.`);
    await page.unroute(pattern);
    await waitFor(async () => (await rowText('Waiting for a handler', ids.raced)) === '', { what: 'the taken conversation gone from the queue' });
    expect((await workflow(ids.raced)).handover?.agent).to.equal(otherId);
    expect(await page.getByRole('heading', { name: 'Inbox', exact: true }).isVisible()).to.equal(true);
  });

  it('takes a conversation, sees the claimant write without a reload, is refused a blocked phrase, replies and lists it as its own', async () => {
    await page.getByRole('button', { name: `Take ${ids.taken}` }).click();
    await page.getByRole('heading', { name: `Conversation ${ids.taken}` }).waitFor();
    await waitFor(async () => (await page.locator('#conversation-status').textContent()) === 'with_agent', { what: 'status with_agent' });
    expect((await workflow(ids.taken)).handover?.agent).to.equal(handlerId);
    const log = page.getByRole('log', { name: 'Conversation' });
    await log.getByText('I want to talk to a person').waitFor();
    expect(await page.locator('dl.context').textContent()).to.contain('Held by').and.to.contain('you').and.to.contain('Breached: taken after');

    await markPage();
    const followUp = 'my hospital bill was 40000, please check';
    await h.wa.postInbound({ from: phones.taken, text: followUp });
    await log.getByText(followUp).waitFor();
    expect(await pageMarked(), 'no reload').to.equal(true);

    const keys: string[] = [];
    page.on('request', (req) => {
      if (req.method() === 'POST' && req.url().endsWith(`/v1/workflows/${ids.taken}/messages`)) keys.push(req.headers()['idempotency-key'] ?? '');
    });
    const box = page.getByLabel('Reply to the claimant');
    await box.fill('We guarantee the payment tomorrow.');
    await page.getByRole('button', { name: 'Send' }).click();
    await waitFor(async () => ((await page.locator('#conversation-problem').textContent()) ?? '').includes('policy gate blocks'), { what: 'the 422 shown' });
    expect(await page.locator('#conversation-problem').textContent()).to.contain('we guarantee');
    expect(await box.inputValue(), 'a refused reply stays in the box').to.equal('We guarantee the payment tomorrow.');

    const reply = 'Hello, I am checking your claim now.';
    const sentBefore = waTo(phones.taken).length;
    await box.fill(reply);
    await page.getByRole('button', { name: 'Send' }).click();
    await h.wa.waitFor(() => waTo(phones.taken).slice(sentBefore).some((m) => m.text === reply));
    const mine = log.getByRole('listitem').filter({ hasText: reply });
    await mine.waitFor();
    expect(await mine.textContent()).to.match(/^You · /);
    expect(await box.inputValue()).to.equal('');
    expect(await page.locator('#conversation-problem').textContent()).to.equal('');
    expect(keys).to.have.length(2);
    expect(new Set(keys).size, 'a new Idempotency-Key for each send').to.equal(2);
    for (const key of keys) expect(key).to.match(/^[0-9a-f-]{36}$/);
    // The reply's delivery state follows the provider's statuses.
    await waitFor(async () => /delivered|read/.test((await mine.textContent()) ?? ''), { what: 'the reply shown delivered' });
    await browser.noSeriousViolations('conversation');
    await browser.shot('conversation');

    await page.getByRole('link', { name: 'Back to the inbox' }).click();
    await page.getByRole('table', { name: 'Your conversations' }).getByRole('link', { name: ids.taken }).waitFor();
    expect(await rowText('Your conversations', ids.raced), 'another handler\'s conversation is not listed as yours').to.equal('');
    expect(await rowText('Waiting for a handler', ids.waiting)).to.contain('Breached');
    await browser.noSeriousViolations('inbox with a held conversation');
    await browser.shot('inbox');
  });

  it('releases the conversation back to the bot', async () => {
    await page.getByRole('table', { name: 'Your conversations' }).getByRole('link', { name: ids.taken }).click();
    await page.getByRole('heading', { name: `Conversation ${ids.taken}` }).waitFor();
    // Releasing asks first; the dialog's safe choice keeps the conversation.
    await page.getByRole('button', { name: 'Release: back to the bot' }).click();
    const dialog = page.getByRole('dialog', { name: 'Release this conversation back to the bot?' });
    await dialog.waitFor();
    await browser.noSeriousViolations('conversation (confirm release)');
    await page.getByRole('button', { name: 'Keep the conversation' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await workflow(ids.taken)).status).to.equal('with_agent');
    await page.getByRole('button', { name: 'Release: back to the bot' }).click();
    await page.getByRole('button', { name: 'Release to the bot' }).click();
    await waitFor(async () => (await page.locator('#conversation-status').textContent()) === 'completed', { what: 'status completed' });
    const done = await workflow(ids.taken);
    expect(done).to.include({ status: 'completed', outcome: 'back_to_bot' });
    expect(await page.getByLabel('Reply to the claimant').isVisible(), 'no reply box once released').to.equal(false);
    expect(await page.locator('#conversation-state').textContent()).to.contain('ended');
    // The bot answers the claimant again.
    const before = waTo(phones.taken).length;
    await h.wa.postInbound({ from: phones.taken, text: 'hi' });
    await h.wa.waitFor(() => waTo(phones.taken).length > before);
  });

  it('with the keyboard alone: opens the inbox, takes a conversation, replies and releases it (confirmed)', async () => {
    await tabTo(page, 'Inbox', { backwards: true, limit: 80 });
    await page.keyboard.press('Enter');
    await headingFocused(page, 'Inbox');
    await tabTo(page, `Take ${ids.waiting}`);
    await page.keyboard.press('Enter');
    await headingFocused(page, `Conversation ${ids.waiting}`);
    await waitFor(async () => (await page.locator('#conversation-status').textContent()) === 'with_agent', { what: 'status with_agent' });

    const reply = 'Sorry for the wait: I am looking at your claim.';
    const sentBefore = waTo(phones.waiting).length;
    await tabTo(page, 'Reply to the claimant');
    await page.keyboard.type(reply);
    await tabTo(page, 'Send');
    await page.keyboard.press('Enter');
    await h.wa.waitFor(() => waTo(phones.waiting).slice(sentBefore).some((m) => m.text === reply));

    await tabTo(page, 'Release: resolved', { backwards: true });
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Release this conversation as resolved?' }).waitFor();
    expect(await focused(page), 'focus on the safe choice').to.include({ tag: 'button', name: 'Keep the conversation' });
    await tabTo(page, 'Release as resolved');
    await page.keyboard.press('Enter');
    await waitFor(async () => (await page.locator('#conversation-status').textContent()) === 'completed', { what: 'status completed' });
    expect(await workflow(ids.waiting)).to.include({ status: 'completed', outcome: 'resolved' });
    expect(browser.cspViolations, 'no Content-Security-Policy violation in any page').to.deep.equal([]);
  });
});
