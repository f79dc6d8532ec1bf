/**
 * CSV as spreadsheets read it (RFC 4180): a header row, comma-separated, CRLF line ends, a field
 * quoted when it holds a comma, a quote or a line break (its quotes doubled). Numbers are written
 * as JavaScript writes them (no grouping, no rounding) and null as an empty field, so a file holds
 * the API's values exactly. A text field that begins with `=`, `+`, `-`, `@`, a tab or a carriage
 * return is written after a `'`, so a spreadsheet does not run it as a formula (CSV injection); the
 * report's texts (dates, codes) never begin so.
 *
 * No DOM here: unit-tested in Node (test/unit/console-report.test.ts).
 */
import type { Cell } from './report-tables';

function field(cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return String(cell);
  const text = /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The CSV of a header and rows. */
export function csvOf(columns: readonly string[], rows: readonly (readonly Cell[])[]): string {
  return [columns, ...rows].map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';
}
