/**
 * claim-status end to end: a signed inbound message on the fake WhatsApp provider, through the
 * stages, to the claimant's live CMS status back at the provider, in the claimant's language.
 */
import { expect } from 'chai';
import type { FakeClaim } from '../helpers/fakes/fake-cms';
import type { SentMessage } from '../helpers/fakes/whatsapp';
import { startHarness, type Harness } from '../helpers/harness';
import { describeOnBoth } from '../helpers/redis-targets';
import { waitFor } from '../helpers/wait';

function claim(phone: string, id: string, status: string): FakeClaim {
  return {
    claim_id: id, policy_number: 'POL-77-1234', member_name: 'Asha Verma', claimant_phone: phone, status,
    status_updated_at: '2026-11-20T10:00:00Z', amount_claimed: 120000, amount_approved: 98000, reason_codes: [],
  };
}

const repliesTo = (h: Harness, phone: string) => h.wa.sent.filter((m: SentMessage) => m.to === phone);

async function converse(h: Harness, phone: string, text: string, expectedReplies: number): Promise<SentMessage> {
  const res = await h.wa.postInbound({ from: phone, text });
  expect(res.status).to.equal(200);
  const all = await h.wa.waitFor(() => repliesTo(h, phone).length >= expectedReplies, 10000);
  return all.filter((m) => m.to === phone)[expectedReplies - 1]!;
}

describeOnBoth('claim-status end to end', function (target) {
  let h: Harness;
  before(async () => { h = await startHarness({ config: target.config() }); });
  after(async () => { await h?.close(); });

  const cases = [
    { language: 'EN', phone: '+919811110001', ask: 'What is my claim status?', yes: 'YES', expectStatus: /Approved/, expectConsent: /Reply YES/ },
    { language: 'HI', phone: '+919811110002', ask: 'मेरे क्लेम की स्थिति क्या है', yes: 'हाँ', expectStatus: /स्वीकृत/, expectConsent: /सहमति/ },
    { language: 'HI_EN', phone: '+919811110003', ask: 'mera claim ka status kya hai', yes: 'haan', expectStatus: /Approve ho gaya/, expectConsent: /consent chahiye/ },
  ];

  for (const c of cases) {
    it(`answers a ${c.language} claimant with their live CMS status, after consent`, async () => {
      h.cms.upsertClaim(h.tenant.doc.cms.api_key, claim(c.phone, `CLM-${c.phone.slice(-4)}-9911`, 'APPROVED'));
      const consentRequest = await converse(h, c.phone, c.ask, 1);
      expect(consentRequest.text).to.match(c.expectConsent);

      const list = await (await h.api('/v1/workflows?status=awaiting_consent')).json() as { items: { workflow_id: string }[] };
      expect(list.items.length).to.be.greaterThan(0);

      const reply = await converse(h, c.phone, c.yes, 2);
      expect(reply.type).to.equal('text');
      expect(reply.text).to.match(c.expectStatus);
      expect(reply.text).to.contain(`XXXX${'9911'}`);
      expect(reply.text).not.to.contain(`CLM-${c.phone.slice(-4)}-9911`);
    });
  }

  it('shows the completed workflow through the API with one audit event per stage passed', async () => {
    const phone = '+919811110001';
    // Consent is on file now: one message, one reply.
    const before = repliesTo(h, phone).length;
    const res = await h.wa.postInbound({ from: phone, text: 'claim status' });
    const { workflow_ids: [workflowId] } = res.body as { workflow_ids: string[] };
    await h.wa.waitFor(() => repliesTo(h, phone).length > before);
    const workflow = await waitFor(async () => {
      const r = await h.api(`/v1/workflows/${workflowId}`);
      const body = (await r.json()) as { status: string };
      return body.status === 'completed' ? body : null;
    }, { what: 'workflow completed' }) as unknown as Record<string, unknown>;
    expect(workflow).to.include({ workflow_id: workflowId, workflow_type: 'claim-status', tenant_id: 'acme', status: 'completed' });
    expect(workflow.claim_id_hash).to.match(/^sha256:[0-9a-f]{64}$/);
    expect(workflow.completed_at).to.be.a('string');
    // gateway, consent, router, truth, policy, outbound
    expect(workflow.audit_event_ids).to.have.length(6);
    expect(new Set(workflow.audit_event_ids as string[]).size).to.equal(6);
  });
});
