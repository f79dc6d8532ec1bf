/**
 * Redis connections. Every role gets its connections here, from one factory: a single Redis
 * (`REDIS_URL`, the default) or a Redis Cluster (`REDIS_CLUSTER_NODES`, docs/scaling.md). Both are
 * typed as `Redis`, the commands ioredis `Redis` and `Cluster` have in common, so no caller knows
 * which it holds: every key a command or script names shares one hash slot (src/redis/keys.ts), which
 * both run unchanged.
 *
 * Writers share one connection with the scripts registered (with `REDIS_WAIT_REPLICAS` on, the
 * scripts and their WAITs go on a second one, src/redis/scripts.ts); every blocking reader gets its own
 * (`maxRetriesPerRequest: null`, so a blocked XREADGROUP is never failed by the retry limit).
 * Auto-pipelining stays off where stages hand off (it halved EVALSHA throughput, ARCHITECTURE.md);
 * a process that only serves the API turns it on against one Redis: its many small concurrent
 * reads then share socket writes (docs/benchmarks.md). Never on a cluster: ioredis batches a
 * cluster's automatic pipeline per node, and when a slot has moved (a failover, a reshard) a batch
 * whose moved slot's commands are answered MOVED while the others ran is not resent, so those
 * commands fail with MOVED and the client keeps routing them to the old node (ioredis issue #2075;
 * test/integration/redis-errors.test.ts). Explicit pipelines stay within one slot and are resent.
 */
import { Cluster, Redis as SingleRedis, type ClusterNode, type RedisOptions } from 'ioredis';
import type { Logger } from '../logger';
import type { PipelineResult, Redis } from './client';
import { setDurability } from './durability';
import { registerScripts } from './scripts';

export type { Redis };

/** Where the deployment's Redis is: `clusterNodes` set means a cluster, else the one `url`. */
export interface RedisTarget {
  redisUrl: string;
  redisClusterNodes: { host: string; port: number }[] | null;
  /** Replicas each acknowledging write waits for (src/redis/durability.ts); absent or 0: none. */
  redisWaitReplicas?: number;
  redisWaitTimeoutMs?: number;
}

export interface ConnectionOptions {
  blocking?: boolean;
  name?: string;
  /** Pipeline concurrent commands automatically: honoured on one Redis, ignored on a cluster (header). */
  autoPipelining?: boolean;
  /** Register the Lua scripts (default true); a read-only connection leaves them out. */
  scripts?: boolean;
  /** Where the connection's errors are logged (watchConnection); without it ioredis prints them to stderr. */
  log?: Logger;
}

export function createRedis(target: RedisTarget | string, options: ConnectionOptions = {}): Redis {
  const { redisUrl, redisClusterNodes, redisWaitReplicas = 0, redisWaitTimeoutMs = 1000 } =
    typeof target === 'string' ? { redisUrl: target, redisClusterNodes: null } : target;
  const common: RedisOptions = {
    connectionName: options.name,
    maxRetriesPerRequest: options.blocking ? null : 20,
    lazyConnect: false,
  };
  let redis: Redis;
  if (redisClusterNodes) {
    // Credentials and TLS of REDIS_URL apply to every node of the cluster.
    const url = new URL(redisUrl);
    redis = new Cluster(redisClusterNodes as ClusterNode[], {
      // Off whatever the caller asked (the header says why).
      enableAutoPipelining: false,
      // Reads go to masters: a replica lags (asynchronous replication) and a workflow just
      // written must read back (docs/scaling.md).
      scaleReads: 'master',
      // A failover or a reshard answers MOVED/ASK or CLUSTERDOWN for a moment: the command is
      // retried after a refresh of the slot map instead of failing.
      maxRedirections: 32,
      retryDelayOnFailover: 200,
      retryDelayOnClusterDown: 200,
      retryDelayOnTryAgain: 100,
      slotsRefreshTimeout: 2000,
      redisOptions: {
        ...common,
        username: url.username ? decodeURIComponent(url.username) : undefined,
        password: url.password ? decodeURIComponent(url.password) : undefined,
        tls: url.protocol === 'rediss:' ? {} : undefined,
      },
    });
  } else {
    redis = new SingleRedis(redisUrl, { ...common, enableAutoPipelining: options.autoPipelining ?? false });
  }
  // A blocking reader only reads; the writers wait for replicas when the deployment asks.
  if (!options.blocking) setDurability(redis, { replicas: redisWaitReplicas, timeoutMs: redisWaitTimeoutMs });
  const { log, name = 'redis' } = options;
  if (log) watchConnection(redis, name, log);
  if (options.scripts !== false) registerScripts(redis, log ? { onConnection: (opened, role) => watchConnection(opened, `${name}-${role}`, log) } : {});
  return redis;
}

/** How often a connection that keeps failing logs again (the lines between are counted, not written). */
const connectionErrorLogEveryMs = 10_000;

/**
 * A connection's errors as an operator reads them: while Redis is down ioredis reports every
 * reconnect attempt (several a second), and with no listener prints each to stderr with a stack.
 * Here the first error of an outage is a warning, then one every 10 s with the count in between,
 * and the connection's return one info line. Messages are ioredis's and the server's (addresses,
 * error names): no key or value.
 * A cluster client reports a failing node apart, as `node error` (its `error` is for the cluster
 * as a whole): without a listener a master killed or failing over left no line at all. Those are
 * warnings too, spaced the same way but per node for the whole process, not per connection: a
 * stage process holds a connection per lane and each one meets the dead node (a 100,000-message
 * soak logged about 40 lines a failover when each connection logged its own). They have no "ready
 * again" line, since ioredis drops a dead node's connection and opens one to the promoted replica,
 * and the cluster itself stays ready.
 */
export function watchConnection(redis: Redis, name: string, log: Logger): void {
  let failing = false;
  let lastLoggedAt = 0;
  let unlogged = 0;
  redis.on('error', (err: Error) => {
    // Wall time, not the service's clock: this only spaces log lines out.
    const now = Date.now();
    if (failing && now - lastLoggedAt < connectionErrorLogEveryMs) { unlogged++; return; }
    log.warn({ connection: name, err: err.message, errors_not_logged: unlogged }, 'Redis connection failing; ioredis reconnects by itself (the API answers 503 store_unavailable meanwhile)');
    failing = true;
    lastLoggedAt = now;
    unlogged = 0;
  });
  redis.on('ready', () => {
    if (!failing) return;
    log.info({ connection: name, errors_not_logged: unlogged }, 'Redis connection ready again');
    failing = false;
    unlogged = 0;
  });
  if (redis instanceof Cluster) {
    redis.on('node error', (err: Error, node: string) => {
      const now = Date.now();
      const seen = failingNodes.get(node) ?? { loggedAt: 0, unlogged: 0 };
      failingNodes.set(node, seen);
      if (now - seen.loggedAt < connectionErrorLogEveryMs) { seen.unlogged++; return; }
      log.warn({ connection: name, node, err: err.message, errors_not_logged: seen.unlogged },
        'Redis Cluster node failing; its slots\' commands are retried on a fresh slot map (a failover promotes its replica)');
      seen.loggedAt = now;
      seen.unlogged = 0;
    });
  }
}

/** When this process last logged each failing cluster node (`host:port`), and the errors since (watchConnection). */
const failingNodes = new Map<string, { loggedAt: number; unlogged: number }>();

/** The master nodes to fan a scan or a per-node read out to: the cluster's masters, or the one server. */
export function masterNodes(redis: Redis): SingleRedis[] {
  return redis instanceof Cluster ? redis.nodes('master') : [redis];
}

/**
 * How streams may be read together: one XREADGROUP may name several streams only when they share
 * a hash slot on a cluster; one server reads them all in one command. Each group is read by one
 * blocking connection (src/runtime/stage-worker.ts, docs/scaling.md for the idle cost).
 */
export function readGroups(redis: Redis, streams: string[]): string[][] {
  return redis instanceof Cluster ? streams.map((s) => [s]) : [streams];
}

/** Resolves when the connection is ready, or rejects after `timeoutMs`. */
export async function waitReady(redis: Redis, timeoutMs = 5000): Promise<void> {
  if (redis.status === 'ready') return;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`Redis not ready after ${timeoutMs} ms (status ${redis.status})`));
    }, timeoutMs);
    const onReady = () => { cleanup(); resolve(); };
    const cleanup = () => { clearTimeout(timer); redis.off('ready', onReady); };
    redis.on('ready', onReady);
  });
}

// (in ./client.ts, beside the `Redis` type, so script wrappers can use them without an import cycle)
export { execReplies, type PipelineResult } from './client';

/**
 * One pipeline per partition, all in flight together: a pipeline on a cluster must stay in one
 * slot, and each partition is one (`{pN}`). `fill` adds partition `p`'s commands; the answer is
 * each partition's replies in order.
 */
export async function pipelinePerPartition(
  redis: Redis, partitions: number, fill: (pipeline: ReturnType<Redis['pipeline']>, partition: number) => void,
): Promise<PipelineResult[][]> {
  return Promise.all(Array.from({ length: partitions }, async (_, p) => {
    const pipeline = redis.pipeline();
    fill(pipeline, p);
    return ((await pipeline.exec()) ?? []) as PipelineResult[];
  }));
}
