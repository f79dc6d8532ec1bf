/**
 * Fake WhatsApp Cloud API provider: a real HTTP server that accepts the
 * service's outbound `/{phone_number_id}/messages` calls (recording them, with
 * Idempotency-Key dedupe: KINDER THAN META, which documents no such dedupe; the crash tests'
 * exactly-once counts lean on it, see docs/channels.md, until effectively-once sends land) and posts signed, Meta-shaped webhooks into the
 * service (./webhooks.ts). Control endpoints let a terminal chat in another process drive it.
 */
import * as http from 'node:http';
import { listenFake } from '../fake-server';
import { SentLog } from '../sent-log';
import { parseSend } from './send-body';
import type { FakeWhatsApp, InboundMessage, SentMessage, WhatsAppConfig } from './types';
import { SEND_ROUTE, digitsOf, metaError, newWamid, readBody, sendJson } from './wire';
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

  const webhook = new ServiceWebhook(cfg, agent);

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
    postInbound(msg) {
      return webhook.inbound(msg);
    },
    postStatus(update) {
      return webhook.status(update);
    },
    postRaw(body, headers = {}) {
      return webhook.post(body, headers);
    },
    async close() {
      agent.destroy();
      await listening.close();
    },
  };
  return fake;
}
