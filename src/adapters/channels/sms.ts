/**
 * SMS through a Twilio-style provider (docs/channels.md).
 * Inbound: form-encoded webhooks signed with `X-Twilio-Signature`: base64 of an HMAC-SHA1, keyed
 * with the account's auth token, over the full URL the provider called followed by every POST
 * parameter's name and value, sorted by name (Twilio's "Webhooks security" page).
 * Outbound: `POST {api_base}/2010-04-01/Accounts/{AccountSid}/Messages.json`, a form body, HTTP
 * Basic auth with the account SID and auth token; the answer's `sid` is the message id, and
 * status callbacks come back to `StatusCallback`. The provider does not deduplicate sends.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { MediaRef, RenderedReply, WorkflowPayload } from '../../../pipeline/types';
import type { Config } from '../../config';
import { AppError } from '../../errors';
import type { Metrics } from '../../metrics';
import type { SmsChannel } from '../../tenants/tenant-document';
import type { TenantStore } from '../../tenants/tenant-store';
import { httpJson, type HttpAnswer } from '../http-client';
import { countSegments } from './sms-segments';

/** Twilio's error for a recipient who answered STOP to this number ("Error 21610"). */
export const optedOutErrorCode = 21610;

/** The signature of a request: the URL, then each parameter's name and value sorted by name. */
export function smsSignature(url: string, params: Array<[string, string]>, authToken: string): string {
  const sorted = [...params].sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  const data = sorted.reduce((acc, [name, value]) => acc + name + value, url);
  return createHmac('sha1', authToken).update(Buffer.from(data, 'utf8')).digest('base64');
}

/** Whether `header` signs these parameters for any of `urls` (the URL the provider called). */
export function verifySmsSignature(urls: string[], params: Array<[string, string]>, header: string | undefined, authToken: string): boolean {
  if (!header) return false;
  const given = Buffer.from(header);
  return urls.some((url) => {
    const expected = Buffer.from(smsSignature(url, params, authToken));
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

export interface SmsInbound {
  /** The receiving number (ours), E.164. */
  to: string;
  from: string;
  messageSid: string;
  accountSid: string;
  text: string;
  /** The first MMS attachment, if any (a photo or PDF of a claim document). */
  media?: MediaRef;
}

export interface SmsStatus {
  messageSid: string;
  status: string;
  /** Our number (the sender of the message the callback is about). */
  from: string;
  to: string;
  accountSid: string;
  errorCode: string | null;
}

const e164 = /^\+[1-9][0-9]{6,14}$/;
/**
 * A message SID as the provider makes them: `SM` (a text) or `MM` (with media) and 32 hex digits.
 * Anything else is refused: the signature joins names and values without separators, so a SID
 * with the next field's name and value appended (`…NumMedia0`) still verifies (docs/security.md).
 */
export const messageSidShape = /^(SM|MM)[0-9a-f]{32}$/;

function field(params: URLSearchParams, name: string): string {
  return params.get(name) ?? '';
}

/** Reads an inbound message webhook; throws `invalid_request` when it is not one. */
export function parseSmsInbound(params: URLSearchParams): SmsInbound {
  const to = field(params, 'To');
  const from = field(params, 'From');
  const messageSid = field(params, 'MessageSid') || field(params, 'SmsSid');
  if (!e164.test(to) || !e164.test(from) || !messageSid) throw new AppError('invalid_request', 'expected To, From (E.164) and MessageSid');
  if (!messageSidShape.test(messageSid)) throw new AppError('invalid_request', 'MessageSid must be SM or MM followed by 32 hex digits');
  const message: SmsInbound = { to, from, messageSid, accountSid: field(params, 'AccountSid'), text: field(params, 'Body') };
  const mediaUrl = field(params, 'MediaUrl0');
  if (Number(field(params, 'NumMedia')) > 0 && mediaUrl) {
    const mime = field(params, 'MediaContentType0');
    // The media URL ends in the media SID (`…/Messages/MM…/Media/ME…`): that is what the partner fetches with.
    const id = mediaUrl.split('/').filter(Boolean).pop() ?? mediaUrl;
    message.media = { id, kind: mime.startsWith('image/') ? 'image' : 'document', ...(mime ? { mime } : {}) };
  }
  return message;
}

/** Reads a status callback; throws `invalid_request` when it is not one. */
export function parseSmsStatus(params: URLSearchParams): SmsStatus {
  const messageSid = field(params, 'MessageSid') || field(params, 'SmsSid');
  const status = field(params, 'MessageStatus') || field(params, 'SmsStatus');
  const from = field(params, 'From');
  if (!messageSid || !status || !e164.test(from)) throw new AppError('invalid_request', 'expected MessageSid, MessageStatus and From');
  if (!messageSidShape.test(messageSid)) throw new AppError('invalid_request', 'MessageSid must be SM or MM followed by 32 hex digits');
  return { messageSid, status, from, to: field(params, 'To'), accountSid: field(params, 'AccountSid'), errorCode: field(params, 'ErrorCode') || null };
}

/** A status callback URL carrying a send id: `send=<id>` added to its query. */
export function withSendId(url: string, sendId: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}send=${encodeURIComponent(sendId)}`;
}

export class SmsSender {
  constructor(private readonly tenants: TenantStore, private readonly config: Config, private readonly metrics: Metrics) {}

  /** The tenant's SMS account; `tenant_not_found`-like failure when it has none. */
  async account(tenantId: string): Promise<SmsChannel> {
    const sms = (await this.tenants.get(tenantId)).channels.sms;
    if (!sms) throw new AppError('channel_rejected', 'the tenant has no SMS channel');
    return sms;
  }

  /**
   * `sendId` rides in the status callback URL (`send=`), which Twilio calls, signed, for each status
   * of the message: the proof of a send whose answer was lost (docs/workflows.md). Twilio takes no
   * idempotency key: every call is a new message.
   */
  async send(tenantId: string, payload: WorkflowPayload, reply: RenderedReply, sendId: string): Promise<{ providerMessageId: string; kind: 'text' }> {
    const sms = await this.account(tenantId);
    const statusCallback = withSendId(sms.status_callback_url ?? `${this.config.publicUrl.replace(/\/$/, '')}/channels/sms/status`, sendId);
    const body = new URLSearchParams({ To: payload.from, From: payload.businessNumberId, Body: reply.text, StatusCallback: statusCallback });
    const url = `${sms.api_base.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(sms.account_sid)}/Messages.json`;
    let answer: HttpAnswer;
    try {
      answer = await httpJson(url, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${sms.account_sid}:${sms.auth_token}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: body.toString(),
        timeoutMs: this.config.channelTimeoutMs,
      });
    } catch (err) {
      throw new AppError('channel_send_failed', `provider ${(err as Error).message}`, { cause: err });
    }
    // An error answer means Twilio did not create the message (`answered`: no proof wait before the retry).
    if (answer.status === 429 || answer.status >= 500) throw new AppError('channel_send_failed', `provider answered ${answer.status}`, { extra: { answered: true } });
    const json = answer.json as { sid?: string; code?: number } | undefined;
    if (answer.status >= 300) {
      // A recipient who answered STOP: the provider refuses every send until they answer START.
      if (json?.code === optedOutErrorCode) throw new AppError('channel_opted_out', 'the recipient opted out of SMS from this number');
      throw new AppError('channel_rejected', `provider answered ${answer.status}${json?.code ? ` (error ${json.code})` : ''}`);
    }
    if (!json?.sid) throw new AppError('channel_send_failed', 'provider answered without a message sid');
    const { encoding, segments } = countSegments(reply.text);
    this.metrics.smsSegments.inc({ encoding }, segments);
    this.metrics.smsMessages.inc({ encoding });
    return { providerMessageId: json.sid, kind: 'text' };
  }
}
