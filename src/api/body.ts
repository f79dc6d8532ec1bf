/**
 * Request bodies, read by hand: webhooks need the raw bytes for their signature, and every body
 * has a size limit (413) and a clear 400 when it is not the JSON it claims to be.
 */
import type { Context } from 'koa';
import { AppError } from '../errors';

export async function readRaw(ctx: Context, limitBytes: number): Promise<Buffer> {
  // Already read (by the idempotency check, which fingerprints the body): the same bytes again.
  const early = ctx.state.rawBody as Buffer | undefined;
  if (early) {
    if (early.length > limitBytes) throw new AppError('payload_too_large', `body over ${limitBytes} bytes`);
    return early;
  }
  const declared = Number(ctx.get('content-length') || '0');
  if (declared > limitBytes) throw new AppError('payload_too_large', `body over ${limitBytes} bytes`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length;
    if (size > limitBytes) throw new AppError('payload_too_large', `body over ${limitBytes} bytes`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export function parseJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    throw new AppError('malformed_json', 'request body is not valid JSON');
  }
}

/** A JSON or form-encoded body as a flat object of strings (OAuth2 clients send forms). */
export async function readForm(ctx: Context, limitBytes = 16 * 1024): Promise<Record<string, unknown>> {
  const raw = await readRaw(ctx, limitBytes);
  if (ctx.is('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(raw.toString('utf8')));
  if (ctx.is('application/json') || raw.length === 0) {
    const body = raw.length === 0 ? {} : parseJson(raw);
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw new AppError('invalid_request', 'body must be a JSON object');
    return body as Record<string, unknown>;
  }
  throw new AppError('unsupported_media_type', 'send application/json or application/x-www-form-urlencoded');
}
