/**
 * `npm run bench:cluster`: what a Redis Cluster costs the service, against one Redis
 * (docs/scaling.md). Starts a six-node cluster on loopback (three masters, three replicas) and a
 * private redis-server, and on each:
 *   1. idle cost: the service as production runs it (separate api, scheduler and stage processes,
 *      default settings), no traffic; after it settles, `CONFIG RESETSTAT` on every master, then
 *      `INFO commandstats` after `--idle-seconds`: the commands per second the idle service sends,
 *      by command;
 *   2. latency: `npm run bench:claim-status` at `--rate` workflows/s (default 100) for `--seconds`,
 *      end-to-end p50/p99 (webhook accepted → reply at the provider); its Redis CPU per workflow is
 *      that of the one Redis, or summed over the cluster's masters (replicas not counted).
 * Targets: `single` (one Redis), `cluster`, `cluster-wait` (the cluster with REDIS_WAIT_REPLICAS=1:
 * every acknowledging write waits for a replica, docs/scaling.md).
 * Options: --idle-seconds 10 --rate 100 --seconds 10 --targets single,cluster --processes split|all
 * --latency-log PREFIX (each target's steady-phase latencies as CSV, PREFIX-<target>.csv)
 * (`--processes` is the latency run's layout, as bench:claim-status takes it: `split`, four
 * processes as production runs them, or `all`, every role in one process).
 */
import { spawn } from 'node:child_process';
import { Redis } from 'ioredis';
import { startTestCluster } from '../test/helpers/redis-cluster';
import { startPrivateRedis } from '../test/helpers/redis';
import { nodeArgsFor, option, stageProcesses, startServiceProcess, waitUntilReady } from './bench-support';
import { developmentUnlessNamed } from '../src/config';

const idleSeconds = Number(option('idle-seconds', '10'));
const rate = option('rate', '100');
const seconds = option('seconds', '10');
const targets = option('targets', 'single,cluster').split(',');
const processes = option('processes', 'split');
/** `--latency-log PREFIX`: each target's steady-phase latencies as PREFIX-<target>.csv (bench:claim-status). */
const latencyLog = option('latency-log', '');

interface Target { name: string; env: Record<string, string>; masters: () => Promise<number[]>; close(): Promise<void> }

async function commandStats(ports: number[]): Promise<Map<string, number>> {
  const total = new Map<string, number>();
  for (const port of ports) {
    const r = new Redis({ host: '127.0.0.1', port });
    const info = await r.info('commandstats');
    r.disconnect();
    for (const match of info.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm)) total.set(match[1]!, (total.get(match[1]!) ?? 0) + Number(match[2]));
  }
  return total;
}

async function resetStats(ports: number[]): Promise<void> {
  for (const port of ports) {
    const r = new Redis({ host: '127.0.0.1', port });
    await r.config('RESETSTAT');
    r.disconnect();
  }
}

async function idleCost(target: Target): Promise<void> {
  const port = 19000 + Math.floor(Math.random() * 900);
  const env = { ...developmentUnlessNamed(process.env), ...target.env, KEY_PREFIX: 'idle', PORT: String(port), LOG_LEVEL: 'warn' };
  const roleSets = [['api'], ['scheduler'], ...stageProcesses.map((stages) => ['stage', stages])];
  const children = roleSets.map((args) => startServiceProcess(args, env, ''));
  try {
    await waitUntilReady(`http://127.0.0.1:${port}`);
    // Let every worker create its groups and settle into its idle loop.
    await new Promise((r) => setTimeout(r, 3000));
    const masters = await target.masters();
    await resetStats(masters);
    await new Promise((r) => setTimeout(r, idleSeconds * 1000));
    const stats = [...(await commandStats(masters))].filter(([name]) => !['info', 'config|resetstat', 'config'].includes(name)).sort((a, b) => b[1] - a[1]);
    const total = stats.reduce((sum, [, n]) => sum + n, 0);
    console.log(`${target.name}: idle service (${roleSets.map((r) => r.join(' ')).join(' | ')}) sends ${(total / idleSeconds).toFixed(1)} commands/s in all: `
      + stats.map(([name, n]) => `${name} ${(n / idleSeconds).toFixed(1)}`).join(', '));
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(children.map((c) => new Promise((r) => c.once('exit', r))));
  }
}

async function latency(target: Target): Promise<void> {
  const child = spawn(process.execPath, [...nodeArgsFor('bench/bench-claim-status'), '--messages', '500', '--rate', rate, '--seconds', seconds, '--processes', processes,
    ...(latencyLog ? ['--latency-log', `${latencyLog}-${target.name.split(' ')[0]}${target.name.includes('WAIT') ? '-wait' : ''}.csv`] : [])],
    { env: { ...process.env, ...target.env }, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => { out += d.toString(); });
  await new Promise((r) => child.once('exit', r));
  for (const line of out.split('\n').filter((l) => l.startsWith('steady') || l.startsWith('throughput'))) console.log(`${target.name}: ${line}`);
}

async function main(): Promise<void> {
  for (const name of targets) {
    let target: Target;
    if (name === 'cluster' || name === 'cluster-wait') {
      const cluster = await startTestCluster();
      const wait = name === 'cluster-wait';
      target = {
        name: `cluster (3 masters + 3 replicas${wait ? ', REDIS_WAIT_REPLICAS=1' : ''})`,
        env: { REDIS_CLUSTER_NODES: cluster.nodesSetting, ...(wait ? { REDIS_WAIT_REPLICAS: '1' } : {}) },
        masters: async () => [...new Set(await Promise.all([0, 8000, 16000].map((s) => cluster.masterOf(s))))],
        close: () => cluster.close(),
      };
    } else {
      const redis = await startPrivateRedis();
      target = { name: 'one Redis', env: { REDIS_URL: redis.url }, masters: async () => [redis.port], close: () => redis.close() };
    }
    try {
      await idleCost(target);
      await latency(target);
    } finally {
      await target.close();
    }
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
