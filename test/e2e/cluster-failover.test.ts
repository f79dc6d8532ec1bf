/**
 * A master of the Redis Cluster dies mid-stream (SIGKILL) while it holds work in flight: its
 * replica is promoted and the service finds the new master by itself (docs/scaling.md,
 * "Failover"). Counted at the end: replies lost and duplicated at the provider, workflows that
 * never completed, `reply.sent` ledger events missing or doubled (test/helpers/reply-counts.ts).
 *
 * With REDIS_WAIT_REPLICAS=1 (every acknowledging write waits for a replica) three failovers in
 * one run must lose and duplicate nothing. Without it (asynchronous replication) the writes of
 * the last moments may vanish with the master: that run prints its counts and asserts only what
 * holds even then: the service recovers, and every message sent after the promotion is accepted
 * and answered once.
 *
 * In the default suite: both runs together take about 35 s (three runs in a row passed, shared
 * 2-core machine).
 */
import { expect } from 'chai';
import type { Cluster } from 'ioredis';
import { seedUnderReviewClaims, startHarness, type Harness } from '../helpers/harness';
import { startTestCluster, type TestCluster } from '../helpers/redis-cluster';
import { countLedgerEvents, countReplies, ledgerEventWorkflowIds, reportCounts } from '../helpers/reply-counts';
import { waitFor } from '../helpers/wait';

const modes = [
  { name: 'REDIS_WAIT_REPLICAS=1', waitReplicas: 1, failovers: 3 },
  { name: 'asynchronous replication (REDIS_WAIT_REPLICAS=0)', waitReplicas: 0, failovers: 1 },
];

for (const mode of modes) {
  describe(`Redis Cluster failover while the service runs, ${mode.name}`, function () {
    // Two cores shared with the rest of the suite: the failovers and the catching up take their time.
    this.timeout(240_000);
    let cluster: TestCluster;
    let h: Harness;
    const phones = Array.from({ length: 16 }, (_, i) => `+9198444${String(i).padStart(5, '0')}`);

    before(async function () {
      this.timeout(60_000);
      cluster = await startTestCluster({ appendonly: true });
      h = await startHarness({
        config: { redisClusterNodes: cluster.ports.map((port) => ({ host: '127.0.0.1', port })), redisWaitReplicas: mode.waitReplicas, redisWaitTimeoutMs: 1000 },
      });
      seedUnderReviewClaims(h, phones);
    });
    after(async () => {
      await h?.close();
      await cluster?.close();
    });

    it(`${mode.failovers} SIGKILL(s) of the master owning most partitions, work in flight: the replica takes over, the service goes on by itself`, async () => {
      const { keys, config } = h.services;
      const redis = h.services.redis as Cluster;
      await Promise.all(phones.map((from) => h.wa.postInbound({ from, text: 'YES' })));
      await h.wa.waitFor((sent) => sent.length >= phones.length, 30_000);
      h.wa.reset();

      // Asked of the cluster on connections of the test's own: the service's may be queued behind
      // WAITs while a master has no replica (docs/scaling.md).
      const masterOfStream = async (p: number, stage: 'gateway' | 'truth') => cluster.masterOf(await cluster.slotOf(keys.stream(p, stage)));
      const workflowIds: string[] = [];
      const afterRecovery: string[] = [];
      let refused = 0;
      let sent = 0;
      const send = async (into?: string[]) => {
        const res = await h.wa.postInbound({ from: phones[sent++ % phones.length]!, text: 'claim status' });
        // While a slot has no master the API may refuse a message (the provider sends it again later).
        if (res.status !== 200) { refused++; return false; }
        const ids = (res.body as { workflow_ids: string[] }).workflow_ids;
        workflowIds.push(...ids);
        into?.push(...ids);
        return true;
      };

      const t0 = Date.now();
      // Where a round is, on stderr: a run that times out says which step it was waiting on.
      const step = (what: string) => process.stderr.write(`[failover] ${((Date.now() - t0) / 1000).toFixed(1)} s: ${what} (accepted ${workflowIds.length}, refused ${refused}, replies ${h.wa.sent.length})\n`);
      for (let round = 0; round < mode.failovers; round++) {
        step(`round ${round + 1}`);
        // The master that owns the most partitions now (an earlier round moved some).
        const owners = new Map<number, number>();
        for (let p = 0; p < config.partitions; p++) {
          const port = await masterOfStream(p, 'gateway');
          owners.set(port, (owners.get(port) ?? 0) + 1);
        }
        const victim = [...owners].sort((a, b) => b[1] - a[1])[0]![0];
        h.cms.setLatency(15);
        for (let i = 0; i < 40; i++) await send();
        // Kill while the victim holds work in flight: a slower CMS keeps truth batches pending, and
        // the kill waits until a partition on the victim shows entries read and not yet handed off.
        // (With stage fusion truth runs in the gateway's chain, so those entries are the gateway's.)
        h.cms.setLatency(300);
        const onVictim: number[] = [];
        for (let p = 0; p < config.partitions; p++) if (await masterOfStream(p, 'truth') === victim) onVictim.push(p);
        // Messages go on at a steady rate (one every 50 ms, not waiting for answers) from here until
        // the cluster is whole again: the kill lands among them.
        let steady = true;
        const inFlight: Promise<unknown>[] = [];
        const sending = (async () => {
          while (steady) {
            // A request the API dropped (its socket closed while Redis stalled) counts as refused:
            // the provider sends it again, and the service deduplicates by message id.
            inFlight.push(send().catch(() => { refused++; return false; }));
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
        })();
        await waitFor(async () => {
          for (const p of onVictim) {
            for (const stage of ['gateway', 'truth'] as const) {
              const [pending] = (await redis.xpending(keys.stream(p, stage), keys.group(stage))) as [number];
              if (Number(pending) > 0) return true;
            }
          }
          return false;
        }, { timeoutMs: 30_000, what: 'entries in flight on the master to be killed' });
        step(`killing the master on port ${victim}`);
        const killedAt = Date.now();
        await cluster.stop(victim, true);
        h.cms.setLatency(15);
        await cluster.waitPromoted(victim, 60_000);
        const promotedAt = Date.now();
        step(`promoted ${promotedAt - killedAt} ms after the kill; restarting the killed node`);
        // Every partition is served again, none by the dead master.
        for (let p = 0; p < config.partitions; p++) expect(await masterOfStream(p, 'gateway')).to.not.equal(victim);
        // The killed node comes back as a replica of its successor (with WAIT on, the promoted
        // master refuses acknowledged writes until it has a replica again), in sync before the next round.
        await cluster.start(victim);
        await cluster.waitHealthy(60_000);
        steady = false;
        await sending;
        await Promise.all(inFlight);
        step('cluster healthy, replicas in sync');
        for (let i = 0; i < 20; i++) expect(await send(afterRecovery), 'a message sent after the promotion is accepted').to.equal(true);
      }

      step('waiting for every workflow to complete');
      await waitFor(async () => {
        const records = await Promise.all(workflowIds.map((id) => h.services.workflows.get('acme', id)));
        return records.every((r) => r?.status === 'completed');
      }, { timeoutMs: 60_000, what: 'every accepted workflow completed' }).catch(() => undefined);
      await h.wa.waitFor((s) => new Set(s.map((m) => m.bizOpaque!.split(':')[0])).size >= workflowIds.length, 30_000).catch(() => undefined);
      const records = await Promise.all(workflowIds.map((id) => h.services.workflows.get('acme', id)));
      const unfinished = records.filter((r) => r?.status !== 'completed').length;
      const counts = countReplies(workflowIds, h.wa.sent.map((m) => m.bizOpaque));
      // The ledger is written after the reply (and moved by the scheduler): it may lag the provider.
      let ledger = countLedgerEvents(workflowIds, await ledgerEventWorkflowIds(h.services.ledger, 'acme', 'reply.sent', new Set(workflowIds)));
      await waitFor(async () => {
        ledger = countLedgerEvents(workflowIds, await ledgerEventWorkflowIds(h.services.ledger, 'acme', 'reply.sent', new Set(workflowIds)));
        return ledger.missing === 0;
      }, { timeoutMs: 20_000, what: 'a reply.sent event per workflow in the ledger' }).catch(() => undefined);
      reportCounts(`claim-status, ${mode.failovers} cluster master SIGKILL(s) mid-stream, ${mode.name} (${refused} webhooks refused during failovers)`, counts);
      process.stderr.write(`[failover counts] ${mode.name}: workflows not completed ${unfinished}, reply.sent events missing ${ledger.missing}, doubled ${ledger.doubled}\n`);

      expect(workflowIds.length + refused).to.equal(sent);
      // Even without WAIT: the messages sent after each promotion were answered, once.
      const later = countReplies(afterRecovery, h.wa.sent.map((m) => m.bizOpaque));
      expect(later).to.deep.equal({ workflows: 20 * mode.failovers, lost: 0, duplicated: 0 });
      if (mode.waitReplicas > 0) {
        expect(counts, 'replies').to.deep.include({ lost: 0, duplicated: 0 });
        expect(unfinished, 'workflows not completed').to.equal(0);
        expect(ledger, 'reply.sent ledger events').to.deep.equal({ missing: 0, doubled: 0 });
      }
    });
  });
}
