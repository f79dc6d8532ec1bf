/**
 * What the fake posts into the service, shaped as Meta's webhooks are ("Webhooks" and "Messages
 * webhook" references of the Cloud API): the `whatsapp_business_account` envelope, an inbound
 * message of each type, a delivery status, each signed over its exact bytes with the app secret.
 */
import { randomBytes } from 'node:crypto';
import * as http from 'node:http';
import { randomHex } from '../random-hex';
import type { InboundMessage, PostResult, StatusUpdate, WhatsAppConfig } from './types';
import { DISPLAY_PHONE, WABA_ID, digitsOf, newWamid, signPayload, unixNow } from './wire';

export class ServiceWebhook {
  constructor(private readonly cfg: WhatsAppConfig & { phoneNumberId: string }, private readonly agent: http.Agent) {}

  /**
   * POSTs to the service webhook over the keep-alive agent. A request sent on a reused socket that
   * the service closed meanwhile (its keep-alive timeout) fails with ECONNRESET before the service
   * read it: that one is sent again on a fresh socket, as Node's documentation advises for
   * keep-alive clients (and as Meta re-posts a webhook that did not get through). The second try
   * opens a connection of its own: after a burst, the agent's other idle sockets reach the same
   * keep-alive timeout together, and one of them may be closing too.
   */
  post(body: string, headers: Record<string, string>, baseUrl = this.cfg.serviceUrl): Promise<PostResult> {
    if (!baseUrl) return Promise.reject(new Error('fake WhatsApp: serviceUrl not configured (call configure())'));
    const target = new URL(`${baseUrl.replace(/\/+$/, '')}/channels/whatsapp/webhook`);
    const once = (agent: http.Agent | false): Promise<PostResult> => new Promise((resolve, reject) => {
      const req = http.request(
        target,
        { method: 'POST', agent, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', reject);
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let parsed: unknown = text;
            try {
              parsed = text.length > 0 ? JSON.parse(text) : text;
            } catch {
              // Not JSON: hand back the text as-is.
            }
            resolve({ status: res.statusCode ?? 0, body: parsed });
          });
        },
      );
      req.on('error', (err: NodeJS.ErrnoException) => {
        reject(Object.assign(err, { staleSocket: req.reusedSocket && (err.code === 'ECONNRESET' || err.code === 'EPIPE') }));
      });
      req.end(body);
    });
    return once(this.agent).catch((err: { staleSocket?: boolean }) => (err.staleSocket ? once(false) : Promise.reject(err)));
  }

  /** Serialises once and signs those exact bytes, so the service verifies what it receives. */
  postSigned(payload: unknown, signWith: string | undefined, baseUrl?: string): Promise<PostResult> {
    const body = JSON.stringify(payload);
    const secret = signWith ?? this.cfg.appSecret;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (secret) headers['x-hub-signature-256'] = signPayload(body, secret);
    return this.post(body, headers, baseUrl);
  }

  /** A claimant's message (text, a button tap, a picked list row, a document or an image), as Meta delivers it. */
  async inbound(msg: InboundMessage): Promise<PostResult & { messageId: string }> {
    const messageId = msg.messageId ?? newWamid();
    const waId = digitsOf(msg.from);
    const type = msg.type ?? 'text';
    const message: Record<string, unknown> = { from: waId, id: messageId, timestamp: unixNow(), type };
    if (type === 'text') {
      message.text = { body: msg.text ?? '' };
    } else if (type === 'interactive' && msg.row) {
      // A picked list row: its id and title, and its description when it had one.
      const { contextId, ...row } = msg.row;
      message.interactive = { type: 'list_reply', list_reply: row };
      if (contextId) message.context = { from: DISPLAY_PHONE, id: contextId };
    } else if (type === 'interactive') {
      const button = msg.button ?? { id: '', title: msg.text ?? '' };
      message.interactive = { type: 'button_reply', button_reply: { id: button.id, title: button.title } };
      if (button.contextId) message.context = { from: DISPLAY_PHONE, id: button.contextId };
    } else {
      const media = msg.media ?? { id: randomBytes(8).toString('hex'), mime_type: type === 'image' ? 'image/jpeg' : 'application/pdf' };
      const obj: Record<string, unknown> = {
        mime_type: media.mime_type,
        sha256: randomBytes(32).toString('base64'),
        id: media.id,
      };
      const caption = media.caption ?? msg.text;
      if (caption !== undefined) obj.caption = caption;
      if (type === 'document' && media.filename !== undefined) obj.filename = media.filename;
      message[type] = obj;
    }
    const payload = this.envelope({ contacts: [{ profile: { name: msg.name ?? 'Demo Claimant' }, wa_id: waId }], messages: [message] });
    return { ...(await this.postSigned(payload, msg.signWith)), messageId };
  }

  /** A delivery status of a sent message (`sent`, `delivered`, `read`, `failed`). */
  /** A status webhook, to the service or to `baseUrl` (StatusWebhookOptions.sinkUrl). */
  status(update: StatusUpdate, baseUrl?: string): Promise<PostResult> {
    const status: Record<string, unknown> = {
      id: update.wamid,
      status: update.status,
      timestamp: unixNow(),
      recipient_id: digitsOf(update.recipient),
    };
    if (update.bizOpaque !== undefined) status.biz_opaque_callback_data = update.bizOpaque;
    if (update.status === 'failed') {
      // Meta's error object of a status ("Messages webhook" reference, `statuses[].errors`).
      const e = update.error ?? { code: 131026, title: 'Message undeliverable', details: 'Message Undeliverable.' };
      status.errors = [{ code: e.code, title: e.title, message: e.title, error_data: { details: e.details }, href: 'https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/' }];
    } else {
      status.conversation = { id: randomHex(16), origin: { type: 'service' } };
      status.pricing = { billable: true, pricing_model: 'CBP', category: 'service' };
    }
    return this.postSigned(this.envelope({ statuses: [status] }), undefined, baseUrl);
  }

  private envelope(value: Record<string, unknown>): unknown {
    return {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: WABA_ID,
          changes: [
            {
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: DISPLAY_PHONE, phone_number_id: this.cfg.phoneNumberId },
                ...value,
              },
              field: 'messages',
            },
          ],
        },
      ],
    };
  }
}
