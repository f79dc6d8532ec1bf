/**
 * Understanding claimants, end to end (docs/understanding.md): an unclear message is held and
 * answered with the offered workflows, four of them, as a WhatsApp list message; picking one runs
 * that workflow in the claimant's language and folds the pick into the held question; a typed
 * number (the numbered lines on SMS, which has no buttons) or a clearer question does the same;
 * small talk gets a short answer with the same list and starts no workflow; a tenant's own words
 * extend the grammar; a long message is answered by its question, and thanks by a closing.
 */
import { expect } from 'chai';
import type { SentMessage } from '../helpers/fakes/whatsapp';
import { offerHandoverIfMissing } from '../helpers/handover-stand-in';
import { startHarness, type Harness } from '../helpers/harness';
import { waitFor } from '../helpers/wait';
import { nextReply } from '../helpers/whatsapp-claimant';
import { workflowReads } from '../helpers/workflow-reads';

interface Workflow { workflow_id: string; status: string; outcome: string | null; workflow_type: string | null; language: string | null; audit_event_ids: string[] }

describe('understanding claimants: asking instead of guessing', function () {
  this.timeout(30000);
  let h: Harness;
  let seq = 0;
  let removeStandIn = () => {};

  before(async () => {
    removeStandIn = offerHandoverIfMissing();
    h = await startHarness();
    await h.services.tenants.put({ ...h.tenant.doc, vocabulary: { status: ['hisaab'] } }, Date.now());
  });
  after(async () => {
    await h?.close();
    removeStandIn();
  });

  /** A claimant with consent on file and one claim (documents pending, so every workflow has data). */
  async function claimant(): Promise<string> {
    seq += 1;
    const phone = `+9198555${String(10000 + seq).slice(-5)}`;
    const key = h.tenant.doc.cms.api_key;
    const claimId = `CLM-UN-${seq}`;
    h.cms.upsertClaim(key, {
      claim_id: claimId, policy_number: 'POL-UN', member_name: 'R Iyer', claimant_phone: phone, status: 'DOCUMENTS_PENDING',
      status_updated_at: '2026-11-20T10:00:00Z', amount_claimed: 40000, amount_approved: null, reason_codes: [],
    });
    h.cms.setPendingDocuments(key, claimId, [{ code: 'FINAL_BILL', name: 'Final bill' }]);
    await say(phone, 'YES');
    return phone;
  }
  /** The claimant writes `text`, or picks row `pick.row` (0-based) of the list message `pick.of`. */
  async function say(phone: string, text: string, pick?: { of: SentMessage; row: number }): Promise<{ reply: SentMessage; workflowId: string }> {
    return nextReply(h, phone, () => (pick ? h.wa.tapRow(pick.of, rowsOf(pick.of)[pick.row]!.id) : h.wa.postInbound({ from: phone, text })));
  }
  const rowsOf = (reply: SentMessage) => reply.list!.sections.flatMap((section) => section.rows);
  const { workflow, settled } = workflowReads<Workflow>(() => h);

  it('an unclear Hinglish message gets the choices in Hinglish; picking one runs that workflow in Hinglish', async () => {
    const phone = await claimant();
    const { reply, workflowId: held } = await say(phone, 'mera claim');
    expect(reply.type).to.equal('interactive');
    expect(reply.text).to.match(/kya jaanna chahte hain/);
    // Four choices: a list message (WhatsApp shows at most three reply buttons).
    expect(reply.buttons).to.equal(undefined);
    expect(rowsOf(reply).map((r) => r.title)).to.deep.equal(['Claim ka status', 'Documents baaki', 'Kyun kata/reject', 'Insaan se baat']);
    expect(await settled(held, 'awaiting_choice')).to.include({ workflow_type: null, outcome: 'clarification_requested', language: 'HI_EN' });
    const waiting = (await (await h.api('/v1/workflows?status=awaiting_choice')).json()) as { items: Workflow[] };
    expect(waiting.items.map((w) => w.workflow_id)).to.include(held);

    const { reply: answer, workflowId: tap } = await say(phone, '', { of: reply, row: 0 });
    expect(answer.text).to.match(/claim ki latest jaankari/i);
    const done = await settled(held, 'completed');
    expect(done).to.include({ workflow_type: 'claim-status', language: 'HI_EN' });
    // The tap was folded into the held question: its own id is gone; the step that folded it is
    // recorded under the held question and names the tap's message.
    expect((await workflow(tap)).status).to.equal(404);
    // The ledger mover appends events to the tenant's ledger shortly after each step.
    const auditToken = await h.token('audit:read');
    type Listed = { workflow_id: string; type: string; detail: Record<string, unknown> };
    const listed = await waitFor(async () => {
      const page = (await (await h.api(`/v1/audit/events?workflow_id=${held}`, { token: auditToken })).json()) as { items: Listed[] };
      return page.items.some((e) => e.type === 'workflow.routed') ? page.items : null;
    }, { what: 'workflow.routed on the ledger' });
    expect(listed.find((e) => e.type === 'workflow.routed')!.detail).to.include({ workflow_type: 'claim-status', matched_by: 'choice' });
    // Every event listed under a workflow says that workflow (a partner filters the ledger by it).
    expect(listed.map((e) => e.workflow_id)).to.deep.equal(listed.map(() => held));
    expect(listed.find((e) => e.detail.message_workflow_id === tap), 'the folding step names the tap').to.not.equal(undefined);
  });

  it('a Hindi claimant picks "pending documents": the follow-up runs in Hindi', async () => {
    const phone = await claimant();
    const { reply, workflowId: held } = await say(phone, 'क्लेम');
    expect(reply.list!.button).to.equal('चुनें');
    expect(rowsOf(reply).map((r) => r.title)).to.deep.equal(['क्लेम की स्थिति', 'बाकी दस्तावेज़', 'कटौती का कारण', 'किसी व्यक्ति से बात']);
    const { reply: answer } = await say(phone, '', { of: reply, row: 1 });
    expect(answer.text).to.match(/हमें अभी ये दस्तावेज़ चाहिए/).and.to.contain('Final bill');
    expect(await settled(held, 'awaiting_documents')).to.include({ workflow_type: 'pending-documents', language: 'HI' });
  });

  it('a typed number answers the list too, and continues the held question', async () => {
    const phone = await claimant();
    const { workflowId: held } = await say(phone, 'claim');
    const { reply } = await say(phone, '1');
    expect(reply.text).to.match(/latest status of your claim|Documents pending/);
    expect(await settled(held, 'completed')).to.include({ workflow_type: 'claim-status', language: 'EN' });
  });

  it('a clearer question while one is held answers it: the held workflow runs with the new words and language', async () => {
    const phone = await claimant();
    const { workflowId: held } = await say(phone, 'claim');
    const { reply, workflowId: clearer } = await say(phone, 'कौन से कागज़ात बाकी हैं');
    expect(reply.text).to.contain('Final bill').and.to.match(/दस्तावेज़/);
    expect(await settled(held, 'awaiting_documents')).to.include({ workflow_type: 'pending-documents', language: 'HI' });
    expect((await workflow(clearer)).status).to.equal(404);
  });

  it('on SMS (no buttons) the choices are numbered; the number continues the held question in its language', async () => {
    const phone = await claimant();
    const smsTo = () => h.sms.sent.filter((m) => m.to === phone);
    const text = async (body: string, count: number) => {
      const res = await h.sms.postInbound({ from: phone, text: body });
      expect(res.status).to.equal(200);
      await h.sms.waitFor(() => smsTo().length >= count);
      return smsTo()[count - 1]!.text;
    };
    // Consent is per claimant and tenant, whatever the channel: given on WhatsApp above.
    const asked = await text('mera claim', 1);
    expect(asked).to.match(/kya jaanna chahte hain/).and.to.contain('1. Claim ka status').and.to.contain('2. Documents baaki')
      .and.to.contain('4. Insaan se baat').and.to.match(/1, 2, 3 ya 4 likhiye/);
    const list = await text('2', 2);
    expect(list).to.contain('Final bill');
    const held = await waitFor(async () => {
      const page = (await (await h.api('/v1/workflows?workflow_type=pending-documents&limit=100')).json()) as { items: Array<Workflow & { channel: string }> };
      return page.items.find((w) => w.channel === 'sms' && w.status === 'awaiting_documents' && w.language === 'HI_EN') ?? null;
    }, { what: 'the held SMS question running as pending-documents' });
    expect(held.outcome).to.equal('chosen');
  });

  it('small talk gets a short friendly answer with the choices and starts no workflow', async () => {
    const phone = await claimant();
    const { reply, workflowId } = await say(phone, 'namaste ji');
    expect(reply.type).to.equal('interactive');
    expect(reply.text).to.match(/^Namaste!/);
    expect(rowsOf(reply)).to.have.length(4);
    expect(await settled(workflowId, 'completed')).to.include({ workflow_type: null, outcome: 'small_talk' });
  });

  it('a long message (greeting, context with a claim number, amount and date, then the question) reaches the workflow its question asks for', async () => {
    const phone = await claimant();
    // Read as one bag of words, the context's "short" and "claim" made it a question about a cut.
    const { reply, workflowId } = await say(phone, 'Hello 🙏\nThe TPA says something is short in the file of my claim CLM-UN-0 (₹40,000, 3rd Nov).\nCan you tell me what is missing??');
    expect(reply.text).to.contain('Final bill');
    expect(await settled(workflowId, 'awaiting_documents')).to.include({ workflow_type: 'pending-documents', language: 'EN' });
  });

  it('thanks with domain words and nothing asked closes the conversation: no workflow, the closing reply', async () => {
    const phone = await claimant();
    const { reply, workflowId } = await say(phone, 'क्लेम की जानकारी के लिए बहुत धन्यवाद। पैसा मिल गया 👍');
    expect(reply.type).to.equal('text');
    expect(reply.text).to.match(/^आपका स्वागत है/);
    expect(await settled(workflowId, 'completed')).to.include({ workflow_type: null, outcome: 'small_talk', language: 'HI' });
  });

  it("a tenant's own word joins a class: \"hisaab\" asks for the claim's status for this tenant", async () => {
    const phone = await claimant();
    const { reply, workflowId } = await say(phone, 'hisaab batao');
    expect(reply.type).to.equal('text');
    expect(await settled(workflowId, 'completed')).to.include({ workflow_type: 'claim-status', language: 'HI_EN' });
  });
});
