/**
 * Human handover against an injected clock (docs/human-handover.md): the first-response SLA is
 * counted in the tenant's business hours and its breach reaches the partner; at `max_wait` the
 * claimant is told, with the partner's support number, and the workflow ends `timed_out`; a
 * handler's reply written outside WhatsApp's 24-hour window goes out as the approved template
 * first, and the text itself once the claimant writes again.
 */
import { expect } from 'chai';
import { ManualClock } from '../../src/clock';
import { startHarness, type Harness } from '../helpers/harness';
import { advanceAndFireTimers } from '../helpers/pipeline-waits';
import { startPartnerEndpoint, type WebhookReceiver } from '../helpers/webhook-receiver';
import { waitFor } from '../helpers/wait';
import { consentOnWhatsApp } from '../helpers/whatsapp-claimant';

interface Envelope { type: string; workflow_id: string | null; data: Record<string, unknown> }
interface Workflow { workflow_id: string; status: string; outcome: string | null; handover: { first_response_due_at: string; max_wait_at: string; sla_breached_at: string | null } | null }

const minute = 60_000;
const hour = 60 * minute;

describe('human handover: SLA, max_wait and the 24-hour window', function () {
  this.timeout(60000);
  let h: Harness;
  let receiver: WebhookReceiver;
  // Tuesday 1 December 2026, 10:00 in Kolkata (04:30 UTC): inside the default business hours.
  const clock = new ManualClock(Date.UTC(2026, 11, 1, 4, 30, 0));

  before(async () => {
    h = await startHarness({ clock });
    receiver = await startPartnerEndpoint(h.api, clock);
    h.tenant.doc.handover = { support_number: '1800-000-111' };
    await h.services.tenants.put(h.tenant.doc, clock.now());
  });
  after(async () => {
    await h?.close();
    await receiver?.close();
  });

  const envelopes = () => receiver.received.map((r) => JSON.parse(r.body) as Envelope);
  const waTo = (phone: string) => h.wa.sent.filter((m) => m.to === phone);
  // Tokens live an hour of the injected clock: a fresh one for each call.
  const call = async (path: string, init: RequestInit = {}) => h.api(path, { ...init, token: await h.token() });
  const workflow = async (id: string) => (await (await call(`/v1/workflows/${id}`)).json()) as Workflow;
  const post = (path: string, body: unknown) => call(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  const advance = (ms: number) => advanceAndFireTimers(h, clock, ms);

  /** A consented WhatsApp claimant who asked for a person: their queued handover. */
  async function queuedFor(phone: string): Promise<Workflow> {
    await consentOnWhatsApp(h, phone);
    await h.wa.postInbound({ from: phone, text: 'I want to talk to a person' });
    await h.wa.waitFor(() => waTo(phone).length >= 3);
    return waitFor(async () => {
      // Oldest first: the newest queued is the last (each test's earlier one has left the queue).
      const page = (await (await call('/v1/workflows?type=human-handover&status=awaiting_agent&limit=100')).json()) as { items: Workflow[] };
      return page.items[page.items.length - 1] ?? null;
    }, { what: 'the handover queued' });
  }

  it('breaches first_response in business time, then times out at max_wait with the support number', async () => {
    const phone = '+919855560001';
    const ho = await queuedFor(phone);
    expect(Date.parse(ho.handover!.first_response_due_at)).to.equal(clock.now() + 15 * minute);
    expect(waTo(phone)[2]!.text).to.include('by 10:15');

    await advance(16 * minute);
    const breached = await waitFor(() => envelopes().find((e) => e.type === 'human_handover.sla_breached' && e.workflow_id === ho.workflow_id) ?? null, { what: 'the SLA breach webhook' });
    expect(breached.data.sla).to.equal('first_response');
    expect((await workflow(ho.workflow_id)).handover!.sla_breached_at).to.be.a('string');
    expect((await workflow(ho.workflow_id)).status).to.equal('awaiting_agent');

    const before = waTo(phone).length;
    await advance(24 * hour);
    await h.wa.waitFor(() => waTo(phone).length > before);
    const told = waTo(phone)[before]!;
    // Past the 24-hour window: the approved template, with the support number as its parameter.
    expect(told.type).to.equal('template');
    expect(told.template!.params).to.deep.equal(['1800-000-111']);
    const ended = await waitFor(async () => { const w = await workflow(ho.workflow_id); return w.status === 'timed_out' ? w : null; }, { what: 'the handover timed out' });
    expect(ended.outcome).to.equal('timed_out');
    await waitFor(() => envelopes().find((e) => e.type === 'human_handover.timed_out' && e.workflow_id === ho.workflow_id) ?? null, { what: 'the timed_out webhook' });
    // Nobody can take it any more.
    expect((await post(`/v1/workflows/${ho.workflow_id}/assign`, { agent: 'me' })).status).to.equal(409);
  });

  it('RESTRICTED does not pause a handover: it is queued and its SLA timer still fires', async () => {
    const mode = async (m: string) => expect((await call('/v1/tenant/operational-mode', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mode: m, reason: 'test' }) })).status).to.equal(200);
    await mode('RESTRICTED');
    try {
      const ho = await queuedFor('+919855560003');
      await advance(16 * minute);
      await waitFor(() => envelopes().find((e) => e.type === 'human_handover.sla_breached' && e.workflow_id === ho.workflow_id) ?? null, { what: 'the SLA breach webhook while RESTRICTED' });
      expect((await workflow(ho.workflow_id)).status).to.equal('awaiting_agent');
    } finally {
      await mode('OPERATIONAL');
    }
  });

  it('a reply outside the 24-hour window goes as the template first, and the text once the claimant writes', async () => {
    const phone = '+919855560002';
    const ho = await queuedFor(phone);
    expect((await post(`/v1/workflows/${ho.workflow_id}/assign`, { agent: 'me' })).status).to.equal(200);
    clock.advance(25 * hour);
    const before = waTo(phone).length;
    const written = await post(`/v1/workflows/${ho.workflow_id}/messages`, { text: 'Your claim was approved yesterday.' });
    expect(written.status).to.equal(201);
    expect(((await written.json()) as { delivery: { status: string } }).delivery.status).to.equal('awaiting_window');
    await h.wa.waitFor(() => waTo(phone).length > before);
    expect(waTo(phone)[before]!).to.include({ type: 'template' });
    expect(waTo(phone)[before]!.template!.name).to.equal('team_replied');
    expect(waTo(phone).some((m) => m.text === 'Your claim was approved yesterday.')).to.equal(false);

    await h.wa.postInbound({ from: phone, text: 'ok, what is it?' });
    await h.wa.waitFor(() => waTo(phone).some((m) => m.text === 'Your claim was approved yesterday.'));
    const texts = waTo(phone).filter((m) => m.text === 'Your claim was approved yesterday.');
    expect(texts).to.have.length(1);
    expect(texts[0]!.type).to.equal('text');
  });
});
