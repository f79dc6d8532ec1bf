/**
 * The WhatsApp channel as Meta and the claimant see it: the GET verification challenge, delivery
 * status callbacks recorded (recipient only hashed), and replies that are free text inside the
 * 24-hour window but a pre-approved template message outside it.
 */
import { expect } from 'chai';
import { readChannelStatus } from '../../src/intake/channel-status-entry';
import { WhatsAppSender } from '../../src/adapters/channels/whatsapp';
import type { WorkflowPayload } from '../../pipeline/types';
import { startHarness, type Harness } from '../helpers/harness';
import { waitFor } from '../helpers/wait';

describe('WhatsApp channel', function () {
  this.timeout(30000);
  let h: Harness;
  before(async () => { h = await startHarness(); });
  after(async () => { await h?.close(); });

  it("answers Meta's verification challenge with the tenant's verify token, and refuses another", async () => {
    const token = h.tenant.doc.channels.whatsapp.verify_token!;
    const ok = await fetch(`${h.apiUrl}/channels/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=1158201444`);
    expect(ok.status).to.equal(200);
    expect(await ok.text()).to.equal('1158201444');
    const refused = await fetch(`${h.apiUrl}/channels/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1`);
    expect(refused.status).to.equal(403);
    expect(await refused.json()).to.include({ error_code: 'forbidden' });
  });

  it('records delivery status callbacks with the recipient only as a hash prefix', async () => {
    const res = await h.wa.postStatus({ wamid: 'wamid.status-1', status: 'delivered', recipient: '+919866600001' });
    expect(res.status).to.equal(200);
    const key = h.services.keys.channelStatuses('acme');
    const entries = await waitFor(async () => { const e = await h.services.redis.xrange(key, '-', '+'); return e.length ? e : null; });
    const fields = entries[0]![1];
    expect(readChannelStatus(fields)).to.deep.include({ channel: 'whatsapp', provider_message_id: 'wamid.status-1', status: 'delivered', recipient_ref: h.services.refs.of('+919866600001'), error_code: '' });
    expect(fields.join(' ')).not.to.contain('9866600001');
  });

  const payload = (receivedAt: number): WorkflowPayload => ({
    channel: 'whatsapp', businessNumberId: h.tenant.doc.channels.whatsapp.phone_number_id, from: '+919866600002',
    messageId: 'wamid.x', text: 'claim status', receivedAt,
  });
  const reply = { template: 'claim_status', text: 'Here is the latest on your claim:\n• Claim XXXX0001: Approved', providerTemplate: { name: 'claim_status_update', language: 'en', params: ['• Claim XXXX0001: Approved'] } };

  it('replies with free text inside the 24-hour window', async () => {
    const sender = new WhatsAppSender(h.services.tenants, h.config);
    const now = Date.now();
    const sent = await sender.send('acme', payload(now - 23 * 3600 * 1000), reply, 'wf-0-a:1', now);
    expect(sent.kind).to.equal('text');
    const message = h.wa.sent.find((m) => m.bizOpaque === 'wf-0-a:1')!;
    expect(message).to.include({ type: 'text', to: '+919866600002', text: reply.text });
  });

  it('sends the pre-approved template message outside the 24-hour window', async () => {
    const sender = new WhatsAppSender(h.services.tenants, h.config);
    const now = Date.now();
    const sent = await sender.send('acme', payload(now - 25 * 3600 * 1000), reply, 'wf-0-b:1', now);
    expect(sent.kind).to.equal('template');
    const message = h.wa.sent.find((m) => m.bizOpaque === 'wf-0-b:1')!;
    expect(message.type).to.equal('template');
    expect(message.template).to.deep.equal({ name: 'claim_status_update', language: 'en', params: ['• Claim XXXX0001: Approved'] });
  });

  it("carries the send id as biz_opaque_callback_data, and Meta's status webhooks bring it back as proof of the send", async () => {
    const sender = new WhatsAppSender(h.services.tenants, h.config);
    const workflowId = h.services.keys.newWorkflowId(1);
    const sent = await sender.send('acme', payload(Date.now()), reply, `${workflowId}:3`, Date.now());
    expect(h.wa.sent.find((m) => m.wamid === sent.providerMessageId)?.bizOpaque).to.equal(`${workflowId}:3`);
    const record = await waitFor(async () => {
      const r = await h.services.sends.read('acme', workflowId, 3);
      return r.acceptedId ? r : null;
    }, { what: 'the status webhook proving the send' });
    expect(record).to.deep.include({ acceptedId: sent.providerMessageId, knownBy: 'status_webhook' });
  });

  it('tells a retryable provider failure from a permanent refusal', async () => {
    const sender = new WhatsAppSender(h.services.tenants, h.config);
    h.wa.failNext(1, 503);
    const retryable = await sender.send('acme', payload(Date.now()), reply, 'wf-0-c:1', Date.now()).catch((e: unknown) => e);
    expect(retryable).to.include({ code: 'channel_send_failed', retryable: true });
    // Meta answered: it did not take the message, so a retry needs no proof wait.
    expect((retryable as { extra: Record<string, unknown> }).extra).to.deep.equal({ answered: true });
    h.wa.failNext(1, 400);
    const permanent = await sender.send('acme', payload(Date.now()), reply, 'wf-0-d:1', Date.now()).catch((e: unknown) => e);
    expect(permanent).to.include({ code: 'channel_rejected', retryable: false });
  });
});
