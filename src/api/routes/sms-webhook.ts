/**
 * SMS webhooks from a Twilio-style provider (docs/channels.md). Both are form-encoded and signed
 * with `X-Twilio-Signature` under the auth token of the tenant that owns the number:
 * - `POST /channels/sms/webhook`: a claimant's message; the tenant is found from `To`, the
 *   provider's redeliveries are dropped by `MessageSid`, and the answer is empty TwiML (the
 *   reply goes out later through the Messages API);
 * - `POST /channels/sms/status`: a status callback for a reply we sent; the tenant is found from
 *   `From` (our number), and the status is recorded.
 * Nothing is enqueued or recorded unless the signature holds.
 */
import { randomBytes } from 'node:crypto';
import Router from '@koa/router';
import type { Context } from 'koa';
import { parseSmsInbound, parseSmsStatus, verifySmsSignature, withSendId } from '../../adapters/channels/sms';
import { AppError } from '../../errors';
import type { Services } from '../../services';
import { readRaw } from '../body';

/** Twilio's webhooks are small forms; the body of an SMS is at most 1,600 characters. */
const maxWebhookBytes = 64 * 1024;
/** Checked against when no tenant owns the number: random per process, so no signature can match it. */
const unownedNumberToken = randomBytes(32).toString('hex');
const emptyTwiml = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

export function smsRoutes(s: Services): Router {
  const router = new Router();

  /** The form's parameters, and the tenant whose auth token signed them (401 otherwise). */
  const verified = async (ctx: Context, numberOf: (params: URLSearchParams) => string): Promise<{ params: URLSearchParams; tenantId: string }> => {
    if (!ctx.is('application/x-www-form-urlencoded')) throw new AppError('unsupported_media_type', 'send application/x-www-form-urlencoded');
    const params = new URLSearchParams((await readRaw(ctx, maxWebhookBytes)).toString('utf8'));
    const number = numberOf(params);
    // A number no tenant owns is answered like a bad signature, after the same HMAC work, so an
    // outsider cannot tell which numbers are registered (docs/security.md).
    const tenantId = await s.tenants.tenantForSmsNumber(number);
    const sms = tenantId ? (await s.tenants.get(tenantId)).channels.sms : undefined;
    const token = tenantId ? sms?.auth_token : unownedNumberToken;
    // The provider signs the URL it called: the public address partners configure, the tenant's
    // own status-callback URL, or, when the API is reached directly, the address this request came to.
    const urls = [`${s.config.publicUrl.replace(/\/$/, '')}${ctx.originalUrl}`, `${ctx.protocol}://${ctx.host}${ctx.originalUrl}`];
    if (sms?.status_callback_url && ctx.path === '/channels/sms/status') {
      const sendId = typeof ctx.query.send === 'string' ? ctx.query.send : null;
      urls.push(sendId === null ? sms.status_callback_url : withSendId(sms.status_callback_url, sendId));
    }
    const signature = ctx.get('x-twilio-signature') || undefined;
    if (!token || !verifySmsSignature(urls, [...params.entries()], signature, token) || !tenantId) {
      s.log.warn({ tenant_id: tenantId ?? undefined, owned: Boolean(tenantId), signed: Boolean(signature) }, 'SMS webhook refused: signature missing or wrong');
      throw new AppError('invalid_signature', 'X-Twilio-Signature missing or does not match');
    }
    return { params, tenantId: tenantId! };
  };

  router.post('/channels/sms/webhook', async (ctx) => {
    const { params, tenantId } = await verified(ctx, (p) => parseSmsInbound(p).to);
    const message = parseSmsInbound(params);
    const { workflowId, duplicate } = await s.intake.message(tenantId, 'sms', {
      businessNumberId: message.to, from: message.from, id: message.messageSid, text: message.text, ...(message.media ? { media: message.media } : {}),
    }, s.clock.now());
    s.metrics.inbound.inc({ channel: 'sms', result: duplicate ? 'duplicate' : 'accepted' });
    s.log.info({ tenant_id: tenantId, workflow_id: workflowId, from_ref: s.refs.of(message.from), duplicate }, duplicate ? 'inbound SMS was a redelivery' : 'inbound SMS accepted');
    ctx.type = 'text/xml';
    ctx.body = emptyTwiml;
  });

  router.post('/channels/sms/status', async (ctx) => {
    const { params, tenantId } = await verified(ctx, (p) => parseSmsStatus(p).from);
    const status = parseSmsStatus(params);
    await s.intake.status(tenantId, 'sms', { id: status.messageSid, status: status.status, timestamp: s.clock.now(), recipient: status.to, errorCode: status.errorCode });
    // The send id our status callback URL carries (`send=`, signed with the rest of the URL):
    // proof that the provider took that send (docs/workflows.md, "Effectively-once replies").
    if (typeof ctx.query.send === 'string') await s.sends.proof(tenantId, ctx.query.send, status.messageSid, status.status);
    ctx.status = 204;
  });
  return router;
}
