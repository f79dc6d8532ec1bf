/**
 * `GET /v1/reports/summary` (docs/reports.md) against the running service, real Redis and
 * PostgreSQL: workflow records with known outcomes, channels, languages, reply latencies and
 * document turnarounds over a period whose older part the real archiver moved to the archive and
 * whose newer part is still in Redis (one record copied there and not yet trimmed), each day's
 * figures and the totals equal to what this test counts from the records; copies repeated and a
 * rebuild count nothing twice; a workflow at 23:00 UTC counts on the next date in India; another
 * tenant's records never appear; the scope, bad input and a period too large for the hot read are
 * refused with their problems; and the pipeline itself writes the record fields the figures read.
 */
import { expect } from 'chai';
import { languageCodes } from '../../pipeline/languages';
import { Archiver } from '../../src/archive/archiver';
import { ManualClock } from '../../src/clock';
import { runReadReportFields } from '../../src/redis/scripts';
import { onboardFakeTenant } from '../helpers/fakes/demo-tenant';
import { startHarness, type Harness } from '../helpers/harness';
import { waitFor } from '../helpers/wait';

const minute = 60_000;
const hour = 60 * minute;
/** India's offset: the tests count days with it, apart from the service's Intl arithmetic. */
const istOffset = 5.5 * hour;

type Rec = Record<string, string>;

interface Summary {
  from: string; to: string; time_zone: string; granularity: string;
  days: Array<Figures & { date: string }>;
  totals: Figures;
}
interface Figures {
  conversations: number;
  by_type_outcome: Array<{ workflow_type: string; outcome: string; count: number }>;
  reply_latency_ms: { count: number; p50: number | null; p95: number | null };
  document_turnaround_ms: { count: number; p50: number | null; p90: number | null };
  timeouts: number; escalations: number; policy_blocks: number; consent_refusals: number; consent_withdrawals: number;
  channels: Record<string, number>; languages: Record<string, number>;
}

const types = ['claim-status', 'pending-documents', 'query-reason', 'human-handover', ''] as const;
const statuses = ['completed', 'completed', 'policy_blocked', 'timed_out', 'cancelled', 'awaiting_documents', 'completed'] as const;
const languages = ['EN', 'HI', 'HI_EN', ''] as const;
const finished = new Set(['completed', 'policy_blocked', 'timed_out', 'cancelled']);

/** The date `ms` falls on in India, as the partner reads it. */
const istDate = (ms: number) => new Date(ms + istOffset).toISOString().slice(0, 10);

/** The record of workflow `i` of a tenant, started at `startedAt`: every figure's field varied with `i`. */
function recordOf(s: Harness['services'], tenantId: string, i: number, startedAt: number): Rec {
  const partition = i % s.keys.partitions;
  const id = s.keys.newWorkflowId(partition);
  const type = types[i % types.length]!;
  const status = type === 'pending-documents' && i % 2 === 0 ? 'completed' : statuses[i % statuses.length]!;
  const r: Rec = {
    workflow_id: id, tenant_id: tenantId, status, seq: '5', started_at: String(startedAt), updated_at: String(startedAt + 20 * minute),
    channel: i % 3 === 0 ? 'sms' : 'whatsapp', audit: '', phone_hash: `sha256:${(i % 7).toString(16).padStart(64, '0')}`,
  };
  if (finished.has(status)) r.completed_at = String(startedAt + 20 * minute);
  if (type) r.workflow_type = type;
  const language = languages[i % languages.length]!;
  if (language) r.language = language;
  // Latencies spread over three decades, so the two-digit histogram is really exercised.
  if (i % 5 !== 4) r.replied_at = String(startedAt + 180 + ((i * 7919) % 9000) * (1 + (i % 3) * 9));
  if (i % 11 === 3) r.consent_change = 'declined';
  if (i % 13 === 5) r.consent_change = 'revoked';
  if (type === 'pending-documents') {
    const waitStarted = startedAt + minute;
    r.wait_started_at = String(waitStarted);
    r.pd_pending = JSON.stringify([{ code: 'DS', name: 'Discharge summary' }, { code: 'BILL', name: 'Final bill' }]);
    const all = i % 4 !== 1;
    const received: Record<string, string> = { DS: 'media-1', ...(all ? { BILL: 'media-2' } : {}) };
    const at: Record<string, number> = { DS: waitStarted + 3 * hour, ...(all ? { BILL: waitStarted + (5 + i) * hour + i * 1234 } : {}) };
    r.pd_received = JSON.stringify(received);
    r.pd_received_at = JSON.stringify(at);
  }
  return r;
}

async function writeRecords(s: Harness['services'], records: readonly Rec[]): Promise<void> {
  const write = s.redis.pipeline();
  for (const r of records) {
    const p = s.keys.partitionOfWorkflow(r.workflow_id!)!;
    write.hset(s.keys.workflow(p, r.workflow_id!), r);
    write.zadd(s.keys.workflowIndex(p, r.tenant_id!), Number(r.started_at), r.workflow_id!);
  }
  await write.exec();
}

/** Nearest rank: the smallest value with at least q of all values at or below it. */
function exactPercentile(values: number[], q: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(1, Math.ceil(q * sorted.length)) - 1]!;
}

/** What the figures of these records should be, counted here from the fields as docs/reports.md defines them. */
function expectedOf(records: readonly Rec[], offered: readonly string[]) {
  const latencies = records.filter((r) => r.replied_at).map((r) => Number(r.replied_at) - Number(r.started_at));
  const turnarounds = records.filter((r) => r.workflow_type === 'pending-documents' && r.status === 'completed').flatMap((r) => {
    const pending = JSON.parse(r.pd_pending!) as Array<{ code: string }>;
    const at = JSON.parse(r.pd_received_at!) as Record<string, number>;
    return pending.every((d) => at[d.code] !== undefined) ? [Math.max(...pending.map((d) => at[d.code]!)) - Number(r.wait_started_at)] : [];
  });
  const byTypeOutcome = new Map<string, number>();
  for (const r of records) {
    const key = `${r.workflow_type ?? 'none'}|${finished.has(r.status!) ? r.status : 'open'}`;
    byTypeOutcome.set(key, (byTypeOutcome.get(key) ?? 0) + 1);
  }
  const count = (test: (r: Rec) => boolean) => records.filter(test).length;
  const tally = (field: string, fallback: string, known: string[]) => {
    const t: Record<string, number> = Object.fromEntries(known.map((k) => [k, 0]));
    for (const r of records) t[r[field] ?? fallback] = (t[r[field] ?? fallback] ?? 0) + 1;
    return t;
  };
  return {
    counts: {
      conversations: records.length,
      timeouts: count((r) => r.status === 'timed_out'),
      escalations: count((r) => r.workflow_type === 'human-handover'),
      policy_blocks: count((r) => r.status === 'policy_blocked'),
      consent_refusals: count((r) => r.consent_change === 'declined'),
      consent_withdrawals: count((r) => r.consent_change === 'revoked'),
      channels: tally('channel', 'whatsapp', ['whatsapp', 'sms']),
      languages: tally('language', 'unknown', [...offered, 'unknown']),
      byTypeOutcome: [...byTypeOutcome].map(([k, n]) => `${k}=${n}`).sort(),
      latencyCount: latencies.length,
      turnaroundCount: turnarounds.length,
    },
    latency: { p50: exactPercentile(latencies, 0.5), p95: exactPercentile(latencies, 0.95) },
    turnaround: { p50: exactPercentile(turnarounds, 0.5), p90: exactPercentile(turnarounds, 0.9) },
  };
}

/** The API's figures in the shape `expectedOf` counts. */
function countsOf(f: Figures) {
  return {
    conversations: f.conversations, timeouts: f.timeouts, escalations: f.escalations, policy_blocks: f.policy_blocks,
    consent_refusals: f.consent_refusals, consent_withdrawals: f.consent_withdrawals, channels: f.channels, languages: f.languages,
    byTypeOutcome: f.by_type_outcome.map((e) => `${e.workflow_type}|${e.outcome}=${e.count}`).sort(),
    latencyCount: f.reply_latency_ms.count, turnaroundCount: f.document_turnaround_ms.count,
  };
}

/** A percentile the API answers from its two-digit histogram: within 5% of the exact one. */
function expectClose(actual: number | null, exact: number | null, what: string): void {
  if (exact === null) {
    expect(actual, what).to.equal(null);
    return;
  }
  expect(actual, what).to.be.a('number');
  expect(Math.abs(actual! - exact), `${what}: ${actual} against the exact ${exact}`).to.be.at.most(0.05 * exact);
}

/** `offered`: the tenant's languages, each named in the answer, 0 or not (every loaded pack unless its document lists some). */
function expectFigures(actual: Figures, records: readonly Rec[], what: string, offered: readonly string[] = languageCodes): void {
  const want = expectedOf(records, offered);
  expect(countsOf(actual), what).to.deep.equal(want.counts);
  expectClose(actual.reply_latency_ms.p50, want.latency.p50, `${what} reply latency p50`);
  expectClose(actual.reply_latency_ms.p95, want.latency.p95, `${what} reply latency p95`);
  expectClose(actual.document_turnaround_ms.p50, want.turnaround.p50, `${what} document turnaround p50`);
  expectClose(actual.document_turnaround_ms.p90, want.turnaround.p90, `${what} document turnaround p90`);
}

describe('reports: GET /v1/reports/summary over archived and hot workflows', function () {
  this.timeout(120000);
  const hotLimit = 200;
  let h: Harness;
  let archiver: Archiver;
  const clock = new ManualClock(Date.parse('2026-03-01T00:00:00Z'));
  let acme: Rec[];
  let initech: Rec[];
  let initechToken: string;
  const initechLanguages = ['HI', 'HI_EN'];
  /** Finished before this, with the default hot window past, a record is archived. */
  const archiveBefore = Date.parse('2026-03-13T00:00:00Z');

  const summary = async (query: string, token?: string) => {
    const res = await h.api(`/v1/reports/summary?${query}`, token ? { token } : {});
    return { status: res.status, type: res.headers.get('content-type'), body: (await res.json()) as Summary & Record<string, unknown> };
  };
  const byDate = (s: Summary) => new Map(s.days.map((d) => [d.date, d]));

  before(async () => {
    h = await startHarness({ roles: ['api'], config: { reportHotLimit: hotLimit } });
    const s = h.services;
    archiver = new Archiver({ redis: s.redis, keys: s.keys, config: s.config, clock, log: s.log, archive: s.archive, tenants: s.tenants });
    const other = await onboardFakeTenant(s, h.cms, h.wa, { tenantId: 'initech', phoneNumberId: '900900977' });
    // initech offers two languages: its reports name those, not every pack.
    await s.tenants.put({ ...other.doc, languages: initechLanguages, default_language: 'HI' }, clock.now());
    initechToken = await tokenOf(h, other.credentials);

    // acme: two or three workflows a day on 1-10 and 13-20 March (IST afternoons), two at 23:00 UTC.
    acme = [];
    let i = 0;
    for (const d of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 13, 14, 15, 16, 17, 18, 19, 20]) {
      const perDay = d % 3 === 0 ? 3 : 2;
      for (let k = 0; k < perDay; k++) {
        acme.push(recordOf(s, 'acme', i, Date.parse(`2026-03-${String(d).padStart(2, '0')}T06:00:00Z`) + k * 97 * minute));
        i += 1;
      }
    }
    const lateArchived = recordOf(s, 'acme', 0, Date.parse('2026-03-11T23:00:00Z'));
    const lateHot = recordOf(s, 'acme', 7, Date.parse('2026-03-21T23:00:00Z'));
    acme.push(lateArchived, lateHot);
    // initech: the same shapes on the same days, which acme's figures must never show.
    initech = Array.from({ length: 24 }, (_, j) => recordOf(s, 'initech', j + 3, Date.parse('2026-03-02T07:00:00Z') + j * 19 * hour));
    await writeRecords(s, [...acme, ...initech]);

    clock.set(archiveBefore + s.config.retention.hotWindowMs);
    const pass = await archiver.runOnce(['acme', 'initech']);
    expect(pass.workflows, 'the older part archived').to.be.greaterThan(20);
    // One hot record copied to the archive and not trimmed (as a pass stopped after its copy leaves it).
    const copiedOnly = acme.find((r) => Number(r.started_at) > archiveBefore && finished.has(r.status!))!;
    await s.archive.putWorkflows('acme', [copiedOnly], clock.now(), 'Asia/Kolkata');
  });
  after(async () => { await h?.close(); });

  it('splits the seeded period between the archive and Redis, one record in both', async () => {
    const s = h.services;
    const inRedis = async (r: Rec) => (await s.redis.exists(s.keys.workflow(s.keys.partitionOfWorkflow(r.workflow_id!)!, r.workflow_id!))) === 1;
    const held = await s.archive.confirmWorkflows('acme', acme.map((r) => r.workflow_id!));
    const hot = await Promise.all(acme.map(inRedis));
    const both = acme.filter((r, j) => hot[j] && held.has(r.workflow_id!));
    expect(both, 'copied, not yet trimmed').to.have.length(1);
    expect(acme.filter((_, j) => !hot[j]).length, 'archived and trimmed').to.be.greaterThan(15);
    expect(acme.filter((r, j) => hot[j] && !held.has(r.workflow_id!)).length, 'only in Redis').to.be.greaterThan(15);
    // Unfinished records stay in Redis whatever their age.
    expect(acme.filter((r, j) => !finished.has(r.status!) && !hot[j])).to.deep.equal([]);
  });

  it("answers each day's figures and the period's totals as counted from the records", async () => {
    const { status, body } = await summary('from=2026-03-01&to=2026-03-22&granularity=day');
    expect(status, JSON.stringify(body)).to.equal(200);
    expect(body).to.deep.include({ from: '2026-03-01', to: '2026-03-22', time_zone: 'Asia/Kolkata', granularity: 'day' });
    expect(body.days.map((d) => d.date)).to.deep.equal(Array.from({ length: 22 }, (_, j) => `2026-03-${String(j + 1).padStart(2, '0')}`));
    for (const d of body.days) expectFigures(d, acme.filter((r) => istDate(Number(r.started_at)) === d.date), d.date);
    expectFigures(body.totals, acme, 'totals');
    expect(body.totals.conversations).to.equal(acme.length);
    expect(body.totals.document_turnaround_ms.count, 'some waits completed with every document').to.be.greaterThan(2);
  });

  it('counts a workflow started at 23:00 UTC on the next date in India, archived or hot', async () => {
    const days = byDate((await summary('from=2026-03-11&to=2026-03-22')).body);
    expect([days.get('2026-03-11')!.conversations, days.get('2026-03-12')!.conversations], 'archived, 11 March 23:00 UTC').to.deep.equal([0, 1]);
    expect([days.get('2026-03-21')!.conversations, days.get('2026-03-22')!.conversations], 'hot, 21 March 23:00 UTC').to.deep.equal([0, 1]);
    // A day with nothing has every figure at zero, and null percentiles.
    expect(days.get('2026-03-11')).to.deep.equal({
      date: '2026-03-11', conversations: 0, by_type_outcome: [], reply_latency_ms: { count: 0, p50: null, p95: null },
      document_turnaround_ms: { count: 0, p50: null, p90: null }, timeouts: 0, escalations: 0, policy_blocks: 0, consent_refusals: 0,
      consent_withdrawals: 0, channels: { whatsapp: 0, sms: 0 }, languages: Object.fromEntries([...languageCodes, 'unknown'].map((code) => [code, 0])),
    });
  });

  it("never shows another tenant's workflows, and shows that tenant its own", async () => {
    const mine = await summary('from=2026-03-01&to=2026-03-22', initechToken);
    expect(mine.status).to.equal(200);
    expectFigures(mine.body.totals, initech, 'initech totals', initechLanguages);
    expectFigures((await summary('from=2026-03-01&to=2026-03-22')).body.totals, acme, 'acme totals beside initech');
  });

  it('counts nothing twice when copies are repeated, and a rebuild from the archive gives the same rows', async () => {
    const s = h.services;
    const before = (await summary('from=2026-03-01&to=2026-03-22')).body;
    // The archiver's copy after a crash: the archived records and the copied-only one once more.
    const held = await s.archive.confirmWorkflows('acme', acme.map((r) => r.workflow_id!));
    await s.archive.putWorkflows('acme', acme.filter((r) => held.has(r.workflow_id!)), clock.now() + 1, 'Asia/Kolkata');
    // A newer copy of an archived workflow (it moved on after its copy) replaces the row and is not counted again.
    const moved = acme.find((r) => held.has(r.workflow_id!))!;
    await s.archive.putWorkflows('acme', [{ ...moved, updated_at: String(Number(moved.updated_at) + 1) }], clock.now() + 2, 'Asia/Kolkata');
    expect((await s.archive.workflow('acme', moved.workflow_id!))!.updated_at, 'the newer copy is kept').to.equal(String(Number(moved.updated_at) + 1));
    expect(await archiver.runOnce(['acme'])).to.deep.include({ workflows: 0 });
    expect((await summary('from=2026-03-01&to=2026-03-22')).body).to.deep.equal(before);
    const db = await s.archive.db();
    const rows = async () => (await db.query<{ day: string; figures: unknown }>("SELECT to_char(day, 'YYYY-MM-DD') AS day, figures FROM report_days WHERE tenant_id = 'acme' ORDER BY day")).rows;
    const kept = await rows();
    expect(await archiver.rebuildReports('acme')).to.deep.include({ days: kept.length });
    expect(await rows()).to.deep.equal(kept);
  });

  it("re-buckets archived days in a new time zone only after a rebuild; hot days follow it at once", async () => {
    const s = h.services;
    await s.tenants.put({ ...h.tenant.doc, time_zone: 'UTC' }, s.clock.now());
    try {
      const settings = await h.api('/v1/tenant/settings');
      expect(await settings.json()).to.deep.equal({ time_zone: 'UTC' });
      const utcDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
      const before = byDate((await summary('from=2026-03-11&to=2026-03-22')).body);
      expect(before.get('2026-03-21')!.conversations, 'hot: its UTC date at once').to.equal(1);
      expect(before.get('2026-03-12')!.conversations, 'archived: the IST date it was archived on').to.equal(1);
      await archiver.rebuildReports('acme');
      const after = await summary('from=2026-03-01&to=2026-03-22');
      expect(after.body.time_zone).to.equal('UTC');
      for (const d of after.body.days) expectFigures(d, acme.filter((r) => utcDate(Number(r.started_at)) === d.date), `UTC ${d.date}`);
    } finally {
      await s.tenants.put(h.tenant.doc, s.clock.now());
      await archiver.rebuildReports('acme');
    }
  });

  it('refuses a token without reports:read (403) and bad input (400), as problems', async () => {
    const noScope = await summary('from=2026-03-01&to=2026-03-02', await h.token('workflow:read'));
    expect(noScope.status).to.equal(403);
    expect(noScope.type).to.match(/^application\/problem\+json/);
    expect(noScope.body).to.deep.include({ error_code: 'insufficient_scope', required_scope: 'reports:read' });
    const bad: Array<[string, RegExp]> = [
      ['to=2026-03-02', /from and to are required/],
      ['from=2026-03-01', /from and to are required/],
      ['from=2026-02-30&to=2026-03-02', /from must be a date written YYYY-MM-DD/],
      ['from=1-3-2026&to=2026-03-02', /from must be a date/],
      ['from=2026-03-01&to=2026-03-01T00:00:00Z', /to must be a date/],
      ['from=2026-03-05&to=2026-03-01', /to must not be before from/],
      ['from=2025-01-01&to=2026-01-02', /at most 366 days/],
      ['from=2026-03-01&to=2026-03-02&granularity=week', /granularity must be one of day/],
      ['from=2026-03-01&from=2026-03-02&to=2026-03-03', /from given more than once/],
    ];
    for (const [query, detail] of bad) {
      const res = await summary(query);
      expect(res.status, query).to.equal(400);
      expect(res.type, query).to.match(/^application\/problem\+json/);
      expect(res.body.error_code, query).to.equal('invalid_request');
      expect(res.body.detail, query).to.match(detail);
    }
    // 366 days is the most: a leap year's.
    expect((await summary('from=2024-01-01&to=2024-12-31')).status).to.equal(200);
  });

  it(`answers 422 report_period_too_large when a period holds more than REPORT_HOT_LIMIT (${hotLimit}) workflows in Redis`, async () => {
    const s = h.services;
    const busy = await onboardFakeTenant(s, h.cms, h.wa, { tenantId: 'busy', phoneNumberId: '900900978' });
    const token = await tokenOf(h, busy.credentials);
    const t = Date.parse('2026-06-10T05:00:00Z');
    await writeRecords(s, Array.from({ length: hotLimit + 1 }, (_, j) => recordOf(s, 'busy', j, t + j * 60_000)));
    const over = await summary('from=2026-06-01&to=2026-06-30', token);
    expect(over.status).to.equal(422);
    expect(over.body).to.deep.include({ error_code: 'report_period_too_large', hot_workflows: hotLimit + 1, hot_limit: hotLimit });
    expect(over.body.detail).to.match(/ask for a shorter period/);
    // A period that holds fewer is answered.
    expect((await summary('from=2026-06-01&to=2026-06-09', token)).status).to.equal(200);
  });

  it('readReportFields.lua answers the named fields of many records in one flat reply, empty for an absent field or record', async () => {
    const s = h.services;
    const one = recordOf(s, 'acme', 0, Date.parse('2026-07-01T06:00:00Z'));
    const p = s.keys.partitionOfWorkflow(one.workflow_id!)!;
    await s.redis.hset(s.keys.workflow(p, one.workflow_id!), one);
    const gone = s.keys.workflow(p, s.keys.newWorkflowId(p));
    const rows = await runReadReportFields(s.redis, [s.keys.workflow(p, one.workflow_id!), gone], ['tenant_id', 'status', 'consent_change', 'channel']);
    expect(rows).to.deep.equal([['acme', one.status, one.consent_change ?? '', one.channel], ['', '', '', '']]);
    expect(await runReadReportFields(s.redis, [], ['status'])).to.deep.equal([]);
  });

  it('reads what the pipeline writes: the first reply time, and the consent a claimant declined or withdrew', async () => {
    const p = await startHarness({ roles: ['all'] });
    try {
      const sentTo = (phone: string) => p.wa.sent.filter((m) => m.to === phone);
      const recordOf = async (id: string) => p.services.redis.hgetall(p.services.keys.workflow(p.services.keys.partitionOfWorkflow(id)!, id));
      const post = async (from: string, text: string) => ((await p.wa.postInbound({ from, text })).body as { workflow_ids: string[] }).workflow_ids[0]!;
      // Asked for consent, declines: the question's record says so, and its first reply (the consent request) is timed.
      const declines = '+919812300001';
      const question = await post(declines, 'what is my claim status');
      await p.wa.waitFor(() => sentTo(declines).length >= 1);
      await post(declines, 'NO');
      const declined = await waitFor(async () => { const r = await recordOf(question); return r.status === 'cancelled' && r; }, { what: 'the declined question to end' });
      expect(declined.consent_change).to.equal('declined');
      expect(Number(declined.replied_at) - Number(declined.started_at)).to.be.within(0, 20_000);
      // Grants consent, then withdraws it: STOP's own workflow says so; the YES's reply was not the question's first.
      const withdraws = '+919812300002';
      const hello = await post(withdraws, 'hello');
      await p.wa.waitFor(() => sentTo(withdraws).length >= 1);
      const firstReplyAt = await waitFor(async () => (await recordOf(hello)).replied_at, { what: 'the first reply time' });
      await post(withdraws, 'YES');
      await waitFor(async () => (await recordOf(hello)).status === 'completed', { what: 'the held question answered' });
      expect((await recordOf(hello)).replied_at, 'the first reply stays the first').to.equal(firstReplyAt);
      const stop = await post(withdraws, 'STOP');
      await waitFor(async () => (await recordOf(stop)).status === 'completed', { what: 'STOP answered' });
      expect((await recordOf(stop)).consent_change).to.equal('revoked');

      const today = new Date(p.services.clock.now() + istOffset).toISOString().slice(0, 10);
      const res = await p.api(`/v1/reports/summary?from=${today}&to=${today}`);
      const totals = ((await res.json()) as Summary).totals;
      const ids = (await Promise.all(Array.from({ length: p.services.keys.partitions }, (_, q) => p.services.redis.zrange(p.services.keys.workflowIndex(q, 'acme'), 0, -1)))).flat();
      const records = await Promise.all(ids.map(recordOf));
      expectFigures(totals, records, 'the pipeline\'s workflows today');
      expect([totals.consent_refusals, totals.consent_withdrawals]).to.deep.equal([1, 1]);
    } finally {
      await p.close();
    }
  });
});

async function tokenOf(h: Harness, credentials: { client_id: string; client_secret: string }): Promise<string> {
  const res = await fetch(`${h.apiUrl}/v1/auth/token`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'client_credentials', ...credentials }),
  });
  expect(res.status).to.equal(200);
  return ((await res.json()) as { access_token: string }).access_token;
}
