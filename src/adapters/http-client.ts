/**
 * Outbound HTTP for adapters (CMS, channel providers): undici's `request` over a keep-alive
 * Agent, because `fetch` costs several times more CPU per call (its streams and Request objects),
 * and every call is bounded
 * by a timeout. Network failures, timeouts and answers whose body is larger than
 * `maxResponseBytes` come back as `HttpFailure`, answers of any status as `HttpAnswer`; the
 * adapter decides what each means (a failed CMS call, send or webhook attempt).
 *
 * Every response body is read only up to `maxResponseBytes` (1 MiB, docs/security.md): a partner
 * (CMS, channel provider, webhook endpoint) that streams more is cut off there, so it cannot fill
 * the service's memory. The contracts' answers are a few KiB.
 */
import { Agent, request, type Dispatcher } from 'undici';

export interface HttpAnswer {
  status: number;
  /** The parsed JSON body, or undefined when the body was not JSON. */
  json: unknown;
  /** Response headers, lower-case names (e.g. `retry-after`). */
  headers: Record<string, string | string[] | undefined>;
}

export class HttpFailure extends Error {
  constructor(readonly kind: 'timeout' | 'network' | 'too_large', message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'HttpFailure';
  }
}

const agent = new Agent({ keepAliveTimeout: 10_000, connections: 128 });

/** The largest response body read from any partner; more is a failed call. */
export const maxResponseBytes = 1024 * 1024;

export interface HttpOptions {
  method?: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  /** Replaces the shared keep-alive agent (webhooks bring one that guards addresses). */
  dispatcher?: Dispatcher;
  maxBytes?: number;
}

/**
 * One call. The whole of it, connecting and reading the body included, is bounded by `timeoutMs`:
 * a body that trickles in (each piece inside undici's idle `bodyTimeout`) is cut off there too,
 * and reads as empty. The bound is one timer, cleared when the call ends. (`AbortSignal.timeout`
 * gives the same bound, but its timer is never cleared: it fires `timeoutMs` after every call, and
 * each signal is tracked for the garbage collector, a few per cent of a stage process's CPU.)
 */
export async function httpJson(url: string, options: HttpOptions): Promise<HttpAnswer> {
  const controller = new AbortController();
  // The reason AbortSignal.timeout gives, made only when the timer fires; unref'd as that one is,
  // so a call in flight does not by itself hold a process that is ending.
  const timer = setTimeout(() => controller.abort(new DOMException(`timed out after ${options.timeoutMs} ms`, 'TimeoutError')), options.timeoutMs).unref();
  try {
    return await callJson(url, options, controller.signal);
  } finally {
    clearTimeout(timer);
  }
}

async function callJson(url: string, options: HttpOptions, signal: AbortSignal): Promise<HttpAnswer> {
  let response;
  try {
    response = await request(url, {
      method: options.method ?? 'GET', headers: options.headers, body: options.body, dispatcher: options.dispatcher ?? agent,
      headersTimeout: options.timeoutMs, bodyTimeout: options.timeoutMs, signal,
    });
  } catch (err) {
    const name = (err as Error).name;
    const timedOut = name === 'TimeoutError' || name === 'HeadersTimeoutError' || name === 'AbortError';
    throw new HttpFailure(timedOut ? 'timeout' : 'network', `${timedOut ? 'timed out' : 'unreachable'}: ${name}`, { cause: err });
  }
  const limit = options.maxBytes ?? maxResponseBytes;
  if (Number(response.headers['content-length']) > limit) {
    response.body.destroy();
    throw new HttpFailure('too_large', `response body larger than ${limit} bytes (Content-Length): not read`);
  }
  const text = await readCapped(response.body, limit);
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.statusCode, json, headers: response.headers };
}

/**
 * The body as text, reading at most `limit` bytes: a longer one (by its Content-Length or as it
 * streams) is destroyed there, which closes the connection, and is an `HttpFailure`.
 */
async function readCapped(body: Dispatcher.ResponseData['body'], limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body) {
      size += (chunk as Buffer).length;
      if (size > limit) {
        body.destroy();
        throw new HttpFailure('too_large', `response body larger than ${limit} bytes: stopped reading`);
      }
      chunks.push(chunk as Buffer);
    }
  } catch (err) {
    if (err instanceof HttpFailure) throw err;
    // A body cut short (reset, body timeout) reads as empty, as before: the caller sees the status.
    return '';
  }
  return Buffer.concat(chunks).toString('utf8');
}
