/**
 * Resharding while the service runs (docs/scaling.md): a partition's slot moves to another master
 * with its keys (streams, consumer groups and their pending entries, workflow records) while
 * claimants write. Clients meet ASK during the move and MOVED after it; a blocked stream read is
 * redirected. Every message is answered exactly once and every workflow completes.
 */
import { expect } from 'chai';
import type { Cluster } from 'ioredis';
import { seedUnderReviewClaims, startHarness, type Harness } from '../helpers/harness';
import { startTestCluster, type TestCluster } from '../helpers/redis-cluster';
import { countReplies, reportCounts } from '../helpers/reply-counts';
import { waitFor } from '../helpers/wait';

describe('resharding a Redis Cluster while the service runs', function () {
  this.timeout(120_000);
  let cluster: TestCluster;
  let h: Harness;
  const phones = Array.from({ length: 16 }, (_, i) => `+9198333${String(i).padStart(5, '0')}`);

  before(async function () {
    this.timeout(60_000);
    cluster = await startTestCluster();
    h = await startHarness({ config: { redisClusterNodes: cluster.ports.map((port) => ({ host: '127.0.0.1', port })) } });
    seedUnderReviewClaims(h, phones);
  });
  after(async () => {
    await h?.close();
    await cluster?.close();
  });

  it('moves a partition\'s slot to another master mid-stream: every message answered once, nothing lost', async () => {
    const { keys } = h.services;
    const redis = h.services.redis as Cluster;
    // Consent first, through the real flow.
    await Promise.all(phones.map((from) => h.wa.postInbound({ from, text: 'YES' })));
    await h.wa.waitFor((sent) => sent.length >= phones.length, 30_000);
    h.wa.reset();

    // The partition with the most of these claimants, and the slot its keys live in.
    const byPartition = new Map<number, number>();
    for (const phone of phones) {
      const p = keys.partitionOf(h.tenant.doc.tenant_id, phone);
      byPartition.set(p, (byPartition.get(p) ?? 0) + 1);
    }
    const partition = [...byPartition].sort((a, b) => b[1] - a[1])[0]![0];
    const slot = Number(await redis.cluster('KEYSLOT', keys.stream(partition, 'gateway')));
    const from = await cluster.masterOf(slot);
    const masters = [...new Set(await Promise.all([0, 8000, 16000].map((s) => cluster.masterOf(s))))];
    const to = masters.find((port) => port !== from)!;

    h.cms.setLatency(15);
    const workflowIds: string[] = [];
    const send = async (i: number) => {
      const res = await h.wa.postInbound({ from: phones[i % phones.length]!, text: 'claim status' });
      expect(res.status).to.equal(200);
      workflowIds.push(...(res.body as { workflow_ids: string[] }).workflow_ids);
    };
    for (let i = 0; i < 60; i++) await send(i);
    // Mid-stream: the move runs while the next messages arrive and the stages work.
    const move = cluster.moveSlot(slot, to);
    for (let i = 60; i < 160; i++) await send(i);
    const moved = await move;
    expect(moved, 'keys moved with the slot').to.be.greaterThan(0);
    expect(await cluster.masterOf(slot)).to.equal(to);
    for (let i = 160; i < 200; i++) await send(i);

    expect(workflowIds).to.have.length(200);
    await h.wa.waitFor((sent) => new Set(sent.map((m) => m.bizOpaque!.split(':')[0])).size >= 200, 60_000).catch(() => undefined);
    const counts = countReplies(workflowIds, h.wa.sent.map((m) => m.bizOpaque));
    reportCounts('claim-status, a partition\'s slot resharded mid-stream', counts);
    expect(counts).to.deep.equal({ workflows: 200, lost: 0, duplicated: 0 });
    await waitFor(async () => {
      const statuses = await Promise.all(workflowIds.map(async (id) => ((await (await h.api(`/v1/workflows/${id}`)).json()) as { status: string }).status));
      return statuses.every((s) => s === 'completed');
    }, { timeoutMs: 30_000, what: 'all 200 workflows completed' });
    // The moved partition's stream is served by its new master, its consumer group (and its readers) intact.
    const groups = (await redis.xinfo('GROUPS', keys.stream(partition, 'gateway'))) as unknown[][];
    expect(groups.map((g) => String(g[g.indexOf('name') + 1]))).to.deep.equal([keys.group('gateway')]);
  });
});
