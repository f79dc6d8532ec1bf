/**
 * The typed client: openapi-fetch over the paths generated from docs/openapi.yaml
 * (`npm run sdk:generate`), with a fetch that
 * - puts a machine token on every partner call (TokenManager: cached, renewed before expiry);
 * - after a 401 renews the token once and sends the call again, once: a second 401 is returned
 *   as it is, never looped on (spec rule 5);
 * - after a 429, or a 503 that carries `Retry-After` (the service's data store unreachable for a
 *   moment, `store_unavailable`, or a bound of work reached), waits what it says and sends again,
 *   up to `maxRetries` times;
 * - gives every mutating call (POST, PUT, PATCH, DELETE under /v1 but the auth endpoints) an
 *   `Idempotency-Key` unless the caller set one, the same key on every resend, so a resend after a
 *   lost answer is answered from the first outcome instead of acting twice (docs/idempotency.md).
 */
import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './openapi';
import { TokenManager, type TokenManagerOptions } from './token-manager';

export interface ClaimsClientOptions extends TokenManagerOptions {
  /** Resends after a 429, or a 503 with `Retry-After` (each after its `Retry-After`); default 2. */
  maxRetries?: number;
  /** Add an `Idempotency-Key` to mutating calls that have none; default true. */
  idempotencyKeys?: boolean;
  /** Waits `ms` (default a timer); tests replace it. */
  sleep?: (ms: number) => Promise<void>;
}

export interface ClaimsClient {
  /** `api.GET('/v1/workflows/{workflow_id}', { params: { path: { workflow_id } } })`, typed by the document. */
  api: Client<paths>;
  tokens: TokenManager;
}

const mutating = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Calls that authenticate otherwise (credentials in the body or Basic) or need no token. */
const withoutBearer = /^\/(v1\/auth\/(token|login|refresh|introspect|revoke)|\.well-known\/)/;
/** Longest wait honoured for one Retry-After, so a wrong header cannot hang a caller. */
const maxWaitMs = 120_000;

export function createClaimsClient(options: ClaimsClientOptions): ClaimsClient {
  const tokens = new TokenManager(options);
  const send = options.fetch ?? ((request: Request) => fetch(request));
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const maxRetries = options.maxRetries ?? 2;

  async function authorisedFetch(request: Request): Promise<Response> {
    const path = new URL(request.url).pathname;
    const headers = new Headers(request.headers);
    if (options.idempotencyKeys !== false && mutating.has(request.method) && path.startsWith('/v1/') && !path.startsWith('/v1/auth/') && !headers.has('idempotency-key')) {
      headers.set('idempotency-key', crypto.randomUUID());
    }
    // The body is read once, so every resend can carry it.
    const body = request.body === null ? undefined : await request.arrayBuffer();
    const attempt = (token: string | null) => {
      const h = new Headers(headers);
      if (token) h.set('authorization', `Bearer ${token}`);
      return send(new Request(request.url, { method: request.method, headers: h, body, signal: request.signal }));
    };
    const bearer = !withoutBearer.test(path) && !headers.has('authorization');
    let token = bearer ? await tokens.token() : null;
    let response = await attempt(token);
    if (response.status === 401 && token) {
      token = await tokens.renew(token);
      response = await attempt(token);
    }
    for (let retry = 0; retryable(response) && retry < maxRetries; retry++) {
      await sleep(Math.min(retryAfterMs(response.headers.get('retry-after')), maxWaitMs));
      response = await attempt(token);
    }
    return response;
  }

  // The base URL as the token manager checked it (https, or http to loopback only).
  const api = createClient<paths>({ baseUrl: tokens.baseUrl, fetch: authorisedFetch });
  return { api, tokens };
}

/**
 * Worth sending again after `Retry-After`: a 429, and a 503 that says when (a 503 without it, such
 * as the CMS events' `cms_unavailable`, is the caller's to judge).
 */
function retryable(response: Response): boolean {
  return response.status === 429 || (response.status === 503 && response.headers.has('retry-after'));
}

/** `Retry-After` as seconds or an HTTP date (RFC 9110 10.2.3); 1 s when absent or unreadable. */
function retryAfterMs(value: string | null): number {
  if (value === null) return 1000;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? 1000 : Math.max(0, at - Date.now());
}
