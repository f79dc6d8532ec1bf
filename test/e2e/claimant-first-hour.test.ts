/**
 * What a claimant meets in their first hour, end to end through the fake providers: a question
 * is answered on the channel it came in on (a choice held on SMS is not answered from WhatsApp);
 * "thanks" gets a closing reply in the claimant's language; STOP is confirmed in the
 * conversation's language; "why" on an approved claim says it was approved, with the amount, and
 * explains every deduction; the pending list asked for after an upload leaves the received
 * document out.
 */
import { expect } from 'chai';
import type { SentMessage } from '../helpers/fakes/whatsapp';
import { startHarness, type Harness } from '../helpers/harness';
import { waitFor } from '../helpers/wait';

interface Workflow { workflow_id: string; status: string; outcome: string | null; workflow_type: string | null; language: string | null; channel: string }
interface LedgerEvent { workflow_id: string; type: string; detail: Record<string, unknown> }

const roomRent = {
  title: { EN: 'Room rent limit', HI: 'कमरे के किराये की सीमा', HI_EN: 'Room rent limit' },
  body: {
    EN: 'Your policy pays room rent up to 1% of the sum insured per day. Room rent above this limit is not paid, and charges linked to the room are reduced in the same proportion.',
    HI: 'आपकी पॉलिसी कमरे का किराया बीमा राशि के 1% प्रतिदिन तक देती है। इस सीमा से ऊपर का किराया नहीं मिलता।',
    HI_EN: 'Aapki policy room rent sum insured ke 1% per day tak deti hai. Is limit se upar ka rent nahi milta.',
  },
  reason_codes: ['ROOM_RENT_CAP'],
  source: { document: 'Policy wording', section: 'section 4.2', version: '3' },
  trusted: true,
};
const coPayment = {
  title: { EN: 'Co-payment', HI: 'सह-भुगतान', HI_EN: 'Co-payment' },
  body: {
    EN: 'Your policy has a co-payment of 10%: the member pays 10% of every admissible claim amount and the insurer pays the rest.',
    HI: 'आपकी पॉलिसी में 10% सह-भुगतान है: हर स्वीकार्य क्लेम राशि का 10% सदस्य देता है और बाकी बीमा कंपनी देती है।',
    HI_EN: 'Aapki policy mein 10% co-payment hai: har admissible claim amount ka 10% member deta hai aur baaki insurer deta hai.',
  },
  reason_codes: ['CO_PAYMENT'],
  source: { document: 'Policy schedule', section: 'co-payment clause', version: '2' },
  trusted: true,
};

describe('a claimant\'s first hour', function () {
  this.timeout(30000);
  let h: Harness;
  let n = 0;

  before(async () => {
    h = await startHarness();
    for (const [id, article] of [['kb-fh-room-rent', roomRent], ['kb-fh-co-pay', coPayment]] as const) {
      const res = await h.api(`/v1/knowledge/articles/${id}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(article) });
      expect(res.status, await res.clone().text()).to.equal(201);
    }
  });
  after(async () => { await h?.close(); });

  const waTo = (phone: string) => h.wa.sent.filter((m) => m.to === phone);
  const smsTo = (phone: string) => h.sms.sent.filter((m) => m.to === phone);

  /** A claimant with consent on file (given on WhatsApp) and one claim. */
  async function claimant(claim: Partial<{ status: string; amount_approved: number | null; reason_codes: string[] }> = {}, documents?: Array<{ code: string; name: string }>): Promise<{ phone: string; claimId: string }> {
    n += 1;
    const phone = `+9198666${String(10000 + n).slice(-5)}`;
    const claimId = `CLM-FH-${n}`;
    const key = h.tenant.doc.cms.api_key;
    h.cms.upsertClaim(key, {
      claim_id: claimId, policy_number: 'POL-FH', member_name: 'Meera Das', claimant_phone: phone, status: claim.status ?? 'UNDER_REVIEW',
      status_updated_at: '2026-11-20T10:00:00Z', amount_claimed: 100000, amount_approved: claim.amount_approved ?? null, reason_codes: claim.reason_codes ?? [],
    });
    if (documents) h.cms.setPendingDocuments(key, claimId, documents);
    await say(phone, 'YES');
    return { phone, claimId };
  }

  /** Writes on WhatsApp and waits for the next WhatsApp reply. */
  async function say(phone: string, text: string): Promise<{ reply: SentMessage; workflowId: string }> {
    const before = waTo(phone).length;
    const res = await h.wa.postInbound({ from: phone, text });
    expect(res.status).to.equal(200);
    await h.wa.waitFor(() => waTo(phone).length > before);
    return { reply: waTo(phone)[before]!, workflowId: (res.body as { workflow_ids: string[] }).workflow_ids[0]! };
  }

  async function workflow(id: string): Promise<Workflow | null> {
    return (await h.services.workflows.get(h.tenant.doc.tenant_id, id)) as Workflow | null;
  }
  const settled = (id: string, status: string) => waitFor(async () => {
    const w = await workflow(id);
    return w?.status === status ? w : null;
  }, { what: `${id} ${status}`, intervalMs: 20 });

  it('a question on WhatsApp is answered on WhatsApp while a choice is held on SMS, and the SMS question stays held for SMS', async () => {
    const { phone } = await claimant();
    // "my claim" on SMS: numbered choices come back on SMS and the question is held.
    const asked = await h.sms.postInbound({ from: phone, text: 'my claim' });
    expect(asked.status).to.equal(200);
    await h.sms.waitFor(() => smsTo(phone).length >= 1);
    expect(smsTo(phone)[0]!.text).to.contain('1. Claim status');
    const held = await waitFor(async () => {
      const page = (await (await h.api('/v1/workflows?status=awaiting_choice&limit=100')).json()) as { items: Workflow[] };
      return page.items.find((w) => w.channel === 'sms' && w.outcome === 'clarification_requested') ?? null;
    }, { what: 'the SMS question held' });

    // "claim status" on WhatsApp: the answer arrives on WhatsApp, nothing more on SMS.
    const { reply, workflowId } = await say(phone, 'claim status');
    expect(reply.text ?? '').to.match(/latest on your claim/);
    const own = await settled(workflowId, 'completed');
    expect(own).to.include({ workflow_type: 'claim-status', channel: 'whatsapp' });
    const routed = await waitFor(async () => {
      const page = (await (await h.api(`/v1/audit/events?workflow_id=${workflowId}&limit=100`)).json()) as { items: LedgerEvent[] };
      return page.items.find((e) => e.type === 'workflow.routed') ?? null;
    }, { what: 'workflow.routed of the WhatsApp question' });
    expect(routed.detail.matched_by).to.not.equal('choice');
    expect(smsTo(phone)).to.have.length(1);
    expect((await workflow(held.workflow_id))!.status).to.equal('awaiting_choice');

    // The SMS question is still answered from SMS, on SMS.
    await h.sms.postInbound({ from: phone, text: '1' });
    await h.sms.waitFor(() => smsTo(phone).length >= 2);
    expect(smsTo(phone)[1]!.text).to.match(/latest on your claim/);
    expect(await settled(held.workflow_id, 'completed')).to.include({ workflow_type: 'claim-status', channel: 'sms' });
  });

  it('"thanks" gets a closing reply, not the greeting, in the claimant\'s language', async () => {
    const { phone } = await claimant();
    const cases = [
      ['thanks', 'EN', /^You're welcome!/],
      ['dhanyavaad', 'HI_EN', /^Aapka swagat hai!/],
      ['धन्यवाद', 'HI', /^आपका स्वागत है!/],
    ] as const;
    for (const [text, language, expected] of cases) {
      const { reply, workflowId } = await say(phone, text);
      expect(reply.text, text).to.match(expected).and.not.to.match(/^Hello!|^Namaste!|^नमस्ते!/);
      expect(reply.buttons, text).to.equal(undefined);
      expect(reply.list, text).to.equal(undefined);
      expect(await settled(workflowId, 'completed'), text).to.include({ workflow_type: null, outcome: 'small_talk', language });
    }
  });

  it('STOP after a Hinglish conversation is confirmed in Hinglish; STOP after a Hindi one in Hindi', async () => {
    const { phone } = await claimant();
    const { reply: status } = await say(phone, 'mera claim ka status batao');
    expect(status.text).to.match(/claim ki latest jaankari/);
    const { reply: stopped, workflowId } = await say(phone, 'STOP');
    expect(stopped.text).to.match(/^Aapki consent wapas le li gayi hai/);
    expect(await settled(workflowId, 'completed')).to.include({ language: 'HI_EN' });

    const { phone: hindi } = await claimant();
    await say(hindi, 'मेरे क्लेम की स्थिति बताइए');
    const { reply: band } = await say(hindi, 'stop');
    expect(band.text).to.match(/^आपकी सहमति वापस ले ली गई है/);
  });

  it('"why was my claim rejected" on an approved claim with two deductions: says it was approved, with the amount, and explains both', async () => {
    const { phone } = await claimant({ status: 'APPROVED', amount_approved: 72000, reason_codes: ['ROOM_RENT_CAP', 'CO_PAYMENT'] });
    const { reply, workflowId } = await say(phone, 'why was my claim rejected');
    const text = reply.text ?? '';
    expect(text).to.match(/approved/i).and.to.contain('72,000');
    expect(text).to.contain('1% of the sum insured').and.to.contain('co-payment of 10%');
    expect(text).to.contain('Policy wording, section 4.2, v3').and.to.contain('Policy schedule, co-payment clause, v2');
    expect(await settled(workflowId, 'completed')).to.include({ workflow_type: 'query-reason', outcome: 'answered' });

    // The same question from another approved claimant with the same codes: their own amount.
    const { phone: other } = await claimant({ status: 'APPROVED', amount_approved: 65000, reason_codes: ['ROOM_RENT_CAP', 'CO_PAYMENT'] });
    const { reply: again, workflowId: cached } = await say(other, 'why was my claim rejected');
    expect(await settled(cached, 'completed')).to.include({ outcome: 'answered_from_cache' });
    expect(again.text ?? '').to.contain('65,000').and.to.contain('co-payment of 10%').and.to.contain('1% of the sum insured');
    expect(again.text ?? '').not.to.contain('72,000');

    // In Hindi, the same facts.
    const { phone: hindi } = await claimant({ status: 'APPROVED', amount_approved: 72000, reason_codes: ['ROOM_RENT_CAP', 'CO_PAYMENT'] });
    const { reply: hi } = await say(hindi, 'मेरे क्लेम में पैसे क्यों काटे');
    expect(hi.text ?? '').to.contain('स्वीकृत').and.to.contain('72,000').and.to.contain('1% प्रतिदिन').and.to.contain('10% सह-भुगतान');
  });

  it('asking which documents are pending right after an upload was acknowledged leaves the received document out', async () => {
    const docs = [{ code: 'DISCHARGE_SUMMARY', name: 'Discharge summary' }, { code: 'FINAL_BILL', name: 'Final bill' }];
    const { phone } = await claimant({ status: 'DOCUMENTS_PENDING' }, docs);
    const { reply: list, workflowId } = await say(phone, 'which documents are pending');
    expect(list.text).to.contain('Discharge summary').and.to.contain('Final bill');
    await settled(workflowId, 'awaiting_documents');

    const before = waTo(phone).length;
    await h.wa.postInbound({ from: phone, type: 'image', media: { id: 'media-fh-bill', mime_type: 'image/jpeg', caption: 'final bill' } });
    await h.wa.waitFor(() => waTo(phone).length > before);
    expect(waTo(phone)[before]!.text).to.match(/received your document/).and.to.contain('Discharge summary').and.not.to.contain('Final bill');

    // The CMS still lists both (it has not processed the file yet).
    const { reply: again } = await say(phone, 'which documents are pending');
    expect(again.text).to.contain('Discharge summary').and.not.to.contain('Final bill');

    // The last document in: the follow-up completes; asked again, nothing is listed as pending.
    const done = waTo(phone).length;
    await h.wa.postInbound({ from: phone, type: 'document', media: { id: 'media-fh-ds', mime_type: 'application/pdf', filename: 'discharge summary.pdf' } });
    await h.wa.waitFor(() => waTo(phone).length > done);
    expect(waTo(phone)[done]!.text).to.match(/received all the documents/);
    const { reply: last } = await say(phone, 'which documents are pending');
    expect(last.text).to.not.contain('Final bill').and.not.to.contain('Discharge summary');
  });
});
