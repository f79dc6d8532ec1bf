/**
 * A report's period (docs/console.md, "Dashboard"): calendar dates in the tenant's time zone, both
 * included, written as the API takes them (YYYY-MM-DD) and shown and typed as people write them
 * (dd/mm/yyyy, time.ts). "Today" is the tenant's date now, so "Last 7 days" is that date and the
 * six before it, whatever the browser's own zone.
 *
 * No DOM here: unit-tested in Node (test/unit/console-report.test.ts).
 */
import { fieldsOf, readDate } from './time';

/** A date as the API writes it: YYYY-MM-DD. */
export type LocalDate = string;

export interface Period { from: LocalDate; to: LocalDate }

/** The longest period the API answers (docs/reports.md): a leap year's days. */
export const maxPeriodDays = 366;

/** The quick choices, in days back from today (today included). */
export const quickChoices = [7, 30, 90] as const;

const dayMs = 86_400_000;
const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `text` is a real date written YYYY-MM-DD. */
export function isLocalDate(text: string): boolean {
  return isoDate.test(text) && new Date(Date.parse(`${text}T00:00:00Z`)).toISOString().slice(0, 10) === text;
}

/** "2026-11-28" as people read it: "28/11/2026". */
export function shownDate(date: LocalDate): string {
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year}`;
}

/** The tenant's date at `nowMs` (in the zone time.ts holds, unless `tz` names another). */
export function todayIn(nowMs: number, tz?: string): LocalDate {
  const typed = readDate(fieldsOf(new Date(nowMs).toISOString(), tz)[0]);
  // fieldsOf always writes a real date; the fallback only satisfies the type.
  return 'date' in typed ? typed.date : new Date(nowMs).toISOString().slice(0, 10);
}

export function addDays(date: LocalDate, days: number): LocalDate {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);
}

/** How many dates the period holds, both ends included. */
export function daysIn(p: Period): number {
  return Math.round((Date.parse(`${p.to}T00:00:00Z`) - Date.parse(`${p.from}T00:00:00Z`)) / dayMs) + 1;
}

/** The last `days` dates up to `today`, today included. */
export function lastDays(days: number, today: LocalDate): Period {
  return { from: addDays(today, -(days - 1)), to: today };
}

/** Which quick choice the period is, if any (the page marks that button pressed). */
export function quickChoiceOf(p: Period, today: LocalDate): number | null {
  return quickChoices.find((days) => p.to === today && p.from === addDays(today, -(days - 1))) ?? null;
}

/** What is wrong with a period in words, or null when the API would take it. */
export function periodError(p: Period): string | null {
  if (p.to < p.from) return `The end date, ${shownDate(p.to)}, is before the start date, ${shownDate(p.from)}.`;
  if (daysIn(p) > maxPeriodDays) return `A period covers at most ${maxPeriodDays} days; this one covers ${daysIn(p)}.`;
  return null;
}

/** The period a route names (`from`, `to`), or null when it names none the API would take. */
export function periodOf(params: URLSearchParams): Period | null {
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  if (!isLocalDate(from) || !isLocalDate(to)) return null;
  return periodError({ from, to }) === null ? { from, to } : null;
}

/** Two typed dates, read: the period, or what is wrong and in which field. */
export type TypedPeriod = { period: Period } | { error: string; field: 'from' | 'to' };

export function readPeriod(fromText: string, toText: string): TypedPeriod {
  const from = readDate(fromText);
  if ('error' in from) return { error: `Start date: ${from.error}`, field: 'from' };
  const to = readDate(toText);
  if ('error' in to) return { error: `End date: ${to.error}`, field: 'to' };
  const period = { from: from.date, to: to.date };
  const error = periodError(period);
  return error === null ? { period } : { error, field: 'to' };
}
