/**
 * The SMS webhook's signature (docs/channels.md, docs/security.md): checked against `PUBLIC_URL`
 * only, never against the address the request claims in `Host` (a request signed for another
 * deployment that shares the auth token is refused), and a `MessageSid` must have the provider's
 * shape (`SM` or `MM` and 32 hex digits): since the signed text joins names and values without
 * separators, moving `NumMedia` into `MessageSid` keeps the signature and would otherwise pass
 * the duplicate check as a new message.
 */
import { expect } from 'chai';
import { request } from 'node:http';
import { twilioSignature } from '../helpers/fakes/twilio';
import { startHarness, type Harness } from '../helpers/harness';

/** A form POST to the API with the headers given (Host included), answered status and body. */
function postForm(apiUrl: string, path: string, form: Record<string, string>, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const url = new URL(path, apiUrl);
  const body = new URLSearchParams(form).toString();
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(Buffer.byteLength(body)), ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('SMS webhook: signed for PUBLIC_URL only, MessageSid in the provider\'s shape', function () {
  this.timeout(30_000);
  let h: Harness;
  const lines: string[] = [];
  const sidShape = /^(SM|MM)[0-9a-f]{32}$/;

  before(async () => { h = await startHarness({ roles: ['api'], logLines: lines }); });
  after(async () => { await h?.close(); });

  const authToken = () => h.tenant.doc.channels.sms!.auth_token;
  const inbound = (sid: string, from: string) => ({
    AccountSid: h.tenant.doc.channels.sms!.account_sid, ApiVersion: '2010-04-01', Body: 'claim status', From: from, FromCountry: 'IN', MessageSid: sid,
    NumMedia: '0', NumSegments: '1', SmsMessageSid: sid, SmsSid: sid, SmsStatus: 'received', To: h.tenant.doc.channels.sms!.numbers[0]!, ToCountry: 'IN',
  });
  const workflowCount = async () => {
    const res = await h.api('/v1/workflows?limit=100');
    expect(res.status).to.equal(200);
    return ((await res.json()) as { items: unknown[] }).items.length;
  };

  it('the fake provider sends message SIDs of the real shape (SM/MM and 32 hex digits)', async () => {
    const text = await h.sms.postInbound({ from: '+919800000101', text: 'claim status' });
    expect(text.status).to.equal(200);
    expect(text.messageSid).to.match(sidShape).and.match(/^SM/);
    const media = await h.sms.postInbound({ from: '+919800000102', text: 'bill', media: { contentType: 'image/jpeg' } });
    expect(media.status).to.equal(200);
    expect(media.messageSid).to.match(sidShape).and.match(/^MM/);
  });

  it('refuses a request signed for another host that names that host in Host, and records nothing', async () => {
    const before = await workflowCount();
    const form = inbound(`SM${'a1'.repeat(16)}`, '+919800000103');
    // Signed as the provider signs for a staging deployment that shares this tenant's auth token.
    const signature = twilioSignature('http://staging.claims.example/channels/sms/webhook', form, authToken());
    const res = await postForm(h.apiUrl, '/channels/sms/webhook', form, { host: 'staging.claims.example', 'x-twilio-signature': signature });
    expect(res.status, res.body).to.equal(401);
    expect(JSON.parse(res.body)).to.include({ error_code: 'invalid_signature' });
    expect(await workflowCount()).to.equal(before);
    // The same form signed for PUBLIC_URL is taken, whatever Host says.
    const good = await postForm(h.apiUrl, '/channels/sms/webhook', form, { host: 'staging.claims.example', 'x-twilio-signature': twilioSignature(`${h.config.publicUrl}/channels/sms/webhook`, form, authToken()) });
    expect(good.status, good.body).to.equal(200);
    expect(await workflowCount()).to.equal(before + 1);
  });

  it('refuses the NumMedia -> MessageSid field split (the same signature) with 400, starting no second workflow', async () => {
    const sid = `SM${'b2'.repeat(16)}`;
    const from = '+919800000104';
    const url = `${h.config.publicUrl}/channels/sms/webhook`;
    const form = inbound(sid, from);
    const first = await postForm(h.apiUrl, '/channels/sms/webhook', form, { 'x-twilio-signature': twilioSignature(url, form, authToken()) });
    expect(first.status, first.body).to.equal(200);
    const after = await workflowCount();
    // NumMedia's name and value moved into the end of MessageSid: the signed text is unchanged.
    const { NumMedia: _numMedia, ...rest } = form;
    const split = { ...rest, MessageSid: `${sid}NumMedia0` };
    expect(twilioSignature(url, split, authToken())).to.equal(twilioSignature(url, form, authToken()));
    const replay = await postForm(h.apiUrl, '/channels/sms/webhook', split, { 'x-twilio-signature': twilioSignature(url, form, authToken()) });
    expect(replay.status, replay.body).to.equal(400);
    expect(JSON.parse(replay.body)).to.include({ error_code: 'invalid_request' });
    expect(await workflowCount()).to.equal(after);
    // Logged without the claimant's number.
    const refusal = lines.find((l) => l.includes('MessageSid'));
    expect(refusal, 'a log line about the refused MessageSid').to.be.a('string');
    expect(refusal).to.not.include(from).and.not.include(from.slice(1));
  });
});
