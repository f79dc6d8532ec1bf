/**
 * The core promise: any process can be killed with SIGKILL at any moment and nothing is lost
 * or done twice. Stage workers run as child processes; one is killed mid-stream and another
 * started; every one of 200 messages is answered exactly once at the fake provider. The fake does
 * not deduplicate sends (Meta does not), so a reply sent twice is counted twice. Each run prints
 * its counts (`[crash counts] ...`: replies lost and duplicated).
 */
import { expect } from 'chai';
import { runnableStageNames } from '../../pipeline/stages';
import { envFor, startChild, type ChildService } from '../helpers/child-service';
import { seedUnderReviewClaims, startHarness, type Harness } from '../helpers/harness';
import { describeOnBoth } from '../helpers/redis-targets';
import { countReplies, reportCounts } from '../helpers/reply-counts';
import { waitFor } from '../helpers/wait';

/** How long the first replies may wait for freshly started children: a deadline, no delay. */
const childStartMs = 120_000;

describeOnBoth('crash recovery (stage workers killed with SIGKILL)', function (target) {
  this.timeout(90_000 + childStartMs);
  let h: Harness;
  const children: ChildService[] = [];
  const phones = Array.from({ length: 20 }, (_, i) => `+9198222${String(i).padStart(5, '0')}`);

  before(async () => {
    // This process serves the API; every stage, and the scheduler that fires timers, run in child processes.
    // A CMS timeout above the 3 s the first test slows the CMS to while it waits to kill a worker.
    h = await startHarness({ roles: ['api'], config: { reclaimIdleMs: 1500, cmsTimeoutMs: 10000, ...target.config() } });
    seedUnderReviewClaims(h, phones);
  });
  after(async () => {
    await Promise.all(children.map((c) => c.kill()));
    await h?.close();
  });

  it('answers every one of 200 messages exactly once across a SIGKILL of a worker', async () => {
    const env = envFor(h.config);
    const stageArg = runnableStageNames.join(',');
    // The scheduler fires the timers a recovered send waits on: a reclaimed entry that finds a send
    // begun and not proven is deferred (SEND_PROOF_WAIT_MS) and comes back through a timer.
    children.push(startChild(['stage', stageArg], env), startChild(['stage', stageArg], env), startChild(['scheduler'], env));

    // Consent first, through the real flow: each phone says YES and is thanked.
    await Promise.all(phones.map((from) => h.wa.postInbound({ from, text: 'YES' })));
    // The first replies wait for the children to start (each loads the service through tsx): on a
    // busy machine, beside other files starting clusters, that took over 30 s with nothing sent.
    await h.wa.waitFor((sent) => sent.length >= phones.length, childStartMs);
    h.wa.reset();

    // Slow the CMS a little so work is in flight when the worker dies.
    h.cms.setLatency(15);
    const workflowIds: string[] = [];
    const send = async (i: number) => {
      const res = await h.wa.postInbound({ from: phones[i % phones.length]!, text: 'claim status' });
      expect(res.status).to.equal(200);
      workflowIds.push(...(res.body as { workflow_ids: string[] }).workflow_ids);
    };
    for (let i = 0; i < 100; i++) await send(i);
    await h.wa.waitFor((sent) => sent.length >= 20, 30000);
    // Kill the worker while it holds entries: a slower CMS keeps its truth batch in flight, and the
    // kill waits until Redis shows that worker's consumer with entries pending (on a busy machine
    // it could otherwise land between batches, and there would be nothing to take over). Messages
    // go on being sent while it waits (up to the 150th), so there is always work to hold: a clean
    // run once had the first hundred all answered before the check, and waited 30 s for nothing.
    h.cms.setLatency(3000);
    // The entry in the CMS call is the gateway entry whose chain runs truth in the same hand-off
    // (stage fusion: the children run every stage, docs/architecture.md "Stage fusion").
    const heldIn = 'gateway';
    const victim = `:${children[0]!.process.pid}:${heldIn}`;
    // Holding an entry delivered under 1.5 s ago: its CMS call (3 s; the CMS timeout is set above
    // it) keeps it pending for 1.5 s more at least, so the kill lands before its hand-off. (Any
    // pending entry was not enough: one near the end of its call was handed off before the signal
    // on a busy machine, and then there was nothing to take over; nor was a 300 ms call with a
    // 200 ms margin, twice in one day on the 2-core machine running the whole suite.)
    const victimHolds = async () => {
      for (let p = 0; p < h.config.partitions; p++) {
        const stream = h.services.keys.stream(p, heldIn);
        const consumers = (await h.services.redis.xinfo('CONSUMERS', stream, h.services.keys.group(heldIn)).catch(() => [])) as unknown[][];
        for (const c of consumers) {
          const name = String(c[c.indexOf('name') + 1]);
          if (!name.endsWith(victim) || Number(c[c.indexOf('pending') + 1]) === 0) continue;
          const held = (await h.services.redis.xpending(stream, h.services.keys.group(heldIn), '-', '+', 100, name)) as [string, string, number, number][];
          if (held.some(([, , idleMs]) => idleMs < 1500)) return true;
        }
      }
      return false;
    };
    let next = 100;
    await waitFor(async () => {
      if (await victimHolds()) return true;
      if (next < 150) await send(next++);
      return false;
    }, { timeoutMs: 30000, what: 'the worker to be killed holding entries' });
    const exitCode = await children[0]!.kill('SIGKILL');
    h.cms.setLatency(15);
    expect(exitCode).to.equal(null); // killed by the signal, not exited
    children.push(startChild(['stage', stageArg], env));
    for (let i = next; i < 200; i++) await send(i);

    expect(workflowIds).to.have.length(200);
    await h.wa.waitFor((sent) => new Set(sent.map((m) => m.bizOpaque!.split(':')[0])).size >= 200, 60000).catch(() => undefined);
    const counts = countReplies(workflowIds, h.wa.sent.map((m) => m.bizOpaque));
    reportCounts('claim-status, a worker killed mid-stream', counts);
    expect(counts).to.deep.equal({ workflows: 200, lost: 0, duplicated: 0 });
    for (const m of h.wa.sent) expect(m.text).to.match(/Under review/);
    // The kill landed mid-stream: a surviving worker took over the dead one's pending entries.
    expect(children.slice(1).map((c) => c.output()).join('')).to.contain('reclaimed entries of a consumer that stopped');

    // And every workflow reads completed through the API.
    await waitFor(async () => {
      const statuses = await Promise.all(workflowIds.map(async (id) => ((await (await h.api(`/v1/workflows/${id}`)).json()) as { status: string }).status));
      return statuses.every((s) => s === 'completed');
    }, { timeoutMs: 20000, what: 'all 200 workflows completed' });
  });

  it('answers each message once when every worker dies while the provider holds their sends', async () => {
    await Promise.all(children.splice(0).map((c) => c.kill()));
    const env = envFor(h.config);
    const stageArg = runnableStageNames.join(',');
    const workers = [startChild(['stage', stageArg], env), startChild(['stage', stageArg], env)];
    // A scheduler, for what this test reads: deferred looks for proof, the ledger's moves.
    children.push(...workers, startChild(['scheduler'], env));
    const claimants = Array.from({ length: 20 }, (_, i) => `+9198333${String(i).padStart(5, '0')}`);
    for (const phone of claimants) {
      h.cms.upsertClaim(h.tenant.doc.cms.api_key, {
        claim_id: `CLM-8${phone.slice(-5)}`, policy_number: 'POL-1', member_name: 'R Sharma', claimant_phone: phone, status: 'UNDER_REVIEW',
        status_updated_at: '2026-11-21T09:00:00Z', amount_claimed: 50000, amount_approved: null, reason_codes: [],
      });
    }
    h.cms.setLatency(0);
    await Promise.all(claimants.map((from) => h.wa.postInbound({ from, text: 'YES' })));
    await h.wa.waitFor((sent) => claimants.every((p) => sent.some((m) => m.to === p)), childStartMs);
    h.wa.reset();
    // Read receipts on: each held send gets `sent`, `delivered` and `read`, the first of which proves it.
    h.wa.configureStatuses({ read: true });
    // The provider takes each message at once (it is on its way to the claimant) but answers late:
    // the workers die between the two, with intents written and no results.
    h.wa.delayAnswers(2000);
    // Killed means gone: a worker that was signalled but not yet dead could still send, after the
    // count of held sends below was taken (a CI run counted 14 held and found 16 recorded from proof).
    const killed = new Promise<void>((resolve) => h.wa.events.once('message', () => {
      setTimeout(() => void Promise.all(workers.map((c) => c.kill('SIGKILL'))).then(() => resolve()), 300);
    }));
    const workflowIds: string[] = [];
    await Promise.all(claimants.map(async (from) => {
      const res = await h.wa.postInbound({ from, text: 'claim status' });
      workflowIds.push(...(res.body as { workflow_ids: string[] }).workflow_ids);
    }));
    await killed;
    // Every byte a dead worker wrote is in the fake's sockets now; a few turns of the event loop let
    // the fake accept, read and record those requests before the replacement worker exists.
    for (let turn = 0; turn < 5; turn++) await new Promise((r) => setImmediate(r));
    // The claim-status replies the provider took from the dead workers (a late consent reply from
    // the step before is not one of them).
    const held = h.wa.sent.filter((m) => workflowIds.includes(m.bizOpaque?.split(':')[0] ?? ''));
    const inFlight = held.length;
    h.wa.delayAnswers(0);
    children.push(startChild(['stage', stageArg], env));

    await waitFor(async () => {
      const records = await Promise.all(workflowIds.map((id) => h.services.workflows.get('acme', id)));
      return records.every((r) => r?.status === 'completed');
    }, { timeoutMs: 60000, what: 'all 20 workflows completed' });
    const counts = countReplies(workflowIds, h.wa.sent.map((m) => m.bizOpaque));
    reportCounts(`claim-status, every worker killed with ${inFlight} sends unanswered`, counts);
    expect(inFlight, 'sends the provider held when the workers died').to.be.greaterThan(0);
    expect(counts).to.deep.equal({ workflows: claimants.length, lost: 0, duplicated: 0 });
    // Those sends were proven by the provider's status webhooks, not sent again: one reply.sent
    // per workflow in the ledger, as many of them recovered as sends were in flight.
    let sentEvents: LedgerItem[] = [];
    await waitFor(async () => {
      sentEvents = await repliesSent(h, workflowIds);
      return sentEvents.length >= claimants.length;
    }, { timeoutMs: 20000, what: 'a reply.sent event per workflow in the ledger' });
    expect(sentEvents).to.have.length(claimants.length);
    const recovered = sentEvents.filter((e) => e.detail.known_by === 'status_webhook');
    const heldIds = new Set(held.map((m) => m.bizOpaque!.split(':')[0]));
    const others = sentEvents.filter((e) => heldIds.has(e.workflow_id) && e.detail.known_by !== 'status_webhook');
    const unheld = recovered.filter((e) => !heldIds.has(e.workflow_id));
    expect(recovered.length, `replies recorded from status-webhook proof; held sends recorded otherwise: ${JSON.stringify(others.map((e) => e.detail))}; recorded from proof but not held: ${JSON.stringify(unheld.map((e) => e.detail))}`).to.equal(inFlight);
    // What the partner sees of those replies: each held send's delivery state, read at its own step.
    await waitFor(async () => {
      const states = await Promise.all(held.map(async (m) => {
        const [id, step] = m.bizOpaque!.split(':');
        const d = ((await (await h.api(`/v1/workflows/${id}`)).json()) as { delivery: { step: number; status: string } | null }).delivery;
        return d?.step === Number(step) && d.status === 'read';
      }));
      return states.every(Boolean) ? true : null;
    }, { timeoutMs: 20000, what: 'every held send read, as GET /v1/workflows/{id} shows' });
  });
});

interface LedgerItem { workflow_id: string; type: string; detail: Record<string, string> }

/** The tenant's `reply.sent` events of these workflows, as its ledger holds them. */
async function repliesSent(h: Harness, workflowIds: string[]): Promise<LedgerItem[]> {
  const wanted = new Set(workflowIds);
  const events: LedgerItem[] = [];
  let after: Parameters<Harness['services']['ledger']['read']>[1]['after'];
  do {
    const page = await h.services.ledger.read('acme', { type: 'reply.sent', limit: 200, after });
    events.push(...page.events.filter((e) => wanted.has(e.workflow_id)).map((e) => ({ workflow_id: e.workflow_id, type: e.type, detail: JSON.parse(e.detail) as Record<string, string> })));
    after = page.next ?? undefined;
  } while (after);
  return events;
}
