/**
 * Fake WhatsApp Cloud API provider: a real HTTP server that does what Meta's documentation says
 * and nothing more (docs/channels.md lists each behaviour and its page). It accepts the service's
 * outbound `/{phone_number_id}/messages` calls and records every one: like the Cloud API it has
 * no send deduplication, so two identical requests are two messages to the claimant. It posts
 * signed, Meta-shaped webhooks into the service (./webhooks.ts): claimants' messages, and the
 * `sent`/`delivered` statuses of every accepted message, echoing `biz_opaque_callback_data`,
 * re-posted until answered 200, sometimes twice or late (./statuses.ts). Control endpoints let a
 * terminal chat in another process drive it.
 */
import * as http from 'node:http';
import { listenFake } from '../fake-server';
import { SentLog } from '../sent-log';
import { parseSend } from './send-body';
import type { FakeWhatsApp, InboundMessage, SentMessage, WhatsAppConfig } from './types';
import { SEND_ROUTE, digitsOf, metaError, newWamid, readBody, sendJson } from './wire';
import { StatusWebhooks } from './statuses';
import { ServiceWebhook } from './webhooks';

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
  // Inbound benchmarks post thousands of webhooks; reuse connections.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  let failRemaining = 0;
  let failStatus = 500;
  let answerDelayMs = 0;
  // Answers held until the test releases them (holdAnswers): a slow answer whose end the test
  // chooses, so what happens while it is out does not race a fixed delay.
  let heldAnswers: { until: Promise<void>; release: () => void } | null = null;
  const releaseAnswers = () => {
    heldAnswers?.release();
    heldAnswers = null;
  };

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
    const msg: SentMessage = { seq: log.nextSeq(), phoneNumberId, ...fields, wamid: newWamid(), at: Date.now() };
    const response = JSON.stringify({
      messaging_product: 'whatsapp',
      contacts: [{ input: rawTo, wa_id: digitsOf(rawTo) }],
      messages: [{ id: msg.wamid }],
    });
    log.record(msg);
    statuses.accepted({ wamid: msg.wamid, recipient: msg.to, ...(msg.bizOpaque ? { bizOpaque: msg.bizOpaque } : {}) });
    // A slow answer: the message is already on its way to the claimant.
    if (answerDelayMs > 0) await new Promise((r) => setTimeout(r, answerDelayMs));
    if (heldAnswers) await heldAnswers.until;
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

  const webhook = new ServiceWebhook(cfg, agent);
  // Statuses go to the service once it is configured; until then (and while it is down) they are re-posted.
  const statuses: StatusWebhooks = new StatusWebhooks((m, status) => webhook.status(
    { wamid: m.wamid, status, recipient: m.recipient, ...(m.bizOpaque ? { bizOpaque: m.bizOpaque } : {}) }, statuses.options.sinkUrl));

  const listening = await listenFake(handler, host, opts.port ?? 0);
  const port = listening.port;

  const fake: FakeWhatsApp = {
    url: `http://${host}:${port}`,
    port,
    sent,
    statusWebhooks: statuses.delivered,
    configureStatuses(next) {
      statuses.options = { ...statuses.options, ...next };
    },
    releaseStatuses() {
      statuses.release();
    },
    events: log.events,
    configure(next) {
      if (next.serviceUrl !== undefined) cfg.serviceUrl = next.serviceUrl;
      if (next.appSecret !== undefined) cfg.appSecret = next.appSecret;
      if (next.phoneNumberId !== undefined) cfg.phoneNumberId = next.phoneNumberId;
    },
    waitFor(predicate, timeoutMs = 20_000) {
      return log.waitFor(predicate, timeoutMs);
    },
    delayAnswers(ms) {
      answerDelayMs = ms;
    },
    holdAnswers() {
      if (heldAnswers) return;
      let release = () => undefined as void;
      const until = new Promise<void>((resolve) => { release = resolve; });
      heldAnswers = { until, release };
    },
    releaseAnswers,
    failNext(n, status = 500) {
      failRemaining = n;
      failStatus = status;
    },
    reset() {
      // Mutate in place so references held by callers (fake.sent) stay live.
      sent.length = 0;
      failRemaining = 0;
      answerDelayMs = 0;
      releaseAnswers();
      statuses.reset();
    },
    postInbound(msg) {
      return webhook.inbound(msg);
    },
    async tapRow(message, rowId) {
      const row = message.list?.sections.flatMap((section) => section.rows).find((r) => r.id === rowId);
      if (!row) throw new Error(`fake WhatsApp: message ${message.seq} has no list row ${rowId}`);
      return webhook.inbound({ from: message.to, type: 'interactive', row: { ...row, contextId: message.wamid } });
    },
    postStatus(update) {
      return webhook.status(update);
    },
    postRaw(body, headers = {}) {
      return webhook.post(body, headers);
    },
    async close() {
      releaseAnswers();
      statuses.close();
      agent.destroy();
      await listening.close();
    },
  };
  return fake;
}
