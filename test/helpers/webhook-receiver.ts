/**
 * A partner's webhook receiver for tests: a real HTTP server on loopback that records every
 * request and answers as told, and verifies with the stock `standardwebhooks` library as a
 * partner would. Its clock is the test's clock: verification checks `webhook-timestamp` against
 * it (the library reads `Date.now()`, so that is pointed at the clock for the synchronous call).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { Webhook } from 'standardwebhooks';
import type { Clock } from '../../src/clock';

export interface ReceivedWebhook {
  id: string;
  timestamp: string;
  signature: string;
  contentType: string;
  body: string;
  /** The status this receiver answered. */
  answered: number;
  /** Per secret in `receiver.secrets`, whether the request verified with it when it arrived. */
  verified: boolean[];
}

export interface Answer {
  status: number;
  headers?: Record<string, string>;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** How to answer the n-th request (0-based), whose `webhook-id` is `id`; default 204. */
  respond: (n: number, id: string) => Answer;
  /** Delays every answer by this many ms (real time). */
  delayMs: number;
  /** Secrets each request is verified with on arrival, at `clock`'s time (see `verified`). */
  secrets: string[];
  clock: Clock | null;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const receiver: WebhookReceiver = {
    url: '', received: [], respond: () => ({ status: 204 }), delayMs: 0, secrets: [], clock: null,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const answer = receiver.respond(receiver.received.length, String(req.headers['webhook-id'] ?? ''));
      const received: ReceivedWebhook = {
        id: String(req.headers['webhook-id'] ?? ''), timestamp: String(req.headers['webhook-timestamp'] ?? ''),
        signature: String(req.headers['webhook-signature'] ?? ''), contentType: String(req.headers['content-type'] ?? ''),
        body: Buffer.concat(chunks).toString('utf8'), answered: answer.status, verified: [],
      };
      received.verified = receiver.secrets.map((secret) => {
        try { verifyWebhook(secret, received, receiver.clock!); return true; } catch { return false; }
      });
      receiver.received.push(received);
      const reply = () => { res.writeHead(answer.status, answer.headers ?? {}); res.end(); };
      if (receiver.delayMs > 0) setTimeout(reply, receiver.delayMs);
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return receiver;
}

/**
 * A partner's receiver made the tenant's webhook endpoint: starts a receiver, stores its URL with
 * PUT /v1/webhooks/endpoint through `api` (a new endpoint: 201), and verifies every request with
 * the signing secret the answer gave, at `clock`'s time.
 */
export async function startPartnerEndpoint(api: (path: string, init: RequestInit) => Promise<Response>, clock: Clock): Promise<WebhookReceiver> {
  const receiver = await startWebhookReceiver();
  try {
    receiver.clock = clock;
    const res = await api('/v1/webhooks/endpoint', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url: receiver.url }) });
    expect(res.status).to.equal(201);
    receiver.secrets = [((await res.json()) as { signing_secret: string }).signing_secret];
    return receiver;
  } catch (err) {
    await receiver.close();
    throw err;
  }
}

/**
 * `Webhook.verify` with one secret, at the clock's time. Returns the parsed body; throws
 * WebhookVerificationError when no signature matches or the timestamp is off by over 5 minutes.
 */
export function verifyWebhook(secret: string, received: ReceivedWebhook, clock: Clock): unknown {
  const at = clock.now();
  const realNow = Date.now;
  Date.now = () => at;
  try {
    return new Webhook(secret).verify(received.body, {
      'webhook-id': received.id, 'webhook-timestamp': received.timestamp, 'webhook-signature': received.signature,
    });
  } finally {
    Date.now = realNow;
  }
}
