/**
 * REDIS_WAIT_REPLICAS against a real master and replica (two private redis-servers): a script
 * call and a send-record write count as done only once the replica has them, and fail with
 * `replica_wait_timeout` when it is gone (src/redis/durability.ts, docs/scaling.md). Off, the
 * same calls do not wait.
 */
import { expect } from 'chai';
import { Redis as SingleRedis } from 'ioredis';
import { AppError } from '../../src/errors';
import { createRedis, type Redis } from '../../src/redis/connection';
import { waitForReplicas } from '../../src/redis/durability';
import { startPrivateRedis, type PrivateRedis } from '../helpers/redis';
import { waitFor } from '../helpers/wait';

describe('REDIS_WAIT_REPLICAS: writes wait for a replica', function () {
  this.timeout(30_000);
  let master: PrivateRedis;
  let replica: PrivateRedis;
  let waiting: Redis;
  let plain: Redis;
  let replicaAdmin: SingleRedis;

  before(async () => {
    master = await startPrivateRedis();
    replica = await startPrivateRedis();
    replicaAdmin = new SingleRedis(replica.url);
    await replicaAdmin.replicaof('127.0.0.1', master.port);
    await waitFor(async () => (await replicaAdmin.info('replication')).includes('master_link_status:up'), { timeoutMs: 10_000, what: 'the replica in sync' });
    waiting = createRedis({ redisUrl: master.url, redisClusterNodes: null, redisWaitReplicas: 1, redisWaitTimeoutMs: 1000 });
    plain = createRedis({ redisUrl: master.url, redisClusterNodes: null });
  });
  after(async () => {
    waiting?.disconnect();
    plain?.disconnect();
    replicaAdmin?.disconnect();
    await replica?.close();
    await master?.close();
  });

  // appendLedger with a head that does not match writes nothing and answers; what is tested is
  // that its answer comes back only through WAIT.
  const script = (redis: Redis) => redis.appendLedger('dur:{t:1}:ledger', 'dur:{t:1}:head', 'not-the-head', 'cursor', '0-0', 'new-head', 0, 2, 1);

  it('with the replica in sync, a script and a plain write are confirmed', async () => {
    expect(await script(waiting)).to.equal(await script(plain));
    await waiting.set('dur:k', '1');
    await waitForReplicas(waiting, 'dur:k');
    expect(await replicaAdmin.get('dur:k')).to.equal('1');
  });

  it('with the replica gone, both fail with replica_wait_timeout; without the setting they do not wait', async () => {
    // The replica leaves: the master has none to confirm anything.
    await replicaAdmin.replicaof('NO', 'ONE');
    await waitFor(async () => (await plain.info('replication')).includes('connected_slaves:0'), { timeoutMs: 10_000, what: 'the master without its replica' });
    const failure = await script(waiting).then(() => null, (err: unknown) => err);
    expect(failure).to.be.instanceOf(AppError);
    expect((failure as AppError).code).to.equal('replica_wait_timeout');
    await waiting.set('dur:k', '2');
    const plainFailure = await waitForReplicas(waiting, 'dur:k').then(() => null, (err: unknown) => err);
    expect((plainFailure as AppError)?.code).to.equal('replica_wait_timeout');
    expect(await script(plain)).to.be.a('string');
    await waitForReplicas(plain, 'dur:k');
  });

  // Still without a replica: every WAIT runs to its 1 s timeout. A read sent on the same connection
  // while a script waits is answered while the WAIT is still blocked on the master (it would queue
  // behind the WAIT on a connection they shared).
  it('a script waiting for its replica does not hold the connection\'s other commands', async () => {
    const blocked = async (): Promise<boolean> => /blocked_clients:1\b/.test(await plain.info('clients'));
    const waited = script(waiting).then(() => null, (err: unknown) => err);
    await waitFor(blocked, { timeoutMs: 5_000, what: 'the WAIT blocked on the master' });
    expect(await waiting.get('dur:k')).to.equal('2');
    expect(await blocked(), 'the WAIT still blocked when the read was answered').to.equal(true);
    expect(((await waited) as AppError).code).to.equal('replica_wait_timeout');
  });
});
