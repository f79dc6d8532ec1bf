/**
 * What a benchmark measures on the Redis side: a private redis-server (so other clients' traffic
 * does not count), its CPU time over a phase (`INFO cpu`), and, for `--profile-scripts`, a
 * per-script figure.
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
import { redisAnswers } from './local-redis';
import { scriptDigests } from '../src/redis/scripts';

export interface BenchRedis {
  url: string;
  /** A plain connection for the measurements (not one the service or the bench load uses). */
  admin: Redis;
  /**
   * Under callgrind (BENCH_REDIS_CALLGRIND, below): counts the server's instructions from now
   * (`true`) or stops counting (`false`); a no-op otherwise.
   */
  collect(on: boolean): void;
  stop(): Promise<void>;
}

/**
 * `BENCH_REDIS_CALLGRIND=<dir>` runs the private redis-server under valgrind's callgrind, counting
 * only between `collect(true)` and `collect(false)`; the profile is written to `<dir>` when the
 * server stops (read it with `callgrind_annotate`). Instructions executed are the one Redis-side
 * figure a shared machine does not move (CPU time does, by tens of percent): for an A/B of a
 * script change (docs/benchmarks.md, Issue 15). The server runs about 50 times slower.
 */
const callgrindDir = process.env.BENCH_REDIS_CALLGRIND;

/**
 * Starts a private redis-server on a free-looking port, configured as production runs it (AOF,
 * fsync every second; no RDB snapshots). AOF rewrites are off so a fork does not land in one
 * system's phase and not the other's.
 */
export async function startBenchRedis(): Promise<BenchRedis> {
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
    async stop() {
      admin.disconnect();
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The server's CPU time so far, user + system, in microseconds (`INFO cpu`: the whole process). */
export async function redisCpuMicros(admin: Redis): Promise<number> {
  const info = await admin.info('cpu');
  const field = (name: string) => Number(new RegExp(`^${name}:([0-9.]+)`, 'm').exec(info)?.[1] ?? NaN);
  return (field('used_cpu_user') + field('used_cpu_sys')) * 1e6;
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
