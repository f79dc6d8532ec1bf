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
  // Plain stream events: `for await` over the request costs a promise per chunk on every POST.
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const req = ctx.req;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limitBytes) {
        req.off('data', onData);
        req.resume(); // drain the rest so the connection can answer
        reject(new AppError('payload_too_large', `body over ${limitBytes} bytes`));
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
    req.once('error', reject);
  });
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
