/**
 * A development deployment runs the whole pending-documents flow and a webhook redelivery in
 * seconds (issue 14): timers given as durations (`PENDING_DOCS_WAIT=9s`, reminders at 3 s and
 * 6 s, webhook retries 1 s apart), on the real clock, driven only through what a partner and a
 * claimant reach: the partner API, the WhatsApp channel webhook, and the partner's own webhook
 * receiver. Mocha's timeout holds it to a minute.
 */
import { expect } from 'chai';
import { startHarness, type Harness } from '../helpers/harness';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver';
import { waitFor } from '../helpers/wait';

interface Workflow { workflow_id: string; status: string; reminders_sent: number; outcome: string | null }
interface Delivery { id: string; status: string; attempts: number; event: { type: string } }

describe('development timers: the pending-documents flow and a webhook retry in under a minute', function () {
  this.timeout(60000);
  let h: Harness;
  let receiver: WebhookReceiver;

  before(async () => {
    receiver = await startWebhookReceiver();
    // The partner's receiver listens on loopback: a development deployment sends there only
    // because the operator names it (WEBHOOK_ALLOWED_PRIVATE_TARGETS, docs/webhooks.md).
    h = await startHarness({
      config: { environment: 'development' },
      env: {
        NODE_ENV: 'development', PENDING_DOCS_WAIT: '9s', PENDING_DOCS_REMINDERS: '3s,6s', WEBHOOK_RETRY_SCHEDULE: '1s,1s,1s',
        WEBHOOK_ALLOWED_PRIVATE_TARGETS: new URL(receiver.url).host,
      },
    });
  });
  after(async () => {
    await receiver?.close();
    await h?.close();
  });

  it('reminds twice, takes a document, times out and escalates; a webhook refused twice is delivered on its third attempt', async () => {
    expect(h.config).to.deep.include({ environment: 'development', pendingDocsWaitMs: 9000, pendingDocsReminderMs: [3000, 6000], webhookRetryDelaysMs: [1000, 1000, 1000] });
    const json = (method: string, body: unknown): RequestInit => ({ method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    // The partner's receiver refuses the first event it gets twice, then takes everything.
    let refusedId: string | null = null;
    receiver.respond = (_n, id) => {
      refusedId ??= id;
      return { status: id === refusedId && receiver.received.filter((r) => r.id === id).length < 2 ? 500 : 204 };
    };
    expect((await h.api('/v1/webhooks/endpoint', json('PUT', { url: receiver.url }))).status).to.equal(201);

    const phone = '+919866600001';
    const key = h.tenant.doc.cms.api_key;
    h.cms.upsertClaim(key, {
      claim_id: 'CLM-DEV-1', policy_number: 'POL-DEV', member_name: 'Asha Rao', claimant_phone: phone, status: 'DOCUMENTS_PENDING',
      status_updated_at: '2026-11-20T10:00:00Z', amount_claimed: 50000, amount_approved: null, reason_codes: [],
    });
    h.cms.setPendingDocuments(key, 'CLM-DEV-1', [{ code: 'FINAL_BILL', name: 'Final bill' }, { code: 'DISCHARGE_SUMMARY', name: 'Discharge summary' }]);
    await h.wa.postInbound({ from: phone, text: 'YES' });
    await h.wa.waitFor(() => h.wa.sent.some((m) => m.to === phone));

    const startedAt = Date.now();
    const started = await h.api('/v1/cms/events', json('POST', { type: 'claim.documents_pending', claim_id: 'CLM-DEV-1' }));
    expect(started.status).to.equal(202);
    const { workflow_id: workflowId } = (await started.json()) as { workflow_id: string };
    const workflow = async () => (await (await h.api(`/v1/workflows/${workflowId}`)).json()) as Workflow;

    const reminded = await waitFor(async () => { const w = await workflow(); return w.reminders_sent === 2 ? w : null; }, { what: 'two reminders', timeoutMs: 20000, intervalMs: 200 });
    expect(reminded.status).to.equal('awaiting_documents');
    await h.wa.postInbound({ from: phone, type: 'document', media: { id: 'media-dev-bill', mime_type: 'application/pdf', filename: 'bill.pdf' } });
    const ended = await waitFor(async () => { const w = await workflow(); return w.status === 'timed_out' ? w : null; }, { what: 'the deadline', timeoutMs: 20000, intervalMs: 200 });
    expect(ended.outcome).to.not.equal(null);
    const flowSeconds = (Date.now() - startedAt) / 1000;

    // Every notice reached the receiver; the first one only on its third attempt.
    const wanted = ['workflow.awaiting_documents', 'pending_documents.document_received', 'pending_documents.escalated', 'workflow.timed_out'];
    const delivered = await waitFor(async () => {
      const page = (await (await h.api('/v1/webhooks/deliveries?status=delivered&limit=100')).json()) as { items: Delivery[] };
      const types = page.items.map((d) => d.event.type);
      return wanted.every((t) => types.includes(t)) ? page.items : null;
    }, { what: 'every notice delivered', timeoutMs: 20000, intervalMs: 200 });
    expect(receiver.received.filter((r) => r.id === refusedId).map((r) => r.answered)).to.deep.equal([500, 500, 204]);
    expect(delivered.find((d) => d.id === refusedId)!.attempts).to.equal(3);
    // Seconds, not the days production takes (logged for the issue note, not asserted: mocha's timeout holds the minute).
    console.log(`      flow from the CMS event to the escalation: ${flowSeconds.toFixed(1)} s`);
  });
});
