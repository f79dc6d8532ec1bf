/**
 * Stage fusion (docs/architecture.md "Stage fusion") as a claimant and a partner see it: a service
 * that runs every stage in one process answers as one that runs each stage apart (every hop through
 * its stream), with the same replies, the same workflow, the same audit events in the same order;
 * what changes is only that a stage run fused never got an entry in its own stream.
 */
import { expect } from 'chai';
import type { FakeClaim } from '../helpers/fakes/fake-cms';
import type { SentMessage } from '../helpers/fakes/whatsapp';
import { startHarness, type Harness } from '../helpers/harness';
import { runnableStageNames } from '../../pipeline/stages';
import { startRoles, type RunningRoles } from '../../src/roles';
import { describeOnBoth } from '../helpers/redis-targets';
import { waitFor } from '../helpers/wait';
import type { StageName } from '../../pipeline/vocabulary';

interface LedgerItem { event_id: string; type: string; stage: string; workflow_id: string }

/** Entries ever added to a stage's streams, over every partition (XINFO STREAM's entries-added). */
async function entriesAdded(h: Harness, stage: StageName): Promise<number> {
  let total = 0;
  for (let p = 0; p < h.config.partitions; p++) {
    const key = h.services.keys.stream(p, stage);
    if ((await h.services.redis.exists(key)) === 0) continue;
    const info = (await h.services.redis.xinfo('STREAM', key)) as unknown[];
    total += Number(info[info.indexOf('entries-added') + 1]);
  }
  return total;
}

/** One claimant's run: the question, consent, then a second question with consent on file. */
async function conversation(h: Harness, phone: string): Promise<{ replies: string[]; workflowId: string; events: LedgerItem[] }> {
  h.cms.upsertClaim(h.tenant.doc.cms.api_key, {
    claim_id: 'CLM-4411-9911', policy_number: 'POL-77-1234', member_name: 'Asha Verma', claimant_phone: phone, status: 'APPROVED',
    status_updated_at: '2026-11-20T10:00:00Z', amount_claimed: 120000, amount_approved: 98000, reason_codes: [],
  } satisfies FakeClaim);
  const mine = () => h.wa.sent.filter((m: SentMessage) => m.to === phone);
  for (const [text, replies] of [['What is my claim status?', 1], ['YES', 2]] as const) {
    expect((await h.wa.postInbound({ from: phone, text })).status).to.equal(200);
    await h.wa.waitFor(() => mine().length >= replies, 10000);
  }
  const res = await h.wa.postInbound({ from: phone, text: 'claim status' });
  const { workflow_ids: [workflowId] } = res.body as { workflow_ids: string[] };
  await h.wa.waitFor(() => mine().length >= 3, 10000);
  const workflow = await waitFor(async () => {
    const w = (await (await h.api(`/v1/workflows/${workflowId}`)).json()) as { status: string; audit_event_ids: string[] };
    return w.status === 'completed' ? w : null;
  }, { what: 'the workflow to complete' });
  const events = await waitFor(async () => {
    const page = (await (await h.api(`/v1/audit/events?workflow_id=${workflowId}`)).json()) as { items: LedgerItem[] };
    return page.items.length === workflow.audit_event_ids.length ? page.items : null;
  }, { what: "the workflow's events in the ledger", intervalMs: 100 });
  expect(events.map((e) => e.event_id)).to.deep.equal(workflow.audit_event_ids);
  return { replies: mine().map((m) => m.text ?? ''), workflowId: workflowId!, events };
}

describeOnBoth('stage fusion', function (target) {
  let fused: Harness;
  let plain: Harness;
  /** The plain service's stage workers, one role each, as stage processes apart would run them. */
  const apart: RunningRoles[] = [];
  before(async () => {
    fused = await startHarness({ config: target.config() });
    plain = await startHarness({ config: target.config(), roles: { api: true, scheduler: true, stages: [] } });
    for (const name of runnableStageNames) apart.push(await startRoles(plain.services, { api: false, scheduler: false, stages: [name] }));
  });
  after(async () => {
    await Promise.all(apart.map((roles) => roles.close()));
    await Promise.all([fused?.close(), plain?.close()]);
  });

  it('answers as without it: the same replies and the same steps in the ledger, in order', async () => {
    const withFusion = await conversation(fused, '+919811114401');
    const without = await conversation(plain, '+919811114401');
    expect(withFusion.replies).to.deep.equal(without.replies);
    expect(withFusion.replies[2]).to.match(/Approved/);
    const steps = (r: { events: LedgerItem[] }) => r.events.map((e) => `${e.stage}:${e.type}`);
    expect(steps(withFusion)).to.deep.equal(steps(without));
    expect(withFusion.events.map((e) => e.stage)).to.deep.equal(['gateway', 'consent', 'router', 'truth', 'policy', 'outbound']);
  });

  it('runs a stage fused after a plain forward or, into a step that reads no record, after one that sets fields (no entry in its stream), and outbound only from its stream', async () => {
    // gateway's forward is always plain: with fusion, consent runs in gateway's hand-off every time.
    expect(await entriesAdded(fused, 'consent')).to.equal(0);
    expect(await entriesAdded(plain, 'consent')).to.be.greaterThan(0);
    // A reply is sent only by outbound from its own stream (it checks its step before a send).
    expect(await entriesAdded(fused, 'outbound')).to.be.greaterThan(0);
    // router's forward sets the workflow type, and claim-status's truth step reads no workflow
    // record (`recordFreeSteps`): truth runs in the router's chain every time (the question the
    // consent answer resumes goes on from the router's stream, and truth in its chain).
    expect(await entriesAdded(plain, 'truth')).to.equal(2);
    expect(await entriesAdded(fused, 'truth')).to.equal(0);
    expect(await entriesAdded(fused, 'router')).to.equal(1);
    // truth's forward sets the outcome and the claim hash, and policy reads no workflow record:
    // policy runs in truth's chain every time; only the consent request (a park, an effect) goes
    // through policy's stream.
    expect(await entriesAdded(fused, 'policy')).to.equal((await entriesAdded(plain, 'policy')) - 2);
  });
});
