/**
 * SMS webhooks from a Twilio-style provider (docs/channels.md). Both are form-encoded and signed
 * with `X-Twilio-Signature` under the auth token of the tenant that owns the number:
 * - `POST /channels/sms/webhook`: a claimant's message; the tenant is found from `To`, the
 *   provider's redeliveries are dropped by `MessageSid`, and the answer is empty TwiML (the
 *   reply goes out later through the Messages API);
 * - `POST /channels/sms/status`: a status callback for a reply we sent; the tenant is found from
 *   `From` (our number), and the status is recorded.
 * Nothing is enqueued or recorded unless the signature holds. The signature is checked against
 * `PUBLIC_URL` (and a tenant's own status-callback URL), never against the `Host` the request
 * names: a request signed for another deployment that shares the auth token is refused. And since
 * the signed text joins names and values without separators, a field's name and value can be
 * moved into the field before it without changing the signature (`NumMedia` into `MessageSid`):
 * a `MessageSid` that is not the provider's shape is refused, so no such form reaches the
 * duplicate check as a new message (docs/security.md).
 */
import { randomBytes } from 'node:crypto';
import Router from '@koa/router';
import type { Context } from 'koa';
import { parseSmsInbound, parseSmsStatus, verifySmsSignature, withSendId, type SmsInbound, type SmsStatus } from '../../adapters/channels/sms';
import { AppError } from '../../errors';
import type { Services } from '../../services';
import { readRaw } from '../body';
import { requestTraceparent } from '../request-trace';

/** Twilio's webhooks are small forms; the body of an SMS is at most 1,600 characters. */
const maxWebhookBytes = 64 * 1024;
/** Checked against when no tenant owns the number: random per process, so no signature can match it. */
const unownedNumberToken = randomBytes(32).toString('hex');
const emptyTwiml = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

/** What these routes use of the services: src/api/app.ts hands them these and nothing else. */
export const smsPorts = ['clock', 'config', 'intake', 'log', 'metrics', 'refs', 'sends', 'tenants'] as const satisfies readonly (keyof Services)[];
export type SmsPorts = Pick<Services, (typeof smsPorts)[number]>;

export function smsRoutes(s: SmsPorts): Router {
  const router = new Router();

  /** The form's parameters, and the tenant whose auth token signed them (401 otherwise); `numberField` names our number. */
  const verified = async (ctx: Context, numberField: 'To' | 'From'): Promise<{ params: URLSearchParams; tenantId: string }> => {
    if (!ctx.is('application/x-www-form-urlencoded')) throw new AppError('unsupported_media_type', 'send application/x-www-form-urlencoded');
    const params = new URLSearchParams((await readRaw(ctx, maxWebhookBytes)).toString('utf8'));
    const number = params.get(numberField) ?? '';
    // A number no tenant owns is answered like a bad signature, after the same HMAC work, so an
    // outsider cannot tell which numbers are registered (docs/security.md).
    const tenantId = await s.tenants.tenantForSmsNumber(number);
    const sms = tenantId ? (await s.tenants.get(tenantId)).channels.sms : undefined;
    const token = tenantId ? sms?.auth_token : unownedNumberToken;
    // The provider signs the URL it called: the public address this deployment is configured with
    // (PUBLIC_URL), or the tenant's own status-callback URL. Never the Host this request names.
    const urls = [`${s.config.publicUrl.replace(/\/$/, '')}${ctx.originalUrl}`];
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

  /** The signed form read as `parse` reads it; a form it refuses (a MessageSid not of the provider's shape) is logged, without PHI, and answered 400. */
  const signedForm = <T extends SmsInbound | SmsStatus>(tenantId: string, params: URLSearchParams, parse: (p: URLSearchParams) => T, what: string): T => {
    try {
      return parse(params);
    } catch (err) {
      s.log.warn({ tenant_id: tenantId, reason: (err as Error).message }, `SMS ${what} refused: signed, but not a form the provider sends (MessageSid shape or fields)`);
      throw err;
    }
  };

  router.post('/channels/sms/webhook', async (ctx) => {
    const { params, tenantId } = await verified(ctx, 'To');
    const message = signedForm(tenantId, params, parseSmsInbound, 'webhook');
    const { workflowId, duplicate } = await s.intake.message(tenantId, 'sms', {
      businessNumberId: message.to, from: message.from, id: message.messageSid, text: message.text, ...(message.media ? { media: message.media } : {}),
    }, s.clock.now(), requestTraceparent(ctx));
    s.metrics.inbound.inc({ channel: 'sms', result: duplicate ? 'duplicate' : 'accepted' });
    s.log.info({ tenant_id: tenantId, workflow_id: workflowId, from_ref: s.refs.of(message.from), duplicate }, duplicate ? 'inbound SMS was a redelivery' : 'inbound SMS accepted');
    ctx.type = 'text/xml';
    ctx.body = emptyTwiml;
  });

  router.post('/channels/sms/status', async (ctx) => {
    const { params, tenantId } = await verified(ctx, 'From');
    const status = signedForm(tenantId, params, parseSmsStatus, 'status callback');
    const now = s.clock.now();
    // The send id our status callback URL carries (`send=`, signed with the rest of the URL):
    // proof that the provider took that send (docs/workflows.md, "Effectively-once replies"), and
    // the reply's delivery state; sent with the channel-status entry, in one round trip.
    await Promise.all([
      s.intake.status(tenantId, 'sms', { id: status.messageSid, status: status.status, timestamp: now, recipient: status.to, errorCode: status.errorCode }),
      typeof ctx.query.send === 'string'
        ? s.sends.status(tenantId, ctx.query.send, { providerMessageId: status.messageSid, status: status.status, at: now, errorCode: status.errorCode }, now)
        : null,
    ]);
    ctx.status = 204;
  });
  return router;
}
