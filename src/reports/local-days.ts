/**
 * Calendar dates in a tenant's time zone (docs/reports.md): which local date a moment falls on,
 * and when a local date begins. Reports count a workflow on the local date it started, and a
 * period `from`..`to` is the moments from the start of `from` to the start of the day after `to`.
 *
 * Pure: Intl.DateTimeFormat gives the local wall clock, so zones with summer time (and days that
 * begin at 01:00 because the clock skipped midnight) are counted as their clocks run.
 */
import { instantOfWall } from '../../pipeline/workflows/business-hours';

/** `YYYY-MM-DD`, a date as the API writes it. */
export type LocalDate = string;

const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const dayMs = 86_400_000;
/** Every zone's offset and every change of it falls on a quarter hour (IANA data since 1970). */
const slotMs = 15 * 60_000;


const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(zone, f);
  }
  return f;
}

/** Whether `text` is a real calendar date written `YYYY-MM-DD` (not 2026-02-30). */
export function isLocalDate(text: string): boolean {
  const m = datePattern.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === text;
}

/** The local date of the moment `ms` in `zone`. */
export function localDateOf(ms: number, zone: string): LocalDate {
  const parts = formatterOf(zone).formatToParts(new Date(ms));
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The first moment (ms) whose local date in `zone` is `date`: its local midnight, or the moment
 *  the clock jumps past a midnight summer time skips (business hours' wall-clock arithmetic). */
export function startOfLocalDay(date: LocalDate, zone: string): number {
  return instantOfWall(Date.parse(`${date}T00:00:00Z`), zone);
}

/** The date after `date`. */
export function nextDate(date: LocalDate): LocalDate {
  return new Date(Date.parse(`${date}T00:00:00Z`) + dayMs).toISOString().slice(0, 10);
}

/** Every date from `from` to `to`, both included, in order. */
export function datesFrom(from: LocalDate, to: LocalDate): LocalDate[] {
  const dates: LocalDate[] = [];
  for (let d = from; d <= to; d = nextDate(d)) dates.push(d);
  return dates;
}

/** Days from `from` to `to`, both included (1 for one date). */
export function daysBetween(from: LocalDate, to: LocalDate): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / dayMs) + 1;
}

/**
 * Local dates of many moments in one zone: remembered per quarter hour, within which no zone's
 * date changes, so a million records cost a few thousand Intl calls rather than a million.
 */
export class LocalDays {
  private readonly slots = new Map<number, LocalDate>();

  constructor(readonly zone: string) {}

  of(ms: number): LocalDate {
    const slot = Math.floor(ms / slotMs);
    let date = this.slots.get(slot);
    if (date === undefined) {
      date = localDateOf(slot * slotMs, this.zone);
      this.slots.set(slot, date);
    }
    return date;
  }
}
