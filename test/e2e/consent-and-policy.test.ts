/**
 * The claimant's side of consent and of the policy gate: NO ends politely and nothing is looked
 * up, STOP withdraws consent, a second question before YES replaces the first, anything
 * unrecognised is asked which workflow was meant, and a reply that hits the deny list is never sent: the
 * claimant is told a person will follow up and the workflow ends `policy_blocked`.
 */
import { expect } from 'chai';
import type { SentMessage } from '../helpers/fakes/whatsapp';
import { offerHandoverIfMissing } from '../helpers/handover-stand-in';
import { startHarness, type Harness } from '../helpers/harness';
import { waitFor } from '../helpers/wait';

interface Workflow { workflow_id: string; status: string; outcome: string | null; workflow_type: string | null; audit_event_ids: string[] }

describe('consent and the policy gate, as the claimant sees them', function () {
  this.timeout(30000);
  let h: Harness;
  let phoneSeq = 0;
  const newPhone = () => `+9198888${String(++phoneSeq).padStart(5, '0')}`;
  let removeStandIn = () => {};

  before(async () => {
    removeStandIn = offerHandoverIfMissing();
    h = await startHarness();
    // The partner's own deny list: this tenant never wants "under review" said to a claimant.
    await h.services.tenants.put({ ...h.tenant.doc, deny_list: ['under review'] }, Date.now());
  });
  after(async () => {
    await h?.close();
    removeStandIn();
  });

  const claim = (phone: string, status: string) => h.cms.upsertClaim(h.tenant.doc.cms.api_key, {
    claim_id: `CLM-CP-${phone.slice(-5)}`, policy_number: 'POL-CP', member_name: 'P Das', claimant_phone: phone, status,
    status_updated_at: '2026-11-15T10:00:00Z', amount_claimed: 100, amount_approved: null, reason_codes: [],
  });
  const say = async (phone: string, text: string): Promise<{ reply: SentMessage; workflowId: string }> => {
    const before = h.wa.sent.filter((m) => m.to === phone).length;
    const res = await h.wa.postInbound({ from: phone, text });
    expect(res.status).to.equal(200);
    const sent = await h.wa.waitFor((all) => all.filter((m) => m.to === phone).length > before);
    return { reply: sent.filter((m) => m.to === phone)[before]!, workflowId: (res.body as { workflow_ids: string[] }).workflow_ids[0]! };
  };
  const workflow = async (id: string): Promise<Workflow> => (await (await h.api(`/v1/workflows/${id}`)).json()) as Workflow;
  const settled = (id: string, status: string) => waitFor(async () => { const w = await workflow(id); return w.status === status ? w : null; }, { what: `${id} ${status}` });

  it('NO ends politely, cancels the held question, and looks nothing up in the CMS', async () => {
    const phone = newPhone();
    claim(phone, 'APPROVED');
    const { workflowId: question } = await say(phone, 'claim status');
    const cmsCalls = h.cms.requests;
    const { reply } = await say(phone, 'NO');
    expect(reply.text).to.match(/will not use your details/);
    const held = await settled(question, 'cancelled');
    expect(held.workflow_type).to.equal(null);
    expect(h.cms.requests).to.equal(cmsCalls);
  });

  it('STOP withdraws consent; the next question asks for consent again', async () => {
    const phone = newPhone();
    claim(phone, 'APPROVED');
    await say(phone, 'claim status');
    // The answer follows the language of the question, not of the consent word.
    expect((await say(phone, 'haan')).reply.text).to.match(/Approved/);
    expect((await say(phone, 'STOP')).reply.text).to.match(/consent wapas le li gayi|consent is withdrawn/i);
    // Asked again, in the conversation's language: Hinglish since "haan" (two English words do not move it).
    expect((await say(phone, 'claim status')).reply.text).to.match(/consent chahiye/);
  });

  it('a second question before YES replaces the first: one answer, to the newest question', async () => {
    const phone = newPhone();
    claim(phone, 'SETTLED');
    const { workflowId: first } = await say(phone, 'claim status');
    const { workflowId: second } = await say(phone, 'where is my claim');
    const { reply } = await say(phone, 'yes');
    expect(reply.text).to.match(/Settled/);
    expect((await settled(first, 'cancelled')).outcome).to.equal('superseded');
    await settled(second, 'completed');
  });

  it('answers anything unrecognised by asking which workflow was meant, with the offered workflows as a list', async () => {
    const phone = newPhone();
    await say(phone, 'yes');
    const { reply, workflowId } = await say(phone, 'what is the weather in Pune');
    expect(reply.type).to.equal('interactive');
    expect(reply.text).to.match(/Which of these do you mean/);
    // Four offered workflows: a list message, as WhatsApp shows at most three reply buttons.
    expect(reply.list!.sections[0]!.rows.map((r) => r.title)).to.deep.equal(['Claim status', 'Pending documents', 'Why cut or rejected', 'Talk to a person']);
    expect((await settled(workflowId, 'awaiting_choice')).outcome).to.equal('clarification_requested');
  });

  it("never sends a reply that hits the tenant's deny list: a person will follow up, policy_blocked", async () => {
    const phone = newPhone();
    claim(phone, 'UNDER_REVIEW');
    await say(phone, 'yes');
    const { reply, workflowId } = await say(phone, 'claim status');
    expect(reply.text).to.match(/A member of our team will follow up/);
    expect(reply.text).not.to.match(/under review/i);
    const blocked = await settled(workflowId, 'policy_blocked');
    expect(blocked.audit_event_ids).to.have.length(6);
  });
});
