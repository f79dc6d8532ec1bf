/**
 * `Idempotency-Key` on mutating partner requests (POST, PUT, PATCH, DELETE under /v1). It runs
 * only after the bearer token is verified and the route's scope check passed (`requireScope`
 * calls it), so a stored answer is never given to a caller who may not make the request. The
 * spec leaves retention and conflicts open; decided here and in docs/idempotency.md:
 *
 *  - The outcome (status, body) is kept for 24 hours per tenant, caller (the token's `sub`:
 *    client id or user id) and key: another caller's same key is another request. The same key
 *    with the same request (method, path, body) from the same caller gets the stored outcome
 *    again, with `Idempotent-Replayed: true`, and the operation does not run again.
 *  - A webhook signing secret in an answer is never kept in clear: it is sealed with
 *    SIGNING_KEY_ENCRYPTION_KEY (as the endpoint store seals it) and opened for the replay, or,
 *    without that key (development), left out of the replay with `signing_secret_note`.
 *  - The same key with a different request is 422 `idempotency_key_reused`.
 *  - While the first request with the key is still running, another is 409
 *    `idempotency_in_progress` with `Retry-After: 1`.
 *  - A request that fails with a server error (5xx) or is refused by a rate limit (429) keeps
 *    nothing: it was not carried out, so it can be sent again with the same key once the wait is
 *    over (kept, a 429 would be replayed for 24 hours). Other client errors (4xx) are kept like
 *    successes.
 *  - The request's fingerprint (method, path as sent, body) is an HMAC under the deployment's
 *    PHI_REF_KEY for every request, never a plain hash: a body may name a claimant (an erasure's
 *    phone number), and a plain SHA-256 of one is reversed by hashing every number. Keying every
 *    fingerprint, and not those of a list of paths, leaves no spelling of a path (its case, a
 *    trailing slash, which the router matches alike) that stores a plain one.
 */
import { createHash, createHmac } from 'node:crypto';
import type { Context, Middleware, Next } from 'koa';
import { AppError } from '../errors';
import type { Services } from '../services';
import { SecretBox } from '../webhooks/secret-box';
import { principal } from './authenticate';
import { readRaw } from './body';
import { sendProblem } from './problem';

const mutating = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const keyPattern = /^[\x21-\x7e]{1,255}$/;
const retentionMs = 24 * 3600 * 1000;
const maxBodyBytes = 1024 * 1024;

interface Stored {
  state: 'in_progress' | 'done';
  fingerprint: string;
  status?: number;
  type?: string;
  body?: string;
}

/** Answer members that hold a secret shown once. */
const secretMember = 'signing_secret';
const sealedMember = 'sealed_signing_secret';
const droppedNote = 'The signing secret is shown only in the first answer; this replay leaves it out. Rotate the secret again if that answer was lost.';

/** What the middleware uses of the services: src/api/app.ts hands it these and nothing else. */
export const idempotencyPorts = ['config', 'keys', 'redis'] as const satisfies readonly (keyof Services)[];
export type IdempotencyPorts = Pick<Services, (typeof idempotencyPorts)[number]>;

/** Runs `next` under the Idempotency-Key rules; called by `requireScope` once the scope holds. */
export function idempotency(s: IdempotencyPorts): Middleware {
  const box = s.config.signingKeyEncryptionKey ? new SecretBox(s.config.signingKeyEncryptionKey) : null;
  return async (ctx: Context, next: Next) => {
    const key = ctx.get('idempotency-key');
    if (!key || !mutating.has(ctx.method)) return next();
    if (!keyPattern.test(key)) throw new AppError('invalid_request', 'Idempotency-Key must be 1-255 printable ASCII characters');
    const who = principal(ctx);
    const tenantId = who.tenant_id;
    const raw = await readRaw(ctx, maxBodyBytes);
    ctx.state.rawBody = raw;
    const request = `${ctx.method} ${ctx.path}\n`;
    const fingerprint = createHmac('sha256', s.config.phiRefKey).update(request).update(raw).digest('hex');
    // The caller is part of the record's name: another client or user with the same key never meets this record.
    const caller = `${who.token_type ?? 'machine'}\0${who.sub}`;
    const redisKey = s.keys.idempotency(tenantId, createHash('sha256').update(caller).update('\0').update(key).digest('hex'));

    const claimed = await s.redis.set(redisKey, JSON.stringify({ state: 'in_progress', fingerprint } satisfies Stored), 'PX', retentionMs, 'NX');
    if (claimed !== 'OK') {
      const stored = JSON.parse((await s.redis.get(redisKey)) ?? '{}') as Partial<Stored>;
      if (stored.fingerprint !== fingerprint && stored.fingerprint !== olderPlainFingerprint(request, raw)) {
        throw new AppError('idempotency_key_reused', 'this Idempotency-Key was used for a different request');
      }
      if (stored.state !== 'done') {
        ctx.set('Retry-After', '1');
        throw new AppError('idempotency_in_progress', 'the first request with this Idempotency-Key has not finished');
      }
      ctx.status = stored.status ?? 200;
      if (stored.type) ctx.type = stored.type;
      ctx.body = reveal(stored.body ?? '', tenantId, box);
      ctx.set('Idempotent-Replayed', 'true');
      return;
    }
    try {
      await next();
    } catch (err) {
      // A client error is the answer to this request: render it here and keep it, so a replay
      // returns the very same problem document. Anything else may be retried with the key.
      if (!(err instanceof AppError) || notAnOutcome(err.status)) {
        await s.redis.del(redisKey);
        throw err;
      }
      sendProblem(ctx, err);
    }
    if (notAnOutcome(ctx.status)) {
      await s.redis.del(redisKey);
      return;
    }
    const body = ctx.body === undefined || ctx.body === null ? '' : typeof ctx.body === 'string' ? ctx.body : JSON.stringify(ctx.body);
    await keep(s, redisKey, fingerprint, ctx.status, ctx.response.get('Content-Type') || 'application/json', conceal(body, tenantId, box));
  };
}

/**
 * The plain SHA-256 fingerprint that releases before keyed fingerprints stored for requests other
 * than an erasure: such a record, kept at most 24 hours, still answers its retry. It is compared
 * with, never written.
 */
function olderPlainFingerprint(request: string, raw: Buffer): string {
  return createHash('sha256').update(request).update(raw).digest('hex');
}

/** The answer as it may be kept: a signing secret sealed, or dropped with a note when there is no key. */
function conceal(body: string, tenantId: string, box: SecretBox | null): string {
  const answer = parseObject(body);
  if (!answer || typeof answer[secretMember] !== 'string') return body;
  const { [secretMember]: secret, ...rest } = answer;
  return JSON.stringify(box ? { ...rest, [sealedMember]: box.seal(secret as string, tenantId) } : { ...rest, signing_secret_note: droppedNote });
}

/** The kept answer as the replay shows it: a sealed secret opened in place. */
function reveal(body: string, tenantId: string, box: SecretBox | null): string {
  const answer = parseObject(body);
  if (!answer || typeof answer[sealedMember] !== 'string') return body;
  const { [sealedMember]: sealed, ...rest } = answer;
  if (!box) return JSON.stringify({ ...rest, signing_secret_note: droppedNote });
  return JSON.stringify({ ...rest, [secretMember]: box.open(sealed as string, tenantId) });
}

function parseObject(body: string): Record<string, unknown> | null {
  if (!body.startsWith('{')) return null;
  try {
    return JSON.parse(body) as Record<string, unknown>;
  } catch {
    return null;
  }
}

/** Answers that say the request was not carried out: retried with the same key, never replayed. */
function notAnOutcome(status: number): boolean {
  return status >= 500 || status === 429;
}

async function keep(s: IdempotencyPorts, redisKey: string, fingerprint: string, status: number, type: string, body: string): Promise<void> {
  await s.redis.set(redisKey, JSON.stringify({ state: 'done', fingerprint, status, type, body } satisfies Stored), 'PX', retentionMs);
}
