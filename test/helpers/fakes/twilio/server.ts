/**
 * Fake Twilio-style SMS provider: a real HTTP server that does what Twilio's documentation says
 * and nothing more (docs/channels.md lists each behaviour and the page it comes from):
 * - `POST /2010-04-01/Accounts/{AccountSid}/Messages.json` with a form body and HTTP Basic auth
 *   (account SID, auth token) creates a message: 201 with the Message resource (`sid`, `status`
 *   `queued`, `num_segments`), or 400/401 with Twilio's error JSON (`code`, `message`, `more_info`,
 *   `status`). There is no send deduplication: two identical requests are two messages.
 * - After a message is created, status callbacks (`sent`, then `delivered`) are posted to its
 *   `StatusCallback` URL, form-encoded and signed like every webhook; none for the initial status.
 * - Inbound messages are posted form-encoded to the service's webhook, signed with
 *   `X-Twilio-Signature` (HMAC-SHA1 of the URL and the sorted parameters, base64).
 * - Opt-out keywords (STOP, STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT: the whole message) block
 *   sends from that number to the sender (error 21610) and are answered by the provider itself;
 *   START, YES and UNSTOP lift the block. Either way the message is still passed to the webhook.
 * Its parts: ./types.ts, ./wire.ts, ./keywords.ts. Control endpoints (`/_control/sent`, `/_control/inbound`) let the terminal chat drive it.
 */
import * as http from 'node:http';
import { listenFake } from '../fake-server';
import { SentLog } from '../sent-log';
import { optIn, optOut } from './keywords';
import type { CarrierReply, FakeTwilio, InboundSms, PostResult, SentSms, TwilioConfig } from './types';
import { SEND_ROUTE, newSid, postForm, readBody, segmentsOf, send, twilioError } from './wire';

export async function startFakeTwilio(opts: TwilioConfig & { host?: string } = {}): Promise<FakeTwilio> {
  const host = opts.host ?? '127.0.0.1';
  const cfg: TwilioConfig = { ...opts };
  const log = new SentLog<SentSms>('fake Twilio', (m) => m.text, (a, b) => a === b);
  const sent = log.items;
  const carrierReplies: CarrierReply[] = [];
  const callbacks: FakeTwilio['callbacks'] = [];
  /** `from|to` pairs blocked by an opt-out keyword. */
  const blocked = new Set<string>();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  let failRemaining = 0;
  let failStatus = 500;
  let postCallbacks = true;

  const post = (url: string, params: Record<string, string>, signWith?: string): Promise<PostResult> => postForm(agent, url, params, signWith ?? cfg.authToken);

  const sendCallbacks = async (m: SentSms): Promise<void> => {
    if (!m.statusCallback || !postCallbacks) return;
    for (const status of ['sent', 'delivered']) {
      const params = { AccountSid: m.accountSid, ApiVersion: '2010-04-01', From: m.from, MessageSid: m.sid, MessageStatus: status, SmsSid: m.sid, SmsStatus: status, To: m.to };
      const answered = await post(m.statusCallback, params).then((r) => r.status, () => 0);
      callbacks.push({ sid: m.sid, status, answered });
    }
  };

  const handleCreate = async (req: http.IncomingMessage, res: http.ServerResponse, accountSid: string): Promise<void> => {
    const form = new URLSearchParams(await readBody(req));
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const [user, pass] = basic ? Buffer.from(basic, 'base64').toString('utf8').split(':') : [];
    if (!user || user !== accountSid || user !== cfg.accountSid || pass !== cfg.authToken) return twilioError(res, 401, 20003, 'Authenticate');
    if (failRemaining > 0) {
      failRemaining--;
      return failStatus === 429 ? twilioError(res, 429, 20429, 'Too Many Requests') : twilioError(res, failStatus, 20500, 'Internal Server Error');
    }
    const to = form.get('To') ?? '';
    const from = form.get('From') ?? '';
    const body = form.get('Body') ?? '';
    if (!to) return twilioError(res, 400, 21604, "A 'To' phone number is required.");
    if (!/^\+[1-9]\d{6,14}$/.test(to)) return twilioError(res, 400, 21211, `The 'To' number ${to} is not a valid phone number.`);
    if (!from) return twilioError(res, 400, 21603, "A 'From' phone number is required.");
    if (!(cfg.numbers ?? []).includes(from)) return twilioError(res, 400, 21606, `The From phone number ${from} is not a valid, SMS-capable inbound phone number or short code for your account.`);
    if (!body) return twilioError(res, 400, 21602, 'Message body is required.');
    if (body.length > 1600) return twilioError(res, 400, 21617, 'The concatenated message body exceeds the 1600 character limit.');
    if (blocked.has(`${to}|${from}`)) return twilioError(res, 400, 21610, "Attempt to send to unsubscribed recipient");
    const callback = form.get('StatusCallback') ?? undefined;
    const m: SentSms = { seq: log.nextSeq(), sid: newSid('SM'), accountSid, from, to, text: body, type: 'text', ...(callback ? { statusCallback: callback } : {}), at: Date.now() };
    log.record(m);
    const now = new Date().toUTCString().replace('GMT', '+0000');
    send(res, 201, 'application/json', JSON.stringify({
      sid: m.sid, account_sid: accountSid, to, from, body, status: 'queued', num_segments: String(segmentsOf(body)), num_media: '0',
      direction: 'outbound-api', api_version: '2010-04-01', date_created: now, date_updated: now, date_sent: null, price: null, price_unit: 'USD',
      error_code: null, error_message: null, messaging_service_sid: null, uri: `/2010-04-01/Accounts/${accountSid}/Messages/${m.sid}.json`,
    }));
    // Callbacks come after the answer, as the message moves on; a late or failed one is normal.
    setImmediate(() => void sendCallbacks(m));
  };

  const handler = (req: http.IncomingMessage, res: http.ServerResponse): void => {
    const url = new URL(req.url ?? '/', 'http://provider.invalid');
    const run = async (): Promise<void> => {
      if (url.pathname === '/_control/sent' && req.method === 'GET') return log.longPoll(url, res);
      if (url.pathname === '/_control/inbound' && req.method === 'POST') {
        const msg = JSON.parse(await readBody(req)) as InboundSms;
        const result = await fake.postInbound(msg);
        return send(res, 200, 'application/json', JSON.stringify({ status: result.status, body: result.body }));
      }
      const m = SEND_ROUTE.exec(url.pathname);
      if (m && req.method === 'POST') return handleCreate(req, res, decodeURIComponent(m[1]!));
      req.resume();
      twilioError(res, 404, 20404, 'The requested resource was not found');
    };
    run().catch((err: unknown) => { if (!res.headersSent) twilioError(res, 500, 20500, String((err as Error)?.message ?? err)); });
  };

  const listening = await listenFake(handler, host, 0);
  const port = listening.port;

  const fake: FakeTwilio = {
    url: `http://${host}:${port}`,
    sent,
    carrierReplies,
    callbacks,
    events: log.events,
    configure(next) {
      Object.assign(cfg, Object.fromEntries(Object.entries(next).filter(([, v]) => v !== undefined)));
    },
    waitFor(predicate, timeoutMs = 20_000) {
      return log.waitFor(predicate, timeoutMs);
    },
    failNext(n, status = 500) {
      failRemaining = n;
      failStatus = status;
    },
    statusCallbacks(on) {
      postCallbacks = on;
    },
    async postInbound(msg) {
      const to = msg.to ?? cfg.numbers?.[0] ?? '';
      const messageSid = msg.messageSid ?? newSid(msg.media ? 'MM' : 'SM');
      const text = msg.text ?? '';
      const keyword = text.trim().toLowerCase();
      // The provider acts on the keyword before the webhook sees the message, and answers it itself.
      if (optOut.has(keyword)) {
        blocked.add(`${msg.from}|${to}`);
        carrierReplies.push({ to: msg.from, from: to, keyword });
      } else if (optIn.has(keyword) && blocked.delete(`${msg.from}|${to}`)) {
        carrierReplies.push({ to: msg.from, from: to, keyword });
      }
      const params: Record<string, string> = {
        AccountSid: cfg.accountSid ?? '', ApiVersion: '2010-04-01', Body: text, From: msg.from, FromCountry: 'IN', MessageSid: messageSid,
        NumMedia: msg.media ? '1' : '0', NumSegments: String(segmentsOf(text)), SmsMessageSid: messageSid, SmsSid: messageSid, SmsStatus: 'received', To: to, ToCountry: 'IN',
      };
      if (msg.media) {
        params.MediaContentType0 = msg.media.contentType;
        params.MediaUrl0 = `${fake.url}/2010-04-01/Accounts/${cfg.accountSid}/Messages/${messageSid}/Media/${newSid('ME')}`;
      }
      if (!cfg.serviceUrl) throw new Error('fake Twilio: serviceUrl not configured (call configure())');
      const result = await post(`${cfg.serviceUrl.replace(/\/+$/, '')}/channels/sms/webhook`, params, msg.signWith);
      return { ...result, messageSid };
    },
    postSigned(path, params, signWith) {
      if (!cfg.serviceUrl) return Promise.reject(new Error('fake Twilio: serviceUrl not configured'));
      return post(`${cfg.serviceUrl.replace(/\/+$/, '')}${path}`, params, signWith);
    },
    async close() {
      agent.destroy();
      await listening.close();
    },
  };
  return fake;
}
