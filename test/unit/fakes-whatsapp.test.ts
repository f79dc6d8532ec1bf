import { expect } from 'chai';
import { createHmac, timingSafeEqual } from 'node:crypto';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type FakeWhatsApp, startFakeWhatsApp } from '../helpers/fakes/whatsapp';

const TOKEN = 'test-access-token';
const SECRET = 'test-app-secret';
const PNID = '109876543210';

interface Captured {
  raw: Buffer;
  signature?: string;
  contentType?: string;
}

/** A stand-in for the service webhook that keeps the exact bytes it received. */
async function startWebhookSink(): Promise<{ url: string; received: Captured[]; refuse: { next: number }; close(): Promise<void> }> {
  const received: Captured[] = [];
  // The next `refuse.next` posts are answered 500, as a service that is down or failing.
  const refuse = { next: 0 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const sig = req.headers['x-hub-signature-256'];
      received.push({ raw: Buffer.concat(chunks), signature: typeof sig === 'string' ? sig : undefined, contentType: req.headers['content-type'] });
      const ok = req.url === '/channels/whatsapp/webhook';
      const refused = refuse.next > 0;
      if (refused) refuse.next--;
      res.writeHead(refused ? 500 : ok ? 200 : 404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ok }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    refuse,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function verify(c: Captured, secret: string): boolean {
  if (!c.signature?.startsWith('sha256=')) return false;
  const expected = createHmac('sha256', secret).update(c.raw).digest();
  const given = Buffer.from(c.signature.slice('sha256='.length), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

interface Reply {
  status: number;
  body: any;
}

async function call(url: string, init: { method?: string; headers?: Record<string, string>; body?: unknown } = {}): Promise<Reply> {
  const res = await fetch(url, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { 'content-type': 'application/json', ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: res.status, body: await res.json() };
}

const textBody = (to: string, body: string): unknown => ({
  messaging_product: 'whatsapp',
  recipient_type: 'individual',
  to,
  type: 'text',
  text: { body },
});

describe('fake WhatsApp provider', () => {
  let wa: FakeWhatsApp;
  let sink: Awaited<ReturnType<typeof startWebhookSink>>;
  const send = (body: unknown, headers: Record<string, string> = {}, prefix = '/v20.0'): Promise<Reply> =>
    call(`${wa.url}${prefix}/${PNID}/messages`, { headers: { authorization: `Bearer ${TOKEN}`, ...headers }, body });

  before(async () => {
    sink = await startWebhookSink();
    wa = await startFakeWhatsApp({ accessToken: TOKEN, phoneNumberId: PNID });
    // Configured after start, as when the service comes up after the fake.
    wa.configure({ serviceUrl: sink.url, appSecret: SECRET });
  });

  beforeEach(() => {
    wa.reset();
    // Status webhooks off unless a test is about them: they would land in the sink among the
    // inbound webhooks another test reads by position.
    wa.configureStatuses({ mode: 'off' });
    sink.received.length = 0;
    sink.refuse.next = 0;
  });

  /** The status webhooks the sink received: [status, biz_opaque_callback_data, signed]. */
  const statusesReceived = (): Array<[string, string | undefined, boolean]> => sink.received
    .map((c) => [JSON.parse(c.raw.toString('utf8')).entry[0].changes[0].value.statuses?.[0], verify(c, SECRET)] as const)
    .filter(([st]) => st)
    .map(([st, signed]) => [st.status, st.biz_opaque_callback_data, signed]);
  const until = async (what: string, condition: () => boolean, timeoutMs = 10_000): Promise<void> => {
    const deadline = Date.now() + timeoutMs;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}; received ${JSON.stringify(statusesReceived())}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  after(async () => {
    await wa.close();
    await sink.close();
  });

  describe('outbound messages', () => {
    it('accepts a text message, with or without a version prefix, and records it', async () => {
      const seen: unknown[] = [];
      const onMessage = (m: unknown): void => {
        seen.push(m);
      };
      wa.events.on('message', onMessage);
      const res = await send(textBody('919800000001', 'Your claim is approved.'));
      const res2 = await send(textBody('+919800000002', 'Hello'), {}, '');
      wa.events.off('message', onMessage);

      expect(res.status).to.equal(200);
      expect(res.body.messaging_product).to.equal('whatsapp');
      expect(res.body.contacts).to.deep.equal([{ input: '919800000001', wa_id: '919800000001' }]);
      expect(res.body.messages[0].id).to.match(/^wamid\./);
      expect(res2.status).to.equal(200);
      expect(wa.sent).to.have.length(2);
      expect(wa.sent[0]).to.include({ phoneNumberId: PNID, to: '+919800000001', type: 'text', text: 'Your claim is approved.', wamid: res.body.messages[0].id });
      expect(wa.sent[1].seq).to.be.greaterThan(wa.sent[0].seq);
      expect(seen).to.have.length(2);
    });

    it('records template name, language and body params', async () => {
      const res = await send({
        messaging_product: 'whatsapp',
        to: '919800000001',
        type: 'template',
        template: {
          name: 'consent_request',
          language: { code: 'en' },
          components: [{ type: 'body', parameters: [{ type: 'text', text: 'Ravi' }, { type: 'text', text: 'Acme Health' }] }],
        },
      });
      expect(res.status).to.equal(200);
      expect(wa.sent[0].template).to.deep.equal({ name: 'consent_request', language: 'en', params: ['Ravi', 'Acme Health'] });
    });

    it('rejects a bad token with the Meta OAuth error and invalid bodies with 400', async () => {
      const bad = await call(`${wa.url}/v20.0/${PNID}/messages`, { headers: { authorization: 'Bearer nope' }, body: textBody('919800000001', 'x') });
      expect(bad.status).to.equal(401);
      expect(bad.body.error).to.include({ message: 'Invalid OAuth access token', type: 'OAuthException', code: 190 });
      expect((await call(`${wa.url}/v20.0/${PNID}/messages`, { body: textBody('919800000001', 'x') })).status).to.equal(401);

      expect((await send({ ...(textBody('919800000001', 'x') as object), messaging_product: 'sms' })).status).to.equal(400);
      expect((await send(textBody('not-a-phone', 'x'))).status).to.equal(400);
      const badType = await send({ messaging_product: 'whatsapp', to: '919800000001', type: 'sticker' });
      expect(badType.status).to.equal(400);
      expect(badType.body.error.code).to.equal(100);
      expect(wa.sent).to.have.length(0);
    });

    // Meta, "Interactive reply buttons messages": body text up to 1024 characters; 1 to 3 buttons
    // of type reply; each id unique, up to 256 characters; each title unique, up to 20 characters.
    it('records interactive reply-buttons messages and refuses what Meta documents as invalid', async () => {
      const buttons = (titles: string[]) => titles.map((title, i) => ({ type: 'reply', reply: { id: `b${i}`, title } }));
      const interactive = (text: string, list: unknown[]) => ({
        messaging_product: 'whatsapp', to: '919800000001', type: 'interactive',
        interactive: { type: 'button', body: { text }, action: { buttons: list } },
      });
      const ok = await send(interactive('Which do you mean?', buttons(['Claim status', 'Pending documents', 'Why cut or rejected'])));
      expect(ok.status).to.equal(200);
      expect(wa.sent[0]).to.include({ type: 'interactive', text: 'Which do you mean?' });
      expect(wa.sent[0].buttons).to.deep.equal([{ id: 'b0', title: 'Claim status' }, { id: 'b1', title: 'Pending documents' }, { id: 'b2', title: 'Why cut or rejected' }]);
      expect((await send(interactive('x', buttons(['a', 'b', 'c', 'd'])))).status).to.equal(400);
      expect((await send(interactive('x', []))).status).to.equal(400);
      expect((await send(interactive('x', buttons(['This title is too long'])))).status).to.equal(400);
      expect((await send(interactive('x', buttons(['same', 'same'])))).status).to.equal(400);
      expect((await send(interactive('x'.repeat(1025), buttons(['a'])))).status).to.equal(400);
      expect((await send(interactive('', buttons(['a'])))).status).to.equal(400);
      expect(wa.sent).to.have.length(1);
    });

    // Meta, "Interactive list messages": body text up to 4096 characters; the button that opens
    // the list up to 20 characters; 1 to 10 sections, each titled (up to 24 characters) with at
    // least one row; at most 10 rows in all, each id unique and up to 200 characters, each title
    // up to 24 characters, each description up to 72.
    it('records interactive list messages and refuses what Meta documents as invalid', async () => {
      const rows = (titles: string[], from = 0) => titles.map((title, i) => ({ id: `r${from + i}`, title }));
      const listOf = (text: string, button: string, sections: unknown[]) => ({
        messaging_product: 'whatsapp', to: '919800000001', type: 'interactive',
        interactive: { type: 'list', body: { text }, action: { button, sections } },
      });
      const four = rows(['Claim status', 'Pending documents', 'Why cut or rejected', 'Talk to a person']);
      const ok = await send(listOf('Which do you mean?', 'Choose', [{ title: 'Options', rows: four }]));
      expect(ok.status).to.equal(200);
      expect(wa.sent[0]).to.include({ type: 'interactive', text: 'Which do you mean?' });
      expect(wa.sent[0].buttons).to.equal(undefined);
      expect(wa.sent[0].list).to.deep.equal({ button: 'Choose', sections: [{ title: 'Options', rows: four }] });
      // Ten rows over two sections is the most; a description up to 72 characters is kept.
      const ten = await send(listOf('x', 'Choose', [{ title: 'A', rows: rows(['a', 'b', 'c', 'd', 'e']) }, { title: 'B', rows: [...rows(['f', 'g', 'h', 'i'], 5), { id: 'r9', title: 'j', description: 'd'.repeat(72) }] }]));
      expect(ten.status).to.equal(200);
      const refused = [
        listOf('x', 'Choose', [{ title: 'A', rows: rows(['a', 'b', 'c', 'd', 'e', 'f']) }, { title: 'B', rows: rows(['g', 'h', 'i', 'j', 'k'], 6) }]),
        listOf('x', 'Choose', []),
        listOf('x', 'Choose', Array.from({ length: 11 }, (_, i) => ({ title: `S${i}`, rows: rows(['a'], i) }))),
        listOf('x', 'Choose', [{ title: 'A', rows: [] }]),
        listOf('x', 'Choose', [{ rows: four }]),
        listOf('x', 'Choose', [{ title: 'A section title too long!', rows: four }]),
        listOf('x', 'Choose', [{ title: 'A', rows: rows(['A row title over 24 chars']) }]),
        listOf('x', 'Choose', [{ title: 'A', rows: [{ id: 'r0', title: 'a', description: 'd'.repeat(73) }] }]),
        listOf('x', 'Choose', [{ title: 'A', rows: [{ id: 'i'.repeat(201), title: 'a' }] }]),
        listOf('x', 'Choose', [{ title: 'A', rows: rows(['a']) }, { title: 'B', rows: rows(['b']) }]),
        listOf('x', 'Choose one of these now', [{ title: 'A', rows: four }]),
        listOf('x', '', [{ title: 'A', rows: four }]),
        listOf('', 'Choose', [{ title: 'A', rows: four }]),
        listOf('x'.repeat(4097), 'Choose', [{ title: 'A', rows: four }]),
      ];
      for (const body of refused) {
        const answer = await send(body);
        expect(answer.status, JSON.stringify(body).slice(0, 300)).to.equal(400);
        expect(answer.body.error.code).to.equal(100);
      }
      expect(wa.sent).to.have.length(2);
    });

    // Cloud API "Messages" reference: no idempotency key is documented, and none is honoured.
    it('has no send deduplication: two identical requests, same Idempotency-Key header, are two messages', async () => {
      const first = await send(textBody('919800000001', 'once'), { 'idempotency-key': 'reply-abc' });
      const second = await send(textBody('919800000001', 'once'), { 'idempotency-key': 'reply-abc' });
      expect([first.status, second.status]).to.deep.equal([200, 200]);
      expect(second.body.messages[0].id).to.not.equal(first.body.messages[0].id);
      expect(wa.sent.map((m) => m.text)).to.deep.equal(['once', 'once']);
    });

    it('failNext answers Meta-shaped errors without recording; the retry is then a new message', async () => {
      wa.failNext(1);
      const failed = await send(textBody('919800000001', 'retry me'));
      expect(failed.status).to.equal(500);
      expect(failed.body.error).to.include({ type: 'OAuthException', is_transient: true }).and.have.property('code');
      const ok = await send(textBody('919800000001', 'retry me'));
      expect(ok.status).to.equal(200);
      expect(wa.sent).to.have.length(1);
    });

    it('holdAnswers records each send at once and answers it only on releaseAnswers', async () => {
      wa.holdAnswers();
      let answered = false;
      const held = send(textBody('919800000001', 'slow')).then((r) => { answered = true; return r; });
      await wa.waitFor((sent) => sent.length === 1);
      // The request was read and recorded; a few turns of the event loop do not answer it.
      for (let turn = 0; turn < 5; turn++) await new Promise((r) => setImmediate(r));
      expect(answered).to.equal(false);
      wa.releaseAnswers();
      const res = await held;
      expect(res.status).to.equal(200);
      expect(res.body.messages[0].id).to.equal(wa.sent[0]!.wamid);
      expect((await send(textBody('919800000001', 'prompt'))).status, 'nothing held after the release').to.equal(200);
    });

    // "Messages" reference: biz_opaque_callback_data, an arbitrary string of at most 512 characters.
    it('records biz_opaque_callback_data and refuses one over 512 characters', async () => {
      expect((await send({ ...(textBody('919800000001', 'tagged') as object), biz_opaque_callback_data: 'wf-0-ab:3' })).status).to.equal(200);
      expect((await send({ ...(textBody('919800000001', 'too long') as object), biz_opaque_callback_data: 'x'.repeat(513) })).status).to.equal(400);
      expect(wa.sent.map((m) => [m.text, m.bizOpaque])).to.deep.equal([['tagged', 'wf-0-ab:3']]);
    });
  });

  // "Messages webhook" reference (the statuses object) and the "Webhooks" overview (retries).
  describe('status webhooks of sent messages', () => {
    it('posts sent, then delivered, signed, echoing biz_opaque_callback_data', async () => {
      wa.configureStatuses({ mode: 'auto', twiceEvery: 0 });
      await send({ ...(textBody('919800000001', 'hello') as object), biz_opaque_callback_data: 'wf-1-cd:2' });
      // The sink has a post before the fake has its answer: the fake records a status only once
      // the 200 reaches it, so wait for both records, not only for the sink's two posts.
      await until('two statuses received and recorded as taken', () => statusesReceived().length >= 2 && wa.statusWebhooks.length >= 2);
      expect(statusesReceived()).to.deep.equal([['sent', 'wf-1-cd:2', true], ['delivered', 'wf-1-cd:2', true]]);
      const status = JSON.parse(sink.received[0]!.raw.toString('utf8')).entry[0].changes[0].value.statuses[0];
      expect(status).to.include({ id: wa.sent[0]!.wamid, recipient_id: '919800000001' });
      expect(wa.statusWebhooks.map((w) => w.status)).to.deep.equal(['sent', 'delivered']);
    });

    it('posts the statuses to the sink URL when one is set, and nothing of them to the service', async () => {
      const other = await startWebhookSink();
      try {
        wa.configureStatuses({ mode: 'auto', twiceEvery: 0, sinkUrl: other.url });
        await send(textBody('919800000001', 'to the sink'));
        await until('both statuses taken', () => wa.statusWebhooks.length >= 2);
        expect(other.received.map((c) => JSON.parse(c.raw.toString('utf8')).entry[0].changes[0].value.statuses[0].status)).to.deep.equal(['sent', 'delivered']);
        expect(statusesReceived()).to.deep.equal([]);
      } finally {
        await other.close();
      }
    });

    it('posts a status again, with growing pauses, until the endpoint answers 200', async () => {
      wa.configureStatuses({ mode: 'auto', twiceEvery: 0 });
      sink.refuse.next = 3;
      await send(textBody('919800000001', 'while down'));
      await until('both statuses taken', () => wa.statusWebhooks.length >= 2);
      // Three refused posts of `sent`, then `sent` and `delivered` taken.
      expect(statusesReceived().map(([st]) => st)).to.deep.equal(['sent', 'sent', 'sent', 'sent', 'delivered']);
    });

    it('sometimes posts one twice, and sometimes late: held until released', async () => {
      wa.configureStatuses({ mode: 'held', twiceEvery: 2 });
      await send({ ...(textBody('919800000001', 'late') as object), biz_opaque_callback_data: 'wf-2-ef:1' });
      // Held: nothing arrives while Meta's webhooks lag (the send itself was answered at once).
      await new Promise((r) => setImmediate(r));
      expect(statusesReceived()).to.deep.equal([]);
      wa.releaseStatuses();
      await until('three status webhooks', () => statusesReceived().length >= 3);
      expect(statusesReceived().map(([st, opaque]) => `${st}:${opaque}`)).to.deep.equal(['sent:wf-2-ef:1', 'delivered:wf-2-ef:1', 'delivered:wf-2-ef:1']);
    });
  });

  describe('control of the sent log', () => {
    it('waitFor resolves on a later message and rejects with a listing at the deadline', async () => {
      const waiting = wa.waitFor((m) => m.some((x) => x.text === 'later'), 5000);
      await send(textBody('919800000001', 'first'));
      await send(textBody('919800000001', 'later'));
      expect((await waiting).map((m) => m.text)).to.deep.equal(['first', 'later']);

      const err = await wa.waitFor((m) => m.length > 5, 50).then(() => undefined, (e: Error) => e);
      expect(err?.message).to.contain('not met within 50ms').and.contain('later');
    });
  });

  describe('inbound webhooks', () => {
    it('postInbound sends a Meta-shaped payload signed over the exact bytes', async () => {
      const { status, body, messageId } = await wa.postInbound({ from: '+919800000001', text: 'mera claim status kya hai', name: 'Ravi' });
      expect(status).to.equal(200);
      expect(body).to.deep.equal({ ok: true });
      expect(sink.received).to.have.length(1);
      const got = sink.received[0];
      expect(got.contentType).to.equal('application/json');
      expect(verify(got, SECRET)).to.equal(true);

      const payload = JSON.parse(got.raw.toString('utf8'));
      expect(payload.object).to.equal('whatsapp_business_account');
      const value = payload.entry[0].changes[0].value;
      expect(payload.entry[0].changes[0].field).to.equal('messages');
      expect(value.messaging_product).to.equal('whatsapp');
      expect(value.metadata.phone_number_id).to.equal(PNID);
      expect(value.contacts).to.deep.equal([{ profile: { name: 'Ravi' }, wa_id: '919800000001' }]);
      const msg = value.messages[0];
      expect(msg).to.include({ from: '919800000001', id: messageId, type: 'text' });
      expect(msg.timestamp).to.match(/^\d{10}$/);
      expect(msg.text).to.deep.equal({ body: 'mera claim status kya hai' });
    });

    it('signs Unicode text correctly, honours signWith, and omits the header for signWith ""', async () => {
      await wa.postInbound({ from: '+919800000002', text: 'मेरे क्लेम की स्थिति', messageId: 'wamid.FIXED1' });
      await wa.postInbound({ from: '+919800000002', text: 'x', signWith: 'wrong-secret' });
      await wa.postInbound({ from: '+919800000002', text: 'x', signWith: '' });
      expect(verify(sink.received[0], SECRET)).to.equal(true);
      expect(JSON.parse(sink.received[0].raw.toString('utf8')).entry[0].changes[0].value.messages[0].id).to.equal('wamid.FIXED1');
      expect(verify(sink.received[1], SECRET)).to.equal(false);
      expect(verify(sink.received[1], 'wrong-secret')).to.equal(true);
      expect(sink.received[2].signature).to.equal(undefined);
    });

    it('builds document messages and status callbacks', async () => {
      await wa.postInbound({
        from: '+919800000002',
        type: 'document',
        media: { id: 'media-1', mime_type: 'application/pdf', filename: 'discharge.pdf', caption: 'discharge summary' },
      });
      await wa.postStatus({ wamid: 'wamid.ABC', status: 'delivered', recipient: '+919800000002' });
      const doc = JSON.parse(sink.received[0].raw.toString('utf8')).entry[0].changes[0].value.messages[0];
      expect(doc.type).to.equal('document');
      expect(doc.document).to.include({ id: 'media-1', mime_type: 'application/pdf', filename: 'discharge.pdf', caption: 'discharge summary' });
      const status = JSON.parse(sink.received[1].raw.toString('utf8')).entry[0].changes[0].value.statuses[0];
      expect(status).to.include({ id: 'wamid.ABC', status: 'delivered', recipient_id: '919800000002' });
      expect(verify(sink.received[1], SECRET)).to.equal(true);
    });

    it('builds a tapped reply button as Meta does: an interactive button_reply with id, title and context', async () => {
      await wa.postInbound({ from: '+919800000003', type: 'interactive', button: { id: 'choice:claim_status:EN', title: 'Claim status', contextId: 'wamid.Q' } });
      const message = JSON.parse(sink.received[0].raw.toString('utf8')).entry[0].changes[0].value.messages[0];
      expect(message.type).to.equal('interactive');
      expect(message.interactive).to.deep.equal({ type: 'button_reply', button_reply: { id: 'choice:claim_status:EN', title: 'Claim status' } });
      expect(message.context.id).to.equal('wamid.Q');
      expect(verify(sink.received[0], SECRET)).to.equal(true);
    });

    it('taps a row of a list message it accepted as Meta posts it: an interactive list_reply with id, title and context', async () => {
      const listed = await send({
        messaging_product: 'whatsapp', to: '919800000004', type: 'interactive',
        interactive: { type: 'list', body: { text: 'Which?' }, action: { button: 'Choose', sections: [{ title: 'Options', rows: [{ id: 'choice:human_handover:EN', title: 'Talk to a person' }] }] } },
      });
      expect(listed.status).to.equal(200);
      const res = await wa.tapRow(wa.sent[0]!, 'choice:human_handover:EN');
      expect(res.status).to.equal(200);
      const message = JSON.parse(sink.received[0].raw.toString('utf8')).entry[0].changes[0].value.messages[0];
      expect(message).to.include({ type: 'interactive', from: '919800000004', id: res.messageId });
      expect(message.interactive).to.deep.equal({ type: 'list_reply', list_reply: { id: 'choice:human_handover:EN', title: 'Talk to a person' } });
      expect(message.context.id).to.equal(wa.sent[0]!.wamid);
      expect(verify(sink.received[0], SECRET)).to.equal(true);
      // Only a row the claimant was shown can be picked.
      const missing = await wa.tapRow(wa.sent[0]!, 'choice:claim_status:EN').catch((e: Error) => e);
      expect(missing).to.be.instanceOf(Error);
      expect(sink.received).to.have.length(1);
    });

    it('postRaw sends the body untouched', async () => {
      const res = await wa.postRaw('{not json', { 'content-type': 'application/json' });
      expect(res.status).to.equal(200);
      expect(sink.received[0].raw.toString('utf8')).to.equal('{not json');
      expect(sink.received[0].signature).to.equal(undefined);
    });
  });

  describe('control endpoints', () => {
    it('POST /_control/inbound relays a signed inbound message', async () => {
      const res = await call(`${wa.url}/_control/inbound`, { body: { from: '+919800000001', text: 'claim status' } });
      expect(res.status).to.equal(200);
      expect(res.body.status).to.equal(200);
      expect(res.body.messageId).to.match(/^wamid\./);
      expect(verify(sink.received[0], SECRET)).to.equal(true);
    });

    it('GET /_control/sent long-polls until a reply for that recipient arrives', async () => {
      await send(textBody('919800000002', 'for someone else'));
      const after = wa.sent[wa.sent.length - 1].seq;
      const polling = call(`${wa.url}/_control/sent?to=${encodeURIComponent('+919800000001')}&after=${after}&wait=10000`);
      // Only send once the poll is parked server-side, so we test the wake-up path, not the immediate path.
      await waitUntil(() => wa.events.listenerCount('message') > 0, 2000);
      const started = Date.now();
      await send(textBody('919800000001', 'your reply'));
      const res = await polling;
      // Woken by the reply, not ended by its 10 s wait.
      expect(Date.now() - started).to.be.below(8000);
      expect(res.body.messages.map((m: any) => m.text)).to.deep.equal(['your reply']);
      expect(res.body.messages[0].seq).to.be.greaterThan(after);
    });

    it('GET /_control/sent returns an empty list at the deadline', async () => {
      const res = await call(`${wa.url}/_control/sent?to=919800000009&after=0&wait=100`);
      expect(res).to.deep.equal({ status: 200, body: { messages: [], lastSeq: res.body.lastSeq } });
    });
  });
});

/** Waits for a condition by re-checking on each event-loop turn, with a deadline. */
async function waitUntil(cond: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs}ms`);
    await new Promise((r) => setImmediate(r));
  }
}
