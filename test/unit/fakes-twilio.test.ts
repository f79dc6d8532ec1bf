/**
 * The fake SMS provider does what Twilio documents, and nothing kinder. One test per behaviour the
 * service relies on, each naming the Twilio page it comes from:
 * - "Message resource" (create): form body, Basic auth with the account SID and auth token, 201
 *   with `sid` and `status: queued`; errors as JSON with `code`; no deduplication of sends;
 * - "Outbound Message Status in Status Callbacks": no callback for the initial status, then one
 *   per change, posted to `StatusCallback`;
 * - "Webhooks security": every webhook signed with `X-Twilio-Signature`;
 * - "Twilio support for opt-out keywords (SMS STOP filtering)": STOP blocks sends (error 21610)
 *   and START lifts the block, and both messages still reach the webhook.
 */
import { expect } from 'chai';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startFakeTwilio, twilioSignature, type FakeTwilio } from '../helpers/fakes/twilio';
import { waitFor } from '../helpers/wait';

const SID = 'AC0123456789abcdef0123456789abcdef';
const TOKEN = 'auth-token-0123456789';
const OURS = '+15550100300';
const CLAIMANT = '+919800000001';

describe('fake Twilio-style SMS provider', () => {
  let fake: FakeTwilio;
  let sink: http.Server;
  let sinkUrl: string;
  const received: Array<{ path: string; params: Record<string, string>; signature: string | undefined }> = [];

  before(async () => {
    sink = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ path: req.url ?? '', params: Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))), signature: req.headers['x-twilio-signature'] as string | undefined });
        res.writeHead(200, { 'content-type': 'text/xml' });
        res.end('<Response></Response>');
      });
    });
    await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
    sinkUrl = `http://127.0.0.1:${(sink.address() as AddressInfo).port}`;
    fake = await startFakeTwilio({ accountSid: SID, authToken: TOKEN, numbers: [OURS], serviceUrl: sinkUrl });
  });
  after(async () => {
    await fake.close();
    sink.closeAllConnections();
    await new Promise((r) => sink.close(r));
  });

  const create = (form: Record<string, string>, auth = `${SID}:${TOKEN}`) => fetch(`${fake.url}/2010-04-01/Accounts/${SID}/Messages.json`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(auth).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });

  it('Message resource: creates a message (201, sid, queued) and refuses a wrong auth token (401, code 20003)', async () => {
    const res = await create({ To: CLAIMANT, From: OURS, Body: 'hello' });
    expect(res.status).to.equal(201);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).to.include({ status: 'queued', to: CLAIMANT, from: OURS, body: 'hello', num_segments: '1', direction: 'outbound-api' });
    expect(body.sid).to.match(/^SM[0-9a-f]{32}$/);
    const refused = await create({ To: CLAIMANT, From: OURS, Body: 'hello' }, `${SID}:wrong`);
    expect(refused.status).to.equal(401);
    expect(await refused.json()).to.include({ code: 20003, status: 401 });
    const noBody = await create({ To: CLAIMANT, From: OURS });
    expect(await noBody.json()).to.include({ code: 21602, status: 400 });
  });

  it('Message resource: does not deduplicate; the same request twice is two messages', async () => {
    const before = fake.sent.length;
    const a = (await (await create({ To: CLAIMANT, From: OURS, Body: 'same' })).json()) as { sid: string };
    const b = (await (await create({ To: CLAIMANT, From: OURS, Body: 'same' })).json()) as { sid: string };
    expect(a.sid).not.to.equal(b.sid);
    expect(fake.sent.length).to.equal(before + 2);
  });

  it('Outbound Message Status in Status Callbacks: sent then delivered, signed, none for queued', async () => {
    const callback = `${sinkUrl}/status-cb`;
    const { sid } = (await (await create({ To: CLAIMANT, From: OURS, Body: 'tracked', StatusCallback: callback })).json()) as { sid: string };
    const mine = await waitFor(() => { const m = received.filter((r) => r.path === '/status-cb' && r.params.MessageSid === sid); return m.length >= 2 ? m : null; });
    expect(mine.map((r) => r.params.MessageStatus)).to.deep.equal(['sent', 'delivered']);
    for (const r of mine) expect(r.signature).to.equal(twilioSignature(callback, r.params, TOKEN));
  });

  it('Webhooks security and opt-out keywords: STOP is passed on signed, blocks sends with 21610, START lifts it', async () => {
    await fake.postInbound({ from: CLAIMANT, text: 'STOP' });
    const stop = received.at(-1)!;
    expect(stop.params).to.include({ Body: 'STOP', From: CLAIMANT, To: OURS, AccountSid: SID });
    expect(stop.signature).to.equal(twilioSignature(`${sinkUrl}/channels/sms/webhook`, stop.params, TOKEN));
    const blocked = await create({ To: CLAIMANT, From: OURS, Body: 'are you there?' });
    expect(blocked.status).to.equal(400);
    expect(await blocked.json()).to.include({ code: 21610 });
    expect(fake.carrierReplies.at(-1)).to.deep.equal({ to: CLAIMANT, from: OURS, keyword: 'stop' });

    await fake.postInbound({ from: CLAIMANT, text: 'start' });
    expect(received.at(-1)!.params.Body).to.equal('start');
    expect((await create({ To: CLAIMANT, From: OURS, Body: 'welcome back' })).status).to.equal(201);
  });
});
