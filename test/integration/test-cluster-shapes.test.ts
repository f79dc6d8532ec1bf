/**
 * The test cluster helper's shapes other than three masters and three replicas (test/helpers/
 * redis-cluster.ts): one or two masters, which `redis-cli --cluster create` refuses and the helper
 * joins by hand, with or without replicas. The scale bench (bench/bench-scale.ts) runs on them.
 */
import { expect } from 'chai';
import { Cluster, Redis } from 'ioredis';
import { Keys } from '../../src/redis/keys';
import { evenSlotRanges, startTestCluster, type TestCluster } from '../helpers/redis-cluster';

/** The ranges of CLUSTER SLOTS, [first, last, master port], in slot order. */
async function slotMap(port: number): Promise<[number, number, number][]> {
  return ask(port, async (r) => ((await r.call('CLUSTER', 'SLOTS')) as [number, number, [string, number]][])
    .map(([first, last, master]) => [first, last, master[1]] as [number, number, number]).sort((a, b) => a[0] - b[0]));
}

/** The replicas a master lists for itself (CLUSTER REPLICAS: the nodes replicating from it). */
async function replicasOf(port: number): Promise<number> {
  return ask(port, async (r) => ((await r.call('CLUSTER', 'REPLICAS', String(await r.call('CLUSTER', 'MYID')))) as string[]).length);
}

async function ask<T>(port: number, fn: (r: Redis) => Promise<T>): Promise<T> {
  const r = new Redis({ host: '127.0.0.1', port });
  try {
    return await fn(r);
  } finally {
    r.disconnect();
  }
}

describe('test cluster helper: masters and replicas', function () {
  this.timeout(60_000);

  it('splits the slots as redis-cli does', () => {
    expect(evenSlotRanges(1)).to.deep.equal([[0, 16383]]);
    expect(evenSlotRanges(2)).to.deep.equal([[0, 8191], [8192, 16383]]);
    expect(evenSlotRanges(3)).to.deep.equal([[0, 5460], [5461, 10922], [10923, 16383]]);
  });

  it('moves slots one after another between two masters, as the scale bench spreads its partitions: every node names each slot\'s new owner', async () => {
    const cluster = await startTestCluster({ masters: 2, replicas: 0 });
    try {
      // (each move bumps the importing node's config epoch; a node deciding on a stale view of the
      // other's once left a slot that each named the other as serving: test/helpers/redis-cluster.ts)
      const keys = new Keys('shapes', 24);
      const moved = new Map<number, number>();
      for (let p = 0; p < 24; p++) {
        const slot = await cluster.slotOf(keys.audit(p));
        const to = cluster.ports[p % 2]!;
        await cluster.moveSlot(slot, to);
        moved.set(slot, to);
      }
      const maps = await Promise.all(cluster.ports.map((port) => slotMap(port)));
      expect(maps[1]).to.deep.equal(maps[0]);
      for (const [slot, to] of moved) {
        const range = maps[0]!.find(([first, last]) => slot >= first && slot <= last);
        expect(range?.[2], `slot ${slot}`).to.equal(to);
      }
      expect(maps[0]!.reduce((n, [first, last]) => n + last - first + 1, 0)).to.equal(16384);
    } finally {
      await cluster.close();
    }
  });

  for (const [masters, replicas] of [[1, 0], [2, 1]] as const) {
    describe(`${masters} master(s), ${replicas} replica(s) each`, () => {
      let cluster: TestCluster;
      before(async () => { cluster = await startTestCluster({ masters, replicas }); });
      after(async () => { await cluster?.close(); });

      it('serves every slot from its masters, each with its replicas, and a cluster client reads and writes on every master', async () => {
        expect(cluster.ports).to.have.length(masters * (1 + replicas));
        const map = await slotMap(cluster.ports[0]!);
        expect(map.map(([first, last]) => [first, last])).to.deep.equal(evenSlotRanges(masters));
        expect(new Set(map.map((range) => range[2])).size).to.equal(masters);
        for (const range of map) expect(await replicasOf(range[2])).to.equal(replicas);

        const client = new Cluster(cluster.ports.map((port) => ({ host: '127.0.0.1', port })));
        try {
          // One key in each master's range: the slots of tags a..z cover both halves.
          const tags = 'abcdefghijklmnopqrstuvwxyz'.split('');
          const owners = new Set<number>();
          for (const tag of tags) {
            await client.set(`shape:{${tag}}`, tag);
            expect(await client.get(`shape:{${tag}}`)).to.equal(tag);
            owners.add(await cluster.masterOf(await cluster.slotOf(`shape:{${tag}}`)));
          }
          expect(owners.size).to.equal(masters);
        } finally {
          client.disconnect();
        }
      });
    });
  }
});
