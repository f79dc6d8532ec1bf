/**
 * How the service tells Redis errors apart, against real servers (src/redis/unavailable.ts,
 * src/redis/connection.ts `execReplies`): a pipeline's failed command is thrown, not read as an
 * empty reply; a server that cannot serve (a replica asked to write, a server gone) counts as
 * "unavailable", which the API answers 503; a command our code got wrong does not (a 500 and an
 * error log: a bug to fix, not an outage to wait out). A server that stopped (ioredis's
 * MaxRetriesPerRequestError) is shown where a user sees it: test/e2e/api-store-unavailable.test.ts.
 */
import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { Redis as SingleRedis } from 'ioredis';
import { createLogger } from '../../src/logger';
import { createRedis, execReplies, waitReady, type Redis } from '../../src/redis/connection';
import { AppError } from '../../src/errors';
import { isPassingStoreFailure, isRedisUnavailable } from '../../src/redis/unavailable';
import { startTestCluster, type TestCluster } from '../helpers/redis-cluster';
import { startPrivateRedis, testRedisUrl, type PrivateRedis } from '../helpers/redis';
import { waitFor } from '../helpers/wait';

describe('Redis errors: outage or fault', function () {
  this.timeout(30_000);
  let redis: Redis;
  const key = `redis-errors-${randomBytes(4).toString('hex')}`;

  before(async () => {
    redis = createRedis(testRedisUrl(), { name: 'redis-errors-test', scripts: false });
    await waitReady(redis);
  });
  after(async () => {
    await redis.del(key);
    redis.disconnect();
  });

  it('execReplies gives the replies in order, and throws a failed command instead of reading it as empty', async () => {
    await redis.set(key, 'a string');
    expect(await execReplies(redis.pipeline().get(key).strlen(key))).to.deep.equal(['a string', 8]);
    let thrown: unknown = null;
    try {
      await execReplies(redis.pipeline().get(key).hgetall(key));
    } catch (err) {
      thrown = err;
    }
    expect((thrown as Error).message).to.match(/^WRONGTYPE /);
    // A command our code got wrong is a fault, not an outage.
    expect(isRedisUnavailable(thrown)).to.equal(false);
    // and a background loop logs it as an error, where a passing store failure is a warning.
    expect(isPassingStoreFailure(thrown)).to.equal(false);
    expect(isPassingStoreFailure(new AppError('replica_wait_timeout', 'write confirmed by 0 of 1 replicas within 1000 ms'))).to.equal(true);
    expect(isPassingStoreFailure(new AppError('invalid_request', 'not a store failure'))).to.equal(false);
  });

  it('the rest of a pipeline whose connection closed after part of it was answered is unavailable (the caller sends again)', async () => {
    const r = createRedis(testRedisUrl(), { name: 'redis-errors-abort', scripts: false });
    try {
      await waitReady(r);
      const id = String(await r.client('ID'));
      // The server answers the first two and then closes this connection (it kills itself).
      const replies = (await r.pipeline().ping().client('KILL', 'ID', id, 'SKIPME', 'no').ping().exec())!;
      const [aborted] = replies[2]!;
      expect(aborted?.message).to.equal('Command aborted due to connection close');
      expect(isRedisUnavailable(aborted)).to.equal(true);
      expect(isPassingStoreFailure(aborted)).to.equal(true);
    } finally {
      r.disconnect();
    }
  });

  describe('servers that cannot serve', () => {
    let primary: PrivateRedis;
    let replica: PrivateRedis;

    before(async () => {
      [primary, replica] = await Promise.all([startPrivateRedis(), startPrivateRedis()]);
      const r = new SingleRedis(replica.url);
      await r.replicaof('127.0.0.1', primary.port);
      await waitFor(async () => /master_link_status:up/.test(await r.info('replication')), { timeoutMs: 10_000, what: 'the replica in sync' });
      r.disconnect();
    });
    after(async () => {
      await Promise.all([primary?.close(), replica?.close()]);
    });

    it('a write to a replica (READONLY: what a client gets while it still takes a demoted master for the master) is unavailable', async () => {
      const r = createRedis(replica.url, { name: 'redis-errors-replica', scripts: false });
      try {
        let thrown: unknown = null;
        try { await r.set(key, 'x'); } catch (err) { thrown = err; }
        expect((thrown as Error).message).to.match(/^READONLY /);
        expect(isRedisUnavailable(thrown)).to.equal(true);
      } finally {
        r.disconnect();
      }
    });
  });

  describe('a cluster whose slot lives elsewhere', () => {
    let cluster: TestCluster;
    before(async () => { cluster = await startTestCluster({ masters: 2, replicas: 0 }); });
    after(async () => { await cluster?.close(); });

    it('a redirect the client did not follow (MOVED) is unavailable: the slot moved, the caller tries again', async () => {
      const slot = await cluster.slotOf(key);
      const owner = await cluster.masterOf(slot);
      const other = cluster.ports.find((port) => port !== owner)!;
      // A plain connection to the other master: what a client with a stale slot map sends.
      const r = new SingleRedis({ host: '127.0.0.1', port: other });
      try {
        let thrown: unknown = null;
        try { await r.get(key); } catch (err) { thrown = err; }
        expect((thrown as Error).message).to.equal(`MOVED ${slot} 127.0.0.1:${owner}`);
        expect(isRedisUnavailable(thrown)).to.equal(true);
      } finally {
        r.disconnect();
      }
    });

    it('a slot moved after the client read the slot map: concurrent writes to it and to a slot that stayed all go through, even when asked to pipeline automatically', async () => {
      // Two keys in two slots of one master; then one slot moves to the other master. With ioredis
      // auto-pipelining a cluster client batches commands per node, and a batch where one slot's
      // commands are answered MOVED and the other's ran is not resent: the moved slot's commands
      // fail with MOVED, and the client keeps sending them to the old node (ioredis issue #2075).
      // An API-only process asks for auto-pipelining (src/main.ts); on a cluster it is not used.
      const owner = cluster.ports[0]!;
      const other = cluster.ports[1]!;
      const onOwner: string[] = [];
      for (let i = 0; onOwner.length < 2; i++) {
        const candidate = `${key}-{k${i}}`;
        if ((await cluster.masterOf(await cluster.slotOf(candidate))) === owner) onOwner.push(candidate);
      }
      const [moving, staying] = onOwner as [string, string];
      const r = createRedis({ redisUrl: 'redis://127.0.0.1', redisClusterNodes: cluster.ports.map((port) => ({ host: '127.0.0.1', port })) },
        { name: 'redis-errors-autopipelining', scripts: false, autoPipelining: true });
      try {
        await waitReady(r);
        await Promise.all([r.set(moving, '0'), r.set(staying, '0')]);
        await cluster.moveSlot(await cluster.slotOf(moving), other);
        const rounds = 5;
        for (let round = 0; round < rounds; round++) {
          const settled = await Promise.allSettled([r.incr(moving), r.incr(staying), r.hset(`${moving}-h`, 'f', String(round)), r.get(staying)]);
          const failed = settled.filter((s): s is PromiseRejectedResult => s.status === 'rejected').map((s) => (s.reason as Error).message);
          expect(failed, `round ${round}`).to.deep.equal([]);
        }
        expect([await r.get(moving), await r.get(staying)]).to.deep.equal([String(rounds), String(rounds)]);
      } finally {
        r.disconnect();
      }
    });

    it('a cluster node that dies is logged as a warning naming the node, once a process and not for every retry or connection (the last test here: it stops a master)', async () => {
      const lines: { level: number; msg: string; node?: string; connection?: string; errors_not_logged?: number }[] = [];
      const log = createLogger('info', { write: (line: string) => { lines.push(JSON.parse(line)); } });
      const target = { redisUrl: 'redis://127.0.0.1', redisClusterNodes: cluster.ports.map((port) => ({ host: '127.0.0.1', port })) };
      const r = createRedis(target, { name: 'redis-errors-node-watch', scripts: false, log });
      // A second connection of the same process (a stage process holds one per lane).
      const r2 = createRedis(target, { name: 'redis-errors-node-watch-2', scripts: false, log });
      try {
        await Promise.all([waitReady(r), waitReady(r2)]);
        const victim = cluster.ports[1]!;
        let onVictim = '';
        for (let i = 0; !onVictim; i++) {
          const candidate = `${key}-{v${i}}`;
          if ((await cluster.masterOf(await cluster.slotOf(candidate))) === victim) onVictim = candidate;
        }
        await r.set(onVictim, 'before');
        const nodeErrors = [0, 0];
        [r, r2].forEach((c, i) => c.on('node error', () => { nodeErrors[i]!++; }));
        const stoppedAt = Date.now();
        await cluster.stop(victim, true);
        // No replica takes over here: the command is retried until ioredis gives up.
        const failed = await Promise.all([r, r2].map((c) => c.get(onVictim).then(() => null, (err: Error) => err)));
        expect(failed.every((e) => e instanceof Error), 'reads of a slot nobody serves').to.equal(true);
        const elapsedMs = Date.now() - stoppedAt;
        const nodeLines = lines.filter((l) => l.msg.startsWith('Redis Cluster node failing'));
        // Both connections met the dead node many times; the process logged one line a 10 s.
        expect(nodeErrors.every((n) => n > 1), `node errors ioredis reported on each connection: ${nodeErrors}`).to.equal(true);
        expect(nodeLines.length, `warnings over ${elapsedMs} ms of retries`).to.be.within(1, 1 + Math.floor(elapsedMs / 10_000));
        expect(nodeLines[0]).to.include({ level: 40, node: `127.0.0.1:${victim}` });
        // Nothing of the key or its value in the log.
        expect(JSON.stringify(lines)).not.to.include(onVictim).and.not.to.include('before');
      } finally {
        r.disconnect();
        r2.disconnect();
      }
    });
  });
});
