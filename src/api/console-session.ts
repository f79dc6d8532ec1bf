/**
 * The partner console's cookie session (docs/console.md, "Session design" and "CSRF"): the
 * refresh token travels in an `HttpOnly`, `Secure`, `SameSite=Strict` cookie that only the
 * console's session endpoints (`/v1/auth/console/...`) receive, so the page's JavaScript never
 * holds it, and a reload resumes the session.
 *
 * A cookie is an ambient credential, so every request that reads or sets it must prove it comes
 * from the console's own page: the `Console-Session: cookie` header (a cross-site form cannot
 * send a header, and a cross-origin fetch with one needs a CORS preflight this API never
 * grants), and an `Origin` that is the service's own. Either missing: 403 `csrf_check_failed`.
 */
import type { Context } from 'koa';
import { AppError } from '../errors';
import type { Logger } from '../logger';

/** The request header that proves a console cookie-session request comes from the console's page. */
export const consoleSessionHeader = 'Console-Session';
/** Its only accepted value. */
export const consoleSessionValue = 'cookie';
/**
 * The cookie's name. `__Secure-`: browsers refuse it unless set with `Secure` from a secure
 * context. (`__Host-` would need `Path=/`, which would send it with every request.)
 */
export const refreshCookieName = '__Secure-console-refresh';
/** The cookie's path: the console's refresh and logout, and no other endpoint. */
export const refreshCookiePath = '/v1/auth/console';

const attributes = `Path=${refreshCookiePath}; HttpOnly; Secure; SameSite=Strict`;

/**
 * The CSRF check of a cookie-session request: the header with its value, and an `Origin` that is
 * `publicOrigin` (PUBLIC_URL's) or the origin the request was addressed to (its scheme and
 * `Host`). A foreign page cannot make a browser send either its own origin with our host or a
 * custom header without a preflight, so both hold only for the console's own page. The refusal
 * is logged with the source address and the origin given (no token, no user).
 */
export function checkConsoleRequest(ctx: Context, publicOrigin: string, log: Logger): void {
  const origin = ctx.get('origin');
  let reason: string | null = null;
  if (ctx.get(consoleSessionHeader) !== consoleSessionValue) reason = `the ${consoleSessionHeader}: ${consoleSessionValue} header is required`;
  else if (origin === '') reason = 'the Origin header is required';
  // Built here: Koa 3's `ctx.origin` is the Origin header itself, not the request's own origin.
  else if (origin !== publicOrigin && origin !== `${ctx.protocol}://${ctx.host}`) reason = "the Origin is not this service's";
  if (reason === null) return;
  log.warn({ path: ctx.path, source: ctx.ip, origin: origin.slice(0, 200) || undefined, reason }, 'console session request refused: CSRF check');
  throw new AppError('csrf_check_failed', reason);
}

/** The refresh token in the request's console cookie, or null. */
export function refreshCookieOf(ctx: Context): string | null {
  for (const pair of ctx.get('cookie').split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === refreshCookieName) {
      const value = pair.slice(at + 1).trim();
      return value === '' ? null : value;
    }
  }
  return null;
}

/**
 * Sets the cookie to `token` for `maxAgeSeconds`: the session's time left, so the browser drops
 * it when the service would refuse it anyway. The token's characters (letters, digits, `_-.`)
 * need no quoting.
 */
export function setRefreshCookie(ctx: Context, token: string, maxAgeSeconds: number): void {
  ctx.append('Set-Cookie', `${refreshCookieName}=${token}; ${attributes}; Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`);
}

/** Tells the browser to drop the cookie (same name, path and attributes, no value, no age). */
export function clearRefreshCookie(ctx: Context): void {
  ctx.append('Set-Cookie', `${refreshCookieName}=; ${attributes}; Max-Age=0`);
}
