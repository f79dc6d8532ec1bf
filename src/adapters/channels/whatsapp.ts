/**
 * WhatsApp Cloud API: verifying and reading Meta's webhooks, and sending replies.
 * Inbound: `X-Hub-Signature-256` is an HMAC-SHA256 of the raw body with the app secret.
 * Outbound: `POST {graph_base}/{phone_number_id}/messages`; free text inside the 24-hour
 * customer-service window, a pre-approved template outside it.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { MediaRef, RenderedReply, WorkflowPayload } from '../../../pipeline/types';
import type { Config } from '../../config';
import { AppError } from '../../errors';
import type { TenantStore } from '../../tenants/tenant-store';
import { httpJson, type HttpAnswer } from '../http-client';

/** Meta's customer-service window: free-form replies are allowed this long after the claimant wrote. */
export const replyWindowMs = 24 * 3600 * 1000;

/** `X-Hub-Signature-256` must be exactly `sha256=` and 64 hex digits: nothing before, nothing after. */
export function verifySignature(rawBody: Buffer, header: string | undefined, appSecret: string): boolean {
  if (!header || !/^sha256=[0-9a-fA-F]{64}$/.test(header)) return false;
  const given = Buffer.from(header.slice(7), 'hex');
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export interface InboundMessage {
  phoneNumberId: string;
  /** E.164 with the leading + (Meta sends digits only). */
  from: string;
  id: string;
  timestamp: number;
  type: string;
  text: string;
  /** A document or image message's media reference. */
  media?: MediaRef;
  /** The id of the reply button tapped, or of the list row picked (an `interactive` message of
   *  type `button_reply` or `list_reply`). */
  choiceId?: string;
}

/** Message types that carry a file the claimant may be sending as a claim document. */
const mediaTypes = new Set(['document', 'image']);

export interface InboundStatus {
  phoneNumberId: string;
  id: string;
  /** `biz_opaque_callback_data` of the send, when it carried one (ours: the send id). */
  sendId: string;
  status: string;
  timestamp: number;
  recipient: string;
  /** A `failed` status's first error code (Meta's `errors[0].code`), else null. */
  errorCode: string | null;
}

export interface ParsedWebhook {
  phoneNumberIds: string[];
  messages: InboundMessage[];
  statuses: InboundStatus[];
}

type Json = Record<string, unknown>;
const asArray = (v: unknown): Json[] => (Array.isArray(v) ? (v.filter((x) => x && typeof x === 'object') as Json[]) : []);
const asString = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** Reads a webhook body; throws `invalid_request` when it is not a WhatsApp business webhook. */
export function parseWebhook(body: unknown): ParsedWebhook {
  const root = body as Json;
  if (!root || typeof root !== 'object' || root.object !== 'whatsapp_business_account' || !Array.isArray(root.entry)) {
    throw new AppError('invalid_request', 'not a WhatsApp Business Account webhook');
  }
  const parsed: ParsedWebhook = { phoneNumberIds: [], messages: [], statuses: [] };
  for (const entry of asArray(root.entry)) {
    for (const change of asArray(entry.changes)) {
      const value = (change.value ?? {}) as Json;
      const phoneNumberId = asString((value.metadata as Json | undefined)?.phone_number_id);
      if (!phoneNumberId) continue;
      if (!parsed.phoneNumberIds.includes(phoneNumberId)) parsed.phoneNumberIds.push(phoneNumberId);
      for (const m of asArray(value.messages)) {
        const type = asString(m.type);
        const media = (m[type] ?? {}) as Json;
        // A tapped reply button or a picked list row arrives as an interactive message ("Messages
        // webhook", interactive): its title is the words, its id the choice.
        const button = type === 'interactive' ? ((media.type === 'list_reply' ? media.list_reply : media.button_reply) ?? {}) as Json : null;
        const text = type === 'text' ? asString((m.text as Json | undefined)?.body) : button ? asString(button.title) : asString(media.caption);
        const from = asString(m.from).replace(/^\+/, '');
        if (!from || !asString(m.id)) continue;
        const message: InboundMessage = { phoneNumberId, from: `+${from}`, id: asString(m.id), timestamp: Number(asString(m.timestamp)) * 1000 || 0, type, text };
        // Documents and images the claimant sends: the provider's media id is what the partner fetches.
        if (mediaTypes.has(type) && asString(media.id)) {
          message.media = { id: asString(media.id), kind: type, ...(asString(media.mime_type) ? { mime: asString(media.mime_type) } : {}), ...(asString(media.filename) ? { filename: asString(media.filename) } : {}) };
        }
        if (button && asString(button.id)) message.choiceId = asString(button.id);
        parsed.messages.push(message);
      }
      for (const s of asArray(value.statuses)) {
        const recipient = asString(s.recipient_id).replace(/^\+/, '');
        const errorCode = asString(asArray(s.errors)[0]?.code);
        parsed.statuses.push({
          phoneNumberId, id: asString(s.id), sendId: asString(s.biz_opaque_callback_data), status: asString(s.status), timestamp: Number(asString(s.timestamp)) * 1000 || 0,
          recipient: recipient ? `+${recipient}` : '', errorCode: errorCode || null,
        });
      }
    }
  }
  return parsed;
}

/** How a reply went out: free text, reply buttons or a list message, or a pre-approved template. */
export type SendKind = 'text' | 'interactive' | 'template';

/**
 * The `interactive` object of a reply with choices: reply buttons ("Interactive reply buttons
 * messages"), or a list message with one section ("Interactive list messages": `action.button`
 * opens it, each row an id and a title).
 */
function interactiveOf(reply: RenderedReply): Record<string, unknown> {
  const body = { text: reply.text };
  if (reply.buttons?.length) {
    return { type: 'button', body, action: { buttons: reply.buttons.map((b) => ({ type: 'reply', reply: { id: b.id, title: b.title } })) } };
  }
  const list = reply.list!;
  const section = { ...(list.title ? { title: list.title } : {}), rows: list.rows.map((r) => ({ id: r.id, title: r.title })) };
  return { type: 'list', body, action: { button: list.button, sections: [section] } };
}

export class WhatsAppSender {
  constructor(private readonly tenants: TenantStore, private readonly config: Config) {}

  /**
   * `sendId` goes out as `biz_opaque_callback_data`, which Meta returns in the message's status
   * webhooks: the proof of a send whose answer was lost (docs/workflows.md). Meta takes no
   * idempotency key: every call is a new message.
   */
  async send(tenantId: string, payload: WorkflowPayload, reply: RenderedReply, sendId: string, now: number): Promise<{ providerMessageId: string; kind: SendKind }> {
    const wa = (await this.tenants.get(tenantId)).channels.whatsapp;
    if (!wa) throw new AppError('channel_rejected', 'the tenant has no WhatsApp channel');
    const inWindow = now - payload.receivedAt < replyWindowMs;
    // Reply buttons and list messages are session messages: inside the window only (outside it, the text alone).
    const kind: SendKind = inWindow && (reply.buttons?.length || reply.list?.rows.length) ? 'interactive' : inWindow || !reply.providerTemplate ? 'text' : 'template';
    const message = kind === 'interactive'
      ? { type: 'interactive', interactive: interactiveOf(reply) }
      : kind === 'text'
      ? { type: 'text', text: { preview_url: false, body: reply.text } }
      : {
          type: 'template',
          template: {
            name: reply.providerTemplate!.name,
            language: { code: reply.providerTemplate!.language },
            components: [{ type: 'body', parameters: reply.providerTemplate!.params.map((text) => ({ type: 'text', text })) }],
          },
        };
    const url = `${wa.graph_base.replace(/\/$/, '')}/${encodeURIComponent(payload.businessNumberId)}/messages`;
    let answer: HttpAnswer;
    try {
      answer = await httpJson(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${wa.access_token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ messaging_product: 'whatsapp', recipient_type: 'individual', to: payload.from.replace(/^\+/, ''), biz_opaque_callback_data: sendId, ...message }),
        timeoutMs: this.config.channelTimeoutMs,
      });
    } catch (err) {
      throw new AppError('channel_send_failed', `provider ${(err as Error).message}`, { cause: err });
    }
    // An error answer means Meta did not take the message (`answered`: no proof wait before the retry).
    if (answer.status === 429 || answer.status >= 500) throw new AppError('channel_send_failed', `provider answered ${answer.status}`, { extra: { answered: true } });
    if (answer.status >= 300) throw new AppError('channel_rejected', `provider answered ${answer.status}`);
    const id = (answer.json as { messages?: { id?: string }[] } | undefined)?.messages?.[0]?.id;
    if (!id) throw new AppError('channel_send_failed', 'provider answered without a message id');
    return { providerMessageId: id, kind };
  }
}
