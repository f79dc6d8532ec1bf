/**
 * Provider delivery statuses end to end (docs/workflows.md, "Delivery states"): the WhatsApp fake
 * posts `sent`, `delivered` and `read` (read receipts on) or `sent` then `failed` with Meta's error
 * object, as Meta does; the partner sees how far each workflow's reply got in
 * GET /v1/workflows/{id}, and a failed reply as one signed `reply.delivery_failed` webhook.
 */
import { expect } from 'chai';
import { systemClock } from '../../src/clock';
import { startHarness, type Harness } from '../helpers/harness';
import { startPartnerEndpoint, type WebhookReceiver } from '../helpers/webhook-receiver';
import { waitFor } from '../helpers/wait';

interface Envelope { id: string; type: string; workflow_id: string | null; sequence: number | null; data: Record<string, unknown> }
interface Delivery { step: number; status: string; at: string; error_code: string | null }

describe('provider delivery statuses seen by the partner', function () {
  this.timeout(60000);
  let h: Harness;
  let receiver: WebhookReceiver;
  const readPhone = '+919855577801';
  const failPhone = '+919855577802';

  before(async () => {
    h = await startHarness();
    receiver = await startPartnerEndpoint(h.api, systemClock);
    for (const [phone, claim] of [[readPhone, 'CLM-DS-0001'], [failPhone, 'CLM-DS-0002']] as const) {
      h.cms.upsertClaim(h.tenant.doc.cms.api_key, {
        claim_id: claim, policy_number: 'POL-DS', member_name: 'A Rao', claimant_phone: phone, status: 'APPROVED',
        status_updated_at: '2026-11-20T10:00:00Z', amount_claimed: 10, amount_approved: 10, reason_codes: [],
      });
    }
  });
  after(async () => {
    await h?.close();
    await receiver?.close();
  });

  const envelopes = () => receiver.received.map((r) => JSON.parse(r.body) as Envelope);
  const delivery = async (id: string) => ((await (await h.api(`/v1/workflows/${id}`)).json()) as { delivery: Delivery | null }).delivery;

  /** A claimant's first question: consent is asked (the workflow's first send). Answers the workflow. */
  async function asked(phone: string): Promise<string> {
    const first = await h.wa.postInbound({ from: phone, text: 'claim status' });
    const [id] = (first.body as { workflow_ids: string[] }).workflow_ids;
    await h.wa.waitFor((sent) => sent.some((m) => m.to === phone));
    return id!;
  }

  /** The claimant consents; answers the claim-status reply the provider took (the workflow's second send) and its step. */
  async function replied(phone: string, id: string): Promise<{ wamid: string; bizOpaque: string; step: number }> {
    await h.wa.postInbound({ from: phone, text: 'YES' });
    const ofWorkflow = () => h.wa.sent.filter((m) => m.bizOpaque?.startsWith(`${id}:`));
    await h.wa.waitFor(() => ofWorkflow().length >= 2);
    const reply = ofWorkflow()[1]!;
    return { wamid: reply.wamid, bizOpaque: reply.bizOpaque!, step: Number(reply.bizOpaque!.split(':')[1]) };
  }

  it('read: the workflow shows its reply read, after sent and delivered, and no failure webhook', async () => {
    h.wa.configureStatuses({ read: true, twiceEvery: 2 });
    const id = await asked(readPhone);
    const reply = await replied(readPhone, id);
    await waitFor(async () => {
      const d = await delivery(id);
      return d?.step === reply.step && d.status === 'read' ? true : null;
    }, { what: 'the reply read', timeoutMs: 20000 });
    expect(h.wa.statusWebhooks.filter((s) => s.wamid === reply.wamid).map((s) => s.status)).to.include.members(['sent', 'delivered', 'read']);
    const d = (await delivery(id))!;
    expect(d).to.include({ status: 'read', error_code: null, step: reply.step });
    expect(Date.parse(d.at)).to.be.greaterThan(0);
    // A late `delivered` (Meta does not promise order) does not take the state back.
    expect((await h.wa.postStatus({ wamid: reply.wamid, status: 'delivered', recipient: readPhone, bizOpaque: reply.bizOpaque })).status).to.equal(200);
    expect((await delivery(id))!.status).to.equal('read');
    expect(envelopes().filter((e) => e.type === 'reply.delivery_failed')).to.have.length(0);
  });

  it('failed: the workflow shows the failure with Meta\'s error code, and the partner gets one reply.delivery_failed webhook', async () => {
    h.wa.configureStatuses({ read: false, failEvery: 0, twiceEvery: 0 });
    const id = await asked(failPhone);
    // The consent question's statuses are taken (delivered), then every message fails.
    await waitFor(async () => ((await delivery(id))?.status === 'delivered' ? true : null), { what: 'the consent question delivered' });
    const consentStep = (await delivery(id))!.step;
    h.wa.configureStatuses({ failEvery: 1, twiceEvery: 1 });
    const reply = await replied(failPhone, id);
    const step = reply.step;
    expect(step).to.be.greaterThan(consentStep);
    await waitFor(async () => ((await delivery(id))?.status === 'failed' ? true : null), { what: 'the reply failed', timeoutMs: 20000 });
    expect(await delivery(id)).to.include({ status: 'failed', error_code: '131026', step });
    // Meta posted the failure twice (twiceEvery 1); the partner hears of it once.
    expect(h.wa.statusWebhooks.filter((s) => s.wamid === reply.wamid && s.status === 'failed')).to.have.length(2);
    await waitFor(() => (envelopes().some((e) => e.type === 'reply.delivery_failed') ? true : null), { what: 'the failure webhook', timeoutMs: 20000 });
    await waitFor(() => (envelopes().some((e) => e.workflow_id === id && e.type === 'workflow.completed') ? true : null), { what: 'the completion webhook' });
    const failures = envelopes().filter((e) => e.type === 'reply.delivery_failed');
    expect(failures).to.have.length(1);
    expect(failures[0]).to.deep.include({ workflow_id: id });
    expect(failures[0]!.data).to.include({ workflow_id: id, step, provider_status: 'failed', error_code: '131026' });
    expect(failures[0]!.data.audit_event_id).to.match(/^ae-\d+-/);
    expect(receiver.received.every((r) => r.verified[0] === true), 'every delivery verifies').to.equal(true);
    // The workflow's status is the one it ended with; the failure is on its ledger.
    const wf = (await (await h.api(`/v1/workflows/${id}`)).json()) as { status: string; audit_event_ids: string[] };
    expect(wf.status).to.equal('completed');
    expect(wf.audit_event_ids).to.include(failures[0]!.data.audit_event_id);
    expect(JSON.stringify(envelopes())).not.to.contain('9855577802');
  });
});
