/**
 * Partner webhooks from real workflows: every status change of every workflow arrives as exactly
 * one signed webhook, in per-workflow sequence, verifiable with the standardwebhooks library;
 * mode changes arrive too. The ledger is the source: each transition on it has its webhook.
 */
import { expect } from 'chai';
import { systemClock } from '../../src/clock';
import { startHarness, type Harness } from '../helpers/harness';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver';
import { waitFor } from '../helpers/wait';

interface Envelope { id: string; type: string; workflow_id: string | null; sequence: number | null; data: Record<string, unknown> }

describe('workflow webhooks', function () {
  this.timeout(30000);
  let h: Harness;
  let receiver: WebhookReceiver;
  const phone = '+919855577701';

  before(async () => {
    h = await startHarness();
    receiver = await startWebhookReceiver();
    receiver.clock = systemClock;
    const res = await h.api('/v1/webhooks/endpoint', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url: receiver.url }) });
    expect(res.status).to.equal(201);
    receiver.secrets = [((await res.json()) as { signing_secret: string }).signing_secret];
    h.cms.upsertClaim(h.tenant.doc.cms.api_key, {
      claim_id: 'CLM-WH-0001', policy_number: 'POL-WH', member_name: 'S Bose', claimant_phone: phone, status: 'APPROVED',
      status_updated_at: '2026-11-20T10:00:00Z', amount_claimed: 10, amount_approved: 10, reason_codes: [],
    });
  });
  after(async () => {
    await h?.close();
    await receiver?.close();
  });

  const envelopes = () => receiver.received.map((r) => JSON.parse(r.body) as Envelope);
  const setMode = (mode: string) => h.api('/v1/tenant/operational-mode', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mode, reason: 'webhook test' }) });

  it('sends one verified webhook per transition, in sequence, and one per mode change', async () => {
    const first = await h.wa.postInbound({ from: phone, text: 'claim status' });
    const [held] = (first.body as { workflow_ids: string[] }).workflow_ids;
    await h.wa.waitFor((sent) => sent.length >= 1);
    await h.wa.postInbound({ from: phone, text: 'YES' });
    await h.wa.waitFor((sent) => sent.length >= 2);
    const second = await h.wa.postInbound({ from: phone, text: 'status' });
    const [direct] = (second.body as { workflow_ids: string[] }).workflow_ids;
    await h.wa.waitFor((sent) => sent.length >= 3);
    expect((await setMode('SUSPENDED')).status).to.equal(200);
    expect((await setMode('OPERATIONAL')).status).to.equal(200);

    // Every transition the ledger holds has arrived, once.
    const ledgerTransitions = async () => {
      const page = (await (await h.api('/v1/audit/events?limit=200')).json()) as { items: { event_id: string; type: string; transition: unknown }[] };
      return page.items.filter((e) => e.transition !== null || e.type === 'operational_mode.changed').map((e) => e.event_id);
    };
    await waitFor(async () => {
      const wanted = await ledgerTransitions();
      const got = new Set(envelopes().map((e) => e.data.audit_event_id));
      return wanted.length >= 5 && wanted.every((id) => got.has(id)) ? true : null;
    }, { what: 'a webhook for every transition on the ledger', intervalMs: 100 });

    const all = envelopes();
    expect(receiver.received.every((r) => r.verified[0] === true), 'every delivery verifies with standardwebhooks').to.equal(true);
    expect(new Set(all.map((e) => e.id)).size).to.equal(all.length);
    expect(all.map((e) => e.data.audit_event_id).sort()).to.deep.equal((await ledgerTransitions()).sort());

    const ofWorkflow = (id: string) => all.filter((e) => e.workflow_id === id).sort((a, b) => a.sequence! - b.sequence!);
    expect(ofWorkflow(held!).map((e) => e.type)).to.deep.equal(['workflow.awaiting_consent', 'workflow.started', 'workflow.completed']);
    expect(ofWorkflow(held!).map((e) => e.data.previous_status)).to.deep.equal(['started', 'awaiting_consent', 'started']);
    expect(ofWorkflow(direct!).map((e) => e.type)).to.deep.equal(['workflow.completed']);
    expect(ofWorkflow(held!)[2]!.data).to.include({ workflow_type: 'claim-status', status: 'completed' });
    expect(ofWorkflow(held!)[2]!.data.claim_id_hash).to.match(/^sha256:[0-9a-f]{64}$/);
    // Tenant events have no workflow sequence: their ledger position orders them.
    const modes = all.filter((e) => e.type === 'operational_mode.changed')
      .sort((a, b) => (a.data.ledger_position as number) - (b.data.ledger_position as number)).map((e) => [e.data.from, e.data.to]);
    expect(modes).to.deep.equal([['OPERATIONAL', 'SUSPENDED'], ['SUSPENDED', 'OPERATIONAL']]);
    expect(JSON.stringify(all)).not.to.contain('9855577701');
  });
});
