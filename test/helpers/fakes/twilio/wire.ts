/**
 * Twilio's wire format as the fake speaks it: the request signature, error bodies, SIDs,
 * segment counts, form posts.
 */
import { createHmac } from 'node:crypto';
import * as http from 'node:http';
import type { PostResult } from './types';
import { randomHex } from '../random-hex';

export const SEND_ROUTE = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/;

/** Twilio's request signature: base64 HMAC-SHA1 of the URL and the sorted name/value pairs. */
export function twilioSignature(url: string, params: Record<string, string>, authToken: string): string {
  const data = Object.keys(params).sort().reduce((acc, key) => acc + key + params[key], url);
  return createHmac('sha1', authToken).update(Buffer.from(data, 'utf8')).digest('base64');
}

export const newSid = (prefix: string): string => `${prefix}${randomHex(16)}`;

/** GSM-7 or UCS-2 segments, as Twilio reports `num_segments` (a rough count is enough here). */
export function segmentsOf(text: string): number {
  const ucs2 = /[^\n\r -~£¥èéùìòÇØøÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ¤¡ÄÖÑÜ§¿äöñüà€]/.test(text);
  const [single, part] = ucs2 ? [70, 67] : [160, 153];
  return text.length <= single ? 1 : Math.ceil(text.length / part);
}

export function twilioError(res: http.ServerResponse, status: number, code: number, message: string): void {
  send(res, status, 'application/json', JSON.stringify({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }));
}

export function send(res: http.ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

export function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}


/** POSTs a form, signed with `authToken` when one is given, as Twilio posts its webhooks. */
export function postForm(agent: http.Agent, url: string, params: Record<string, string>, authToken: string | undefined): Promise<PostResult> {
  const body = new URLSearchParams(params).toString();
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(Buffer.byteLength(body)) };
  if (authToken) headers['x-twilio-signature'] = twilioSignature(url, params, authToken);
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(body);
  });
}
