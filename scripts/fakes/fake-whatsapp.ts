/**
 * Fake WhatsApp Cloud API provider: a real HTTP server that accepts the
 * service's outbound `/{phone_number_id}/messages` calls (recording them, with
 * Idempotency-Key dedupe) and posts signed, Meta-shaped webhooks into the
 * service. Control endpoints let a terminal chat in another process drive it.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { EventEmitter } from 'node:events';
import * as http from 'node:http';
import { listenFake } from './fake-server';
import { SentLog } from './sent-log';

/** A message the service sent and the fake accepted (duplicates are not recorded). */
export interface SentMessage {
  /** 1-based, increasing across the fake's lifetime (not reset by reset()). */
  seq: number;
  phoneNumberId: string;
  /** Recipient normalised to E.164 (`+` and digits), whatever form the service sent. */
  to: string;
  type: 'text' | 'template' | 'interactive';
  /** The text body (an interactive message's body text). */
  text?: string;
  /** An interactive `button` message's reply buttons. */
  buttons?: Array<{ id: string; title: string }>;
  template?: { name: string; language: string; params: string[] };
  idempotencyKey?: string;
  wamid: string;
  /** Date.now() when accepted. */
  at: number;
}

/** Options for postInbound(): one claimant message as Meta would deliver it. */
export interface InboundMessage {
  /** Sender, E.164 (`+919800000001`) or digits; sent as digits like Meta does. */
  from: string;
  text?: string;
  /** Explicit wamid for redelivery tests; random if omitted. */
  messageId?: string;
  type?: 'text' | 'document' | 'image' | 'interactive';
  media?: { id: string; mime_type: string; filename?: string; caption?: string };
  /** A tapped reply button (type `interactive`): Meta sends its id and title, and the message it answers. */
  button?: { id: string; title: string; contextId?: string };
  /** Profile name in `contacts[]`. */
  name?: string;
  /** Overrides the app secret used to sign; '' sends no signature header. */
  signWith?: string;
}

/** Status callback options for postStatus(). */
export interface StatusUpdate {
  wamid: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  /** E.164 or digits. */
  recipient: string;
}

/** Result of a webhook POST into the service. */
export interface PostResult {
  status: number;
  /** Parsed JSON if the service answered JSON, else the raw text. */
  body: unknown;
}

/** Connection settings that may only be known after the service starts. */
export interface WhatsAppConfig {
  serviceUrl?: string;
  appSecret?: string;
  phoneNumberId?: string;
}

/** Handle on a running fake WhatsApp provider. */
export interface FakeWhatsApp {
  /** Base URL without trailing slash; the service may append a version like `/v20.0`. */
  readonly url: string;
  readonly port: number;
  /** Accepted messages in order. */
  readonly sent: SentMessage[];
  /** Requests answered from the idempotency store instead of being recorded. */
  readonly duplicates: number;
  /** Emits 'message' (SentMessage) for every accepted message. */
  readonly events: EventEmitter;
  configure(cfg: WhatsAppConfig): void;
  /** Resolves once predicate(sent) is true; rejects at the deadline listing what was sent. */
  waitFor(predicate: (m: SentMessage[]) => boolean, timeoutMs?: number): Promise<SentMessage[]>;
  /** The next `n` outbound send requests answer `status`, and are not recorded. */
  failNext(n: number, status?: number): void;
  /** Clears sent messages, counters, idempotency memory and pending failures. */
  reset(): void;
  postInbound(msg: InboundMessage): Promise<PostResult & { messageId: string }>;
  postStatus(update: StatusUpdate): Promise<PostResult>;
  /** Posts `body` to the webhook as-is with only the given headers (plus content-length). */
  postRaw(body: string, headers?: Record<string, string>): Promise<PostResult>;
  close(): Promise<void>;
}

/** `sha256=<hex>` HMAC of the exact body bytes, as Meta sends in X-Hub-Signature-256. */
export function signPayload(body: string | Buffer, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

const SEND_ROUTE = /^(?:\/[^/]+)?\/([^/]+)\/messages\/?$/;
const MAX_BODY = 1024 * 1024;
const WABA_ID = '102290129340398';
const DISPLAY_PHONE = '15550109999';

const digitsOf = (phone: string): string => phone.replace(/\D/g, '');
const newWamid = (): string => `wamid.${randomBytes(24).toString('hex').toUpperCase()}`;
const unixNow = (): string => String(Math.floor(Date.now() / 1000));

function metaError(message: string, code: number, extra: Record<string, unknown> = {}): unknown {
  return { error: { message, type: 'OAuthException', code, ...extra, fbtrace_id: randomBytes(8).toString('base64url') } };
}

function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  const payload = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
  res.end(payload);
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) req.destroy(new Error('body too large'));
      else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Validates a Meta send-message body; returns the fields to record or an error message. */
function parseSend(body: unknown): { error: string } | Pick<SentMessage, 'to' | 'type' | 'text' | 'template' | 'buttons'> & { rawTo: string } {
  if (typeof body !== 'object' || body === null) return { error: '(#100) Invalid JSON body' };
  const b = body as Record<string, any>;
  if (b.messaging_product !== 'whatsapp') return { error: '(#100) The parameter messaging_product is required.' };
  if (b.recipient_type !== undefined && b.recipient_type !== 'individual') return { error: '(#100) Invalid parameter recipient_type' };
  if (typeof b.to !== 'string' || !/^\+?[1-9]\d{6,14}$/.test(b.to)) return { error: '(#100) Invalid parameter to' };
  const base = { rawTo: b.to, to: `+${digitsOf(b.to)}` };
  if (b.type === 'text') {
    const text = b.text?.body;
    if (typeof text !== 'string' || text.length === 0) return { error: '(#100) The parameter text[\'body\'] is required.' };
    // Meta rejects text bodies over 4096 characters; surface overlong replies here too.
    if (text.length > 4096) return { error: '(#100) Param text[\'body\'] must be at most 4096 characters long.' };
    return { ...base, type: 'text', text };
  }
  if (b.type === 'template') {
    const t = b.template;
    if (typeof t?.name !== 'string' || typeof t?.language?.code !== 'string') {
      return { error: '(#100) The parameters template[\'name\'] and template[\'language\'][\'code\'] are required.' };
    }
    if (t.components !== undefined && !Array.isArray(t.components)) return { error: '(#100) Invalid parameter template[\'components\']' };
    const params: string[] = [];
    for (const c of (t.components ?? []) as any[]) {
      if (c?.type !== 'body') continue;
      for (const p of (c.parameters ?? []) as any[]) params.push(String(p?.text ?? ''));
    }
    return { ...base, type: 'template', template: { name: t.name, language: t.language.code, params } };
  }
  if (b.type === 'interactive') return parseInteractive(b.interactive, base);
  return { error: `(#100) Unsupported message type: ${String(b.type)}` };
}

/**
 * An interactive reply-buttons message, with the limits Meta documents ("Interactive reply
 * buttons messages", WhatsApp Cloud API): body text required, at most 1024 characters; one to
 * three buttons of type `reply`, each id unique and at most 256 characters, each title unique and
 * at most 20 characters. Other interactive types are not used by the service and are refused.
 */
function parseInteractive(i: any, base: { rawTo: string; to: string }): { error: string } | Pick<SentMessage, 'to' | 'type' | 'text' | 'buttons'> & { rawTo: string } {
  if (i?.type !== 'button') return { error: `(#100) Unsupported interactive type: ${String(i?.type)}` };
  const text = i.body?.text;
  if (typeof text !== 'string' || text.length === 0) return { error: '(#100) The parameter interactive[\'body\'][\'text\'] is required.' };
  if (text.length > 1024) return { error: '(#100) Param interactive[\'body\'][\'text\'] must be at most 1024 characters long.' };
  const raw = i.action?.buttons;
  if (!Array.isArray(raw) || raw.length < 1 || raw.length > 3) return { error: '(#100) Param interactive[\'action\'][\'buttons\'] must have between 1 and 3 elements.' };
  const buttons: Array<{ id: string; title: string }> = [];
  for (const button of raw as any[]) {
    const id = button?.reply?.id;
    const title = button?.reply?.title;
    if (button?.type !== 'reply' || typeof id !== 'string' || typeof title !== 'string' || id.length === 0 || title.length === 0) {
      return { error: '(#100) Each button needs type reply, reply.id and reply.title.' };
    }
    if (id.length > 256) return { error: '(#100) Button id must be at most 256 characters long.' };
    if ([...title].length > 20) return { error: '(#100) Button title length is too long. Max length is 20' };
    if (buttons.some((b) => b.id === id || b.title === title)) return { error: '(#100) Button ids and titles must be unique.' };
    buttons.push({ id, title });
  }
  return { ...base, type: 'interactive', text, buttons };
}

/** Starts the fake provider. `port: 0` (default) picks a free port; host defaults to 127.0.0.1. */
export async function startFakeWhatsApp(
  opts: { port?: number; host?: string; serviceUrl?: string; appSecret?: string; phoneNumberId?: string; accessToken?: string } = {},
): Promise<FakeWhatsApp> {
  const host = opts.host ?? '127.0.0.1';
  const cfg: Required<Pick<WhatsAppConfig, 'phoneNumberId'>> & WhatsAppConfig = {
    serviceUrl: opts.serviceUrl,
    appSecret: opts.appSecret,
    phoneNumberId: opts.phoneNumberId ?? '100000000000001',
  };
  const log = new SentLog<SentMessage>('fake WhatsApp', (m) => `${m.type}: ${m.text ?? JSON.stringify(m.template)}`, (a, b) => digitsOf(a) === digitsOf(b));
  const sent = log.items;
  const idempotent = new Map<string, string>();
  // Inbound benchmarks post thousands of webhooks; reuse connections.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  let duplicates = 0;
  let failRemaining = 0;
  let failStatus = 500;

  const handleSend = async (req: http.IncomingMessage, res: http.ServerResponse, phoneNumberId: string): Promise<void> => {
    const raw = await readBody(req);
    if (failRemaining > 0) {
      failRemaining--;
      const message = failStatus === 429 ? '(#130429) Rate limit hit' : 'An unexpected error has occurred. Please retry your request later.';
      sendJson(res, failStatus, metaError(message, failStatus === 429 ? 130429 : 2, { is_transient: true }));
      return;
    }
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!token || (opts.accessToken !== undefined && token !== opts.accessToken)) {
      sendJson(res, 401, metaError('Invalid OAuth access token', 190));
      return;
    }
    const key = req.headers['idempotency-key'];
    const idempotencyKey = typeof key === 'string' && key.length > 0 ? key : undefined;
    const previous = idempotencyKey === undefined ? undefined : idempotent.get(idempotencyKey);
    if (previous !== undefined) {
      duplicates++;
      sendJson(res, 200, previous);
      return;
    }
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      sendJson(res, 400, metaError('(#100) Invalid JSON body', 100));
      return;
    }
    const parsed = parseSend(body);
    if ('error' in parsed) {
      sendJson(res, 400, metaError(parsed.error, 100));
      return;
    }
    const { rawTo, ...fields } = parsed;
    const msg: SentMessage = { seq: log.nextSeq(), phoneNumberId, ...fields, idempotencyKey, wamid: newWamid(), at: Date.now() };
    const response = JSON.stringify({
      messaging_product: 'whatsapp',
      contacts: [{ input: rawTo, wa_id: digitsOf(rawTo) }],
      messages: [{ id: msg.wamid }],
    });
    if (idempotencyKey !== undefined) idempotent.set(idempotencyKey, response);
    log.record(msg);
    sendJson(res, 200, response);
  };

  const handleControlInbound = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    let msg: InboundMessage;
    try {
      msg = JSON.parse(await readBody(req)) as InboundMessage;
    } catch {
      return sendJson(res, 400, { error: 'invalid_json' });
    }
    if (typeof msg?.from !== 'string') return sendJson(res, 400, { error: 'from_required' });
    if (!cfg.serviceUrl) return sendJson(res, 503, { error: 'service_url_not_configured' });
    try {
      sendJson(res, 200, await fake.postInbound(msg));
    } catch (err) {
      sendJson(res, 502, { error: 'service_unreachable', message: (err as Error).message });
    }
  };

  const handler = (req: http.IncomingMessage, res: http.ServerResponse): void => {
    const url = new URL(req.url ?? '/', 'http://provider.invalid');
    const run = async (): Promise<void> => {
      if (url.pathname === '/_control/sent' && req.method === 'GET') return log.longPoll(url, res);
      if (url.pathname === '/_control/inbound' && req.method === 'POST') return handleControlInbound(req, res);
      const m = SEND_ROUTE.exec(url.pathname);
      if (m && req.method === 'POST') return handleSend(req, res, decodeURIComponent(m[1]));
      req.resume();
      sendJson(res, 404, metaError(`Unknown path components: ${url.pathname}`, 2500));
    };
    run().catch((err: unknown) => {
      if (!res.headersSent) sendJson(res, 500, metaError(String((err as Error)?.message ?? err), 1));
    });
  };

  /** POSTs to the service webhook over the keep-alive agent. */
  const post = (body: string, headers: Record<string, string>): Promise<PostResult> => {
    if (!cfg.serviceUrl) return Promise.reject(new Error('fake WhatsApp: serviceUrl not configured (call configure())'));
    const target = new URL(`${cfg.serviceUrl.replace(/\/+$/, '')}/channels/whatsapp/webhook`);
    return new Promise((resolve, reject) => {
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
      req.on('error', reject);
      req.end(body);
    });
  };

  /** Serialises once and signs those exact bytes, so the service verifies what it receives. */
  const postSigned = (payload: unknown, signWith: string | undefined): Promise<PostResult> => {
    const body = JSON.stringify(payload);
    const secret = signWith ?? cfg.appSecret;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (secret) headers['x-hub-signature-256'] = signPayload(body, secret);
    return post(body, headers);
  };

  const envelope = (value: Record<string, unknown>): unknown => ({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: WABA_ID,
        changes: [
          {
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: DISPLAY_PHONE, phone_number_id: cfg.phoneNumberId },
              ...value,
            },
            field: 'messages',
          },
        ],
      },
    ],
  });

  const listening = await listenFake(handler, host, opts.port ?? 0);
  const port = listening.port;

  const fake: FakeWhatsApp = {
    url: `http://${host}:${port}`,
    port,
    sent,
    get duplicates() {
      return duplicates;
    },
    events: log.events,
    configure(next) {
      if (next.serviceUrl !== undefined) cfg.serviceUrl = next.serviceUrl;
      if (next.appSecret !== undefined) cfg.appSecret = next.appSecret;
      if (next.phoneNumberId !== undefined) cfg.phoneNumberId = next.phoneNumberId;
    },
    waitFor(predicate, timeoutMs = 10_000) {
      return log.waitFor(predicate, timeoutMs, `, ${duplicates} duplicates`);
    },
    failNext(n, status = 500) {
      failRemaining = n;
      failStatus = status;
    },
    reset() {
      // Mutate in place so references held by callers (fake.sent) stay live.
      sent.length = 0;
      duplicates = 0;
      failRemaining = 0;
      idempotent.clear();
    },
    async postInbound(msg) {
      const messageId = msg.messageId ?? newWamid();
      const waId = digitsOf(msg.from);
      const type = msg.type ?? 'text';
      const message: Record<string, unknown> = { from: waId, id: messageId, timestamp: unixNow(), type };
      if (type === 'text') {
        message.text = { body: msg.text ?? '' };
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
      const payload = envelope({ contacts: [{ profile: { name: msg.name ?? 'Demo Claimant' }, wa_id: waId }], messages: [message] });
      return { ...(await postSigned(payload, msg.signWith)), messageId };
    },
    postStatus(update) {
      const status: Record<string, unknown> = {
        id: update.wamid,
        status: update.status,
        timestamp: unixNow(),
        recipient_id: digitsOf(update.recipient),
      };
      if (update.status === 'failed') {
        status.errors = [{ code: 131026, title: 'Message undeliverable', message: 'Message undeliverable' }];
      } else {
        status.conversation = { id: randomBytes(16).toString('hex'), origin: { type: 'service' } };
        status.pricing = { billable: true, pricing_model: 'CBP', category: 'service' };
      }
      return postSigned(envelope({ statuses: [status] }), undefined);
    },
    postRaw(body, headers = {}) {
      return post(body, headers);
    },
    async close() {
      agent.destroy();
      await listening.close();
    },
  };
  return fake;
}
