/**
 * Machine tokens for the SDK (OAuth 2.0 client_credentials, `client_secret_basic`): fetched on
 * first use, kept, and renewed once a configurable fraction of `expires_in` has passed, so a call
 * rarely meets an expired token. Concurrent callers share one token request (single flight).
 * The secret only ever goes in the `Authorization` header of the token request: never in a URL,
 * an error message or a log, and it is a private field, so `console.log(manager)` does not show it.
 */
import { ClaimsApiError } from './errors';

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

interface HeldToken {
  value: string;
  /** When to ask for the next one (ms). */
  renewAfter: number;
}

export class TokenManager {
  readonly #secret: string;
  private readonly renewAt: number;
  private readonly fetcher: (request: Request) => Promise<Response>;
  private readonly now: () => number;
  private held: HeldToken | null = null;
  private inFlight: Promise<string> | null = null;

  constructor(private readonly options: TokenManagerOptions) {
    this.#secret = options.clientSecret;
    this.renewAt = options.renewAt ?? 0.8;
    if (!(this.renewAt > 0 && this.renewAt <= 1)) throw new RangeError('renewAt must be a fraction of the token lifetime, above 0 and at most 1');
    this.fetcher = options.fetch ?? ((request) => fetch(request));
    this.now = options.now ?? Date.now;
  }

  /** A token good for now: the one held, or a new one when it is due for renewal. */
  token(): Promise<string> {
    if (this.held && this.now() < this.held.renewAfter) return Promise.resolve(this.held.value);
    return this.fetchOnce();
  }

  /**
   * A new token after `rejected` was answered 401 (revoked, or the service's keys changed). When
   * another caller already replaced it, that newer token is returned without a new request.
   */
  renew(rejected: string): Promise<string> {
    if (this.held && this.held.value !== rejected) return Promise.resolve(this.held.value);
    this.held = null;
    return this.fetchOnce();
  }

  private fetchOnce(): Promise<string> {
    this.inFlight ??= this.request().finally(() => { this.inFlight = null; });
    return this.inFlight;
  }

  private async request(): Promise<string> {
    const asked = this.now();
    const form = new URLSearchParams({ grant_type: 'client_credentials' });
    if (this.options.scope) form.set('scope', this.options.scope);
    // RFC 6749 2.3.1: form-encode both parts before joining them for Basic.
    const basic = Buffer.from(`${encodeURIComponent(this.options.clientId)}:${encodeURIComponent(this.#secret)}`).toString('base64');
    const response = await this.fetcher(new Request(`${this.options.baseUrl.replace(/\/+$/, '')}/v1/auth/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: form.toString(),
    }));
    if (response.status !== 200) throw await ClaimsApiError.from(response, 'token request refused');
    const body = (await response.json()) as { access_token: string; expires_in: number };
    this.held = { value: body.access_token, renewAfter: asked + body.expires_in * 1000 * this.renewAt };
    return body.access_token;
  }
}
