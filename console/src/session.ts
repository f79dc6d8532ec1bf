/**
 * The console's session: both tokens live in this module's memory only, never in localStorage,
 * sessionStorage or a cookie, so a script injected elsewhere cannot read them from storage and no
 * ambient credential travels with a forged cross-site request (no CSRF surface). The price: a
 * reload or a new tab logs in again (docs/console.md).
 */
/** A problem answer (RFC 9457): the common members, and any others a problem carries (`held_by`, `phrase`, …). */
export interface Problem { status: number; error_code?: string; detail?: string; title?: string; [member: string]: unknown }

export class ApiError extends Error {
  constructor(readonly problem: Problem) {
    super(problem.detail ?? problem.title ?? `HTTP ${problem.status}`);
  }
}

interface TokenAnswer { access_token: string; refresh_token: string; expires_in: number; scope: string }

let access: string | null = null;
let refresh: string | null = null;
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
  refresh = answer.refresh_token;
  scopes = new Set(answer.scope.split(' ').filter(Boolean));
  clearTimeout(renewTimer);
  // Renew at four fifths of the lifetime so a request rarely meets an expired token.
  renewTimer = setTimeout(() => void renew().catch(() => undefined), answer.expires_in * 800);
}

function forget(): void {
  access = null;
  refresh = null;
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

async function tokenCall(path: string, body: Record<string, string>): Promise<TokenAnswer> {
  const res = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new ApiError(await problemOf(res));
  return await res.json() as TokenAnswer;
}

export async function login(username: string, password: string): Promise<void> {
  adopt(await tokenCall('/v1/auth/login', { username, password }));
}

/** One renewal at a time: concurrent 401s share it, as a spent refresh token cannot be reused. */
let renewing: Promise<void> | null = null;
function renew(): Promise<void> {
  renewing ??= (async () => {
    try {
      if (!refresh) throw new ApiError({ status: 401 });
      adopt(await tokenCall('/v1/auth/refresh', { refresh_token: refresh }));
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

export async function logout(): Promise<void> {
  const [token, rt] = [access, refresh];
  forget();
  if (token) {
    await fetch('/v1/auth/logout', {
      method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(rt ? { refresh_token: rt } : {}),
    }).catch(() => undefined);
  }
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
