/**
 * The Cloud API's wire format as the fake speaks it: the webhook signature, Meta's error body,
 * message ids, and reading and writing JSON over HTTP.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { randomHex } from '../random-hex';
import type * as http from 'node:http';

/** `sha256=<hex>` HMAC of the exact body bytes, as Meta sends in X-Hub-Signature-256. */
export function signPayload(body: string | Buffer, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

export const SEND_ROUTE = /^(?:\/[^/]+)?\/([^/]+)\/messages\/?$/;
const MAX_BODY = 1024 * 1024;
export const WABA_ID = '102290129340398';
export const DISPLAY_PHONE = '15550109999';

export const digitsOf = (phone: string): string => phone.replace(/\D/g, '');
export const newWamid = (): string => `wamid.${randomHex(24).toUpperCase()}`;
export const unixNow = (): string => String(Math.floor(Date.now() / 1000));

export function metaError(message: string, code: number, extra: Record<string, unknown> = {}): unknown {
  return { error: { message, type: 'OAuthException', code, ...extra, fbtrace_id: randomBytes(8).toString('base64url') } };
}

export function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  const payload = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
  res.end(payload);
}

export function readBody(req: http.IncomingMessage): Promise<string> {
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
