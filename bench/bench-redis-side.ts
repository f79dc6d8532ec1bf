/**
 * What a benchmark measures on the Redis side: a private redis-server (so other clients' traffic
 * does not count) or a private Redis Cluster of M masters (`startBenchCluster`), their CPU time
 * over a phase (`INFO cpu`, summed over the masters), and, for `--profile-scripts`, a per-script
 * figure.
 *
 * Per script: `INFO commandstats` lumps every EVALSHA together, so the profiler turns on the slow
 * log for every command (`slowlog-log-slower-than 0`) and drains it every 100 ms in a MULTI
 * (`SLOWLOG GET -1` + `SLOWLOG RESET`, atomic, so no entry falls between the read and the reset).
 * An EVALSHA entry carries the script's SHA as its second argument; the SHAs are mapped to names
 * with src/redis/scripts.ts (`scriptDigests`). A slow-log duration is the command's execution
 * time in the server's main thread (for a script: everything it calls), without reading and
 * parsing the request or writing the reply; those stay in the `INFO cpu` total only.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { aofFile } from './aof-stats';
import { redisAnswers } from '../scripts/local-redis';
import { Keys } from '../src/redis/keys';
import { scriptDigests } from '../src/redis/scripts';
import { evenSlotRanges, startTestCluster } from '../test/helpers/redis-cluster';

export interface BenchRedis {
  url: string;
  /** A plain connection for the measurements (not one the service or the bench load uses). */
  admin: Redis;
  /**
   * Under callgrind (BENCH_REDIS_CALLGRIND, below): counts the server's instructions from now
   * (`true`) or stops counting (`false`); a no-op otherwise.
   */
  collect(on: boolean): void;
  /** The server's incremental append-only file (bench/aof-stats.ts reads it). */
  aofFile(): string;
  stop(): Promise<void>;
}

/**
 * `BENCH_REDIS_CALLGRIND=<dir>` runs the private redis-server under valgrind's callgrind, counting
 * only between `collect(true)` and `collect(false)`; the profile is written to `<dir>` when the
 * server stops (read it with `callgrind_annotate`). Instructions executed are the one Redis-side
 * figure a shared machine does not move (CPU time does, by tens of percent): for an A/B of a
 * script change (docs/benchmarks.md, "The hand-off alone"). The server runs about 50 times slower.
 */
const callgrindFromEnv = process.env.BENCH_REDIS_CALLGRIND;

/**
 * Starts a private redis-server on a free-looking port, configured as production runs it (AOF,
 * fsync every second; no RDB snapshots). AOF rewrites are off so a fork does not land in one
 * system's phase and not the other's. `callgrindDir`: as BENCH_REDIS_CALLGRIND (above), for one server.
 */
export async function startBenchRedis(options: { callgrindDir?: string } = {}): Promise<BenchRedis> {
  const callgrindDir = options.callgrindDir ?? callgrindFromEnv;
  const port = 21000 + Math.floor(Math.random() * 8000);
  const dir = mkdtempSync(join(tmpdir(), 'bench-redis-'));
  const serverArgs = ['--bind', '127.0.0.1', '--port', String(port), '--dir', dir,
    '--appendonly', 'yes', '--appendfsync', 'everysec', '--auto-aof-rewrite-percentage', '0', '--save', '',
    '--hash-max-listpack-value', '256', '--logfile', 'redis.log'];
  const child: ChildProcess = callgrindDir
    ? spawn('valgrind', ['--tool=callgrind', '--instr-atstart=no', `--callgrind-out-file=${join(callgrindDir, 'callgrind.out.%p')}`,
      'redis-server', ...serverArgs], { stdio: 'ignore' })
    : spawn('redis-server', serverArgs, { stdio: 'ignore' });
  const url = `redis://127.0.0.1:${port}`;
  const deadline = Date.now() + (callgrindDir ? 60000 : 10000);
  while (!(await redisAnswers(url))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill();
      throw new Error(`private redis-server did not start on port ${port} (log: ${join(dir, 'redis.log')})`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const admin = new Redis(url);
  return {
    url, admin,
    collect(on: boolean) {
      if (callgrindDir && child.pid) execFileSync('callgrind_control', ['-i', on ? 'on' : 'off', String(child.pid)], { stdio: 'ignore' });
    },
    aofFile: () => aofFile(dir),
    async stop() {
      admin.disconnect();
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface BenchCluster {
  /** The value of REDIS_CLUSTER_NODES for the service. */
  nodesSetting: string;
  /** A plain connection to each master, for the measurements. */
  masters: Redis[];
  /** How many of the service's partitions each master serves, in master order. */
  partitionsPerMaster: number[];
  stop(): Promise<void>;
}

/**
 * A private Redis Cluster of `masters` masters and no replicas, each node configured as
 * `startBenchRedis` configures its server (AOF everysec, no rewrites, no snapshots). No replicas:
 * on a few cores a replica's CPU would be taken from the masters, and the scale curve is about
 * what the masters serve (replication is asynchronous and does not slow a master's reply).
 * Then `partitions` partitions are spread round robin over the masters by moving their slots (the
 * cluster is empty, so only the slot ownership moves): hashing alone leaves 8 partitions 2 / 2 / 4
 * on three masters (docs/scaling.md), which would cap the curve at the busiest master, and an
 * operator evens them out the same way.
 */
export async function startBenchCluster(masters: number, partitions: number): Promise<BenchCluster> {
  const cluster = await startTestCluster({
    masters, replicas: 0, appendonly: true, appendfsync: 'everysec',
    serverArgs: ['--auto-aof-rewrite-percentage', '0', '--hash-max-listpack-value', '256'],
  });
  try {
    const ports = await Promise.all(evenSlotRanges(masters).map(([first]) => cluster.masterOf(first)));
    const keys = new Keys('bench', partitions);
    const perMaster = ports.map(() => 0);
    for (let p = 0; p < partitions; p++) {
      await cluster.moveSlot(await cluster.slotOf(keys.audit(p)), ports[p % masters]!);
      perMaster[p % masters]! += 1;
    }
    await cluster.waitHealthy();
    const admins = ports.map((port) => new Redis({ host: '127.0.0.1', port }));
    return {
      nodesSetting: cluster.nodesSetting, masters: admins, partitionsPerMaster: perMaster,
      async stop() {
        for (const admin of admins) admin.disconnect();
        await cluster.close();
      },
    };
  } catch (err) {
    await cluster.close();
    throw err;
  }
}

/**
 * The masters of a running cluster (REDIS_CLUSTER_NODES), as plain connections: `CLUSTER NODES`
 * asked of the first node that answers.
 */
export async function clusterMasters(nodes: { host: string; port: number }[]): Promise<Redis[]> {
  for (const node of nodes) {
    const seed = new Redis({ ...node, lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    seed.on('error', () => undefined);
    try {
      await seed.connect();
      const lines = String(await seed.call('CLUSTER', 'NODES')).split('\n');
      // <id> <ip:port@cport[,hostname]> <flags> ...: the live masters.
      const addresses = lines.map((line) => line.split(' ')).filter((f) => f[2]?.split(',').includes('master') && !f[2].includes('fail'))
        .map((f) => f[1]!.split('@')[0]!);
      return addresses.map((address) => {
        const at = address.lastIndexOf(':');
        // A node that reports no address of its own (an empty ip) is the seed itself.
        return new Redis({ host: address.slice(0, at) || node.host, port: Number(address.slice(at + 1)) });
      });
    } catch {
      // Try the next node.
    } finally {
      seed.disconnect();
    }
  }
  throw new Error('no node of REDIS_CLUSTER_NODES answered CLUSTER NODES');
}

/** The CPU time so far of every server given, user + system, in microseconds (`INFO cpu`), summed. */
export async function redisCpuMicrosSum(servers: Redis[]): Promise<number> {
  const { user, system } = await redisCpuSplitSum(servers);
  return user + system;
}

/**
 * The CPU time so far of every server given, user and system apart, in microseconds, summed.
 * System time is mostly the socket reads and writes of each request and reply: it falls with
 * fewer round trips, where user time falls with fewer instructions.
 */
export async function redisCpuSplitSum(servers: Redis[]): Promise<{ user: number; system: number }> {
  return sumCpuSplits(await redisCpuSplitEach(servers));
}

/** Each server's CPU time so far, user and system apart, in microseconds (to tell the busiest master). */
export function redisCpuSplitEach(servers: Redis[]): Promise<Array<{ user: number; system: number }>> {
  return Promise.all(servers.map(redisCpuSplit));
}

export function sumCpuSplits(each: Array<{ user: number; system: number }>): { user: number; system: number } {
  return each.reduce((a, b) => ({ user: a.user + b.user, system: a.system + b.system }), { user: 0, system: 0 });
}

/** The server's CPU time so far, user + system, in microseconds (`INFO cpu`: the whole process). */
export async function redisCpuMicros(admin: Pick<Redis, 'info'>): Promise<number> {
  const { user, system } = await redisCpuSplit(admin);
  return user + system;
}

async function redisCpuSplit(admin: Pick<Redis, 'info'>): Promise<{ user: number; system: number }> {
  const info = await admin.info('cpu');
  const field = (name: string) => Number(new RegExp(`^${name}:([0-9.]+)`, 'm').exec(info)?.[1] ?? NaN) * 1e6;
  return { user: field('used_cpu_user'), system: field('used_cpu_sys') };
}

/**
 * Every server's counters so far, summed (`INFO stats`): commands run (a script's own commands
 * included), and the socket reads and writes it made for its clients. A request that arrives alone
 * costs a read and a write of its own, where requests that arrive together share them: the
 * kernel's part of the CPU time follows these, not the instructions.
 */
export async function redisIoSum(servers: Redis[]): Promise<{ commands: number; reads: number; writes: number }> {
  const each = await Promise.all(servers.map(async (admin) => {
    const info = await admin.info('stats');
    const field = (name: string) => Number(new RegExp(`^${name}:(\\d+)`, 'm').exec(info)?.[1] ?? NaN);
    return { commands: field('total_commands_processed'), reads: field('total_reads_processed'), writes: field('total_writes_processed') };
  }));
  return each.reduce((a, b) => ({ commands: a.commands + b.commands, reads: a.reads + b.reads, writes: a.writes + b.writes }), { commands: 0, reads: 0, writes: 0 });
}

/** `INFO commandstats` as rows: command, calls, total us. */
export async function commandStats(admin: Redis): Promise<{ command: string; calls: number; usec: number }[]> {
  const info = await admin.info('commandstats');
  return [...info.matchAll(/^cmdstat_([^:]+):calls=(\d+),usec=(\d+)/gm)].map((m) => ({ command: m[1]!, calls: Number(m[2]), usec: Number(m[3]) }));
}

interface ScriptRow { calls: number; usec: number }

/** Per-script calls and execution time over a phase, from the slow log (see the header). */
export class ScriptProfiler {
  private readonly names = new Map(scriptDigests().map(({ name, sha }) => [sha, name]));
  private readonly rows = new Map<string, ScriptRow>();
  private timer: NodeJS.Timeout | null = null;
  private draining: Promise<void> = Promise.resolve();
  /** Drains that came back full: entries may have been dropped (the figure is then a lower bound). */
  overflows = 0;
  private static readonly maxLen = 200000;

  constructor(private readonly admin: Redis) {}

  /** The server's slow-log settings before the profile, put back after it. */
  private saved: [string, string][] = [];

  async start(): Promise<void> {
    for (const name of ['slowlog-max-len', 'slowlog-log-slower-than']) {
      const [, value] = (await this.admin.config('GET', name)) as [string, string];
      this.saved.push([name, value]);
    }
    await this.admin.config('SET', 'slowlog-max-len', String(ScriptProfiler.maxLen));
    await this.admin.slowlog('RESET');
    // The commandstats table of the same phase starts from zero here.
    await this.admin.config('RESETSTAT');
    await this.admin.config('SET', 'slowlog-log-slower-than', '0');
    this.timer = setInterval(() => { this.draining = this.draining.then(() => this.drain()); }, 100);
  }

  /** Stops logging, drains what is left, and answers the rows (command or script name → calls, us). */
  async stop(): Promise<Map<string, ScriptRow>> {
    if (this.timer) clearInterval(this.timer);
    await this.draining;
    await this.admin.config('SET', 'slowlog-log-slower-than', '-1');
    await this.drain();
    for (const [name, value] of this.saved) await this.admin.config('SET', name, value);
    return this.rows;
  }

  private async drain(): Promise<void> {
    const replies = await this.admin.multi().slowlog('GET', '-1').slowlog('RESET').exec();
    const entries = (replies?.[0]?.[1] ?? []) as [number, number, number, string[]][];
    if (entries.length >= ScriptProfiler.maxLen) this.overflows += 1;
    for (const [, , usec, args] of entries) {
      const command = String(args[0] ?? '').toLowerCase();
      // Only scripts are attributed here; plain commands come from INFO commandstats.
      if (command !== 'evalsha' && command !== 'eval') continue;
      const name = command === 'evalsha' ? this.names.get(String(args[1])) ?? `unknown ${String(args[1]).slice(0, 8)}` : 'EVAL (first load)';
      const row = this.rows.get(name) ?? { calls: 0, usec: 0 };
      row.calls += 1;
      row.usec += usec;
      this.rows.set(name, row);
    }
  }
}
