/**
 * pending-documents end to end, as a partner and a claimant see it, with time moved by an
 * injected clock: a CMS event (or the claimant's question) starts a follow-up; the claimant is
 * reminded at 24 h and 48 h and the wait times out at 72 h with an escalation; documents sent on
 * WhatsApp reach the partner and complete it; the partner cancels, resumes and moves deadlines.
 */
import { expect } from 'chai';
import { ManualClock } from '../../src/clock';
import type { WorkflowResource } from '../../src/workflows/workflow-store';
import { startHarness, type Harness } from '../helpers/harness';
import { advanceAndFireTimers } from '../helpers/pipeline-waits';
import { describeOnBoth } from '../helpers/redis-targets';
import { waitFor } from '../helpers/wait';

const hour = 3600_000;

interface LedgerEvent { event_id: string; workflow_id: string; type: string; detail: Record<string, unknown> }

describeOnBoth('pending-documents', function (target) {
  this.timeout(30000);
  let h: Harness;
  const clock = new ManualClock(Date.UTC(2026, 10, 22, 6, 0, 0));
  let claimCounter = 0;
  const docs = [{ code: 'DISCHARGE_SUMMARY', name: 'Discharge summary' }, { code: 'FINAL_BILL', name: 'Final bill' }];

  before(async () => {
    h = await startHarness({ clock, config: target.config() });
  });
  after(async () => { await h?.close(); });

  /** A claimant with consent on file and a claim in DOCUMENTS_PENDING; returns phone and claim id. */
  async function claimant(options: { consent?: boolean; documents?: typeof docs } = {}): Promise<{ phone: string; claimId: string }> {
    claimCounter += 1;
    const phone = `+9198777${String(10000 + claimCounter).slice(-5)}`;
    const claimId = `CLM-PD-${claimCounter}`;
    const key = h.tenant.doc.cms.api_key;
    h.cms.upsertClaim(key, {
      claim_id: claimId, policy_number: 'POL-PD', member_name: 'Asha Rao', claimant_phone: phone, status: 'DOCUMENTS_PENDING',
      status_updated_at: '2026-11-20T10:00:00Z', amount_claimed: 50000, amount_approved: null, reason_codes: [],
    });
    h.cms.setPendingDocuments(key, claimId, options.documents ?? docs);
    if (options.consent !== false) {
      const before = sentTo(phone).length;
      await h.wa.postInbound({ from: phone, text: 'YES' });
      await h.wa.waitFor(() => sentTo(phone).length > before);
    }
    return { phone, claimId };
  }

  // Tokens live an hour of the injected clock: a fresh one after the clock moved.
  let token: { at: number; value: string } | null = null;
  async function api(path: string, init: RequestInit = {}): Promise<Response> {
    if (!token || clock.now() - token.at > 30 * 60_000) token = { at: clock.now(), value: await h.token() };
    return h.api(path, { ...init, token: token.value });
  }

  const sentTo = (phone: string) => h.wa.sent.filter((m) => m.to === phone);
  const textOf = (m: { text?: string; template?: { params: string[] } }) => m.text ?? m.template!.params.join(' | ');

  async function cmsEvent(body: Record<string, unknown>): Promise<{ status: number; body: { workflow_id: string; outcome: string; error_code?: string } }> {
    const res = await api('/v1/cms/events', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as { workflow_id: string; outcome: string } };
  }

  /** The workflow as GET /v1/workflows/{id} shows it (its store, read directly while polling, so
   *  polling does not run into the tenant's rate limit). */
  async function workflow(id: string): Promise<WorkflowResource> {
    const w = await h.services.workflows.get(h.tenant.doc.tenant_id, id);
    expect(w, `workflow ${id}`).to.not.equal(null);
    return w!;
  }

  const untilStatus = (id: string, status: string) =>
    waitFor(async () => { const w = await workflow(id); return w.status === status ? w : null; }, { what: `workflow ${status}`, intervalMs: 20 });

  async function ledger(workflowId: string): Promise<LedgerEvent[]> {
    const items = await waitFor(async () => {
      const res = await api(`/v1/audit/events?workflow_id=${workflowId}&limit=100`);
      const body = (await res.json()) as { items: LedgerEvent[] };
      const w = await workflow(workflowId);
      // The ledger has caught up when it holds every event the workflow lists.
      return body.items.length >= w.audit_event_ids.length ? body.items : null;
    }, { what: 'ledger caught up', intervalMs: 20 });
    // Every event listed under a workflow says that workflow, also the steps of a consent answer or
    // a document folded into it (issue 10).
    expect(items.map((e) => e.workflow_id)).to.deep.equal(items.map(() => workflowId));
    return items;
  }

  const advance = (ms: number) => advanceAndFireTimers(h, clock, ms);

  it('a CMS event sends the reminder as a WhatsApp template and waits, with its deadline and reminders on the record', async () => {
    const { phone, claimId } = await claimant();
    const started = await cmsEvent({ type: 'claim.documents_pending', claim_id: claimId });
    expect(started.status).to.equal(202);
    expect(started.body.outcome).to.equal('started');
    await untilStatus(started.body.workflow_id, 'awaiting_documents');
    const [reminder] = await h.wa.waitFor(() => sentTo(phone).length >= 2).then(() => sentTo(phone).slice(1));
    // The record once the provider's first status of the request is in: a read before it has no
    // delivery state, one after it has, so the two reads compared below must both come after it.
    const w = await waitFor(async () => { const r = await workflow(started.body.workflow_id); return r.delivery ? r : null; }, { what: 'the request\'s delivery state', intervalMs: 20 });
    expect(reminder!.type).to.equal('template');
    expect(reminder!.template!.name).to.equal('documents_reminder');
    expect(textOf(reminder!)).to.contain('Discharge summary').and.to.contain('Final bill').and.not.to.contain(claimId);
    expect(w).to.include({ workflow_type: 'pending-documents', pending_docs_workflow_id: w.workflow_id, reminders_sent: 0 });
    expect(Date.parse(w.deadline_at!)).to.equal(clock.now() + 72 * hour);
    expect(Date.parse(w.next_reminder_at!)).to.equal(clock.now() + 24 * hour);
    expect(w.documents).to.deep.equal(docs.map((d) => ({ ...d, received: false, received_at: null })));
    // The claim as the claimant's reminder shows it, never the claim id.
    expect(w.claim_ref).to.equal(`XXXX${claimId.slice(-4)}`);
    const viaApi = await api(`/v1/workflows/${w.workflow_id}`);
    expect(viaApi.status).to.equal(200);
    // The same record, but for the reply's delivery state, which the provider's status webhooks
    // may move forward (sent, then delivered) between the two reads, at the same step.
    const { delivery: deliveryNow, ...restNow } = (await viaApi.json()) as typeof w;
    const { delivery: deliveryBefore, ...restBefore } = w;
    expect(restNow).to.deep.equal(restBefore);
    expect(deliveryNow?.step).to.equal(deliveryBefore?.step);
    expect(JSON.stringify(w)).not.to.contain(claimId);

    // A second trigger for the same claim joins the open one.
    const again = await cmsEvent({ type: 'claim.documents_pending', claim_id: claimId });
    expect(again.body).to.include({ workflow_id: started.body.workflow_id, outcome: 'joined' });
  });

  it('reminds at 24 h and 48 h, then times out at 72 h and escalates to the partner, each once', async () => {
    const { phone, claimId } = await claimant();
    const { body } = await cmsEvent({ type: 'claim.documents_pending', claim_id: claimId, language: 'HI' });
    await untilStatus(body.workflow_id, 'awaiting_documents');
    await h.wa.waitFor(() => sentTo(phone).length >= 2);
    expect(textOf(sentTo(phone)[1]!)).to.contain('Discharge summary');

    await advance(24 * hour);
    await h.wa.waitFor(() => sentTo(phone).length >= 3);
    expect((await waitFor(async () => { const w = await workflow(body.workflow_id); return w.reminders_sent === 1 ? w : null; }, { what: 'first reminder counted' })).next_reminder_at)
      .to.equal(new Date(clock.now() + 24 * hour).toISOString());
    await advance(24 * hour);
    await h.wa.waitFor(() => sentTo(phone).length >= 4);
    await advance(24 * hour);
    const done = await untilStatus(body.workflow_id, 'timed_out');
    expect(done).to.include({ reminders_sent: 2, next_reminder_at: null, outcome: 'timed_out' });
    // The claimant is told, and offered a person (past WhatsApp's window: the template's words).
    await h.wa.waitFor(() => sentTo(phone).length >= 5);
    expect(sentTo(phone)[4]!).to.include({ type: 'template' });
    expect(sentTo(phone)[4]!.template!.name).to.equal('documents_timed_out');
    // Nothing more ever fires.
    await advance(100 * hour);
    expect(sentTo(phone)).to.have.length(5);
    const events = await ledger(body.workflow_id);
    const types = events.map((e) => e.type);
    expect(types.filter((t) => t === 'documents.reminder')).to.have.length(2);
    expect(types.filter((t) => t === 'documents.timed_out')).to.have.length(1);
    const escalation = events.filter((e) => e.type === 'documents.escalated');
    expect(escalation).to.have.length(1);
    expect(escalation[0]!.detail).to.include({ missing: 2, received: 0, reason: 'deadline' });
  });

  it('takes documents sent on WhatsApp: says what is still missing, then completes when all are in', async () => {
    const { phone, claimId } = await claimant();
    const { body } = await cmsEvent({ type: 'claim.documents_pending', claim_id: claimId });
    await untilStatus(body.workflow_id, 'awaiting_documents');
    await h.wa.waitFor(() => sentTo(phone).length >= 2);

    // The caption names the second document: it is matched by name, not by order.
    await h.wa.postInbound({ from: phone, type: 'image', media: { id: 'media-bill-1', mime_type: 'image/jpeg', caption: 'final bill' } });
    const missing = await h.wa.waitFor(() => sentTo(phone).length >= 3).then(() => sentTo(phone)[2]!);
    expect(missing.type).to.equal('text'); // the claimant just wrote: inside the 24-hour window
    expect(missing.text).to.contain('Discharge summary').and.not.to.contain('Final bill');
    let w = await workflow(body.workflow_id);
    expect(w.status).to.equal('awaiting_documents');
    // The clock stands still here: the file was recorded at its time.
    expect(w.documents).to.deep.equal([{ ...docs[0]!, received: false, received_at: null }, { ...docs[1]!, received: true, received_at: new Date(clock.now()).toISOString() }]);

    await h.wa.postInbound({ from: phone, type: 'document', media: { id: 'media-ds-1', mime_type: 'application/pdf', filename: 'scan.pdf' } });
    w = await untilStatus(body.workflow_id, 'completed');
    expect(w.outcome).to.equal('all_received');
    expect(w.next_reminder_at).to.equal(null);
    expect(sentTo(phone)[3]!.text).to.match(/received all the documents/);
    // The documents' own messages were folded into the follow-up: their events are on it.
    const received = (await ledger(body.workflow_id)).filter((e) => e.type === 'documents.received');
    expect(received.map((e) => [e.detail.media_id, e.detail.document, e.detail.accepted])).to.deep.equal([
      ['media-bill-1', 'FINAL_BILL', true], ['media-ds-1', 'DISCHARGE_SUMMARY', true],
    ]);
    // No reminder or timeout after completion.
    await advance(80 * hour);
    expect(sentTo(phone)).to.have.length(4);
    expect((await workflow(body.workflow_id)).status).to.equal('completed');
  });

  it('a document nobody waits for is thanked and not lost', async () => {
    const { phone } = await claimant();
    const res = await h.wa.postInbound({ from: phone, type: 'image', media: { id: 'media-x', mime_type: 'image/jpeg' } });
    const id = (res.body as { workflow_ids: string[] }).workflow_ids[0]!;
    const w = await untilStatus(id, 'completed');
    expect(w.outcome).to.equal('documents_not_expected');
    expect(sentTo(phone).at(-1)!.text).to.match(/not waiting for documents/);
  });

  it('the claimant asks which documents are pending: answered in their language, and the follow-up starts once per claim', async () => {
    const { phone } = await claimant();
    const res = await h.wa.postInbound({ from: phone, text: 'kaun se documents baaki hain' });
    const first = (res.body as { workflow_ids: string[] }).workflow_ids[0]!;
    const w = await untilStatus(first, 'awaiting_documents');
    expect(w).to.include({ workflow_type: 'pending-documents', language: 'HI_EN', pending_docs_workflow_id: first });
    const reply = await h.wa.waitFor(() => sentTo(phone).length >= 2).then(() => sentTo(phone)[1]!);
    expect(reply.text).to.match(/humein abhi ye documents chahiye/).and.to.contain('Discharge summary');

    const again = await h.wa.postInbound({ from: phone, text: 'which documents are pending' });
    const second = (again.body as { workflow_ids: string[] }).workflow_ids[0]!;
    const joined = await untilStatus(second, 'completed');
    expect(joined).to.include({ outcome: 'joined', pending_docs_workflow_id: first });
    expect((await workflow(first)).status).to.equal('awaiting_documents');
  });

  it('asks for consent first when none is on file, and reminds after the YES', async () => {
    const { phone, claimId } = await claimant({ consent: false });
    const { body } = await cmsEvent({ type: 'claim.documents_pending', claim_id: claimId });
    await untilStatus(body.workflow_id, 'awaiting_consent');
    const ask = await h.wa.waitFor(() => sentTo(phone).length >= 1).then(() => sentTo(phone)[0]!);
    expect(ask.template!.name).to.equal('consent_request');
    await h.wa.postInbound({ from: phone, text: 'haan' });
    await untilStatus(body.workflow_id, 'awaiting_documents');
    const reminder = await h.wa.waitFor(() => sentTo(phone).length >= 2).then(() => sentTo(phone)[1]!);
    expect(textOf(reminder)).to.contain('Final bill');
    // The YES is recorded under the follow-up it answered, naming its own message.
    const granted = (await ledger(body.workflow_id)).find((e) => e.type === 'consent.granted');
    expect(granted, 'consent.granted listed under the follow-up').to.not.equal(undefined);
    expect(granted!.detail.message_workflow_id).to.be.a('string').and.not.equal(body.workflow_id);
  });

  it('cancel stops every reminder; resume starts a fresh wait; cancel of a finished one or another type is 409', async () => {
    const { phone, claimId } = await claimant();
    const { body } = await cmsEvent({ type: 'claim.documents_pending', claim_id: claimId });
    await untilStatus(body.workflow_id, 'awaiting_documents');
    await h.wa.waitFor(() => sentTo(phone).length >= 2);

    const cancel = await api(`/v1/workflows/${body.workflow_id}`, { method: 'DELETE' });
    expect(cancel.status).to.equal(200);
    const cancelled = (await cancel.json()) as WorkflowResource;
    expect(cancelled).to.include({ status: 'cancelled', next_reminder_at: null });
    expect(cancelled.completed_at).to.be.a('string');
    await advance(100 * hour);
    expect(sentTo(phone)).to.have.length(2);

    const twice = await api(`/v1/workflows/${body.workflow_id}`, { method: 'DELETE' });
    expect(twice.status).to.equal(409);
    expect(await twice.json()).to.include({ error_code: 'workflow_state_conflict', workflow_status: 'cancelled' });

    const resumed = await api(`/v1/workflows/${body.workflow_id}/resume`, { method: 'POST' });
    expect(resumed.status).to.equal(200);
    expect(((await resumed.json()) as WorkflowResource).status).to.equal('started');
    const w = await untilStatus(body.workflow_id, 'awaiting_documents');
    expect(Date.parse(w.deadline_at!)).to.equal(clock.now() + 72 * hour);
    expect(w.completed_at).to.equal(null);
    await h.wa.waitFor(() => sentTo(phone).length >= 3);
    const events = (await ledger(body.workflow_id)).map((e) => e.type);
    expect(events).to.include.members(['workflow.cancelled', 'workflow.resumed']);

    // Another workflow type: a claim-status question.
    const status = await h.wa.postInbound({ from: phone, text: 'claim status' });
    const statusId = (status.body as { workflow_ids: string[] }).workflow_ids[0]!;
    await untilStatus(statusId, 'completed');
    const wrongType = await api(`/v1/workflows/${statusId}`, { method: 'DELETE' });
    expect(wrongType.status).to.equal(409);
    expect(await wrongType.json()).to.include({ error_code: 'workflow_type_mismatch' });
    // Not this tenant's (or nobody's): 404.
    const missing = await api('/v1/workflows/wf-1-00000000000000000000', { method: 'DELETE' });
    expect(missing.status).to.equal(404);
  });

  it('PATCH moves the deadline; reminders after the new deadline are dropped', async () => {
    const { phone, claimId } = await claimant();
    const { body } = await cmsEvent({ type: 'claim.documents_pending', claim_id: claimId });
    await untilStatus(body.workflow_id, 'awaiting_documents');
    await h.wa.waitFor(() => sentTo(phone).length >= 2);
    const deadline = new Date(clock.now() + 30 * hour).toISOString();
    const res = await api(`/v1/workflows/${body.workflow_id}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ deadline_at: deadline }) });
    expect(res.status).to.equal(200);
    expect(await res.json()).to.include({ deadline_at: deadline, next_reminder_at: new Date(clock.now() + 24 * hour).toISOString() });
    const bad = await api(`/v1/workflows/${body.workflow_id}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ deadline_at: '2001-01-01T00:00:00Z' }) });
    expect(bad.status).to.equal(400);
    await advance(24 * hour);
    await h.wa.waitFor(() => sentTo(phone).length >= 3);
    await advance(6 * hour);
    await untilStatus(body.workflow_id, 'timed_out');
    // The reminder before the new deadline, then the timeout notice; none after.
    await h.wa.waitFor(() => sentTo(phone).length >= 4);
    await advance(48 * hour);
    expect(sentTo(phone)).to.have.length(4);
    expect(sentTo(phone)[3]!.template!.name).to.equal('documents_timed_out');
  });

  it('under RESTRICTED new follow-ups and due reminders wait, in order, and go on when OPERATIONAL again', async () => {
    const setMode = async (mode: string) => {
      const res = await api('/v1/tenant/operational-mode', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mode, reason: 'test' }) });
      expect(res.status).to.equal(200);
    };
    const waiting = await claimant();
    const { body: first } = await cmsEvent({ type: 'claim.documents_pending', claim_id: waiting.claimId });
    await untilStatus(first.workflow_id, 'awaiting_documents');
    await h.wa.waitFor(() => sentTo(waiting.phone).length >= 2);

    await setMode('RESTRICTED');
    const fresh = await claimant();
    const { body: second } = await cmsEvent({ type: 'claim.documents_pending', claim_id: fresh.claimId });
    // The new follow-up is held at the router; the due reminder is paused, not sent.
    await waitFor(async () => ((await workflow(second.workflow_id)).audit_event_ids.length === 3 ? true : null), { what: 'new work held' });
    await advance(25 * hour);
    expect(sentTo(fresh.phone)).to.have.length(1); // the consent thanks only
    expect(sentTo(waiting.phone)).to.have.length(2);
    expect((await workflow(second.workflow_id)).status).to.equal('started');
    // claim-status still runs.
    await h.wa.postInbound({ from: fresh.phone, text: 'claim status' });
    await h.wa.waitFor(() => sentTo(fresh.phone).length >= 2);
    expect(sentTo(fresh.phone)[1]!.text).to.match(/Documents pending/);

    await setMode('OPERATIONAL');
    await untilStatus(second.workflow_id, 'awaiting_documents');
    await h.wa.waitFor(() => sentTo(fresh.phone).length >= 3 && sentTo(waiting.phone).length >= 3);
    expect(textOf(sentTo(fresh.phone)[2]!)).to.contain('Discharge summary');
    expect((await workflow(first.workflow_id)).reminders_sent).to.equal(1);
    const held = (await ledger(second.workflow_id)).filter((e) => e.type === 'work.held');
    expect(held).to.have.length(1);
  });

  it('claim.documents_received makes the follow-up read the CMS again; an unknown claim is 404', async () => {
    const { phone, claimId } = await claimant();
    const { body } = await cmsEvent({ type: 'claim.documents_pending', claim_id: claimId });
    await untilStatus(body.workflow_id, 'awaiting_documents');
    await h.wa.waitFor(() => sentTo(phone).length >= 2);
    h.cms.setPendingDocuments(h.tenant.doc.cms.api_key, claimId, []);
    const received = await cmsEvent({ type: 'claim.documents_received', claim_id: claimId, documents: ['DISCHARGE_SUMMARY', 'FINAL_BILL'] });
    expect(received.body).to.include({ workflow_id: body.workflow_id, outcome: 'rechecked' });
    const w = await untilStatus(body.workflow_id, 'completed');
    expect(w.outcome).to.equal('all_received');
    const none = await cmsEvent({ type: 'claim.documents_received', claim_id: claimId });
    expect(none).to.deep.include({ status: 200 });
    expect(none.body.outcome).to.equal('no_open_workflow');
    const unknown = await cmsEvent({ type: 'claim.documents_pending', claim_id: 'CLM-NOPE' });
    expect(unknown.status).to.equal(404);
    expect(unknown.body.error_code).to.equal('claim_not_found');
    const invalid = await cmsEvent({ type: 'claim.exploded', claim_id: claimId });
    expect(invalid.status).to.equal(400);
  });
});
