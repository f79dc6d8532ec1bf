/**
 * Human handover end to end (docs/human-handover.md), through the public API and the fake
 * providers: a claimant asks for a person and is queued; two handlers race to take the
 * conversation (one wins, the other gets 409 naming the holder); the handler's replies reach the
 * claimant on the channel they wrote on; the claimant's messages reach the partner by webhook
 * and the transcript, and start no workflow; release gives the conversation back to the bot.
 */
import { expect } from 'chai';
import { systemClock } from '../../src/clock';
import { startHarness, type Harness } from '../helpers/harness';
import { startPartnerEndpoint, type WebhookReceiver } from '../helpers/webhook-receiver';
import { waitFor } from '../helpers/wait';
import { consentOnWhatsApp } from '../helpers/whatsapp-claimant';

interface Envelope { id: string; type: string; workflow_id: string | null; data: Record<string, unknown> }
interface Workflow { workflow_id: string; workflow_type: string | null; status: string; outcome: string | null; handover: Record<string, unknown> | null }
interface Message { id: string; author: string; agent_id: string | null; text: string; channel: string; delivery: { status: string } | null }

describe('human handover', function () {
  this.timeout(60000);
  let h: Harness;
  let receiver: WebhookReceiver;
  let agentA: string;
  let agentB: string;
  let agentAId: string;
  let agentBId: string;

  before(async () => {
    h = await startHarness();
    receiver = await startPartnerEndpoint(h.api, systemClock);
    // Handlers are open every hour in this test, so a first response is due 15 minutes after the request.
    h.tenant.doc.handover = { business_hours: { days: ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'], open: '00:00', close: '24:00' }, support_number: '1800-000-111' };
    await h.services.tenants.put(h.tenant.doc, h.services.clock.now());
    // Two handlers: two API clients of the tenant with the conversation scopes.
    const scopes = ['workflow:read', 'conversations:read', 'conversations:write'];
    const a = await h.services.clients.create('acme', scopes, h.services.clock.now());
    const b = await h.services.clients.create('acme', scopes, h.services.clock.now());
    agentAId = a.client_id;
    agentBId = b.client_id;
    const tokenOf = async (c: { client_id: string; client_secret: string }) => {
      const r = await fetch(`${h.apiUrl}/v1/auth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ grant_type: 'client_credentials', client_id: c.client_id, client_secret: c.client_secret }) });
      return ((await r.json()) as { access_token: string }).access_token;
    };
    agentA = await tokenOf(a);
    agentB = await tokenOf(b);
  });
  after(async () => {
    await h?.close();
    await receiver?.close();
  });

  const envelopes = () => receiver.received.map((r) => JSON.parse(r.body) as Envelope);
  const workflow = async (id: string) => (await (await h.api(`/v1/workflows/${id}`)).json()) as Workflow;
  const post = (path: string, body: unknown, token?: string) => h.api(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), ...(token ? { token } : {}) });
  const messages = async (id: string, token?: string) => ((await (await h.api(`/v1/workflows/${id}/messages`, token ? { token } : {})).json()) as { items: Message[] }).items;
  const waTo = (phone: string) => h.wa.sent.filter((m) => m.to === phone);
  const smsTo = (phone: string) => h.sms.sent.filter((m) => m.to === phone);

  async function consentedSms(phone: string): Promise<void> {
    await h.sms.postInbound({ from: phone, text: 'hello' });
    await h.sms.waitFor(() => smsTo(phone).length >= 1, 15000);
    await h.sms.postInbound({ from: phone, text: 'YES' });
    await h.sms.waitFor(() => smsTo(phone).length >= 2, 15000);
  }

  /** The claimant's queued handover, found in the queue. */
  async function queued(): Promise<Workflow[]> {
    const res = await h.api('/v1/workflows?type=human-handover&status=awaiting_agent');
    expect(res.status).to.equal(200);
    return ((await res.json()) as { items: Workflow[] }).items;
  }

  async function askedForPerson(send: () => Promise<unknown>, before: number, count: () => number): Promise<Workflow> {
    const known = new Set((await queued()).map((w) => w.workflow_id));
    await send();
    return waitFor(async () => {
      if (count() <= before) return null;
      const fresh = (await queued()).filter((w) => !known.has(w.workflow_id));
      return fresh[0] ?? null;
    }, { what: 'the handover queued' });
  }

  for (const [language, ask, followUp] of [
    ['EN', 'I want to talk to a person', 'my hospital bill was 40000, please check'],
    ['HI', 'मुझे एजेंट से बात करनी है', 'मेरा बिल 40000 का था'],
    ['HI_EN', 'kisi insaan se baat karni hai', 'mera bill 40000 ka tha, dekh lijiye'],
  ] as const) {
    it(`WhatsApp ${language}: queued, a race to assign, replies both ways, release back to the bot`, async () => {
      const phone = `+9198555${language === 'EN' ? '10001' : language === 'HI' ? '10002' : '10003'}`;
      await consentOnWhatsApp(h, phone);
      const before = waTo(phone).length;
      const ho = await askedForPerson(() => h.wa.postInbound({ from: phone, text: ask }), before, () => waTo(phone).length);
      expect(ho.workflow_type).to.equal('human-handover');
      expect(ho.handover).to.include({ reason: 'claimant', agent: null });
      expect(ho.handover!.waiting_seconds).to.be.a('number');
      expect(ho.handover!.first_response_due_at).to.be.a('string');
      // The claimant was told when to expect a reply.
      expect(waTo(phone)[before]!.text).to.match(/\d\d:\d\d/);

      // Two handlers take it at once: exactly one wins; the other is told who holds it.
      const [ra, rb] = await Promise.all([post(`/v1/workflows/${ho.workflow_id}/assign`, { agent: 'me' }, agentA), post(`/v1/workflows/${ho.workflow_id}/assign`, { agent: 'me' }, agentB)]);
      expect([ra.status, rb.status].sort()).to.deep.equal([200, 409]);
      const [winner, loser, winnerId] = ra.status === 200 ? [agentA, agentB, agentAId] : [agentB, agentA, agentBId];
      const conflict = (await (ra.status === 409 ? ra : rb).json()) as { error_code: string; held_by: string };
      expect(conflict.error_code).to.equal('conversation_held_by_another');
      expect((await workflow(ho.workflow_id)).status).to.equal('with_agent');

      // The claimant writes while a person holds it: no workflow starts, the partner hears of it.
      const startedBefore = (await (await h.api('/v1/workflows?limit=100')).json() as { items: Workflow[] }).items.length;
      await h.wa.postInbound({ from: phone, text: followUp });
      const heard = await waitFor(() => envelopes().find((e) => e.type === 'human_handover.message_received' && e.workflow_id === ho.workflow_id) ?? null, { what: 'the message_received webhook' });
      expect(heard.data.text).to.equal(followUp);
      expect(String(heard.data.claimant_phone_hash)).to.match(/^sha256:[0-9a-f]{64}$/);
      expect(JSON.stringify(heard)).not.to.include(phone.slice(1));
      const startedAfter = (await (await h.api('/v1/workflows?limit=100')).json() as { items: Workflow[] }).items.length;
      expect(startedAfter).to.equal(startedBefore);
      // The message's own step is the conversation's: no status webhook names a workflow that never was one.
      const ids = new Set((await (await h.api('/v1/workflows?limit=100')).json() as { items: Workflow[] }).items.map((w) => w.workflow_id));
      const strays = envelopes().filter((e) => e.type === 'workflow.completed' && e.workflow_id !== null && !ids.has(e.workflow_id) && e.workflow_id !== ho.workflow_id);
      expect(strays.map((e) => JSON.stringify(e.data))).to.deep.equal([]);

      // Only the holder writes; the reply reaches the claimant on WhatsApp.
      const refused = await post(`/v1/workflows/${ho.workflow_id}/messages`, { text: 'hello' }, loser);
      expect(refused.status).to.equal(409);
      const sentBefore = waTo(phone).length;
      const written = await post(`/v1/workflows/${ho.workflow_id}/messages`, { text: 'Hello, I am checking your claim now.' }, winner);
      expect(written.status).to.equal(201);
      await h.wa.waitFor(() => waTo(phone).slice(sentBefore).some((m) => m.text === 'Hello, I am checking your claim now.'));

      const transcript = await messages(ho.workflow_id, winner);
      expect(transcript.map((m) => m.author)).to.include.members(['claimant', 'bot', 'agent']);
      expect(transcript.find((m) => m.author === 'agent')!.agent_id).to.equal(winnerId);
      expect(transcript.find((m) => m.text === followUp)).to.not.equal(undefined);

      // Released back to the bot: the next question is answered by the bot again.
      const released = await post(`/v1/workflows/${ho.workflow_id}/release`, { resolution: 'back_to_bot' }, winner);
      expect(released.status).to.equal(200);
      expect(((await released.json()) as Workflow).status).to.equal('completed');
      const afterRelease = waTo(phone).length;
      await h.wa.postInbound({ from: phone, text: 'hi' });
      await h.wa.waitFor(() => waTo(phone).length > afterRelease);
      const expected = ['human_handover.requested', 'human_handover.assigned', 'human_handover.message_received', 'human_handover.completed', 'workflow.awaiting_agent', 'workflow.with_agent', 'workflow.completed'];
      const types = () => new Set(envelopes().filter((e) => e.workflow_id === ho.workflow_id).map((e) => e.type));
      await waitFor(() => (expected.every((t) => types().has(t)) ? true : null), { what: `the webhooks ${expected.join(', ')}` });
      // The refusal and the queue's record name the winner.
      expect(conflict.held_by).to.equal(winnerId);
    });
  }

  for (const [language, ask, followUp, n] of [
    ['EN', 'can I speak to someone from customer care', 'my bill was 40000', 1],
    ['HI', 'इंसान से बात करनी है', 'मेरा बिल 40000 का था', 2],
    ['HI_EN', 'customer care se baat karni hai', 'mera bill 40000 ka tha', 3],
  ] as const) {
    it(`SMS ${language}: queued, the handler's replies go out as SMS (over the segment budget: 422 naming it), the claimant's reach the partner, released to the bot`, async () => {
      const phone = `+91985552000${n}`;
      await consentedSms(phone);
      const before = smsTo(phone).length;
      const ho = await askedForPerson(() => h.sms.postInbound({ from: phone, text: ask }), before, () => smsTo(phone).length);
      expect(ho.workflow_type).to.equal('human-handover');
      expect((await post(`/v1/workflows/${ho.workflow_id}/assign`, { agent: 'me' }, agentA)).status).to.equal(200);
      const long = 'Your claim is being reviewed by our medical team and we will update you soon. '.repeat(6);
      const tooLong = await post(`/v1/workflows/${ho.workflow_id}/messages`, { text: long }, agentA);
      expect(tooLong.status).to.equal(422);
      expect(await tooLong.json()).to.include({ error_code: 'sms_segment_budget_exceeded', segment_budget: 3 });
      const sentBefore = smsTo(phone).length;
      expect((await post(`/v1/workflows/${ho.workflow_id}/messages`, { text: 'We are on it.' }, agentA)).status).to.equal(201);
      await h.sms.waitFor(() => smsTo(phone).slice(sentBefore).some((m) => m.text === 'We are on it.'), 15000);

      await h.sms.postInbound({ from: phone, text: followUp });
      const heard = await waitFor(() => envelopes().find((e) => e.type === 'human_handover.message_received' && e.workflow_id === ho.workflow_id) ?? null, { what: 'the message_received webhook' });
      expect(heard.data).to.include({ text: followUp, channel: 'sms' });
      const transcript = await messages(ho.workflow_id, agentA);
      expect(transcript.map((m) => [m.author, m.channel])).to.deep.include.members([['claimant', 'sms'], ['bot', 'sms'], ['agent', 'sms']]);

      expect((await post(`/v1/workflows/${ho.workflow_id}/release`, { resolution: 'resolved' }, agentA)).status).to.equal(200);
      const afterRelease = smsTo(phone).length;
      await h.sms.postInbound({ from: phone, text: 'hi' });
      await h.sms.waitFor(() => smsTo(phone).length > afterRelease, 15000);
      expect((await workflow(ho.workflow_id)).outcome).to.equal('resolved');
    });
  }

  it('a blocked answer offers a person as a button; taking it queues a real handover', async () => {
    const phone = '+919855550001';
    h.cms.upsertClaim(h.tenant.doc.cms.api_key, {
      claim_id: 'CLM-HO-50001', policy_number: 'POL-HO', member_name: 'P Das', claimant_phone: phone, status: 'UNDER_REVIEW',
      status_updated_at: '2026-11-15T10:00:00Z', amount_claimed: 100, amount_approved: null, reason_codes: [],
    });
    await h.services.tenants.put({ ...h.tenant.doc, deny_list: ['under review'] }, h.services.clock.now());
    try {
      await consentOnWhatsApp(h, phone);
      const before = waTo(phone).length;
      await h.wa.postInbound({ from: phone, text: 'claim status' });
      await h.wa.waitFor(() => waTo(phone).length > before);
      const blocked = waTo(phone)[before]!;
      expect(blocked.text).to.match(/A member of our team will follow up/);
      expect(blocked.buttons!.map((b) => b.title)).to.deep.equal(['Talk to a person']);
      const ho = await askedForPerson(
        () => h.wa.postInbound({ from: phone, type: 'interactive', button: { ...blocked.buttons![0]!, contextId: blocked.wamid } }),
        before + 1, () => waTo(phone).length,
      );
      expect(ho.workflow_type).to.equal('human-handover');
    } finally {
      await h.services.tenants.put(h.tenant.doc, h.services.clock.now());
    }
  });

  it('cancel while queued: the handover ends and the bot answers again', async () => {
    const phone = '+919855530001';
    await consentOnWhatsApp(h, phone);
    const before = waTo(phone).length;
    const ho = await askedForPerson(() => h.wa.postInbound({ from: phone, text: 'talk to agent' }), before, () => waTo(phone).length);
    const sent = waTo(phone).length;
    await h.wa.postInbound({ from: phone, text: 'never mind' });
    await h.wa.waitFor(() => waTo(phone).length > sent);
    await waitFor(async () => ((await workflow(ho.workflow_id)).status === 'cancelled' ? true : null), { what: 'the handover cancelled' });
  });

  it('STOP during a handover withdraws consent and ends it', async () => {
    const phone = '+919855540001';
    await consentOnWhatsApp(h, phone);
    const before = waTo(phone).length;
    const ho = await askedForPerson(() => h.wa.postInbound({ from: phone, text: 'I want to speak to a human' }), before, () => waTo(phone).length);
    expect((await post(`/v1/workflows/${ho.workflow_id}/assign`, { agent: 'me' }, agentA)).status).to.equal(200);
    const sent = waTo(phone).length;
    await h.wa.postInbound({ from: phone, text: 'STOP' });
    await h.wa.waitFor(() => waTo(phone).length > sent);
    const ended = await waitFor(async () => { const w = await workflow(ho.workflow_id); return w.status === 'cancelled' ? w : null; }, { what: 'the handover ended by STOP' });
    expect(ended.outcome).to.equal('consent_revoked');
    expect((await post(`/v1/workflows/${ho.workflow_id}/messages`, { text: 'hello?' }, agentA)).status).to.equal(409);
  });
});
