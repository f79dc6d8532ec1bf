/**
 * The console's dashboard (docs/console.md, "Dashboard"; issue 46) in Debian's chromium driven by
 * playwright-core, over a seeded fortnight whose figures this test knows: workflow records written
 * as the pipeline leaves them (outcomes, channels, languages, reply and document times, consent
 * answers), the older ones moved to PostgreSQL by the real archiver and the newer ones still in
 * Redis, two started late in the evening UTC that count on the next date in India. The page's
 * numbers tables equal the figures written here and the API's answer; each chart's CSV and the
 * whole period's, downloaded, hold the API's values exactly; each chart says what it shows in
 * words. The period chooser and the "Show the numbers" toggles work with the keyboard alone; a
 * claim handler (no `reports:read`) sees no dashboard. axe runs on the page; no CSP complaint.
 * The page is photographed (docs/console/dashboard.png with UPDATE_SCREENSHOTS=1).
 * Skipped only when /usr/bin/chromium is absent (.ci/run installs it).
 */
import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import type { Locator, Page } from 'playwright-core';
import { buildConsole } from '../../scripts/build-console';
import { Archiver } from '../../src/archive/archiver';
import { UserStore } from '../../src/auth/users';
import { ManualClock } from '../../src/clock';
import { openConsoleBrowser, skipWithoutChromium, type ConsoleBrowser } from '../helpers/console-browser';
import { focused, headingFocused, tabTo } from '../helpers/console-keyboard';
import { startHarness, type Harness } from '../helpers/harness';

const minute = 60_000;
const hour = 60 * minute;

type Outcome = 'completed' | 'policy_blocked' | 'timed_out' | 'cancelled' | 'open';
interface Figures {
  conversations: number;
  by_type_outcome: Array<{ workflow_type: string; outcome: Outcome; count: number }>;
  reply_latency_ms: { count: number; p50: number | null; p95: number | null };
  document_turnaround_ms: { count: number; p50: number | null; p90: number | null };
  timeouts: number; escalations: number; policy_blocks: number; consent_refusals: number; consent_withdrawals: number;
  channels: Record<string, number>; languages: Record<string, number>;
}
interface Summary { from: string; to: string; time_zone: string; granularity: string; days: Array<Figures & { date: string }>; totals: Figures }

/**
 * A workflow as the pipeline leaves its record. Latencies and turnarounds have two significant
 * digits, which the API's histograms keep exactly (docs/reports.md), so its percentiles are these.
 */
interface Seed {
  at: string; type: string | null; status: string; channel: 'whatsapp' | 'sms'; language: string | null;
  latencyMs?: number; consent?: 'declined' | 'revoked'; turnaroundHours?: number;
}

const seeds: Seed[] = [
  { at: '2026-11-20T06:00:00Z', type: 'claim-status', status: 'completed', channel: 'whatsapp', language: 'EN', latencyMs: 5000 },
  // 19:00 UTC on 21/11 is 00:30 on 22/11 in India: it counts on the 22nd.
  { at: '2026-11-21T19:00:00Z', type: 'claim-status', status: 'completed', channel: 'whatsapp', language: 'EN', latencyMs: 1000 },
  { at: '2026-11-22T05:00:00Z', type: 'claim-status', status: 'completed', channel: 'whatsapp', language: 'EN', latencyMs: 1200 },
  { at: '2026-11-22T09:00:00Z', type: 'claim-status', status: 'completed', channel: 'sms', language: 'HI', latencyMs: 2500 },
  { at: '2026-11-22T10:00:00Z', type: 'claim-status', status: 'cancelled', channel: 'whatsapp', language: 'HI_EN', latencyMs: 900, consent: 'declined' },
  { at: '2026-11-23T04:00:00Z', type: 'pending-documents', status: 'completed', channel: 'whatsapp', language: 'EN', turnaroundHours: 20 },
  { at: '2026-11-23T06:00:00Z', type: 'pending-documents', status: 'awaiting_documents', channel: 'whatsapp', language: 'EN' },
  { at: '2026-11-23T07:00:00Z', type: 'human-handover', status: 'completed', channel: 'whatsapp', language: 'HI', latencyMs: 1500 },
  { at: '2026-11-23T08:00:00Z', type: 'claim-status', status: 'policy_blocked', channel: 'whatsapp', language: 'EN', latencyMs: 700 },
  { at: '2026-11-24T05:00:00Z', type: 'query-reason', status: 'completed', channel: 'sms', language: 'EN', latencyMs: 3000 },
  { at: '2026-11-24T06:00:00Z', type: 'claim-status', status: 'timed_out', channel: 'whatsapp', language: 'TA', latencyMs: 4000 },
  // Archived, and counted on 25/11 (04:30 in India).
  { at: '2026-11-24T23:00:00Z', type: 'claim-status', status: 'completed', channel: 'whatsapp', language: 'EN', latencyMs: 1100 },
  { at: '2026-11-25T06:00:00Z', type: 'pending-documents', status: 'completed', channel: 'whatsapp', language: 'HI', turnaroundHours: 10 },
  { at: '2026-11-26T05:00:00Z', type: null, status: 'completed', channel: 'whatsapp', language: null, latencyMs: 600, consent: 'revoked' },
  { at: '2026-11-26T07:00:00Z', type: 'human-handover', status: 'with_agent', channel: 'sms', language: 'HI_EN', latencyMs: 2000 },
  { at: '2026-11-27T05:00:00Z', type: 'claim-status', status: 'completed', channel: 'whatsapp', language: 'EN', latencyMs: 1300 },
  { at: '2026-11-27T06:00:00Z', type: 'pending-documents', status: 'timed_out', channel: 'whatsapp', language: 'EN' },
  { at: '2026-11-28T04:00:00Z', type: 'claim-status', status: 'completed', channel: 'whatsapp', language: 'HI', latencyMs: 1800 },
];

/** The last 7 days in India on 28/11/2026 (22/11 to 28/11), counted by hand from the seeds. */
const lastWeek = {
  from: '2026-11-22', to: '2026-11-28',
  days: {
    '2026-11-22': { conversations: 4, pairs: ['claim-status/completed 3', 'claim-status/cancelled 1'], latency: [4, 1000, 2500], timeouts: 0, escalations: 0, policy: 0, refusals: 1, withdrawals: 0 },
    '2026-11-23': { conversations: 4, pairs: ['claim-status/policy_blocked 1', 'human-handover/completed 1', 'pending-documents/completed 1', 'pending-documents/open 1'], latency: [2, 700, 1500], timeouts: 0, escalations: 1, policy: 1, refusals: 0, withdrawals: 0 },
    '2026-11-24': { conversations: 2, pairs: ['claim-status/timed_out 1', 'query-reason/completed 1'], latency: [2, 3000, 4000], timeouts: 1, escalations: 0, policy: 0, refusals: 0, withdrawals: 0 },
    '2026-11-25': { conversations: 2, pairs: ['claim-status/completed 1', 'pending-documents/completed 1'], latency: [1, 1100, 1100], timeouts: 0, escalations: 0, policy: 0, refusals: 0, withdrawals: 0 },
    '2026-11-26': { conversations: 2, pairs: ['human-handover/open 1', 'none/completed 1'], latency: [2, 600, 2000], timeouts: 0, escalations: 1, policy: 0, refusals: 0, withdrawals: 1 },
    '2026-11-27': { conversations: 2, pairs: ['claim-status/completed 1', 'pending-documents/timed_out 1'], latency: [1, 1300, 1300], timeouts: 1, escalations: 0, policy: 0, refusals: 0, withdrawals: 0 },
    '2026-11-28': { conversations: 1, pairs: ['claim-status/completed 1'], latency: [1, 1800, 1800], timeouts: 0, escalations: 0, policy: 0, refusals: 0, withdrawals: 0 },
  } as Record<string, { conversations: number; pairs: string[]; latency: [number, number, number]; timeouts: number; escalations: number; policy: number; refusals: number; withdrawals: number }>,
  totals: {
    conversations: 17,
    pairs: ['claim-status/completed 6', 'claim-status/policy_blocked 1', 'claim-status/timed_out 1', 'claim-status/cancelled 1', 'human-handover/completed 1', 'human-handover/open 1',
      'none/completed 1', 'pending-documents/completed 2', 'pending-documents/timed_out 1', 'pending-documents/open 1', 'query-reason/completed 1'],
    latency: [13, 1300, 4000], turnaround: [2, 10 * hour, 20 * hour], timeouts: 2, escalations: 2, policy: 1, refusals: 1, withdrawals: 1,
    channels: { whatsapp: 14, sms: 3 }, languages: { EN: 9, HI: 4, HI_EN: 2, unknown: 1, TA: 1 },
  },
};

/** The record of a seed, with the fields a finished workflow's record has (src/workflows). */
function recordOf(h: Harness, seed: Seed, i: number): Record<string, string> {
  const s = h.services;
  const started = Date.parse(seed.at);
  const finished = ['completed', 'policy_blocked', 'timed_out', 'cancelled'].includes(seed.status);
  const r: Record<string, string> = {
    workflow_id: s.keys.newWorkflowId(i % s.keys.partitions), tenant_id: 'acme', status: seed.status, seq: '5', started_at: String(started),
    updated_at: String(started + 20 * minute), channel: seed.channel, audit: '', phone_hash: `sha256:${i.toString(16).padStart(64, '0')}`,
  };
  if (seed.type) r.workflow_type = seed.type;
  if (seed.language) r.language = seed.language;
  if (seed.latencyMs !== undefined) r.replied_at = String(started + seed.latencyMs);
  if (seed.consent) r.consent_change = seed.consent;
  if (seed.type === 'pending-documents') {
    const waitStarted = started + minute;
    const lastAt = waitStarted + (seed.turnaroundHours ?? 30) * hour;
    r.wait_started_at = String(waitStarted);
    r.pd_pending = JSON.stringify([{ code: 'DISCHARGE_SUMMARY', name: 'Discharge summary' }, { code: 'FINAL_BILL', name: 'Final bill' }]);
    // Every document in only where the wait completed; the timed-out one lacks the bill.
    const all = seed.turnaroundHours !== undefined;
    r.pd_received = JSON.stringify(all ? { DISCHARGE_SUMMARY: 'media-1', FINAL_BILL: 'media-2' } : seed.status === 'timed_out' ? { DISCHARGE_SUMMARY: 'media-1' } : {});
    r.pd_received_at = JSON.stringify(all ? { DISCHARGE_SUMMARY: waitStarted + hour, FINAL_BILL: lastAt } : seed.status === 'timed_out' ? { DISCHARGE_SUMMARY: waitStarted + hour } : {});
    if (all) r.updated_at = String(lastAt);
  }
  if (finished) r.completed_at = r.updated_at!;
  return r;
}

const shownDate = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
const pairsOf = (f: Figures) => f.by_type_outcome.map((e) => `${e.workflow_type}/${e.outcome} ${e.count}`);

/** A chart's numbers as the API's answer gives them: the CSV's header and rows, and the table's headings. */
interface ChartNumbers { columns: string[]; headings: string[]; rows: (string | number | null)[][] }

function expectedNumbers(s: Summary): Record<string, ChartNumbers> {
  const perDay = (columns: string[], headings: string[], values: (f: Figures) => (number | null)[]): ChartNumbers => ({
    columns: ['date', ...columns], headings: ['Date', ...headings],
    rows: [...s.days.map((d) => [d.date, ...values(d)]), ['total', ...values(s.totals)]],
  });
  const pairs = s.totals.by_type_outcome;
  const count = (f: Figures, p: { workflow_type: string; outcome: string }) => f.by_type_outcome.find((e) => e.workflow_type === p.workflow_type && e.outcome === p.outcome)?.count ?? 0;
  const dt = s.totals.document_turnaround_ms;
  return {
    conversations: perDay([...pairs.map((p) => `${p.workflow_type}/${p.outcome}`), 'conversations'],
      [...pairs.map((p) => `${p.workflow_type}, ${p.outcome.replace('_', ' ')}`), 'All conversations'], (f) => [...pairs.map((p) => count(f, p)), f.conversations]),
    'reply-latency': perDay(['replies_timed', 'p50_ms', 'p95_ms'], ['Replies timed', 'p50 (ms)', 'p95 (ms)'], (f) => [f.reply_latency_ms.count, f.reply_latency_ms.p50, f.reply_latency_ms.p95]),
    'document-turnaround': {
      columns: ['from', 'to', 'waits_completed', 'p50_ms', 'p90_ms'], headings: ['From', 'To', 'Waits completed', 'Median (ms)', '90th percentile (ms)'],
      rows: [[s.from, s.to, dt.count, dt.p50, dt.p90]],
    },
    'timeouts-escalations': perDay(['timeouts', 'escalations'], ['Timeouts', 'Escalations to a person'], (f) => [f.timeouts, f.escalations]),
    'policy-blocks': perDay(['policy_blocks'], ['Policy blocks'], (f) => [f.policy_blocks]),
    consent: perDay(['consent_refusals', 'consent_withdrawals'], ['Consent refused', 'Consent withdrawn'], (f) => [f.consent_refusals, f.consent_withdrawals]),
    channels: { columns: ['channel', 'conversations'], headings: ['Channel', 'Conversations'], rows: Object.entries(s.totals.channels) },
    languages: { columns: ['language', 'conversations'], headings: ['Language', 'Conversations'], rows: Object.entries(s.totals.languages) },
  };
}

/** How the page shows a cell: dates as dd/mm/yyyy, the period's row as "Whole period", null as "—". */
function shownRow(columns: string[], row: (string | number | null)[]): string[] {
  return row.map((cell, i) => {
    if (cell === null) return '—';
    if (i === 0 && cell === 'total') return 'Whole period';
    if (['date', 'from', 'to'].includes(columns[i]!)) return shownDate(String(cell));
    return String(cell);
  });
}

/** A CSV's rows, split (the report's fields hold no comma or quote). */
function csvRows(text: string): string[][] {
  expect(text.endsWith('\r\n'), 'CRLF line ends').to.equal(true);
  return text.slice(0, -2).split('\r\n').map((line) => line.split(','));
}

/** The value of a whole-period CSV column, read from the API's figures of a day or the period. */
function apiValue(f: Figures, column: string): number | null {
  const pair = /^conversations:(.+)\/([a-z_]+)$/.exec(column);
  if (pair) return f.by_type_outcome.find((e) => e.workflow_type === pair[1] && e.outcome === pair[2])?.count ?? 0;
  if (column.startsWith('channel:')) return f.channels[column.slice('channel:'.length)] ?? 0;
  if (column.startsWith('language:')) return f.languages[column.slice('language:'.length)] ?? 0;
  const named: Record<string, number | null> = {
    conversations: f.conversations, reply_latency_count: f.reply_latency_ms.count, reply_latency_p50_ms: f.reply_latency_ms.p50,
    reply_latency_p95_ms: f.reply_latency_ms.p95, document_turnaround_count: f.document_turnaround_ms.count,
    document_turnaround_p50_ms: f.document_turnaround_ms.p50, document_turnaround_p90_ms: f.document_turnaround_ms.p90, timeouts: f.timeouts,
    escalations: f.escalations, policy_blocks: f.policy_blocks, consent_refusals: f.consent_refusals, consent_withdrawals: f.consent_withdrawals,
  };
  expect(named, `a column the API's figures name: ${column}`).to.have.property(column);
  return named[column]!;
}

describe('console: the dashboard', function () {
  this.timeout(120000);
  // 28/11/2026 06:30 UTC: noon in India. The service and the page read the same moment.
  const now = Date.UTC(2026, 10, 28, 6, 30);
  const clock = new ManualClock(now);
  const password = 'console-dashboard-password-1';
  const admin = 'admin.dashboard@acme-tpa.example';
  const handler = 'handler.dashboard@acme-tpa.example';
  let h: Harness;
  let browser: ConsoleBrowser;
  let page: Page;
  let api: Summary;

  const summary = async (from: string, to: string): Promise<Summary> => {
    const res = await h.api(`/v1/reports/summary?from=${from}&to=${to}&granularity=day`, { token: await h.token('reports:read') });
    expect(res.status).to.equal(200);
    return (await res.json()) as Summary;
  };
  const figure = (id: string): Locator => page.locator(`figure#${id}`);
  const figureIds = ['conversations', 'reply-latency', 'document-turnaround', 'timeouts-escalations', 'policy-blocks', 'consent', 'channels', 'languages'];

  before(async function () {
    skipWithoutChromium(this);
    await buildConsole();
    h = await startHarness({ clock, roles: ['api'] });
    const s = h.services;
    const users = new UserStore(s.redis, s.keys, s.clock);
    await users.createUser('acme', { username: admin, role: 'tpa_admin', password });
    await users.createUser('acme', { username: handler, role: 'claim_handler', password });
    // The tenant offers three languages: the language mix names those, 0 or not, and TA once seen.
    await s.tenants.put({ ...(await s.tenants.get('acme')), languages: ['EN', 'HI', 'HI_EN'] }, clock.now());

    const records = seeds.map((seed, i) => recordOf(h, seed, i));
    const write = s.redis.pipeline();
    for (const r of records) {
      const p = s.keys.partitionOfWorkflow(r.workflow_id!)!;
      write.hset(s.keys.workflow(p, r.workflow_id!), r);
      write.zadd(s.keys.workflowIndex(p, 'acme'), Number(r.started_at), r.workflow_id!);
    }
    await write.exec();
    // What finished before 25/11 00:00 UTC goes to the archive, as the archiver would move it a hot window later.
    const archiver = new Archiver({
      redis: s.redis, keys: s.keys, config: s.config, clock: new ManualClock(Date.parse('2026-11-25T00:00:00Z') + s.config.retention.hotWindowMs),
      log: s.log, archive: s.archive, tenants: s.tenants,
    });
    const pass = await archiver.runOnce(['acme']);
    const archived = records.filter((r) => r.completed_at && Number(r.completed_at) <= Date.parse('2026-11-25T00:00:00Z'));
    expect(pass.workflows, 'the older part archived').to.equal(archived.length).and.to.be.greaterThan(8);
    const inRedis = await Promise.all(records.map((r) => s.redis.exists(s.keys.workflow(s.keys.partitionOfWorkflow(r.workflow_id!)!, r.workflow_id!))));
    expect(inRedis.filter((n) => n === 1).length, 'the newer part still in Redis').to.equal(records.length - archived.length);

    browser = await openConsoleBrowser('console-dashboard');
    page = browser.page;
    // The page's "today" is the service's: Date in the page reads the same moment (timers still run).
    await page.clock.setFixedTime(now);
  });

  after(async () => {
    await browser?.close();
    await h?.close();
  });

  it('answers the seeded figures from the API, archived and hot days alike', async () => {
    api = await summary(lastWeek.from, lastWeek.to);
    expect(api).to.deep.include({ from: lastWeek.from, to: lastWeek.to, time_zone: 'Asia/Kolkata', granularity: 'day' });
    expect(api.days.map((d) => d.date)).to.deep.equal(Object.keys(lastWeek.days));
    for (const d of api.days) {
      const want = lastWeek.days[d.date]!;
      expect({
        conversations: d.conversations, pairs: pairsOf(d), latency: [d.reply_latency_ms.count, d.reply_latency_ms.p50, d.reply_latency_ms.p95],
        timeouts: d.timeouts, escalations: d.escalations, policy: d.policy_blocks, refusals: d.consent_refusals, withdrawals: d.consent_withdrawals,
      }, d.date).to.deep.equal(want);
    }
    const t = api.totals;
    expect({
      conversations: t.conversations, pairs: pairsOf(t), latency: [t.reply_latency_ms.count, t.reply_latency_ms.p50, t.reply_latency_ms.p95],
      turnaround: [t.document_turnaround_ms.count, t.document_turnaround_ms.p50, t.document_turnaround_ms.p90], timeouts: t.timeouts,
      escalations: t.escalations, policy: t.policy_blocks, refusals: t.consent_refusals, withdrawals: t.consent_withdrawals, channels: t.channels, languages: t.languages,
    }).to.deep.equal(lastWeek.totals);
  });

  it('opens on the last 7 days in the tenant\'s zone, each chart a figure with its summary in words', async () => {
    await browser.logIn(h.apiUrl, admin, password);
    const asked = page.waitForRequest((req) => req.url().includes('/v1/reports/summary'));
    await page.getByRole('link', { name: 'Dashboard' }).click();
    expect(new URL((await asked).url()).search).to.equal('?from=2026-11-22&to=2026-11-28&granularity=day');
    await headingFocused(page, 'Dashboard');
    expect(await page.getByRole('group', { name: 'Period (Asia/Kolkata, IST)' }).isVisible()).to.equal(true);
    expect(await page.getByLabel('From (dd/mm/yyyy)').inputValue()).to.equal('22/11/2026');
    expect(await page.getByLabel('To (dd/mm/yyyy)').inputValue()).to.equal('28/11/2026');
    expect(await page.getByRole('button', { name: 'Last 7 days' }).getAttribute('aria-pressed')).to.equal('true');
    expect(await page.locator('.period-summary').textContent()).to.contain('22/11/2026 to 28/11/2026, 7 days in Asia/Kolkata: 17 conversations. Figures read at 28/11/2026 12:00 IST.');

    for (const id of figureIds) {
      const f = figure(id);
      expect(await f.locator('figcaption h2').count(), `${id}: a figcaption with its title`).to.equal(1);
      expect(await f.locator('svg[role="img"]').getAttribute('aria-label'), `${id}: a summary in words`).to.match(/from 22\/11\/2026 to 28\/11\/2026/);
    }
    const label = async (id: string) => (await figure(id).locator('svg[role="img"]').getAttribute('aria-label'))!;
    expect(await label('conversations')).to.contain('17 in all, most on 22/11/2026 (4).').and.to.contain('claim-status, completed 6; claim-status, policy blocked 1;');
    expect(await label('reply-latency')).to.contain('13 replies timed: p50 1.3 s, p95 4 s.');
    expect(await label('document-turnaround')).to.contain('2 waits completed with every document; median 10 h 0 min, 90th percentile 20 h 0 min.');
    expect(await label('timeouts-escalations')).to.contain('2 timeouts and 2 escalations');
    expect(await label('policy-blocks')).to.contain('1 over the period');
    expect(await label('consent')).to.contain('1 refusal and 1 withdrawal over the period');
    expect(await label('channels')).to.contain('whatsapp 14 (82%), sms 3 (18%)');
    expect(await label('languages')).to.contain('EN 9 (53%), HI 4 (24%), HI_EN 2 (12%), unknown 1 (6%), TA 1 (6%)');
    // The stacked bars: one bar part a day and pair, named in the legend.
    expect(await figure('conversations').locator('svg[role="img"] rect').count()).to.equal(Object.values(lastWeek.days).reduce((n, d) => n + d.pairs.length, 0));
    expect(await figure('conversations').locator('ul.legend li').allTextContents()).to.deep.equal(api.totals.by_type_outcome.map((e) => ` ${e.workflow_type}, ${e.outcome.replace('_', ' ')}`));
    await browser.noSeriousViolations('dashboard');
    await browser.shot('dashboard');
  });

  it('shows each chart\'s numbers one click away, equal to the API\'s answer', async () => {
    const want = expectedNumbers(api);
    for (const id of figureIds) {
      const f = figure(id);
      const toggle = f.getByRole('button', { name: 'Show the numbers' });
      expect(await f.locator('table').isVisible(), `${id}: hidden at first`).to.equal(false);
      await toggle.click();
      expect(await f.getByRole('button', { name: 'Hide the numbers' }).getAttribute('aria-expanded')).to.equal('true');
      const table = f.locator('table');
      expect(await table.isVisible(), `${id}: shown`).to.equal(true);
      expect(await table.locator('thead th').allTextContents(), `${id} headings`).to.deep.equal(want[id]!.headings);
      const rows = await Promise.all((await table.locator('tbody tr').all()).map((tr) => tr.locator('th, td').allTextContents()));
      expect(rows, `${id} rows`).to.deep.equal(want[id]!.rows.map((row) => shownRow(want[id]!.columns, row)));
    }
    // The figures written here, read off the page: the period's row of three of the tables.
    const lastRow = async (id: string) => figure(id).locator('tbody tr').last().locator('th, td').allTextContents();
    expect(await lastRow('reply-latency')).to.deep.equal(['Whole period', '13', '1300', '4000']);
    expect(await lastRow('timeouts-escalations')).to.deep.equal(['Whole period', '2', '2']);
    expect(await lastRow('document-turnaround')).to.deep.equal(['22/11/2026', '28/11/2026', '2', String(10 * hour), String(20 * hour)]);
    await browser.noSeriousViolations('dashboard with every table shown');
    for (const id of figureIds) await figure(id).getByRole('button', { name: 'Hide the numbers' }).click();
  });

  it('downloads each chart\'s CSV and the whole period\'s, holding the API\'s values', async () => {
    const want = expectedNumbers(api);
    const download = async (button: Locator) => {
      const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
      return { name: file.suggestedFilename(), text: readFileSync((await file.path())!, 'utf8') };
    };
    for (const id of figureIds) {
      const got = await download(figure(id).getByRole('button', { name: /^Download CSV/ }));
      expect(got.name).to.equal(`report-2026-11-22-to-2026-11-28-${id}.csv`);
      expect(csvRows(got.text), id).to.deep.equal([want[id]!.columns, ...want[id]!.rows.map((row) => row.map((cell) => (cell === null ? '' : String(cell))))]);
    }

    const whole = await download(page.getByRole('button', { name: 'Download the whole period (CSV)' }));
    expect(whole.name).to.equal('report-2026-11-22-to-2026-11-28.csv');
    const [columns, ...rows] = csvRows(whole.text);
    expect(columns!.slice(0, 2)).to.deep.equal(['date', 'conversations']);
    // A column for every pair, channel and language the period has.
    expect(columns!.filter((c) => c.startsWith('conversations:'))).to.have.length(api.totals.by_type_outcome.length);
    expect(columns).to.include.members(['channel:whatsapp', 'channel:sms', 'language:TA', 'reply_latency_p95_ms', 'document_turnaround_p90_ms']);
    expect(rows.map((r) => r[0])).to.deep.equal([...api.days.map((d) => d.date), 'total']);
    rows.forEach((row, i) => {
      const f = i < api.days.length ? api.days[i]! : api.totals;
      columns!.slice(1).forEach((column, j) => {
        const value = apiValue(f, column);
        expect(row[j + 1], `${row[0]} ${column}`).to.equal(value === null ? '' : String(value));
      });
    });
  });

  it('chooses the period and shows the numbers with the keyboard alone', async () => {
    await page.goto(`${h.apiUrl}/console/#/workflows`);
    await headingFocused(page, 'Workflows');
    await tabTo(page, 'Dashboard', { backwards: true });
    await page.keyboard.press('Enter');
    await headingFocused(page, 'Dashboard');
    await tabTo(page, 'Last 30 days');
    await page.keyboard.press('Enter');
    await page.waitForURL(/#\/dashboard\?from=2026-10-30&to=2026-11-28$/);
    // 20/11 is in the last 30 days, not the last 7.
    await page.locator('.period-summary', { hasText: '30/10/2026 to 28/11/2026, 30 days in Asia/Kolkata: 18 conversations.' }).waitFor();
    await headingFocused(page, 'Dashboard');
    expect(await page.getByRole('button', { name: 'Last 30 days' }).getAttribute('aria-pressed')).to.equal('true');

    // A date written month first is refused in words, on its field.
    await tabTo(page, 'From (dd/mm/yyyy)');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('11/20/2026');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('21/11/2026');
    await page.keyboard.press('Enter');
    await page.getByRole('alert').filter({ hasText: 'Start date: 11/20/2026 is not a date: enter it as dd/mm/yyyy.' }).waitFor();
    expect(await focused(page)).to.include({ tag: 'input', name: 'From (dd/mm/yyyy)' });
    expect(await page.getByLabel('From (dd/mm/yyyy)').getAttribute('aria-invalid')).to.equal('true');
    await browser.noSeriousViolations('dashboard, a date refused');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('20/11/2026');
    await page.keyboard.press('Enter');
    await page.waitForURL(/#\/dashboard\?from=2026-11-20&to=2026-11-21$/);
    // 21/11 19:00 UTC was already the 22nd in India: only the workflow of the 20th is in.
    await page.locator('.period-summary', { hasText: '20/11/2026 to 21/11/2026, 2 days in Asia/Kolkata: 1 conversation.' }).waitFor();
    await headingFocused(page, 'Dashboard');
    expect(await page.getByRole('group', { name: 'Quick choices' }).locator('[aria-pressed="true"]').count(), 'no quick choice is this period').to.equal(0);

    // The numbers toggle: Enter shows the table, Space hides it again; focus stays on it.
    const f = figure('reply-latency');
    await tabTo(page, 'Show the numbers');
    await tabTo(page, 'Show the numbers');
    expect(await focused(page)).to.include({ tag: 'button', name: 'Show the numbers' });
    await page.keyboard.press('Enter');
    expect(await focused(page)).to.include({ tag: 'button', name: 'Hide the numbers' });
    expect(await f.locator('table').isVisible()).to.equal(true);
    expect(await f.locator('tbody tr').first().locator('th, td').allTextContents()).to.deep.equal(['20/11/2026', '1', '5000', '5000']);
    expect(await f.locator('tbody tr').nth(1).locator('th, td').allTextContents()).to.deep.equal(['21/11/2026', '0', '—', '—']);
    await page.keyboard.press('Space');
    expect(await f.locator('table').isVisible()).to.equal(false);
    expect(await f.getByRole('button', { name: 'Show the numbers' }).getAttribute('aria-expanded')).to.equal('false');
  });

  it('is not offered to a claim handler, whose role cannot read reports', async () => {
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    await browser.logIn(h.apiUrl, handler, password);
    expect(await page.getByRole('link', { name: 'Dashboard' }).count()).to.equal(0);
    await page.goto(`${h.apiUrl}/console/#/dashboard`);
    await page.getByRole('alert').filter({ hasText: 'Refused: your role does not allow this' }).waitFor();
    expect(await page.locator('figure').count()).to.equal(0);
  });

  it('broke no rule of the page\'s Content-Security-Policy', () => {
    expect(browser.cspViolations).to.deep.equal([]);
  });
});
