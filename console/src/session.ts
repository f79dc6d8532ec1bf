/**
 * The console's session (docs/console.md, "Session design"). The access token lives in this
 * module's memory only, never in localStorage, sessionStorage or a readable cookie. The refresh
 * token never reaches this script at all: `/v1/auth/console/login` sets it in an HttpOnly cookie
 * that only the `/v1/auth/console/...` endpoints receive, so a reload or a new tab
 * resumes the session with one refresh (`resume`). Every call that carries the cookie sends the
 * `Console-Session: cookie` header the service demands against cross-site requests.
 */
/** A problem answer (RFC 9457): the common members, and any others a problem carries (`held_by`, `phrase`, …). */
export interface Problem { status: number; error_code?: string; detail?: string; title?: string; [member: string]: unknown }

export class ApiError extends Error {
  constructor(readonly problem: Problem) {
    super(problem.detail ?? problem.title ?? `HTTP ${problem.status}`);
  }
}

/** What login and the console's refresh answer: the refresh token stays in the cookie. */
interface TokenAnswer { access_token: string; expires_in: number; scope: string }

/** Proves a cookie-session call comes from this page (the service refuses one without it). */
const cookieSession = { 'console-session': 'cookie' };

let access: string | null = null;
let scopes = new Set<string>();
let renewTimer: ReturnType<typeof setTimeout> | undefined;
let onEnded: (reason: string) => void = () => undefined;

export function whenSessionEnds(handler: (reason: string) => void): void {
  onEnded = handler;
}

export function loggedIn(): boolean {
  return access !== null;
}

export function can(scope: string): boolean {
  return scopes.has(scope);
}

/**
 * The logged-in user's id: the access token's `sub`, read here without verifying it (the API
 * verifies every call) only to tell the user's own conversations from others'. Null when the
 * token cannot be read that way.
 */
export function userId(): string | null {
  const payload = access?.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const sub = (JSON.parse(atob(base64)) as { sub?: unknown }).sub;
    return typeof sub === 'string' && sub !== '' ? sub : null;
  } catch {
    return null;
  }
}

function adopt(answer: TokenAnswer): void {
  access = answer.access_token;
  scopes = new Set(answer.scope.split(' ').filter(Boolean));
  clearTimeout(renewTimer);
  // Renew at four fifths of the lifetime so a request rarely meets an expired token.
  renewTimer = setTimeout(() => void renew().catch(() => undefined), answer.expires_in * 800);
}

function forget(): void {
  access = null;
  scopes = new Set();
  clearTimeout(renewTimer);
}

async function problemOf(res: Response): Promise<Problem> {
  try {
    return { ...(await res.json() as Problem), status: res.status };
  } catch {
    return { status: res.status };
  }
}

async function tokenCall(path: string, init: RequestInit): Promise<TokenAnswer> {
  const res = await fetch(path, { ...init, method: 'POST' });
  if (!res.ok) throw new ApiError(await problemOf(res));
  return await res.json() as TokenAnswer;
}

export async function login(username: string, password: string): Promise<void> {
  adopt(await tokenCall('/v1/auth/console/login', { headers: { 'content-type': 'application/json', ...cookieSession }, body: JSON.stringify({ username, password }) }));
}

/**
 * One cookie refresh. A spent refresh token cannot be used again (a second use ends the session),
 * and every tab of the console shares the one cookie: refreshes are serialised across tabs with
 * a Web Lock, so each one sends the cookie the one before it left.
 */
function refreshWithCookie(): Promise<void> {
  const exchange = async () => adopt(await tokenCall('/v1/auth/console/refresh', { headers: cookieSession }));
  // Web Locks exist only in a secure context, like the cookie itself; without them, refresh as is.
  return navigator.locks ? navigator.locks.request('console-session-refresh', exchange).then(() => undefined) : exchange();
}

/** One renewal at a time in this page: concurrent 401s share it. */
let renewing: Promise<void> | null = null;
function renew(): Promise<void> {
  renewing ??= (async () => {
    try {
      await refreshWithCookie();
    } catch (err) {
      forget();
      onEnded('Your session has ended. Log in again.');
      throw err;
    } finally {
      renewing = null;
    }
  })();
  return renewing;
}

/**
 * At start-up: tries the cookie once. True when it held a live session (the page is logged in
 * again, without the password); false when the service refused it or there was none.
 */
export async function resume(): Promise<boolean> {
  try {
    await refreshWithCookie();
    return true;
  } catch {
    forget();
    return false;
  }
}

/** Ends the session on the service (the cookie's whole session, and this access token) and forgets it here. */
export async function logout(): Promise<void> {
  const token = access;
  forget();
  const headers: Record<string, string> = { ...cookieSession };
  if (token) headers.authorization = `Bearer ${token}`;
  await fetch('/v1/auth/console/logout', { method: 'POST', headers }).catch(() => undefined);
}

/** A bearer call; one renewal and one retry on 401. Answers the response, or throws ApiError. */
export async function call(path: string, init: RequestInit = {}, retried = false): Promise<Response> {
  if (!access) {
    onEnded('Log in to continue.');
    throw new ApiError({ status: 401 });
  }
  const headers = new Headers(init.headers);
  headers.set('authorization', `Bearer ${access}`);
  if (init.body !== undefined) headers.set('content-type', 'application/json');
  const res = await fetch(path, { ...init, headers });
  if (res.status === 401 && !retried) {
    await renew();
    return call(path, init, true);
  }
  if (!res.ok) throw new ApiError(await problemOf(res));
  return res;
}

export async function json<T>(path: string, init: RequestInit = {}): Promise<T> {
  const res = await call(path, init);
  return await res.json() as T;
}
