/**
 * `POST /v1/audit/verify` of a ledger partly archived (docs/audit-ledger.md, "Verification"): the
 * walk, the archive's pages included, runs on the verification worker thread with its own
 * PostgreSQL connection (`application_name` `cw-audit-verify`), never on the API's event loop; one
 * verification per tenant at a time (a second is 409 `audit_verify_running` with `Retry-After`),
 * while another tenant's verification is not held up by it.
 */
import { expect } from 'chai';
import pg from 'pg';
import { Archiver } from '../../src/archive/archiver';
import { ManualClock } from '../../src/clock';
import { writeHistory } from '../helpers/archive-data';
import { onboardFakeTenant, type FakeTenant } from '../helpers/fakes/demo-tenant';
import { startHarness, type Harness } from '../helpers/harness';
import { waitFor } from '../helpers/wait';

const day = 86_400_000;
const step = 1000;

describe('audit verification of an archived ledger: off the event loop, one per tenant', function () {
  this.timeout(60_000);
  let h: Harness;
  let other: FakeTenant;
  const t0 = Date.now() - 30 * day;
  // Slow enough that a walk of 36 events lasts about a second: the second request arrives while the first runs.
  const eventsPerSecond = 40;

  before(async () => {
    h = await startHarness({ roles: ['api'], config: { auditVerifyEventsPerSecond: eventsPerSecond } });
    const s = h.services;
    other = await onboardFakeTenant(s, h.cms, h.wa, { tenantId: 'globex', phoneNumberId: '100200399' });
    await writeHistory(s, 'acme', { workflows: 12, eventsPer: 3, t0, step });
    await writeHistory(s, 'globex', { workflows: 12, eventsPer: 3, t0, step });
    const clock = new ManualClock(t0 + 8 * step - 1 + h.config.retention.hotWindowMs);
    const archiver = new Archiver({ redis: s.redis, keys: s.keys, config: s.config, clock, log: s.log, archive: s.archive, tenants: s.tenants });
    expect(await archiver.runOnce(['acme', 'globex'])).to.deep.equal({ workflows: 16, events: 48, busy: 0 });
    expect(await s.ledger.hasArchived('acme')).to.equal(true);
  });
  after(async () => { await h?.close(); });

  const otherToken = async () => {
    const res = await fetch(`${h.apiUrl}/v1/auth/token`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: other.credentials.client_id, client_secret: other.credentials.client_secret }),
    });
    expect(res.status).to.equal(200);
    return ((await res.json()) as { access_token: string }).access_token;
  };
  const verify = async (token?: string) => {
    const res = await h.api('/v1/audit/verify', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}', ...(token ? { token } : {}) });
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as Record<string, unknown> };
  };

  it("reads the archive's pages on the worker's own connection, none through the API's", async () => {
    const s = h.services;
    const original = s.archive.eventsAfter.bind(s.archive);
    let apiPages = 0;
    s.archive.eventsAfter = (...args) => { apiPages += 1; return original(...args); };
    // PostgreSQL names the worker's own connection while it reads and for the pool's idle time
    // after (10 s): watched from before the request, so a slow machine between the answer and a
    // look afterwards cannot miss it.
    const client = new pg.Client({ connectionString: h.config.databaseUrl! });
    await client.connect();
    try {
      const workerConnection = waitFor(async () => {
        const { rows } = await client.query<{ n: string }>("SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'cw-audit-verify'");
        return Number(rows[0]!.n) > 0;
      }, { timeoutMs: 40_000, what: "the verification worker's own PostgreSQL connection (cw-audit-verify)" });
      // Awaited below; marked handled so that a failing request above it leaves no stray rejection.
      workerConnection.catch(() => undefined);
      try {
        const answer = await verify();
        expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
        expect(answer.body).to.include({ valid: true, count: 36 });
      } finally {
        s.archive.eventsAfter = original;
      }
      expect(await workerConnection).to.equal(true);
    } finally {
      await client.end();
    }
    expect(apiPages, 'archive pages read on the API event loop').to.equal(0);
  });

  it("a second verification of the same tenant while one runs is 409; another tenant's runs beside it", async () => {
    const token = await otherToken();
    const [first, second, theirs] = await Promise.all([
      verify(),
      new Promise((r) => setTimeout(r, 100)).then(() => verify()),
      new Promise((r) => setTimeout(r, 100)).then(() => verify(token)),
    ]);
    expect(first.status, JSON.stringify(first.body)).to.equal(200);
    expect(first.body).to.include({ valid: true, count: 36 });
    expect(second.status, JSON.stringify(second.body)).to.equal(409);
    expect(second.body.error_code).to.equal('audit_verify_running');
    expect(Number(second.retryAfter)).to.be.greaterThan(0);
    expect(theirs.status, JSON.stringify(theirs.body)).to.equal(200);
    expect(theirs.body).to.include({ valid: true, count: 36 });
    // Once the first has answered, the tenant may verify again.
    expect((await verify()).status).to.equal(200);
  });
});

describe('audit verification of an archived ledger in the embedded PGlite', function () {
  this.timeout(60_000);
  let h: Harness;
  const t0 = Date.now() - 30 * day;

  before(async () => {
    // No DATABASE_URL: the archive is PGlite, in this process (in memory under NODE_ENV=test).
    h = await startHarness({ roles: ['api'], config: { databaseUrl: null } });
    const s = h.services;
    await writeHistory(s, 'acme', { workflows: 12, eventsPer: 3, t0, step });
    const clock = new ManualClock(t0 + 8 * step - 1 + h.config.retention.hotWindowMs);
    const archiver = new Archiver({ redis: s.redis, keys: s.keys, config: s.config, clock, log: s.log, archive: s.archive, tenants: s.tenants });
    expect(await archiver.runOnce(['acme'])).to.deep.equal({ workflows: 8, events: 24, busy: 0 });
  });
  after(async () => { await h?.close(); });

  it("gives PGlite's planner statistics after a pass that archived rows (it has no autovacuum to gather them)", async () => {
    // Never analysed, a table's reltuples is -1 and the planner sorts a tenant's events for each
    // page a verification reads; the archiver's pass ran ANALYZE (ArchiveStore.analyzeIfEmbedded).
    const db = await h.services.archive.db();
    const { rows } = await db.query<{ relname: string; reltuples: number }>(
      "SELECT relname, reltuples FROM pg_class WHERE relname IN ('archived_events', 'archived_workflows') ORDER BY relname");
    expect(rows.map((r) => [r.relname, Number(r.reltuples)])).to.deep.equal([['archived_events', 24], ['archived_workflows', 8]]);
  });

  it("walks on the worker, asking the API's thread, where PGlite lives, for each archive page", async () => {
    const s = h.services;
    const original = s.archive.eventsAfter.bind(s.archive);
    const asked: number[] = [];
    s.archive.eventsAfter = (tenantId, afterN, max) => { asked.push(max); return original(tenantId, afterN, max); };
    try {
      const res = await h.api('/v1/audit/verify', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      const body = (await res.json()) as Record<string, unknown>;
      expect(res.status, JSON.stringify(body)).to.equal(200);
      expect(body).to.include({ valid: true, count: 36 });
    } finally {
      s.archive.eventsAfter = original;
    }
    // The 24 archived events in one page of at most 100 (src/audit/walk-pacing.ts), then Redis.
    expect(asked).to.deep.equal([24]);
  });
});
