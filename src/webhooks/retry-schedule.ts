/**
 * When a failed delivery is tried again: Svix's schedule (8 attempts over about 27.5 hours) unless
 * the deployment names another (`WEBHOOK_RETRY_SCHEDULE`, development: seconds), pushed later by
 * the receiver's `Retry-After` when that asks for more, capped at a day.
 */

const second = 1000;
const minute = 60 * second;
const hour = 60 * minute;

/** The spec's wait before attempt 2, 3, ... 8 (attempt 1 is immediate). */
export const defaultRetryDelaysMs: readonly number[] = [5 * second, 5 * minute, 30 * minute, 2 * hour, 5 * hour, 10 * hour, 10 * hour];
/** Attempts before a delivery is dead-lettered, with the spec's schedule. */
export const maxAttempts = defaultRetryDelaysMs.length + 1;
/** The longest wait a `Retry-After` may impose. */
export const maxRetryAfterMs = 24 * hour;

/**
 * `Retry-After` as a wait in ms from `nowMs`: delay-seconds or an HTTP date. Null when absent or
 * unreadable.
 */
export function parseRetryAfter(value: string | string[] | undefined, nowMs: number): number | null {
  const raw = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!raw) return null;
  if (/^\d+$/.test(raw)) return Number(raw) * second;
  // HTTP dates (IMF-fixdate, RFC 850, asctime) all start with the day name.
  const at = /^[A-Za-z]{3}/.test(raw) ? Date.parse(raw) : Number.NaN;
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - nowMs);
}

/**
 * The next attempt after `attemptsMade` failed attempts, or null when none is left. A Retry-After
 * later than the schedule wins (up to `maxRetryAfterMs`); an earlier one does not.
 */
export function nextAttemptAt(attemptsMade: number, nowMs: number, retryAfterMs: number | null, delaysMs: readonly number[] = defaultRetryDelaysMs): number | null {
  if (attemptsMade >= delaysMs.length + 1) return null;
  const scheduled = delaysMs[Math.max(0, attemptsMade - 1)]!;
  return nowMs + Math.max(scheduled, Math.min(retryAfterMs ?? 0, maxRetryAfterMs));
}
