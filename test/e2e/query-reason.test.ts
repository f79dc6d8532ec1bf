/**
 * query-reason end to end: a claimant asks why their claim was cut, in EN, HI or HI_EN, and gets
 * the partner's own knowledge-base answer with its source cited; the same question again is
 * answered from the cache (metrics and audit ledger show it); PHI in an article is redacted, the
 * tenant's own kinds (its member ids) included; an answer with no trusted source ends
 * policy_blocked with the "a person will follow up" message; under RESTRICTED the question waits
 * while claim-status is answered.
 */
import { expect } from 'chai';
import type { WorkflowResource } from '../../src/workflows/workflow-store';
import { startHarness, type Harness } from '../helpers/harness';
import { waitFor } from '../helpers/wait';

interface LedgerEvent { type: string; stage: string; detail: Record<string, unknown> }

const roomRent = {
  title: {
    EN: 'Room rent limit and proportionate deduction',
    HI: 'कमरे के किराये की सीमा और अनुपात में कटौती',
    HI_EN: 'Room rent limit aur proportion mein katauti',
  },
  body: {
    EN: '<p>Your policy pays <b>room rent</b> up to 1% of the sum insured per day (2% for ICU). If you stay in a room above this limit, the room rent beyond the limit is not paid, and the charges linked to the room, such as doctor visits and nursing, are reduced in the same proportion.</p>',
    HI: 'आपकी पॉलिसी कमरे का किराया बीमा राशि के 1% प्रतिदिन तक देती है (ICU के लिए 2%)। इस सीमा से ऊपर के कमरे में रहने पर सीमा से ऊपर का किराया नहीं मिलता, और कमरे से जुड़े खर्च, जैसे डॉक्टर विज़िट और नर्सिंग, उसी अनुपात में कम हो जाते हैं।',
    HI_EN: 'Aapki policy room rent sum insured ke 1% per day tak deti hai (ICU ke liye 2%). Is limit se upar ke room mein rehne par limit se upar ka rent nahi milta, aur room se jude kharch, jaise doctor visit aur nursing, usi proportion mein kam ho jaate hain.',
  },
  reason_codes: ['ROOM_RENT_CAP'],
  source: { document: 'Policy wording', section: 'section 4.2', version: '3' },
  trusted: true,
};

const coPayment = {
  title: { EN: 'Co-payment on your claim' },
  body: { EN: 'Your policy has a co-payment of 10%: you pay 10% of every admissible claim amount and the insurer pays the rest. Questions about the co-payment: write to claims.desk@acme-tpa.example or call +91 98111 22233. A co-payment paid twice is refunded to the member\'s bank account, as for member ACME-M-004512 to account 50100234567891.' },
  reason_codes: ['CO_PAYMENT'],
  source: { document: 'Policy schedule', section: 'co-payment clause', version: '2' },
  trusted: true,
};

const waitingDraft = {
  title: { EN: 'Waiting period (draft)' },
  body: { EN: 'Treatment of listed illnesses is covered only after a waiting period of 24 months from the start of the policy. A claim within the waiting period is not payable.' },
  reason_codes: ['WAITING_PERIOD'],
  source: { document: 'Draft FAQ', section: 'waiting periods', version: '0.1' },
  trusted: false,
};

describe('query-reason', function () {
  this.timeout(30000);
  let h: Harness;
  let n = 0;

  before(async () => {
    h = await startHarness();
    // The partner's own PHI kind: its member ids (docs/policy-gate.md, "PHI kinds").
    const memberId = { kind: 'member_id', mask: '[member id removed]', patterns: [{ regex: 'ACME-M-\\d{6}', needs: 'none' as const }] };
    await h.services.tenants.put({ ...h.tenant.doc, phi_kinds: [memberId] }, Date.now());
    for (const [id, article] of [['kb-room-rent', roomRent], ['kb-co-pay', coPayment], ['kb-waiting-draft', waitingDraft]] as const) {
      const res = await h.api(`/v1/knowledge/articles/${id}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(article) });
      expect(res.status, await res.clone().text()).to.equal(201);
    }
  });
  after(async () => { await h?.close(); });

  async function claimant(reasonCodes: string[], status = 'PARTIALLY_APPROVED'): Promise<string> {
    n += 1;
    const phone = `+9198555${String(10000 + n).slice(-5)}`;
    h.cms.upsertClaim(h.tenant.doc.cms.api_key, {
      claim_id: `CLM-QR-${n}`, policy_number: 'POL-QR', member_name: 'Ravi Kumar', claimant_phone: phone, status,
      status_updated_at: '2026-11-20T10:00:00Z', amount_claimed: 100000, amount_approved: 80000, reason_codes: reasonCodes,
    });
    await h.wa.postInbound({ from: phone, text: 'YES' });
    await h.wa.waitFor((all) => all.some((m) => m.to === phone));
    return phone;
  }

  const sentTo = (phone: string) => h.wa.sent.filter((m) => m.to === phone);

  async function ask(phone: string, text: string): Promise<{ workflow: WorkflowResource; reply: string }> {
    const before = sentTo(phone).length;
    const res = await h.wa.postInbound({ from: phone, text });
    const id = (res.body as { workflow_ids: string[] }).workflow_ids[0]!;
    const workflow = await waitFor(async () => {
      const w = await h.services.workflows.get(h.tenant.doc.tenant_id, id);
      return w && w.completed_at ? w : null;
    }, { what: `workflow ${id} finished`, intervalMs: 20 });
    const reply = await h.wa.waitFor(() => sentTo(phone).length > before).then(() => sentTo(phone).at(-1)!.text!);
    return { workflow, reply };
  }

  async function ledger(workflowId: string, count: number): Promise<LedgerEvent[]> {
    return waitFor(async () => {
      const body = (await (await h.api(`/v1/audit/events?workflow_id=${workflowId}&limit=100`)).json()) as { items: LedgerEvent[] };
      return body.items.length >= count ? body.items : null;
    }, { what: 'ledger caught up', intervalMs: 50 });
  }

  async function cacheCount(result: 'hit' | 'miss'): Promise<number> {
    const text = await (await fetch(`${h.apiUrl}/metrics`)).text();
    const line = text.split('\n').find((l) => l.startsWith(`cw_answer_cache_total{result="${result}"}`));
    return line ? Number(line.split(' ').at(-1)) : 0;
  }

  it('answers "why" in EN, HI and HI_EN from the knowledge base with the source cited, as plain text', async () => {
    const cases = [
      ['EN', 'Why was my claim cut?', /room rent up to 1% of the sum insured[\s\S]*Source: Policy wording, section 4\.2, v3/],
      ['HI', 'मेरे क्लेम में पैसे क्यों काटे', /कमरे का किराया बीमा राशि के 1%[\s\S]*स्रोत: Policy wording, section 4\.2, v3/],
      ['HI_EN', 'mera claim kyu kata gaya, paisa kyu kata', /room rent sum insured ke 1% per day[\s\S]*Source: Policy wording/],
    ] as const;
    for (const [language, question, expected] of cases) {
      const phone = await claimant(['ROOM_RENT_CAP']);
      const { workflow, reply } = await ask(phone, question);
      expect(workflow, language).to.include({ workflow_type: 'query-reason', status: 'completed', language, outcome: 'answered' });
      expect(reply, language).to.match(expected);
      expect(reply).not.to.contain('<p>').and.not.to.contain('<b>');
      const events = await ledger(workflow.workflow_id, 7);
      expect(events.map((e) => e.stage)).to.deep.equal(['gateway', 'consent', 'router', 'truth', 'knowledge', 'policy', 'outbound']);
      const searched = events.find((e) => e.type === 'knowledge.searched')!;
      expect(searched.detail).to.include({ article_id: 'kb-room-rent', cache: 'miss', trusted: true });
      expect(events.find((e) => e.type === 'policy.passed')!.detail).to.include({ tiers: '1,2,3,4' });
    }
  });

  it('answers the same question again from the cache: a metric and the audit ledger show the hit', async () => {
    const phone = await claimant(['ROOM_RENT_CAP']);
    const first = await ask(phone, 'Why was my claim reduced?');
    const hitsBefore = await cacheCount('hit');
    const second = await ask(phone, 'why was my claim REDUCED');
    expect(second.reply).to.equal(first.reply);
    expect(second.workflow.outcome).to.equal('answered_from_cache');
    expect(await cacheCount('hit')).to.equal(hitsBefore + 1);
    const events = await ledger(second.workflow.workflow_id, 7);
    expect(events.find((e) => e.type === 'knowledge.cache_hit')!.detail).to.include({ article_id: 'kb-room-rent' });
    expect(events.find((e) => e.type === 'policy.passed')!.detail).to.include({ tiers: '1,3' });

    // Editing the article retires the kept answer: the next ask searches again.
    const edited = { ...roomRent, body: { ...roomRent.body, EN: roomRent.body.EN.replace('1%', '1.5%') } };
    expect((await h.api('/v1/knowledge/articles/kb-room-rent', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(edited) })).status).to.equal(200);
    const third = await ask(phone, 'Why was my claim reduced?');
    expect(third.workflow.outcome).to.equal('answered');
    expect(third.reply).to.contain('1.5%');
    await h.api('/v1/knowledge/articles/kb-room-rent', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(roomRent) });
  });

  it('redacts PHI an article carries before it reaches the claimant', async () => {
    const phone = await claimant(['CO_PAYMENT']);
    const { workflow, reply } = await ask(phone, 'Why was money deducted from my claim?');
    expect(workflow.status).to.equal('completed');
    expect(reply).to.contain('co-payment of 10%');
    expect(reply).not.to.contain('claims.desk@acme-tpa.example').and.not.to.contain('98111');
    expect(reply).not.to.contain('50100234567891').and.not.to.contain('ACME-M-004512');
    expect(reply).to.contain('member [member id removed] to account [account removed]');
    const events = await ledger(workflow.workflow_id, 7);
    const passed = events.find((e) => e.type === 'policy.passed')!;
    expect(passed.detail.redacted_kinds).to.equal('bank_account,email,member_id,phone');
  });

  it('blocks an answer no trusted source backs: policy_blocked, and a person will follow up', async () => {
    const phone = await claimant(['WAITING_PERIOD'], 'REJECTED');
    const { workflow, reply } = await ask(phone, 'Why was my claim rejected?');
    expect(workflow).to.include({ status: 'policy_blocked', outcome: 'policy_blocked' });
    expect(reply).to.match(/A member of our team will follow up/);
    expect(reply).not.to.contain('24 months');
    const events = await ledger(workflow.workflow_id, 7);
    expect(events.find((e) => e.type === 'policy.blocked')!.detail).to.include({ tier: 4, reason: 'untrusted_source' });
  });

  it('under RESTRICTED the question waits while claim-status is answered, then is answered once OPERATIONAL', async () => {
    const setMode = async (mode: string) => {
      const res = await h.api('/v1/tenant/operational-mode', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mode, reason: 'test' }) });
      expect(res.status).to.equal(200);
    };
    const phone = await claimant(['ROOM_RENT_CAP']);
    await setMode('RESTRICTED');
    try {
      const res = await h.wa.postInbound({ from: phone, text: 'Why was my claim cut?' });
      const id = (res.body as { workflow_ids: string[] }).workflow_ids[0]!;
      await waitFor(async () => ((await h.services.workflows.get(h.tenant.doc.tenant_id, id))?.audit_event_ids.length === 3 ? true : null), { what: 'question held' });
      const status = await ask(phone, 'claim status');
      expect(status.reply).to.match(/Partially approved/);
      expect(sentTo(phone).filter((m) => /Source:/.test(m.text ?? ''))).to.have.length(0);
      await setMode('OPERATIONAL');
      const w = await waitFor(async () => {
        const x = await h.services.workflows.get(h.tenant.doc.tenant_id, id);
        return x?.status === 'completed' ? x : null;
      }, { what: 'held question answered' });
      expect(w.outcome).to.equal('answered');
      await h.wa.waitFor(() => sentTo(phone).some((m) => /Source: Policy wording/.test(m.text ?? '')));
    } finally {
      await setMode('OPERATIONAL');
    }
  });
});
