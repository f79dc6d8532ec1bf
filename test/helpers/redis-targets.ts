/**
 * Runs a suite on one Redis and again on a Redis Cluster (test/helpers/redis-cluster.ts), with the
 * same tests: `describeOnBoth(title, (target) => { ... })` declares `title (one Redis)` and
 * `title (Redis Cluster)`. Inside, `target.config()` is what a harness needs to use that Redis
 * (spread into `startHarness({ config })`); one cluster is started per suite and shared by its tests.
 *
 * TEST_REDIS_TARGETS=single (or cluster) runs only that half, to iterate quickly.
 */
import type { Config } from '../../src/config';
import { startTestCluster, type TestCluster } from './redis-cluster';

export interface RedisTargetContext {
  /** 'single' or 'cluster'. */
  readonly kind: 'single' | 'cluster';
  /** The cluster of the suite (started by its first hook); null on one Redis. */
  readonly cluster: TestCluster | null;
  /** Config overrides that point a harness at this Redis. */
  config(): Partial<Config>;
}

export function describeOnBoth(title: string, body: (this: Mocha.Suite, target: RedisTargetContext) => void): void {
  const only = process.env.TEST_REDIS_TARGETS;
  if (only !== 'cluster') {
    describe(`${title} (one Redis)`, function () {
      body.call(this, { kind: 'single', cluster: null, config: () => ({}) });
    });
  }
  if (only !== 'single') {
    describe(`${title} (Redis Cluster)`, function () {
      let cluster: TestCluster | null = null;
      // Hooks of this outer suite: the cluster is up before the body's hooks run, and goes down
      // after the body's `after` hooks closed what used it.
      before(async function () {
        this.timeout(60_000);
        cluster = await startTestCluster();
      });
      after(async () => { await cluster?.close(); });
      describe('six nodes', function () {
        body.call(this, {
          kind: 'cluster',
          get cluster() { return cluster; },
          config: () => {
            if (!cluster) throw new Error('the suite cluster is not started yet (use target.config() inside a hook or a test)');
            return { redisClusterNodes: cluster.ports.map((port) => ({ host: '127.0.0.1', port })) };
          },
        });
      });
    });
  }
}
