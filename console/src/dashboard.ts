/**
 * The dashboard (docs/console.md, "Dashboard"; scope `reports:read`): what the service did for the
 * tenant's claimants over a period, from `GET /v1/reports/summary` (docs/reports.md). A period
 * chooser (dates typed dd/mm/yyyy in the tenant's zone, or the last 7, 30 or 90 days), then a
 * figure per chart: the chart (charts.ts) summarised in its aria-label, its numbers one click away
 * in a table, and a CSV of them. The tables and the files are made from the API's answer as it
 * came (report-tables.ts, csv.ts): a download is built in the page from that JSON (a Blob and an
 * `<a download>`), so no token goes into a link and no figure is computed twice.
 */
import { barChart, barList, legend, lineChart, type Series } from './charts';
import { csvOf } from './csv';
import { duration, h } from './dom';
import { daysIn, lastDays, periodOf, quickChoiceOf, quickChoices, readPeriod, shownDate, todayIn, type LocalDate, type Period } from './report-period';
import {
  channelsTable, consentTable, conversationsTable, countOf, latencyTable, languagesTable, pairName, periodRow, periodTable, policyTable,
  timeoutsTable, turnaroundTable, typeOutcomes, type Cell, type NumbersTable, type Outcome, type ReportSummary, type TypeOutcome,
} from './report-tables';
import { ApiError, json } from './session';
import { timeZone, when, zoneName } from './time';
import { errorText, go, show } from './view';

const colours = { blue: '#0b3d6b', orange: '#b35900', green: '#1d5e20', red: '#a4001d', purple: '#5b3a8c', teal: '#00707a' };

/** A hue per workflow type, a shade per outcome: a type's bars read as one family in the stack. */
const typeHues: Record<string, number> = { 'claim-status': 210, 'pending-documents': 28, 'query-reason': 135, 'human-handover': 285 };
const outcomeLightness: Record<Outcome, number> = { completed: 26, policy_blocked: 36, timed_out: 46, cancelled: 56, open: 66 };

function pairColour(pair: TypeOutcome): string {
  const lightness = outcomeLightness[pair.outcome] ?? 66;
  if (pair.workflow_type === 'none') return `hsl(0, 0%, ${lightness}%)`;
  // A type this page does not know yet still gets a steady hue of its own.
  const hue = typeHues[pair.workflow_type] ?? [...pair.workflow_type].reduce((sum, ch) => (sum * 31 + ch.charCodeAt(0)) % 360, 0);
  return `hsl(${hue}, 60%, ${lightness}%)`;
}

/** A duration in milliseconds in words: "850 ms", "2.1 s", "10 h 0 min". */
function msText(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${Number((ms / 1000).toFixed(1))} s`;
  return duration(ms / 1000);
}

function routeOf(p: Period): string {
  return `/dashboard?from=${p.from}&to=${p.to}`;
}

/** From and to, typed as dd/mm/yyyy in the tenant's zone, and the quick choices. */
function periodChooser(period: Period, today: LocalDate): HTMLElement {
  const zone = timeZone();
  const input = (name: string, label: string, value: string) => h('label', {}, label, h('input', {
    name, type: 'text', inputmode: 'numeric', autocomplete: 'off', value, pattern: '\\d{1,2}/\\d{1,2}/\\d{4}', size: '10', placeholder: 'dd/mm/yyyy',
    required: true, 'aria-describedby': 'period-hint period-error',
  }));
  const fromLabel = input('from', 'From (dd/mm/yyyy)', shownDate(period.from));
  const toLabel = input('to', 'To (dd/mm/yyyy)', shownDate(period.to));
  const fields = { from: fromLabel.querySelector('input') as HTMLInputElement, to: toLabel.querySelector('input') as HTMLInputElement };
  const error = h('p', { class: 'error field-error', id: 'period-error', role: 'alert' });
  const chosen = quickChoiceOf(period, today);
  const quick = h('div', { class: 'quick-choices', role: 'group', 'aria-label': 'Quick choices' }, ...quickChoices.map((days) => h('button', {
    type: 'button', class: 'secondary', 'aria-pressed': chosen === days ? 'true' : 'false',
    // Today is read again at the click: a page left open overnight moves with the date.
    onclick: () => go(routeOf(lastDays(days, todayIn(Date.now())))),
  }, `Last ${days} days`)));
  return h('form', {
    'aria-label': 'Period', novalidate: true,
    onsubmit: (e: Event) => {
      e.preventDefault();
      fields.from.removeAttribute('aria-invalid');
      fields.to.removeAttribute('aria-invalid');
      const typed = readPeriod(fields.from.value, fields.to.value);
      if ('period' in typed) return go(routeOf(typed.period));
      fields[typed.field].setAttribute('aria-invalid', 'true');
      error.replaceChildren(typed.error);
      fields[typed.field].focus();
    },
  },
  h('fieldset', { class: 'date-field' },
    h('legend', {}, `Period (${zone}, ${zoneName(Date.now(), zone)})`),
    fromLabel, toLabel, h('button', { type: 'submit' }, 'Show'),
    h('p', { class: 'hint', id: 'period-hint' }, `Dates in the tenant's time zone, ${zone}; both included.`),
    error),
  quick);
}

function shownCell(column: string, cell: Cell, first: boolean): string {
  if (cell === null) return '—';
  if (first && cell === periodRow) return 'Whole period';
  if (typeof cell === 'string' && (column === 'date' || column === 'from' || column === 'to')) return shownDate(cell);
  return String(cell);
}

/** The numbers of a chart: a table whose first column heads each row. */
function numbersTable(title: string, t: NumbersTable): HTMLElement {
  return h('table', {},
    h('caption', {}, `${title}: the numbers`),
    h('thead', {}, h('tr', {}, ...t.headings.map((heading) => h('th', { scope: 'col' }, heading)))),
    h('tbody', {}, ...t.rows.map((row) => h('tr', {}, ...row.map((cell, i) => (i === 0
      ? h('th', { scope: 'row' }, shownCell(t.columns[i]!, cell, true))
      : h('td', { class: typeof cell === 'number' || cell === null ? 'num' : false }, shownCell(t.columns[i]!, cell, false))))))));
}

/** Hands the browser a file made here; a Blob URL keeps the data out of any address. */
function downloadCsv(file: string, t: NumbersTable): void {
  const url = URL.createObjectURL(new Blob([csvOf(t.columns, t.rows)], { type: 'text/csv' }));
  h('a', { href: url, download: file }).click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

interface ChartFigure { id: string; title: string; note: string; chart: SVGElement; legend?: HTMLElement; numbers: NumbersTable; file: string }

/** A chart in a figure: its title and what it counts, the drawing, then its numbers and its CSV. */
function chartFigure(c: ChartFigure): HTMLElement {
  const tableId = `${c.id}-numbers`;
  // A wide table scrolls in its own box: the box takes focus, so the keyboard can scroll it too.
  const numbers = h('div', { id: tableId, class: 'numbers', hidden: true, tabindex: '0', role: 'region', 'aria-label': `${c.title}: the numbers` }, numbersTable(c.title, c.numbers));
  const toggle = h('button', { type: 'button', class: 'secondary', 'aria-expanded': 'false', 'aria-controls': tableId }, 'Show the numbers');
  toggle.addEventListener('click', () => {
    const open = numbers.hidden;
    numbers.hidden = !open;
    toggle.setAttribute('aria-expanded', String(open));
    toggle.textContent = open ? 'Hide the numbers' : 'Show the numbers';
  });
  const download = h('button', { type: 'button', class: 'secondary', onclick: () => downloadCsv(c.file, c.numbers) },
    'Download CSV', h('span', { class: 'visually-hidden' }, ` of ${c.title.toLowerCase()}`));
  return h('figure', { class: 'report-chart', id: c.id, 'aria-labelledby': `${c.id}-title` },
    h('figcaption', {}, h('h2', { id: `${c.id}-title` }, c.title), h('p', { class: 'note' }, c.note)),
    c.chart, c.legend ?? null,
    h('div', { class: 'chart-actions' }, toggle, download),
    numbers);
}

/** "1 refusal", "2 refusals". */
function counted(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** "14 (82%)": a count and its share of the period's conversations. */
function share(count: number, total: number): string {
  return total > 0 ? `${count} (${Math.round((100 * count) / total)}%)` : String(count);
}

function figures(s: ReportSummary): HTMLElement[] {
  const span = `from ${shownDate(s.from)} to ${shownDate(s.to)}`;
  const days = s.days.map((d) => shownDate(d.date).slice(0, 5));
  const dayTitles = s.days.map((d) => shownDate(d.date));
  const file = (name: string) => `report-${s.from}-to-${s.to}-${name}.csv`;
  const t = s.totals;
  const perDay = (name: string, colour: string, value: (f: ReportSummary['totals']) => number | null, dashed = false): Series => ({
    name, colour, dashed, values: s.days.map(value),
  });

  const pairs = typeOutcomes(s);
  const pairSeries = pairs.map((pair) => perDay(pairName(pair), pairColour(pair), (f) => countOf(f, pair)));
  const busiest = s.days.reduce<(typeof s.days)[number] | null>((most, d) => (d.conversations > (most?.conversations ?? 0) ? d : most), null);
  const conversations = chartFigure({
    id: 'conversations', title: 'Conversations by type and outcome', file: file('conversations'),
    note: 'Per day, each workflow on the date it started. "none": small talk, a clarification or a consent answer, with no workflow type.',
    chart: barChart({
      days, dayTitles, series: pairSeries, stacked: true,
      label: `Stacked bars of conversations per day ${span}: ${t.conversations} in all${busiest ? `, most on ${shownDate(busiest.date)} (${busiest.conversations})` : ''}.`
        + (pairs.length ? ` By workflow type and outcome: ${pairs.map((pair) => `${pairName(pair)} ${countOf(t, pair)}`).join('; ')}.` : ''),
    }),
    legend: legend(pairSeries), numbers: conversationsTable(s),
  });

  const latencySeries = [perDay('p50', colours.blue, (f) => f.reply_latency_ms.p50), perDay('p95', colours.orange, (f) => f.reply_latency_ms.p95, true)];
  const rl = t.reply_latency_ms;
  const latency = chartFigure({
    id: 'reply-latency', title: 'Reply latency', file: file('reply-latency'),
    note: "From the claimant's message that started a workflow to the service's first reply to it, per day: p50 and p95.",
    chart: lineChart({
      days, dayTitles, series: latencySeries, valueText: msText,
      label: `Lines of the reply latency per day ${span}, p50 and p95. `
        + (rl.count > 0 && rl.p50 !== null && rl.p95 !== null ? `Over the period, ${counted(rl.count, 'reply', 'replies')} timed: p50 ${msText(rl.p50)}, p95 ${msText(rl.p95)}.` : 'No reply was timed in the period.'),
    }),
    legend: legend(latencySeries, true), numbers: latencyTable(s),
  });

  const dt = t.document_turnaround_ms;
  const turnaroundBar = (name: string, value: number | null) => ({ name, value: value ?? 0, text: value === null ? '—' : msText(value), colour: colours.teal });
  const turnaround = chartFigure({
    id: 'document-turnaround', title: 'Document turnaround', file: file('document-turnaround'),
    note: 'Over the period: from asking for documents to the last one received, for the waits that completed with every document in.',
    chart: barList(
      `Bars of the document turnaround ${span}: ` + (dt.count > 0 && dt.p50 !== null && dt.p90 !== null
        ? `${counted(dt.count, 'wait')} completed with every document; median ${msText(dt.p50)}, 90th percentile ${msText(dt.p90)}.`
        : 'no wait for documents completed in the period.'),
      [turnaroundBar('Median', dt.p50), turnaroundBar('90th percentile', dt.p90)]),
    numbers: turnaroundTable(s),
  });

  const timeoutSeries = [perDay('Timeouts', colours.red, (f) => f.timeouts), perDay('Escalations to a person', colours.purple, (f) => f.escalations)];
  const timeouts = chartFigure({
    id: 'timeouts-escalations', title: 'Timeouts and escalations', file: file('timeouts-escalations'),
    note: 'Per day: workflows that timed out, and claimants who asked for a person (human handover).',
    chart: barChart({ days, dayTitles, series: timeoutSeries, stacked: false, label: `Bars per day ${span} of timeouts and escalations to a person: ${counted(t.timeouts, 'timeout')} and ${counted(t.escalations, 'escalation')} over the period.` }),
    legend: legend(timeoutSeries), numbers: timeoutsTable(s),
  });

  const policySeries = [perDay('Policy blocks', colours.red, (f) => f.policy_blocks)];
  const policy = chartFigure({
    id: 'policy-blocks', title: 'Policy blocks', file: file('policy-blocks'),
    note: 'Per day: workflows the policy gate stopped.',
    chart: barChart({ days, dayTitles, series: policySeries, stacked: false, label: `Bars per day ${span} of policy blocks: ${t.policy_blocks} over the period.` }),
    numbers: policyTable(s),
  });

  const consentSeries = [perDay('Consent refused', colours.orange, (f) => f.consent_refusals), perDay('Consent withdrawn', colours.blue, (f) => f.consent_withdrawals)];
  const consent = chartFigure({
    id: 'consent', title: 'Consent refused and withdrawn', file: file('consent'),
    note: 'Per day: claimants who answered NO to the consent request, and who withdrew consent with STOP.',
    chart: barChart({ days, dayTitles, series: consentSeries, stacked: false, label: `Bars per day ${span} of consent refused and withdrawn: ${counted(t.consent_refusals, 'refusal')} and ${counted(t.consent_withdrawals, 'withdrawal')} over the period.` }),
    legend: legend(consentSeries), numbers: consentTable(s),
  });

  const mix = (id: string, title: string, what: string, counts: Record<string, number>, numbers: NumbersTable, colour: string) => chartFigure({
    id, title, file: file(id), note: `Over the period: conversations by ${what}.`,
    chart: barList(`Bars of the ${what} mix ${span}: ${Object.entries(counts).map(([name, n]) => `${name} ${share(n, t.conversations)}`).join(', ')}.`,
      Object.entries(counts).map(([name, n]) => ({ name, value: n, text: share(n, t.conversations), colour }))),
    numbers,
  });

  return [conversations, latency, turnaround, timeouts, policy, consent,
    mix('channels', 'Channel mix', 'channel', t.channels, channelsTable(s), colours.blue),
    mix('languages', 'Language mix', 'language', t.languages, languagesTable(s), colours.green)];
}

export async function dashboardView(params: URLSearchParams): Promise<void> {
  const today = todayIn(Date.now());
  const period = periodOf(params) ?? lastDays(quickChoices[0], today);
  const chooser = periodChooser(period, today);
  let s: ReportSummary;
  try {
    s = await json<ReportSummary>(`/v1/reports/summary?from=${period.from}&to=${period.to}&granularity=day`);
  } catch (err) {
    // A refusal (a period too large to read, a role without reports:read) is said under the
    // chooser, so another period can be asked for at once.
    if (!(err instanceof ApiError) || err.problem.status === 401) throw err;
    show('Dashboard', chooser, h('p', { class: 'error', role: 'alert' }, errorText(err)));
    return;
  }
  const whole = periodTable(s);
  const summary = h('p', { class: 'period-summary' },
    `${shownDate(s.from)} to ${shownDate(s.to)}, ${counted(daysIn(s), 'day')} in ${s.time_zone}: ${counted(s.totals.conversations, 'conversation')}. Figures read at ${when(new Date().toISOString())}. `,
    h('button', { type: 'button', class: 'secondary', onclick: () => downloadCsv(`report-${s.from}-to-${s.to}.csv`, whole) }, 'Download the whole period (CSV)'));
  show('Dashboard', chooser, summary, h('div', { class: 'charts' }, ...figures(s)));
}
