/**
 * The dashboard's numbers (docs/console.md, "Dashboard"): the answer of `GET /v1/reports/summary`
 * (docs/reports.md) laid out as one table per chart, and as one table for the whole period. Each
 * table is what the chart's "Show the numbers" shows and what its CSV holds, so the page, the file
 * and the API cannot disagree: every cell is a value of the API's answer as it came (counts,
 * milliseconds, codes, dates as YYYY-MM-DD, null where the API said null); nothing is summed or
 * rounded here. The period's row is the API's `totals`, not a sum of the days.
 *
 * No DOM here: unit-tested in Node (test/unit/console-report.test.ts).
 */

import type { components } from '../../sdk/src/openapi';

/** The figures of a day or of the period, as generated from docs/openapi.yaml (`ReportFigures`):
 *  the page is type-checked against the document the service is. */
export type Figures = components['schemas']['ReportFigures'];
export type Outcome = Figures['by_type_outcome'][number]['outcome'];
/** The API's answer (docs/openapi.yaml, `ReportSummary`). */
export type ReportSummary = components['schemas']['ReportSummary'];

/** A value of the API's answer: a count or milliseconds, a code, a date; null where the API said null. */
export type Cell = string | number | null;

/** The first cell of the period's row in a per-day table (the page shows it as "Whole period"). */
export const periodRow = 'total';

export interface NumbersTable {
  /** The columns' names as the CSV's header writes them (docs/console.md lists them). */
  columns: string[];
  /** The same columns as the page's table heads them. */
  headings: string[];
  /** Per-day tables: one row a date (YYYY-MM-DD) in order, then the period's (`total`). */
  rows: Cell[][];
}

/** A workflow type and outcome pair: a series of the conversations chart, a column of its table. */
export interface TypeOutcome { workflow_type: string; outcome: Outcome }

/** The pairs the period has, in the API's order (by type, then outcome). */
export function typeOutcomes(s: ReportSummary): TypeOutcome[] {
  return s.totals.by_type_outcome.map(({ workflow_type, outcome }) => ({ workflow_type, outcome }));
}

export function countOf(f: Figures, pair: TypeOutcome): number {
  return f.by_type_outcome.find((e) => e.workflow_type === pair.workflow_type && e.outcome === pair.outcome)?.count ?? 0;
}

/** How a pair is named on the page: "claim-status, completed". */
export function pairName(pair: TypeOutcome): string {
  return `${pair.workflow_type}, ${pair.outcome.replace('_', ' ')}`;
}

/** A table of per-day columns, with the period's row from `totals`. */
function perDay(s: ReportSummary, columns: Array<[name: string, heading: string, value: (f: Figures) => Cell]>): NumbersTable {
  return {
    columns: ['date', ...columns.map(([name]) => name)],
    headings: ['Date', ...columns.map(([, heading]) => heading)],
    rows: [...s.days.map((d) => [d.date, ...columns.map(([, , value]) => value(d))]), [periodRow, ...columns.map(([, , value]) => value(s.totals))]],
  };
}

export function conversationsTable(s: ReportSummary): NumbersTable {
  return perDay(s, [
    ...typeOutcomes(s).map((pair): [string, string, (f: Figures) => Cell] => [`${pair.workflow_type}/${pair.outcome}`, pairName(pair), (f) => countOf(f, pair)]),
    ['conversations', 'All conversations', (f) => f.conversations],
  ]);
}

export function latencyTable(s: ReportSummary): NumbersTable {
  return perDay(s, [
    ['replies_timed', 'Replies timed', (f) => f.reply_latency_ms.count],
    ['p50_ms', 'p50 (ms)', (f) => f.reply_latency_ms.p50],
    ['p95_ms', 'p95 (ms)', (f) => f.reply_latency_ms.p95],
  ]);
}

/** The period's document turnaround: one row. */
export function turnaroundTable(s: ReportSummary): NumbersTable {
  const t = s.totals.document_turnaround_ms;
  return {
    columns: ['from', 'to', 'waits_completed', 'p50_ms', 'p90_ms'],
    headings: ['From', 'To', 'Waits completed', 'Median (ms)', '90th percentile (ms)'],
    rows: [[s.from, s.to, t.count, t.p50, t.p90]],
  };
}

export function timeoutsTable(s: ReportSummary): NumbersTable {
  return perDay(s, [['timeouts', 'Timeouts', (f) => f.timeouts], ['escalations', 'Escalations to a person', (f) => f.escalations]]);
}

export function policyTable(s: ReportSummary): NumbersTable {
  return perDay(s, [['policy_blocks', 'Policy blocks', (f) => f.policy_blocks]]);
}

export function consentTable(s: ReportSummary): NumbersTable {
  return perDay(s, [['consent_refusals', 'Consent refused', (f) => f.consent_refusals], ['consent_withdrawals', 'Consent withdrawn', (f) => f.consent_withdrawals]]);
}

/** A mix over the period (channels or languages), in the API's order. */
function mixTable(counts: Record<string, number>, name: string, heading: string): NumbersTable {
  return { columns: [name, 'conversations'], headings: [heading, 'Conversations'], rows: Object.entries(counts) };
}

export function channelsTable(s: ReportSummary): NumbersTable {
  return mixTable(s.totals.channels, 'channel', 'Channel');
}

export function languagesTable(s: ReportSummary): NumbersTable {
  return mixTable(s.totals.languages, 'language', 'Language');
}

/**
 * Every figure of every day, and the period's: the whole-period CSV. Pairs, channels and
 * languages are columns of their own (those the period has); a day that had none of one shows 0.
 */
export function periodTable(s: ReportSummary): NumbersTable {
  const pairs = typeOutcomes(s);
  const channels = Object.keys(s.totals.channels);
  const languages = Object.keys(s.totals.languages);
  return perDay(s, [
    ['conversations', 'Conversations', (f) => f.conversations],
    ...pairs.map((pair): [string, string, (f: Figures) => Cell] => [`conversations:${pair.workflow_type}/${pair.outcome}`, pairName(pair), (f) => countOf(f, pair)]),
    ['reply_latency_count', 'Replies timed', (f) => f.reply_latency_ms.count],
    ['reply_latency_p50_ms', 'Reply latency p50 (ms)', (f) => f.reply_latency_ms.p50],
    ['reply_latency_p95_ms', 'Reply latency p95 (ms)', (f) => f.reply_latency_ms.p95],
    ['document_turnaround_count', 'Waits completed', (f) => f.document_turnaround_ms.count],
    ['document_turnaround_p50_ms', 'Document turnaround median (ms)', (f) => f.document_turnaround_ms.p50],
    ['document_turnaround_p90_ms', 'Document turnaround p90 (ms)', (f) => f.document_turnaround_ms.p90],
    ['timeouts', 'Timeouts', (f) => f.timeouts],
    ['escalations', 'Escalations', (f) => f.escalations],
    ['policy_blocks', 'Policy blocks', (f) => f.policy_blocks],
    ['consent_refusals', 'Consent refused', (f) => f.consent_refusals],
    ['consent_withdrawals', 'Consent withdrawn', (f) => f.consent_withdrawals],
    ...channels.map((c): [string, string, (f: Figures) => Cell] => [`channel:${c}`, `Channel ${c}`, (f) => f.channels[c] ?? 0]),
    ...languages.map((l): [string, string, (f: Figures) => Cell] => [`language:${l}`, `Language ${l}`, (f) => f.languages[l] ?? 0]),
  ]);
}
