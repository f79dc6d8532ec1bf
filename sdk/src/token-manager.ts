/**
 * Machine tokens for the SDK (OAuth 2.0 client_credentials, `client_secret_basic`): fetched on
 * first use, kept, and renewed once a configurable fraction of `expires_in` has passed, so a call
 * rarely meets an expired token. Concurrent callers share one token request (single flight).
 * The secret only ever goes in the `Authorization` header of the token request: never in a URL,
 * an error message or a log. It and the token held are private fields (`#`), which no property
 * walk reaches, and `util.inspect` (so `console.log`) and `JSON.stringify` show only the base URL,
 * client id and scope. An `http://` base URL is refused unless it is loopback: the secret and the
 * tokens would otherwise cross the network in clear.
 */
import { ClaimsApiError } from './errors';

/** Node's `util.inspect.custom`, by its registered name (no import of node:util). */
const inspectCustom = Symbol.for('nodejs.util.inspect.custom');

export interface TokenManagerOptions {
  /** The service's base URL, e.g. `https://claims.example.com`. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Scopes to ask for, space-separated; default every scope granted to the client. */
  scope?: string;
  /** Renew once this fraction of the token's lifetime has passed (0 < renewAt <= 1); default 0.8. */
  renewAt?: number;
  /** The fetch to use (default the global one). */
  fetch?: (request: Request) => Promise<Response>;
  /** The clock, ms since the epoch (default `Date.now`); tests move it. */
  now?: () => number;
}

/** Whether `hostname` (as `URL` gives it) is this machine: 127.0.0.0/8, ::1 or localhost. */
function isLoopback(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return host === 'localhost' || host === '[::1]' || /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.test(host);
}

/** The base URL, checked: `https:`, or `http:` to loopback only. */
function checkedBaseUrl(baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new TypeError('the base URL is not a URL (expected e.g. https://claims.example.com)');
  }
  if (url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url.hostname))) return baseUrl.replace(/\/+$/, '');
  throw new TypeError(`refusing the base URL ${url.protocol}//${url.host}: use https:// (plain http:// only to loopback: 127.0.0.0/8, ::1, localhost), `
    + 'since the client secret and the tokens would cross the network in clear');
}

interface HeldToken {
  value: string;
  /** When to ask for the next one (ms). */
  renewAfter: number;
}

export class TokenManager {
  readonly baseUrl: string;
  readonly clientId: string;
  readonly scope: string | null;
  readonly #secret: string;
  readonly #renewAt: number;
  readonly #fetcher: (request: Request) => Promise<Response>;
  readonly #now: () => number;
  #held: HeldToken | null = null;
  #inFlight: Promise<string> | null = null;

  constructor(options: TokenManagerOptions) {
    this.baseUrl = checkedBaseUrl(options.baseUrl);
    this.clientId = options.clientId;
    this.scope = options.scope ?? null;
    this.#secret = options.clientSecret;
    this.#renewAt = options.renewAt ?? 0.8;
    if (!(this.#renewAt > 0 && this.#renewAt <= 1)) throw new RangeError('renewAt must be a fraction of the token lifetime, above 0 and at most 1');
    this.#fetcher = options.fetch ?? ((request) => fetch(request));
    this.#now = options.now ?? Date.now;
  }

  /** What `JSON.stringify` writes: where and as whom, never the secret or a token. */
  toJSON(): { baseUrl: string; clientId: string; scope: string | null } {
    return { baseUrl: this.baseUrl, clientId: this.clientId, scope: this.scope };
  }

  /** What `util.inspect` and `console.log` show: the same as toJSON. */
  [inspectCustom](_depth: number, options: object, inspect: (value: unknown, options: object) => string): string {
    return `TokenManager ${inspect(this.toJSON(), options)}`;
  }

  /** A token good for now: the one held, or a new one when it is due for renewal. */
  token(): Promise<string> {
    if (this.#held && this.#now() < this.#held.renewAfter) return Promise.resolve(this.#held.value);
    return this.fetchOnce();
  }

  /**
   * A new token after `rejected` was answered 401 (revoked, or the service's keys changed). When
   * another caller already replaced it, that newer token is returned without a new request.
   */
  renew(rejected: string): Promise<string> {
    if (this.#held && this.#held.value !== rejected) return Promise.resolve(this.#held.value);
    this.#held = null;
    return this.fetchOnce();
  }

  private fetchOnce(): Promise<string> {
    this.#inFlight ??= this.request().finally(() => { this.#inFlight = null; });
    return this.#inFlight;
  }

  private async request(): Promise<string> {
    const asked = this.#now();
    const form = new URLSearchParams({ grant_type: 'client_credentials' });
    if (this.scope) form.set('scope', this.scope);
    // RFC 6749 2.3.1: form-encode both parts before joining them for Basic.
    const basic = Buffer.from(`${encodeURIComponent(this.clientId)}:${encodeURIComponent(this.#secret)}`).toString('base64');
    const response = await this.#fetcher(new Request(`${this.baseUrl}/v1/auth/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: form.toString(),
    }));
    if (response.status !== 200) throw await ClaimsApiError.from(response, 'token request refused');
    const body = (await response.json()) as { access_token: string; expires_in: number };
    this.#held = { value: body.access_token, renewAfter: asked + body.expires_in * 1000 * this.#renewAt };
    return body.access_token;
  }
}
