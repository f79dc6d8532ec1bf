/**
 * The core promise: any process can be killed with SIGKILL at any moment and nothing is lost
 * or done twice. Stage workers run as child processes; one is killed mid-stream and another
 * started; every one of 200 messages is answered exactly once at the fake provider.
 */
import { expect } from 'chai';
import { runnableStageNames } from '../../pipeline/stages';
import { envFor, startChild, type ChildService } from '../helpers/child-service';
import { startHarness, type Harness } from '../helpers/harness';
import { waitFor } from '../helpers/wait';

describe('crash recovery (stage workers killed with SIGKILL)', function () {
  this.timeout(90000);
  let h: Harness;
  const children: ChildService[] = [];
  const phones = Array.from({ length: 20 }, (_, i) => `+9198222${String(i).padStart(5, '0')}`);

  before(async () => {
    // This process serves the API and fires timers; every stage runs in child processes.
    h = await startHarness({ roles: ['api'], config: { reclaimIdleMs: 1500 } });
    for (const phone of phones) {
      h.cms.upsertClaim(h.tenant.doc.cms.api_key, {
        claim_id: `CLM-${phone.slice(-5)}`, policy_number: 'POL-1', member_name: 'R Sharma', claimant_phone: phone, status: 'UNDER_REVIEW',
        status_updated_at: '2026-11-21T09:00:00Z', amount_claimed: 50000, amount_approved: null, reason_codes: [],
      });
    }
  });
  after(async () => {
    await Promise.all(children.map((c) => c.kill()));
    await h?.close();
  });

  it('answers every one of 200 messages exactly once across a SIGKILL of a worker', async () => {
    const env = envFor(h.config);
    const stageArg = runnableStageNames.join(',');
    children.push(startChild(['stage', stageArg], env), startChild(['stage', stageArg], env));

    // Consent first, through the real flow: each phone says YES and is thanked.
    await Promise.all(phones.map((from) => h.wa.postInbound({ from, text: 'YES' })));
    await h.wa.waitFor((sent) => sent.length >= phones.length, 30000);
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
    // it could otherwise land between batches, and there would be nothing to take over).
    h.cms.setLatency(300);
    const victim = `:${children[0]!.process.pid}:truth`;
    await waitFor(async () => {
      for (let p = 0; p < h.config.partitions; p++) {
        const consumers = (await h.services.redis.xinfo('CONSUMERS', h.services.keys.stream(p, 'truth'), h.services.keys.group('truth')).catch(() => [])) as unknown[][];
        for (const c of consumers) {
          const name = String(c[c.indexOf('name') + 1]);
          if (name.endsWith(victim) && Number(c[c.indexOf('pending') + 1]) > 0) return true;
        }
      }
      return false;
    }, { timeoutMs: 30000, what: 'the worker to be killed holding entries' });
    const exitCode = await children[0]!.kill('SIGKILL');
    h.cms.setLatency(15);
    expect(exitCode).to.equal(null); // killed by the signal, not exited
    children.push(startChild(['stage', stageArg], env));
    for (let i = 100; i < 200; i++) await send(i);

    expect(workflowIds).to.have.length(200);
    await h.wa.waitFor((sent) => new Set(sent.map((m) => m.idempotencyKey!.split(':')[0])).size >= 200, 60000);

    const repliesPerWorkflow = new Map<string, number>();
    for (const m of h.wa.sent) {
      const workflowId = m.idempotencyKey!.split(':')[0]!;
      repliesPerWorkflow.set(workflowId, (repliesPerWorkflow.get(workflowId) ?? 0) + 1);
    }
    expect([...repliesPerWorkflow.keys()].sort()).to.deep.equal([...workflowIds].sort());
    expect([...repliesPerWorkflow.values()].every((n) => n === 1), 'a workflow was answered twice').to.equal(true);
    for (const m of h.wa.sent) expect(m.text).to.match(/Under review/);
    // The kill landed mid-stream: a surviving worker took over the dead one's pending entries.
    expect(children.slice(1).map((c) => c.output()).join('')).to.contain('reclaimed entries of a consumer that stopped');

    // And every workflow reads completed through the API.
    await waitFor(async () => {
      const statuses = await Promise.all(workflowIds.map(async (id) => ((await (await h.api(`/v1/workflows/${id}`)).json()) as { status: string }).status));
      return statuses.every((s) => s === 'completed');
    }, { timeoutMs: 20000, what: 'all 200 workflows completed' });
  });
});
