/**
 * The archiver killed with SIGKILL between any two of its steps (docs/retention.md): it runs as a
 * scheduler process, `ARCHIVER_STOP_AT` makes it stop at a named step, the test kills it there, and
 * after every kill each workflow and each ledger position is in Redis or in the archive (never in
 * neither), the partner reads answer exactly what they answered before (nothing lost, nothing twice)
 * and the chain verifies. A last archiver, once the dead one's lease has run out, finishes the job,
 * and the ledger goes on from its head.
 */
import { expect } from 'chai';
import { Archiver } from '../../src/archive/archiver';
import { fromFields, walkPages } from '../../src/audit/audit-chain';
import { archiverSteps } from '../../src/config';
import { writeHistory, type History } from '../helpers/archive-data';
import { envFor, startChild } from '../helpers/child-service';
import { startHarness, type Harness } from '../helpers/harness';
import { waitFor } from '../helpers/wait';

const hour = 3_600_000;

describe('archiver crash safety', function () {
  this.timeout(120000);
  let h: Harness;
  let history: History;
  let baseline: { workflows: unknown[]; events: unknown[]; one: unknown[] };

  const allPages = async (path: string, limit: number) => {
    const items: unknown[] = [];
    let cursor: string | null = null;
    do {
      const sep = path.includes('?') ? '&' : '?';
      const res = await h.api(`${path}${sep}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).to.equal(200);
      const body = (await res.json()) as { items: unknown[]; next_cursor: string | null };
      items.push(...body.items);
      cursor = body.next_cursor;
    } while (cursor);
    return items;
  };
  const reads = async () => ({
    workflows: await allPages('/v1/workflows', 4),
    events: await allPages('/v1/audit/events', 7),
    one: await Promise.all(history.workflowIds.map(async (id) => (await h.api(`/v1/workflows/${id}`)).json())),
  });

  /** Where each workflow and each ledger position is now: Redis, the archive, or both. */
  const whereabouts = async () => {
    const s = h.services;
    const db = await s.archive.db();
    const archivedWorkflows = new Set((await db.query<{ workflow_id: string }>("SELECT workflow_id FROM archived_workflows WHERE tenant_id = 'acme'")).rows.map((r) => r.workflow_id));
    const hotWorkflows = new Set<string>();
    for (const id of history.workflowIds) {
      if (await s.redis.exists(s.keys.workflow(s.keys.partitionOfWorkflow(id)!, id))) hotWorkflows.add(id);
    }
    const archivedEvents = (await db.query<{ n: string }>("SELECT n FROM archived_events WHERE tenant_id = 'acme' ORDER BY n")).rows.map((r) => Number(r.n));
    const hotEvents = ((await s.redis.xrange(s.keys.ledger('acme'), '-', '+')) as [string, string[]][]).map(([, f]) => fromFields(f).n);
    return { archivedWorkflows, hotWorkflows, archivedEvents, hotEvents };
  };

  const checkNothingLost = async (when: string) => {
    const w = await whereabouts();
    for (const id of history.workflowIds) expect(w.hotWorkflows.has(id) || w.archivedWorkflows.has(id), `${id} after ${when}`).to.equal(true);
    const positions = new Set([...w.archivedEvents, ...w.hotEvents]);
    expect([...positions].sort((a, b) => a - b), `ledger positions after ${when}`).to.deep.equal(history.events.map((e) => e.n));
    // The archive holds a prefix of the ledger, Redis the rest (the two overlap only until a trim).
    expect(w.archivedEvents, `archived prefix after ${when}`).to.deep.equal(history.events.slice(0, w.archivedEvents.length).map((e) => e.n));
    expect(await reads(), `partner reads after ${when}`).to.deep.equal(baseline);
    const walk = await walkPages(h.services.ledger.pages('acme', 4), null);
    expect(walk.check, `chain after ${when}`).to.deep.include({ valid: true, count: history.events.length });
    return w;
  };

  before(async () => {
    h = await startHarness({ roles: ['api'] });
    history = await writeHistory(h.services, 'acme', { workflows: 10, eventsPer: 3, t0: Date.now() - 48 * hour, step: 1000 });
    baseline = await reads();
  });
  after(async () => { await h?.close(); });

  it('loses nothing and doubles nothing when killed between any two steps, and a later archiver finishes', async () => {
    const env = (stopAt: string) => envFor(h.config, { HOT_WINDOW: '1h', ARCHIVE_INTERVAL: '100ms', ARCHIVE_LEASE: '2s', ARCHIVER_STOP_AT: stopAt });
    const moved: string[] = [];
    let overlap = { workflows: 0, events: 0 };
    for (const step of archiverSteps) {
      const child = startChild(['scheduler'], env(step));
      try {
        await waitFor(() => child.output().includes(`archiver stopped at ${step}`), { timeoutMs: 30000, what: `the archiver to stop at ${step}` });
      } finally {
        await child.kill('SIGKILL');
      }
      const w = await checkNothingLost(`a SIGKILL at ${step}`);
      moved.push(`${step}: ${w.archivedWorkflows.size} archived, ${w.hotWorkflows.size} hot; events ${w.archivedEvents.length} archived, ${w.hotEvents.length} hot`);
      overlap = {
        workflows: Math.max(overlap.workflows, [...w.hotWorkflows].filter((id) => w.archivedWorkflows.has(id)).length),
        events: Math.max(overlap.events, w.hotEvents.filter((n) => w.archivedEvents.includes(n)).length),
      };
    }
    // Some kills fell between a copy and its trim: records and events were in both places, and the
    // reads above still answered each once.
    expect(overlap.workflows, moved.join('\n')).to.be.greaterThan(0);
    expect(overlap.events, moved.join('\n')).to.be.greaterThan(0);

    // A last archiver (in process, the same hot window) waits out the dead one's lease and finishes.
    const s = h.services;
    const archiver = new Archiver({ redis: s.redis, keys: s.keys, config: { ...s.config, retention: { ...s.config.retention, hotWindowMs: hour } }, clock: s.clock, log: s.log, archive: s.archive, tenants: s.tenants });
    await waitFor(async () => (await archiver.runOnce(['acme'])).busy === 0, { timeoutMs: 10000, what: 'the dead archiver\'s lease to run out' });
    const done = await checkNothingLost('the last archiver');
    expect(done.hotWorkflows.size).to.equal(0);
    expect(done.archivedWorkflows.size).to.equal(history.workflowIds.length);
    expect(done.hotEvents).to.deep.equal([]);
    expect(done.archivedEvents).to.have.length(history.events.length);

    // The chain goes on from the head: a new event after everything was archived still verifies.
    await s.redis.xadd(s.keys.audit(0), '*', 'tenant', 'acme', 'workflow_id', history.workflowIds[0]!, 'stage', 'gateway', 'type', 'stage.completed', 'at', String(Date.now()), 'detail', '{}');
    await waitFor(async () => (await s.ledger.moveOnce()) === 0 && (await s.ledger.head('acme')).count === history.events.length + 1, { what: 'the new event in the ledger' });
    const walk = await walkPages(s.ledger.pages('acme'), null);
    expect(walk.check).to.deep.include({ valid: true, count: history.events.length + 1 });
  });
});
