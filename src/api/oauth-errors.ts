/**
 * The error form of the OAuth endpoints (token, RFC 7662 introspection, RFC 7009 revocation).
 *
 * OAuth client libraries read RFC 6749 section 5.2 errors: `application/json` with `error`
 * (openid-client refuses any other media type before it reads the body). Our other endpoints
 * answer RFC 7807 `application/problem+json`. One body serves both: the problem members with
 * `error_code`, plus `error` and `error_description`. Its media type follows `Accept`:
 * `application/problem+json` when the client prefers it, else `application/json` (what a client
 * that asks for JSON, sends no Accept or a wildcard, is given). docs/errors.md.
 */
import type { Context } from 'koa';
import type { ErrorCode } from '../errors';

/** Paths served by src/api/routes/auth.ts that answer errors in the OAuth form. */
const oauthEndpoints = new Set(['/v1/auth/token', '/v1/auth/introspect', '/v1/auth/revoke']);

/**
 * Whether `path` is one of the OAuth endpoints, matched as the router matches it (case
 * insensitive, one optional trailing slash), so a request the route serves gets its error form.
 */
export function isOAuthEndpoint(path: string): boolean {
  return oauthEndpoints.has(path.toLowerCase().replace(/(.)\/$/, '$1'));
}

/** Our codes that are RFC 6749 5.2 codes (and RFC 6750 3.1's, for a bearer caller) as they are. */
const oauthCodes: Partial<Record<ErrorCode, string>> = {
  invalid_client: 'invalid_client',
  unsupported_grant_type: 'unsupported_grant_type',
  invalid_scope: 'invalid_scope',
  invalid_token: 'invalid_token',
};

/**
 * The RFC 6749 `error` for one of our codes; the others map by status. RFC 6749 has no
 * rate-limit code: 429 and 503 get its "try again later" (with Retry-After). Body and method
 * errors are `invalid_request`.
 */
export function oauthErrorCode(code: ErrorCode, status: number): string {
  if (oauthCodes[code]) return oauthCodes[code];
  if (status === 429 || status === 503) return 'temporarily_unavailable';
  return status >= 500 ? 'server_error' : 'invalid_request';
}

/** RFC 6749 5.2 allows only %x20-21 / %x23-5B / %x5D-7E in `error_description`. */
function descriptionOf(detail: string): string {
  return detail.replace(/[^\x20\x21\x23-\x5b\x5d-\x7e]/g, '?');
}

/**
 * Answers a problem body in the OAuth form: adds `error` and `error_description`, sets the media
 * type `Accept` asks for, and the Basic challenge RFC 6749 5.2 requires after failed Basic
 * client authentication.
 */
export function sendOAuthError(ctx: Context, code: ErrorCode, body: { status: number; detail: string }): void {
  ctx.body = { ...body, error: oauthErrorCode(code, body.status), error_description: descriptionOf(body.detail) };
  // Ties (both at q=1) go to the one listed first in Accept; no Accept and `*/*` pick JSON.
  ctx.type = ctx.accepts('application/json', 'application/problem+json') === 'application/problem+json' ? 'application/problem+json' : 'application/json';
  ctx.vary('Accept');
  if (code === 'invalid_client' && /^basic /i.test(ctx.get('authorization'))) ctx.set('WWW-Authenticate', 'Basic realm="claims-api"');
}
