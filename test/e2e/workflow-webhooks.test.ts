/**
 * Partner webhooks from real workflows: every status change of every workflow arrives as exactly
 * one signed webhook, in per-workflow sequence, verifiable with the standardwebhooks library;
 * mode changes arrive too. The ledger is the source: each transition on it has its webhook.
 */
import { expect } from 'chai';
import { systemClock } from '../../src/clock';
import { startHarness, type Harness } from '../helpers/harness';
import { describeOnBoth } from '../helpers/redis-targets';
import { startPartnerEndpoint, type WebhookReceiver } from '../helpers/webhook-receiver';
import { waitFor } from '../helpers/wait';

interface Envelope { id: string; type: string; workflow_id: string | null; sequence: number | null; data: Record<string, unknown> }

describeOnBoth('workflow webhooks', function (target) {
  this.timeout(30000);
  let h: Harness;
  let receiver: WebhookReceiver;
  const phone = '+919855577701';

  before(async () => {
    h = await startHarness({ config: target.config() });
    receiver = await startPartnerEndpoint(h.api, systemClock);
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

  it('pending-documents and query-reason: one webhook per transition and per document notice, in sequence', async () => {
    const key = h.tenant.doc.cms.api_key;
    h.cms.upsertClaim(key, {
      claim_id: 'CLM-WH-0002', policy_number: 'POL-WH', member_name: 'S Bose', claimant_phone: phone, status: 'DOCUMENTS_PENDING',
      status_updated_at: '2026-11-21T10:00:00Z', amount_claimed: 10, amount_approved: null, reason_codes: ['ROOM_RENT_CAP'],
    });
    h.cms.setPendingDocuments(key, 'CLM-WH-0002', [{ code: 'FINAL_BILL', name: 'Final bill' }, { code: 'ID_PROOF', name: 'ID proof' }]);
    const put = await h.api('/v1/knowledge/articles/kb-rr', {
      method: 'PUT', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: { EN: 'Room rent limit' }, body: { EN: 'Your policy pays room rent up to 1% of the sum insured per day; charges linked to a dearer room are reduced in proportion.' }, reason_codes: ['ROOM_RENT_CAP'], source: { document: 'Policy wording', section: '4.2', version: '3' }, trusted: true }),
    });
    expect(put.status).to.equal(201);
    const sent = () => h.wa.sent.length;

    const started = await h.api('/v1/cms/events', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ type: 'claim.documents_pending', claim_id: 'CLM-WH-0002' }) });
    const pd = ((await started.json()) as { workflow_id: string }).workflow_id;
    const status = async (id: string) => (await h.services.workflows.get(h.tenant.doc.tenant_id, id))?.status;
    await waitFor(async () => ((await status(pd)) === 'awaiting_documents' ? true : null), { what: 'waiting' });
    expect((await h.api(`/v1/workflows/${pd}`, { method: 'DELETE' })).status).to.equal(200);
    expect((await h.api(`/v1/workflows/${pd}/resume`, { method: 'POST' })).status).to.equal(200);
    await waitFor(async () => ((await status(pd)) === 'awaiting_documents' ? true : null), { what: 'waiting again' });
    let before = sent();
    await h.wa.postInbound({ from: phone, type: 'document', media: { id: 'm-1', mime_type: 'application/pdf', filename: 'final-bill.pdf' } });
    await h.wa.waitFor(() => sent() > before);
    await h.wa.postInbound({ from: phone, type: 'image', media: { id: 'm-2', mime_type: 'image/jpeg' } });
    await waitFor(async () => ((await status(pd)) === 'completed' ? true : null), { what: 'all received' });
    before = sent();
    const asked = await h.wa.postInbound({ from: phone, text: 'why was my claim cut' });
    const qr = (asked.body as { workflow_ids: string[] }).workflow_ids[0]!;
    await waitFor(async () => ((await status(qr)) === 'completed' ? true : null), { what: 'answered' });

    const ledgerNotices = async () => {
      const page = (await (await h.api('/v1/audit/events?limit=200')).json()) as { items: { event_id: string; type: string; transition: unknown }[] };
      return page.items.filter((e) => e.transition !== null || e.type === 'operational_mode.changed' || e.type === 'documents.received' || e.type === 'documents.escalated').map((e) => e.event_id);
    };
    // Both workflows are done: wait until their last events reached the ledger and the receiver.
    await waitFor(() => (envelopes().filter((e) => e.workflow_id === pd).length >= 7 && envelopes().some((e) => e.workflow_id === qr) ? true : null),
      { what: 'the last webhooks of both workflows', intervalMs: 50 });
    await waitFor(async () => {
      const wanted = (await ledgerNotices()).sort();
      const got = envelopes().map((e) => e.data.audit_event_id as string).sort();
      return JSON.stringify(wanted) === JSON.stringify(got) ? true : null;
    }, { what: 'exactly one webhook for every transition and notice on the ledger', intervalMs: 100 });
    const all = envelopes();
    expect(receiver.received.every((r) => r.verified[0] === true)).to.equal(true);
    const ofWorkflow = (id: string) => all.filter((e) => e.workflow_id === id).sort((a, b) => a.sequence! - b.sequence!);
    expect(ofWorkflow(pd).map((e) => e.type)).to.deep.equal([
      'workflow.awaiting_documents', 'workflow.cancelled', 'workflow.started', 'workflow.awaiting_documents',
      'pending_documents.document_received', 'pending_documents.document_received', 'workflow.completed',
    ]);
    const notices = ofWorkflow(pd).filter((e) => e.type === 'pending_documents.document_received').map((e) => [e.data.media_id, e.data.document, e.data.complete]);
    expect(notices).to.deep.equal([['m-1', 'FINAL_BILL', false], ['m-2', 'ID_PROOF', true]]);
    expect(ofWorkflow(qr).map((e) => [e.type, e.data.workflow_type])).to.deep.equal([['workflow.completed', 'query-reason']]);
    expect(JSON.stringify(all)).not.to.contain('9855577701').and.not.to.contain('CLM-WH-0002');
  });
});
