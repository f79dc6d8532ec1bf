/**
 * Times as the partner's people read them (docs/console.md, "Times and dates"): in the tenant's
 * time zone (`GET /v1/tenant/settings`, default Asia/Kolkata), dates as dd/mm/yyyy and times as
 * 24-hour HH:MM with the zone's abbreviation, "29/11/2026 19:05 IST", whatever the browser's own
 * zone and locale. What a person types back (a deadline, a replay start) is read the same way and
 * sent to the API as UTC ISO 8601. Intl does the zone arithmetic; no library is needed.
 *
 * No DOM here: the unit tests run this file in Node (test/unit/console-time.test.ts).
 */

/** The zone the API's default tenant document names (src/tenants/tenant-document.ts). */
export const defaultTimeZone = 'Asia/Kolkata';

let zone = defaultTimeZone;

/** Whether Intl knows `name` as a time zone. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The zone every time is shown in from now on; one Intl does not know leaves the default. */
export function setTimeZone(name: string): void {
  zone = isTimeZone(name) ? name : defaultTimeZone;
}

export function timeZone(): string {
  return zone;
}

interface WallClock { year: number; month: number; day: number; hour: number; minute: number }

const partsFormats = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock reading in `tz` at `ms`. */
function wallClock(ms: number, tz: string): WallClock {
  let format = partsFormats.get(tz);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
    });
    partsFormats.set(tz, format);
  }
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(format.formatToParts(new Date(ms)).find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute') };
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * The zone's short name at `ms`: "IST", "GMT", "GST", or the offset ("GMT+8") where no locale
 * has a name for it. English locales differ in which zones they name (en-IN names IST, en-GB
 * does not), so the first name that is not a bare offset wins.
 */
export function zoneName(ms: number, tz: string = zone): string {
  let offset = '';
  for (const locale of ['en-GB', 'en-IN', 'en-US']) {
    const name = new Intl.DateTimeFormat(locale, { timeZone: tz, timeZoneName: 'short' }).formatToParts(new Date(ms)).find((p) => p.type === 'timeZoneName')?.value ?? '';
    if (name && !/^(GMT|UTC)[+\-−]/.test(name)) return name;
    offset ||= name;
  }
  return offset || tz;
}

/** "29/11/2026 19:05 IST"; "—" for no time. */
export function when(iso: string | null | undefined, tz: string = zone): string {
  if (!iso) return '—';
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '—';
  const w = wallClock(ms, tz);
  return `${two(w.day)}/${two(w.month)}/${w.year} ${two(w.hour)}:${two(w.minute)} ${zoneName(ms, tz)}`;
}

/** The date and time fields of a time, as a person would type them: ["29/11/2026", "19:05"]. */
export function fieldsOf(iso: string, tz: string = zone): [string, string] {
  const w = wallClock(Date.parse(iso), tz);
  return [`${two(w.day)}/${two(w.month)}/${w.year}`, `${two(w.hour)}:${two(w.minute)}`];
}

/** What a person typed, read: the UTC instant, or what is wrong with it in words. */
export type TypedTime = { iso: string } | { error: string; field: 'date' | 'time' };

/** A date typed alone, read: the calendar date as the API writes dates (YYYY-MM-DD), or what is wrong in words. */
export type TypedDate = { date: string } | { error: string };

const datePattern = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const timePattern = /^([01]?\d|2[0-3]):([0-5]\d)$/;

/** Reads a date typed as dd/mm/yyyy (a report's period, or the date of a time). */
export function readDate(date: string): TypedDate {
  const d = datePattern.exec(date.trim());
  if (!d) return { error: 'Enter the date as dd/mm/yyyy, for example 29/11/2026.' };
  const [day, month, year] = [Number(d[1]), Number(d[2]), Number(d[3])];
  const calendar = new Date(Date.UTC(year, month - 1, day));
  if (month < 1 || month > 12 || calendar.getUTCDate() !== day || calendar.getUTCMonth() !== month - 1) {
    return { error: `${date.trim()} is not a date: enter it as dd/mm/yyyy.` };
  }
  return { date: `${String(year).padStart(4, '0')}-${two(month)}-${two(day)}` };
}

/**
 * Reads a date typed as dd/mm/yyyy and a time as HH:MM (24-hour) on the wall clock of `tz`.
 * The offset is found by asking Intl what the wall clock reads at a guess and correcting by the
 * difference, twice, so a guess on the far side of a daylight-saving change still lands. A wall
 * time a change skips (it never happens there) is an error; one it repeats reads as one of the two.
 */
export function readTyped(date: string, time: string, tz: string = zone): TypedTime {
  const typed = readDate(date);
  if ('error' in typed) return { error: typed.error, field: 'date' };
  const [year, month, day] = typed.date.split('-').map(Number) as [number, number, number];
  const t = timePattern.exec(time.trim());
  if (!t) return { error: 'Enter the time as HH:MM on the 24-hour clock, for example 19:05.', field: 'time' };
  const wanted = Date.UTC(year, month - 1, day, Number(t[1]), Number(t[2]));
  const wallOf = (ms: number) => {
    const w = wallClock(ms, tz);
    return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute);
  };
  let guess = wanted;
  for (let i = 0; i < 2; i += 1) guess += wanted - wallOf(guess);
  if (wallOf(guess) !== wanted) return { error: `${time.trim()} does not exist on ${date.trim()} in ${tz} (the clocks change).`, field: 'time' };
  return { iso: new Date(guess).toISOString() };
}
