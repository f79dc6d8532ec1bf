/**
 * The SMS channel end to end, against the fake Twilio-style provider (a real HTTP server): the
 * three workflows in EN, HI and HI_EN answered by SMS, signature failures refused with 401 and
 * nothing enqueued, redeliveries dropped by MessageSid, replies held within the segment budget
 * (long Devanagari ones included), status callbacks recorded, and the provider's opt-out and
 * opt-in keywords withdrawing and restoring consent.
 */
import { expect } from 'chai';
import { readChannelStatus } from '../../src/intake/channel-status-entry';
import { twilioSignature } from '../helpers/fakes/twilio';
import { countSegments } from '../../src/adapters/channels/sms-segments';
import { startHarness, type Harness } from '../helpers/harness';
import { waitFor } from '../helpers/wait';

interface LedgerEvent { type: string; stage: string; detail: Record<string, unknown> }

const roomRent = {
  title: { EN: 'Room rent limit', HI: 'कमरे के किराये की सीमा', HI_EN: 'Room rent limit' },
  body: {
    EN: 'Your policy pays room rent up to 1% of the sum insured per day (2% for ICU). If you stay in a room above this limit, the room rent beyond the limit is not paid, and the charges linked to the room, such as doctor visits and nursing, are reduced in the same proportion.',
    HI: 'आपकी पॉलिसी कमरे का किराया बीमा राशि के 1% प्रतिदिन तक देती है (ICU के लिए 2%)। इस सीमा से ऊपर के कमरे में रहने पर सीमा से ऊपर का किराया नहीं मिलता, और कमरे से जुड़े खर्च, जैसे डॉक्टर विज़िट, नर्सिंग, जाँच और दवाइयाँ, उसी अनुपात में कम हो जाते हैं। अस्पताल में भर्ती से पहले अपनी पॉलिसी की सीमा देख लें, और ज़रूरत हो तो अस्पताल से सीमा के भीतर का कमरा माँगें।',
    HI_EN: 'Aapki policy room rent sum insured ke 1% per day tak deti hai (ICU ke liye 2%). Is limit se upar ke room mein rehne par limit se upar ka rent nahi milta, aur room se jude kharch usi proportion mein kam ho jaate hain.',
  },
  reason_codes: ['ROOM_RENT_CAP'],
  source: { document: 'Policy wording', section: 'section 4.2', version: '3' },
  trusted: true,
};

describe('SMS channel', function () {
  this.timeout(60000);
  let h: Harness;
  let n = 0;
  let number: string;

  before(async () => {
    h = await startHarness();
    number = h.tenant.doc.channels.sms!.numbers[0]!;
    const res = await h.api('/v1/knowledge/articles/kb-room-rent', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(roomRent) });
    expect(res.status).to.equal(201);
  });
  after(async () => { await h?.close(); });

  const smsTo = (phone: string) => h.sms.sent.filter((m) => m.to === phone);
  const waTo = (phone: string) => h.wa.sent.filter((m) => m.to === phone);

  /** A claimant with one claim (or several), no consent on file yet. */
  function claimant(options: { status?: string; reasonCodes?: string[]; claims?: number; documents?: boolean } = {}): { phone: string; claimId: string } {
    n += 1;
    const phone = `+9198666${String(10000 + n).slice(-5)}`;
    const key = h.tenant.doc.cms.api_key;
    for (let i = 0; i < (options.claims ?? 1); i++) {
      h.cms.upsertClaim(key, {
        claim_id: `CLM-SMS-${n}-${1000 + i}`, policy_number: 'POL-SMS', member_name: 'Meera Joshi', claimant_phone: phone, status: options.status ?? 'APPROVED',
        status_updated_at: '2026-11-20T10:00:00Z', amount_claimed: 100000, amount_approved: 80000, reason_codes: options.reasonCodes ?? [],
      });
    }
    if (options.documents) h.cms.setPendingDocuments(key, `CLM-SMS-${n}-1000`, [{ code: 'DISCHARGE_SUMMARY', name: 'Discharge summary' }, { code: 'FINAL_BILL', name: 'Final bill' }]);
    return { phone, claimId: `CLM-SMS-${n}-1000` };
  }

  /** Texts the service and waits for the claimant's `count`-th SMS; returns it and the workflow. */
  async function text(phone: string, body: string, count: number, extra: { media?: { contentType: string } } = {}): Promise<{ reply: string; workflowId: string }> {
    const res = await h.sms.postInbound({ from: phone, text: body, ...extra });
    expect(res.status, res.body).to.equal(200);
    expect(res.body).to.contain('<Response>');
    await h.sms.waitFor(() => smsTo(phone).length >= count, 15000);
    return { reply: smsTo(phone)[count - 1]!.text, workflowId: (await workflowOf(phone, res.messageSid))! };
  }

  /** The workflow an inbound message became (the intake's MessageSid marker). */
  async function workflowOf(phone: string, messageSid: string): Promise<string | null> {
    const { keys, redis } = h.services;
    return redis.get(keys.seenMessage(keys.partitionOf('acme', phone), 'acme', messageSid));
  }

  const untilDone = (id: string) => waitFor(async () => {
    const w = await h.services.workflows.get('acme', id);
    return w && w.status !== 'started' ? w : null;
  }, { what: `workflow ${id} settled` });

  async function ledger(workflowId: string): Promise<LedgerEvent[]> {
    return waitFor(async () => {
      const body = (await (await h.api(`/v1/audit/events?workflow_id=${workflowId}&limit=100`)).json()) as { items: LedgerEvent[] };
      const w = await h.services.workflows.get('acme', workflowId);
      return w && body.items.length >= w.audit_event_ids.length ? body.items : null;
    }, { what: 'ledger caught up' });
  }

  async function ucs2Segments(): Promise<number> {
    const metrics = await (await fetch(`${h.apiUrl}/metrics`)).text();
    const line = metrics.split('\n').find((l) => l.startsWith('cw_sms_segments_total{encoding="ucs2"}'));
    return line ? Number(line.split(' ').at(-1)) : 0;
  }

  async function gatewayBacklog(): Promise<number> {
    let total = 0;
    for (let p = 0; p < h.config.partitions; p++) total += await h.services.redis.xlen(h.services.keys.stream(p, 'gateway'));
    return total;
  }

  const languages = [
    { language: 'EN', yes: 'YES', status: 'What is my claim status?', docs: 'which documents are pending', why: 'Why was my claim cut?', consent: /Reply YES/, approved: /Approved/, docsReply: /still need these documents/, answer: /room rent up to 1%[\s\S]*Source: Policy wording, section 4\.2, v3/ },
    { language: 'HI', yes: 'हाँ', status: 'मेरे क्लेम की स्थिति क्या है', docs: 'कौन से दस्तावेज़ बाकी हैं', why: 'मेरे क्लेम में पैसे क्यों काटे', consent: /सहमति/, approved: /स्वीकृत/, docsReply: /ये दस्तावेज़ चाहिए/, answer: /कमरे का किराया[\s\S]*स्रोत: Policy wording, section 4\.2, v3/ },
    { language: 'HI_EN', yes: 'haan', status: 'mera claim ka status kya hai', docs: 'kaun se documents baaki hain', why: 'mera claim kyu kata gaya, paisa kyu kata', consent: /consent chahiye/, approved: /Approve ho gaya/, docsReply: /ye documents chahiye/, answer: /room rent sum insured ke 1%[\s\S]*Source: Policy wording/ },
  ] as const;

  for (const c of languages) {
    it(`claim-status by SMS in ${c.language}: consent first, then the live status, all by SMS and within 3 segments`, async () => {
      const { phone } = claimant();
      const asked = await text(phone, c.status, 1);
      expect(asked.reply).to.match(c.consent);
      expect((await untilDone(asked.workflowId)).status).to.equal('awaiting_consent');
      const { reply } = await text(phone, c.yes, 2);
      expect(reply).to.match(c.approved).and.to.contain('XXXX1000').and.not.to.contain(`CLM-SMS-${n}-1000`);
      const held = await untilDone(asked.workflowId);
      expect(held).to.include({ workflow_type: 'claim-status', status: 'completed', channel: 'sms', language: c.language });
      for (const m of smsTo(phone)) expect(countSegments(m.text).segments, m.text).to.be.at.most(3);
      expect(waTo(phone), 'nothing on WhatsApp').to.have.length(0);
    });

    it(`pending-documents by SMS in ${c.language}: the list, an MMS document, then all received`, async () => {
      const { phone } = claimant({ status: 'DOCUMENTS_PENDING', documents: true });
      await text(phone, c.yes, 1);
      const asked = await text(phone, c.docs, 2);
      expect(asked.reply).to.match(c.docsReply).and.to.contain('Discharge summary').and.to.contain('Final bill');
      const w = await untilDone(asked.workflowId);
      expect(w).to.include({ workflow_type: 'pending-documents', status: 'awaiting_documents', channel: 'sms', language: c.language });
      // A photo by MMS whose caption names the bill, then a PDF: the wait completes.
      await text(phone, 'final bill', 3, { media: { contentType: 'image/jpeg' } });
      expect(smsTo(phone)[2]!.text).to.contain('Discharge summary').and.not.to.contain('Final bill');
      await text(phone, '', 4, { media: { contentType: 'application/pdf' } });
      const done = await waitFor(async () => {
        const x = await h.services.workflows.get('acme', asked.workflowId);
        return x?.status === 'completed' ? x : null;
      }, { what: 'all documents received' });
      expect(done.outcome).to.equal('all_received');
      const received = (await ledger(asked.workflowId)).filter((e) => e.type === 'documents.received');
      expect(received.map((e) => e.detail.document)).to.deep.equal(['FINAL_BILL', 'DISCHARGE_SUMMARY']);
      expect(String(received[0]!.detail.media_id)).to.match(/^ME[0-9a-f]{32}$/);
    });

    it(`query-reason by SMS in ${c.language}: the knowledge-base answer with its source, within 3 segments`, async () => {
      const { phone } = claimant({ status: 'PARTIALLY_APPROVED', reasonCodes: ['ROOM_RENT_CAP'] });
      await text(phone, c.yes, 1);
      const { reply, workflowId } = await text(phone, c.why, 2);
      expect(reply).to.match(c.answer);
      expect(countSegments(reply).segments).to.be.at.most(3);
      expect(await untilDone(workflowId)).to.include({ workflow_type: 'query-reason', status: 'completed', channel: 'sms', outcome: 'answered' });
    });
  }

  it('keeps long Devanagari replies within the segment budget: a long list is cut with "+N और", a long answer shortened with its source kept', async () => {
    const segmentsBefore = await ucs2Segments();
    // Three claims in their longest Hindi status: the full form is over budget, the short one is not.
    const three = claimant({ claims: 3, status: 'PARTIALLY_APPROVED' });
    await text(three.phone, 'हाँ', 1);
    const status = await text(three.phone, 'मेरे क्लेम की स्थिति', 2);
    expect(countSegments(status.reply)).to.include({ encoding: 'ucs2' }).and.to.have.property('segments').at.most(3);
    expect(status.reply.match(/XXXX10\d\d/g)).to.have.length(3);

    // Nine documents with Hindi names: more than three segments hold, so the list is cut.
    const documents = Array.from({ length: 9 }, (_, i) => ({ code: `DOC_${i}`, name: `अस्पताल का मूल दस्तावेज़ संख्या ${i + 1}` }));
    const many = claimant({ status: 'DOCUMENTS_PENDING' });
    h.cms.setPendingDocuments(h.tenant.doc.cms.api_key, many.claimId, documents);
    await text(many.phone, 'हाँ', 1);
    const { reply } = await text(many.phone, 'कौन से दस्तावेज़ बाकी हैं', 2);
    const count = countSegments(reply);
    expect(count).to.include({ encoding: 'ucs2' });
    expect(count.segments, reply).to.be.at.most(3);
    const shown = reply.split('\n').filter((l) => l.startsWith('- ')).length;
    expect(shown).to.be.within(1, 8);
    expect(reply).to.match(new RegExp(`\\+${9 - shown} और$`));

    // The HI article is over 300 characters: three UCS-2 segments hold 201.
    expect(roomRent.body.HI.length).to.be.greaterThan(300);
    const asker = claimant({ status: 'PARTIALLY_APPROVED', reasonCodes: ['ROOM_RENT_CAP'] });
    await text(asker.phone, 'हाँ', 1);
    const answer = await text(asker.phone, 'पैसे क्यों काटे', 2);
    expect(countSegments(answer.reply).segments, answer.reply).to.be.at.most(3);
    // The claim was partly approved: the short form opens with that and its amount.
    expect(answer.reply).to.match(/^क्लेम ₹80,000 के लिए स्वीकृत। आपकी पॉलिसी कमरे का किराया[\s\S]*\.\.\. \(स्रोत: Policy wording, section 4\.2, v3\)$/);

    // The metric counted every segment of these claimants' replies.
    const mine = [three, many, asker].flatMap((c) => smsTo(c.phone)).reduce((sum, m) => sum + countSegments(m.text).segments, 0);
    expect(await ucs2Segments() - segmentsBefore).to.equal(mine);
  });

  it('refuses a webhook with a wrong, missing or mismatched signature with 401, and enqueues nothing', async () => {
    const { phone } = claimant();
    const before = await gatewayBacklog();
    const wrong = await h.sms.postInbound({ from: phone, text: 'claim status', signWith: 'not-the-auth-token' });
    const missing = await h.sms.postInbound({ from: phone, text: 'claim status', signWith: '' });
    // Signed for one body, sent with another (the claimant's text changed on the way).
    const url = `${h.apiUrl}/channels/sms/webhook`;
    const params = { AccountSid: h.tenant.doc.channels.sms!.account_sid, Body: 'claim status', From: phone, MessageSid: 'SMtampered0000000000000000000000', To: number };
    const tampered = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(url, params, h.tenant.doc.channels.sms!.auth_token) },
      body: new URLSearchParams({ ...params, Body: 'why was my claim rejected' }).toString(),
    });
    for (const res of [wrong, missing]) {
      expect(res.status).to.equal(401);
      expect(JSON.parse(res.body)).to.include({ error_code: 'invalid_signature' });
    }
    expect(tampered.status).to.equal(401);
    // A status callback is checked the same way.
    const forged = await h.sms.postSigned('/channels/sms/status', { MessageSid: 'SMforged', MessageStatus: 'delivered', From: number, To: phone }, 'guess');
    expect(forged.status).to.equal(401);
    // Someone else's number: answered like a bad signature, so it does not tell which numbers are ours.
    const unknown = await h.sms.postInbound({ from: phone, to: '+15559999999', text: 'claim status' });
    expect(unknown.status).to.equal(401);
    expect(JSON.parse(unknown.body)).to.include({ error_code: 'invalid_signature' });

    expect(await gatewayBacklog()).to.equal(before);
    expect(await h.services.redis.xrange(h.services.keys.channelStatuses('acme'), '-', '+')).to.satisfy((entries: Array<[string, string[]]>) => entries.every(([, f]) => readChannelStatus(f).provider_message_id !== 'SMforged'));
    expect(smsTo(phone)).to.have.length(0);
  });

  it("drops the provider's redelivery of a message by its MessageSid", async () => {
    const { phone } = claimant();
    const duplicates = async () => {
      const metrics = await (await fetch(`${h.apiUrl}/metrics`)).text();
      return Number(metrics.split('\n').find((l) => l.startsWith('cw_inbound_messages_total{channel="sms",result="duplicate"}'))?.split(' ').at(-1) ?? 0);
    };
    const before = await duplicates();
    const first = await h.sms.postInbound({ from: phone, text: 'claim status', messageSid: 'SM0123456789abcdef0123456789abcdef' });
    const again = await h.sms.postInbound({ from: phone, text: 'claim status', messageSid: 'SM0123456789abcdef0123456789abcdef' });
    expect([first.status, again.status]).to.deep.equal([200, 200]);
    expect(await duplicates()).to.equal(before + 1);
    // One workflow took it: the consent request, then YES answers the held question.
    const { reply } = await text(phone, 'YES', 2);
    expect(smsTo(phone)[0]!.text).to.match(/Reply YES/);
    expect(reply).to.match(/Approved/);
    expect(smsTo(phone)).to.have.length(2);
  });

  it('records the status callbacks of a reply (sent, delivered), signed and with the recipient only hashed', async () => {
    const { phone } = claimant();
    await text(phone, 'claim status', 1);
    const sid = smsTo(phone)[0]!.sid;
    const statuses = await waitFor(async () => {
      const entries = await h.services.redis.xrange(h.services.keys.channelStatuses('acme'), '-', '+');
      const mine = entries.map(([, f]) => f).filter((f) => readChannelStatus(f).provider_message_id === sid);
      return mine.length >= 2 ? mine : null;
    }, { what: 'two status callbacks recorded' });
    expect(statuses.map((f) => readChannelStatus(f).status)).to.deep.equal(['sent', 'delivered']);
    expect(readChannelStatus(statuses[0]!)).to.include({ channel: 'sms' });
    expect(statuses.flat().join(' ')).not.to.contain(phone.slice(1));
    // The fake notes a callback's answer when the answer reaches it, which can come after the service recorded it.
    const answered = await waitFor(() => { const a = h.sms.callbacks.filter((c) => c.sid === sid).map((c) => c.answered); return a.length >= 2 ? a : null; }, { what: 'both callbacks answered' });
    expect(answered).to.deep.equal([204, 204]);
    // The callback URL carried the reply's send id, so each callback would prove that send
    // (docs/workflows.md, "Effectively-once replies"); this one's answer was recorded, so the
    // callbacks write no proof (SendRecords.proof), and the record knows the send by its answer.
    const sendId = new URL(smsTo(phone)[0]!.statusCallback!).searchParams.get('send')!;
    const [workflowId, seq] = sendId.split(':') as [string, string];
    const record = await h.services.redis.hgetall(h.services.keys.sendRecord(h.services.keys.partitionOfWorkflow(workflowId)!, 'acme', workflowId));
    expect(record).to.include({ [`${seq}:msg`]: sid });
    expect(record).not.to.have.any.keys(`${seq}:proof`, `${seq}:proof_status`);
    expect(await h.services.sends.read('acme', workflowId, Number(seq))).to.deep.include({ acceptedId: sid, knownBy: 'answer' });
  });

  it('STOP withdraws consent with no reply of ours (the provider answers it); START restores it and the held question is answered', async () => {
    const { phone } = claimant();
    await text(phone, 'YES', 1);
    const stop = await h.sms.postInbound({ from: phone, text: 'STOP' });
    const stopWorkflow = (await workflowOf(phone, stop.messageSid))!;
    expect(await untilDone(stopWorkflow)).to.include({ status: 'completed' });
    expect((await ledger(stopWorkflow)).find((e) => e.type === 'consent.revoked')!.detail).to.include({ answered_by: 'provider' });
    expect(h.sms.carrierReplies.filter((r) => r.to === phone).map((r) => r.keyword)).to.deep.equal(['stop']);
    expect(await h.services.consent.lookup('acme', phone)).to.include({ state: 'revoked' });

    // A question now: the consent request is refused by the provider (21610), and the workflow
    // waits for consent instead of failing.
    const asked = await h.sms.postInbound({ from: phone, text: 'claim status' });
    const askedWorkflow = (await workflowOf(phone, asked.messageSid))!;
    // (The consent stage already set `awaiting_consent`; the outcome is the outbound stage's.)
    const waiting = await waitFor(async () => {
      const w = await h.services.workflows.get('acme', askedWorkflow);
      return w?.outcome ? w : null;
    }, { what: 'the refused consent request' });
    expect(waiting).to.include({ status: 'awaiting_consent', outcome: 'not_sent_opted_out' });
    expect((await ledger(askedWorkflow)).find((e) => e.type === 'reply.not_sent')!.detail).to.include({ reason: 'opted_out' });

    // START: the provider lifts the block, consent is back, and the held question is answered.
    await h.sms.postInbound({ from: phone, text: 'START' });
    await h.sms.waitFor(() => smsTo(phone).length >= 2);
    expect(smsTo(phone)).to.have.length(2);
    expect(smsTo(phone)[1]!.text).to.match(/Approved/);
    expect(await h.services.consent.lookup('acme', phone)).to.include({ state: 'granted' });
    expect(smsTo(phone).map((m) => m.text).join('\n')).not.to.match(/consent is withdrawn/);
  });

  it('the Hindi "रोकें" and "band karo" withdraw consent with our own reply (the provider does not know them)', async () => {
    for (const [word, expected] of [['रोकें', /सहमति वापस ले ली गई/], ['band karo', /consent wapas le li gayi/]] as const) {
      const { phone } = claimant();
      await text(phone, 'YES', 1);
      const { reply } = await text(phone, word, 2);
      expect(reply).to.match(expected);
      expect(await h.services.consent.lookup('acme', phone)).to.include({ state: 'revoked' });
      expect(h.sms.carrierReplies.filter((r) => r.to === phone)).to.have.length(0);
    }
  });

  it('answers a claimant on the channel they wrote on', async () => {
    const { phone } = claimant();
    await h.wa.postInbound({ from: phone, text: 'YES' });
    await h.wa.waitFor(() => waTo(phone).length >= 1);
    await text(phone, 'claim status', 1);
    expect(smsTo(phone)[0]!.text).to.match(/Approved/);
    expect(waTo(phone)).to.have.length(1);
    await h.wa.postInbound({ from: phone, text: 'claim status' });
    await h.wa.waitFor(() => waTo(phone).length >= 2);
    expect(waTo(phone)[1]!.text).to.match(/Approved/);
    expect(smsTo(phone)).to.have.length(1);
  });

  it("a CMS-started follow-up of a tenant with only SMS goes out by SMS from the tenant's number", async () => {
    const ours = h.tenant.doc.channels.sms!;
    const doc = {
      tenant_id: 'textonly', name: 'Text-only TPA', cms: { base_url: `${h.cms.url}/textonly`, api_key: 'cms-textonly-0123456' },
      channels: { sms: { ...ours, numbers: ['+15550100999'] } },
    };
    h.cms.addTenant(doc.cms.api_key);
    await h.services.tenants.put(doc, Date.now());
    h.sms.configure({ numbers: [...ours.numbers, '+15550100999'] });
    const phone = '+919866699999';
    h.cms.upsertClaim(doc.cms.api_key, {
      claim_id: 'CLM-TXT-1', policy_number: 'POL-TXT', member_name: 'Meera Joshi', claimant_phone: phone, status: 'DOCUMENTS_PENDING',
      status_updated_at: '2026-11-20T10:00:00Z', amount_claimed: 1000, amount_approved: null, reason_codes: [],
    });
    h.cms.setPendingDocuments(doc.cms.api_key, 'CLM-TXT-1', [{ code: 'FINAL_BILL', name: 'Final bill' }]);
    const client = await h.services.clients.create('textonly', ['cms:events'], Date.now());
    const token = await fetch(`${h.apiUrl}/v1/auth/token`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: client.client_id, client_secret: client.client_secret }),
    }).then(async (r) => ((await r.json()) as { access_token: string }).access_token);
    const res = await h.api('/v1/cms/events', { method: 'POST', token, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ type: 'claim.documents_pending', claim_id: 'CLM-TXT-1' }) });
    expect(res.status).to.equal(202);
    const { workflow_id: workflowId } = (await res.json()) as { workflow_id: string };
    // No consent on file: the consent request first, by SMS from the tenant's number; after YES, the list.
    await h.sms.waitFor(() => smsTo(phone).length >= 1);
    expect(smsTo(phone)[0]).to.include({ from: '+15550100999' });
    expect(smsTo(phone)[0]!.text).to.match(/Reply YES/);
    await h.sms.postInbound({ from: phone, to: '+15550100999', text: 'YES' });
    await h.sms.waitFor(() => smsTo(phone).length >= 2);
    expect(smsTo(phone)[1]!.text).to.match(/still need these documents/).and.to.contain('Final bill');
    expect(await h.services.workflows.get('textonly', workflowId)).to.include({ channel: 'sms', workflow_type: 'pending-documents' });
    expect(waTo(phone)).to.have.length(0);
  });

  it("verifies a status callback signed for the tenant's own status_callback_url (a proxy in front)", async () => {
    const doc = h.tenant.doc;
    const own = 'https://sms.acme.example/callbacks/status';
    const params = { AccountSid: doc.channels.sms!.account_sid, From: number, MessageSid: 'SM00000000000000000000000000c0ffee', MessageStatus: 'delivered', To: '+919866600077' };
    const post = () => fetch(`${h.apiUrl}/channels/sms/status`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(own, params, doc.channels.sms!.auth_token) },
      body: new URLSearchParams(params).toString(),
    });
    expect((await post()).status, 'not yet the tenant\'s URL').to.equal(401);
    const before = doc.channels.sms!.status_callback_url;
    await h.services.tenants.put({ ...doc, channels: { ...doc.channels, sms: { ...doc.channels.sms!, status_callback_url: own } } }, Date.now());
    try {
      expect((await post()).status).to.equal(204);
      // With the send id the service put on it: the provider signs the URL it called, query included.
      const withSend = await fetch(`${h.apiUrl}/channels/sms/status?send=wf-0-${'a'.repeat(20)}%3A3`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(`${own}?send=wf-0-${'a'.repeat(20)}%3A3`, params, doc.channels.sms!.auth_token) },
        body: new URLSearchParams(params).toString(),
      });
      expect(withSend.status).to.equal(204);
    } finally {
      await h.services.tenants.put({ ...doc, channels: { ...doc.channels, sms: { ...doc.channels.sms!, status_callback_url: before } } }, Date.now());
    }
  });
});
