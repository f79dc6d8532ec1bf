/**
 * Business hours of a tenant's claims handlers, for the human-handover workflow: whether a moment
 * is inside them, when they next open, when a first response is due, and how to tell a claimant
 * when to expect a reply.
 *
 * Pure: no Redis, no I/O, no clock of its own (every function takes the moment it is about).
 * Local time comes from Intl.DateTimeFormat in the tenant's IANA time zone, so zones with daylight
 * saving time work as their clocks do.
 *
 * Business time is the time during which the handlers' office is open: on each open day, from the
 * first moment the local clock reads `open` to the first moment it reads `close`. On a day whose
 * clock skips over `open` (a DST gap) the office opens when the clock jumps; a wall time that occurs
 * twice (DST ends) counts from its first occurrence. A first response due in 15 minutes of business
 * time is due 15 real minutes of open office later.
 */
import { defaultLanguage, isLanguage, packOf } from '../languages';
import type { Language } from '../vocabulary';

/** A tenant's handover settings, resolved (defaults filled in); `src/tenants/handover-settings.ts` builds it from the tenant document. */
export interface HandoverSettings {
  /** Business time a first response may take. */
  firstResponseMs: number;
  /** Real time a claimant may wait in the queue before the workflow gives up on a person. */
  maxWaitMs: number;
  /** IANA time zone name of the handlers' office. */
  timeZone: string;
  /** Open days, 0 = Sunday .. 6 = Saturday. */
  days: readonly number[];
  /** Minutes after local midnight the office opens and closes; `openMinute < closeMinute <= 1440`. */
  openMinute: number;
  closeMinute: number;
  /** What a claimant is told to call when nobody answered in `maxWaitMs`; null: nothing. */
  supportNumber: string | null;
}

/** Day names as the tenant document writes them, index = day of the week (0 = Sunday). */
export const dayNames = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type DayName = (typeof dayNames)[number];

const minuteMs = 60_000;
const dayMs = 86_400_000;

export const defaultHandoverSettings: HandoverSettings = Object.freeze({
  firstResponseMs: 15 * minuteMs,
  maxWaitMs: 24 * 60 * minuteMs,
  timeZone: 'Asia/Kolkata',
  days: Object.freeze([1, 2, 3, 4, 5, 6]),
  openMinute: 9 * 60,
  closeMinute: 18 * 60,
  supportNumber: null,
});

/** `HH:MM` (24-hour, `24:00` is the end of the day) as minutes after midnight; null when it is not one. */
export function minuteOfClock(text: string): number | null {
  const m = /^(\d{2}):(\d{2})$/.exec(text);
  if (!m) return null;
  const hours = Number(m[1]);
  const minutes = Number(m[2]);
  if (minutes > 59 || hours > 24 || (hours === 24 && minutes > 0)) return null;
  return hours * 60 + minutes;
}

/** Whether `zone` is a time zone Intl knows. */
export function isTimeZone(zone: string): boolean {
  try {
    formatterOf(zone);
    return true;
  } catch {
    return false;
  }
}

/** Whether the office is open at `at` (ms since the epoch): open at the opening minute itself, closed at the closing one. */
export function isOpen(at: number, s: HandoverSettings): boolean {
  return nextOpening(at, s) === at;
}

/** The first moment at or after `at` the office is open: `at` itself when it is open. */
export function nextOpening(at: number, s: HandoverSettings): number {
  for (const [open, close] of openIntervals(at, s)) {
    if (at < close) return Math.max(at, open);
  }
  throw new Error('unreachable: openIntervals does not end');
}

/**
 * When a first response is due: `firstResponseMs` of business time counted from `at`. Outside
 * hours the count starts at the next opening; a span that runs past closing continues at the next
 * opening. A span that ends exactly at closing is due at closing.
 */
export function firstResponseDue(at: number, s: HandoverSettings): number {
  let left = s.firstResponseMs;
  for (const [open, close] of openIntervals(at, s)) {
    if (close <= at) continue;
    const from = Math.max(at, open);
    if (from + left <= close) return from + left;
    left -= close - from;
  }
  throw new Error('unreachable: openIntervals does not end');
}

/**
 * Short text saying when to expect a reply due at `due`, as seen at `now`, in the office's time
 * zone: the time alone on the same local day ("by 14:30"), the day of the week within the next six
 * days ("on Monday by 09:15"), the date beyond ("on 12 May by 09:15"). The words are the language
 * pack's labels (`expected_same_day`, `expected_later`, `day_<weekday>`, `month_<month>`;
 * pipeline/languages/README.md), the default language's where a pack has none.
 */
export function expectedReplyText(due: number, now: number, s: HandoverSettings, language: Language): string {
  const d = localOf(due, s.timeZone);
  const n = localOf(now, s.timeZone);
  const label = (name: string) => (isLanguage(language) ? packOf(language).replies.labels[name] : undefined) ?? packOf(defaultLanguage).replies.labels[name] ?? name;
  const time = `${pad(Math.floor(d.minute / 60))}:${pad(d.minute % 60)}`;
  const daysAhead = d.day - n.day;
  if (daysAhead <= 0) return label('expected_same_day').replace('{{time}}', time);
  const date = new Date(d.day * dayMs);
  const day = daysAhead < 7 ? label(`day_${weekdayNames[weekdayOf(d.day)]}`) : `${date.getUTCDate()} ${label(`month_${monthNames[date.getUTCMonth()]}`)}`;
  return label('expected_later').replace('{{day}}', day).replace('{{time}}', time);
}

const weekdayNames = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const monthNames = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/**
 * The office's open intervals `[open, close)` in ms since the epoch, in order, starting with the
 * local day before `at`'s (an interval of that day may reach past midnight when a DST gap moves
 * its closing), without end: a caller stops when it has what it needs.
 */
function* openIntervals(at: number, s: HandoverSettings): Generator<[number, number]> {
  if (s.days.length === 0) throw new Error('handover settings have no open day');
  if (!(s.openMinute < s.closeMinute)) throw new Error('handover settings close before they open');
  const first = localOf(at, s.timeZone).day - 1;
  for (let day = first; ; day++) {
    if (!s.days.includes(weekdayOf(day))) continue;
    const open = instantOfWall(day * dayMs + s.openMinute * minuteMs, s.timeZone);
    const close = instantOfWall(day * dayMs + s.closeMinute * minuteMs, s.timeZone);
    if (open < close) yield [open, close];
  }
}

/** Day of the week of a day number (days since 1970-01-01, a Thursday): 0 = Sunday. */
function weekdayOf(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** The local wall clock at `at`, written as if it were UTC: ms since the epoch of that date and time in UTC. */
function wallOf(at: number, zone: string): number {
  const parts: Record<string, number> = {};
  for (const p of formatterOf(zone).formatToParts(at)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  const wholeSecond = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return wholeSecond + (((at % 1000) + 1000) % 1000);
}

/** The local day number (days since 1970-01-01) and minute of the day at `at`. */
function localOf(at: number, zone: string): { day: number; minute: number } {
  const wall = wallOf(at, zone);
  const day = Math.floor(wall / dayMs);
  return { day, minute: Math.floor((wall - day * dayMs) / minuteMs) };
}

/**
 * The first moment the local clock reads `wall` (a wall time written as if UTC) or later. The offsets
 * a day either side bound it: with one offset, the moment is `wall` less it; across a change of
 * offset, the earlier moment that reads `wall` (DST ends: the first of two), or, when no moment
 * reads it (DST starts: a gap), the moment the clock jumps.
 */
export function instantOfWall(wall: number, zone: string): number {
  const before = wallOf(wall - dayMs, zone) - (wall - dayMs);
  const after = wallOf(wall + dayMs, zone) - (wall + dayMs);
  const reads = (t: number) => wallOf(t, zone) === wall;
  const candidates = [wall - before, wall - after].filter(reads).sort((a, b) => a - b);
  if (candidates.length > 0) return candidates[0]!;
  // A gap: the clock jumps from before it to after it. Find the jump to the millisecond; the offset
  // is `before` up to it and `after` from it.
  let lo = wall - after; // still on the old offset
  let hi = wall - before; // already on the new one
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (wallOf(mid, zone) - mid === before) lo = mid;
    else hi = mid;
  }
  return hi;
}
