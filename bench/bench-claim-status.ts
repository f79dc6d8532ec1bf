/**
 * `npm run bench:claim-status`: drives claim-status workflows through the whole service and
 * prints throughput and end-to-end latency (webhook accepted → reply received at the provider).
 *
 * The service runs as child processes (`src/main.ts ROLE`, as in production); this process runs
 * the fake CMS, the fake WhatsApp provider and the load (bench/bench-load.ts), or with
 * `--load-processes L` L load processes do, each with a tenant and fakes of its own
 * (bench/bench-load-agent.ts). Two phases:
 *   1. throughput: N messages offered as fast as `--concurrency` webhook posts allow;
 *   2. steady: `--rate` messages per second for `--seconds`, with p50/p99 latency.
 * Options: --messages 5000 --concurrency 64 --rate 300 --seconds 10 --processes all|split --profile DIR
 * --channel whatsapp|sms (SMS: form webhooks signed with X-Twilio-Signature, replies through the
 * fake provider's Messages API). Either provider posts two statuses per reply back to the API
 * (WhatsApp: `sent` and `delivered` webhooks, one in seven posted twice; SMS: status callbacks);
 * `--callbacks off` leaves them out, to see what they cost; `--callbacks sink` has the WhatsApp fake
 * post them to a bare `node:http` server of its own process instead of the service
 * (bench/bench-status-floor.ts's server A), so that the run pays the provider's posts and nothing of
 * the service: on a machine where the fake shares the service's cores, the most any service could
 * keep of the throughput without statuses. `--reads on` has the WhatsApp fake post
 * `read` after `delivered` (Meta does when the claimant has read receipts on), `--fail-every N`
 * makes every N-th message `sent` then `failed` (Meta's error object; each becomes the partner's
 * `reply.delivery_failed`, docs/events.md).
 * Beside each phase's throughput: the Redis CPU microseconds per workflow (`INFO cpu`, user + sys
 * of the redis-server, delta over the phase / workflows answered; in the throughput phase also the two
 * apart, `[user U, system S]`: system time is mostly socket reads and writes, user time the commands
 * and scripts), and on the next line the commands, socket reads and socket writes a workflow
 * (`INFO stats`: requests that arrive together share a read and a write); the steady phase has
 * both on a line after its latencies. So that other clients' traffic
 * does not count, the bench starts a private redis-server (AOF as in production; scripts/
 * bench-redis-side.ts); `--redis shared` uses REDIS_URL (default the local Redis) instead, under a
 * fresh key prefix removed at the end. `--profile-scripts`: over the throughput phase, the
 * Redis-side time per script (slow log, see bench/bench-redis-side.ts) and the commandstats
 * table of the other commands; it slows the server a little, so its CPU figure is not the plain one.
 * `--aof-stats`: what the throughput phase and its after-work wrote to the private server's
 * append-only file, per workflow, by command and key shape (bench/aof-stats.ts): every write a
 * script or client makes is converted and written again there, so its arguments are a cost.
 * With BENCH_REDIS_CALLGRIND=<dir> the private server runs under callgrind and counts its
 * instructions over the throughput phase only (a figure a shared machine does not move; the
 * server runs much slower, so use a few hundred messages: `--messages 500 --seconds 1 --concurrency 16`).
 *
 * Many cores (issue 15; `npm run bench:scale` runs the grid): `--workers K` starts K copies of each
 * stage worker process (`split` layout; which stages each runs: `--stage-sets A|B`, default
 * bench-support.ts's `stageProcesses`), `--api N` N API processes on the one port
 * (bench/bench-api-cluster.ts: node:cluster, which spreads the provider's webhooks and status
 * posts over them), `--cluster M` a private Redis Cluster of M masters (no replicas, partitions
 * spread evenly: bench/bench-redis-side.ts) in place of the private redis-server. With
 * REDIS_CLUSTER_NODES set the service and the bench use that cluster. On a cluster the Redis CPU
 * figure is summed over its masters. `--result-json FILE` also writes the figures as JSON (for
 * bench:scale). `--latency-log FILE` writes each steady-phase workflow as CSV (ms from the phase's
 * start when its webhook was accepted, end-to-end ms): for telling a tail spread over the run from
 * one that comes in bursts. Over the throughput phase it also prints each redis-server's and each
 * service process's share of a core (with the part the kernel spent for it: system calls, mostly
 * socket writes and reads), and how many of the machine's cores were busy (Linux /proc,
 * bench/process-cpu.ts): which process, or the whole machine, is the ceiling. With none of these options, the run is the one described above.
 */
import { writeFileSync } from 'node:fs';
import { Redis } from 'ioredis';
import { developmentUnlessNamed, loadConfig } from '../src/config';
import { spawn } from 'node:child_process';
import { nodeArgsFor, option, percentile, stageProcesses } from './bench-support';
import {
  clusterMasters, commandStats, redisCpuMicrosSum, redisCpuSplitEach, redisCpuSplitSum, redisIoSum, sumCpuSplits, ScriptProfiler, startBenchCluster, startBenchRedis, type BenchCluster, type BenchRedis,
} from './bench-redis-side';
import { aofMark, aofSince, type AofRow } from './aof-stats';
import { startBenchWorld, type BenchWorld } from './bench-world';
import { pipelinePerPartition } from '../src/redis/connection';
import { cpuPercentSince, machineBusySince, markMachine, markProcesses, processTree } from './process-cpu';
import { ClaimantLoad, inProcessClaimants, loadProcessClaimants, type Claimants } from './bench-load';


const messages = Number(option('messages', '5000'));
const concurrency = Number(option('concurrency', '64'));
const rate = Number(option('rate', '300'));
const seconds = Number(option('seconds', '10'));
const layout = option('processes', 'split');
/** The stage worker processes of the split layout, `|` between processes (each copied `--workers` times). */
const stageSetsOption = option('stage-sets', stageProcesses.join('|'));
/** Writes a V8 CPU profile of each service process into this folder (for finding hot spots). */
const profileDir = option('profile', '');
const channel = option('channel', 'whatsapp');
const callbacks = option('callbacks', 'on');
const reads = option('reads', 'off') === 'on';
const failEvery = Number(option('fail-every', '0'));
const redisMode = option('redis', 'private');
const profileScripts = process.argv.includes('--profile-scripts');
const aofStats = process.argv.includes('--aof-stats');
const workers = Number(option('workers', '1'));
const apiProcesses = Number(option('api', '1'));
const clusterMasterCount = Number(option('cluster', '0'));
const resultJson = option('result-json', '');
const latencyLog = option('latency-log', '');
const phonesCount = 500;
const loadProcesses = Number(option('load-processes', '1'));

/** Which Redis the run uses, and the servers whose CPU it reads. */
interface RedisSide {
  /** Environment for the service (and the bench's own services) to use it. */
  env: Record<string, string>;
  /** The servers whose `INFO cpu` counts: the one Redis, or every master of a cluster. */
  servers: Redis[];
  /** Whether other clients' traffic counts in their CPU too. */
  shared: boolean;
  describe: string;
}

async function main(): Promise<void> {
  const given = loadConfig(developmentUnlessNamed(process.env));
  if (layout === 'all' && (workers !== 1 || apiProcesses !== 1)) throw new Error('--workers and --api need the split layout');
  if (loadProcesses > 1 && channel !== 'whatsapp') throw new Error('--load-processes runs WhatsApp claimants only: leave --channel sms out');
  if (clusterMasterCount > 0 && given.redisClusterNodes) throw new Error('--cluster starts a private cluster: unset REDIS_CLUSTER_NODES, or leave --cluster out to use that one');
  if (profileScripts && (clusterMasterCount > 0 || given.redisClusterNodes)) throw new Error('--profile-scripts reads one server\'s slow log: not on a cluster');
  if (aofStats && (clusterMasterCount > 0 || given.redisClusterNodes || redisMode !== 'private')) throw new Error('--aof-stats reads the private server\'s append-only file: not with --redis shared or a cluster');
  const benchRedis: BenchRedis | null = redisMode === 'shared' || clusterMasterCount > 0 || given.redisClusterNodes ? null : await startBenchRedis();
  const benchCluster: BenchCluster | null = clusterMasterCount > 0 ? await startBenchCluster(clusterMasterCount, given.partitions) : null;
  const side: RedisSide = benchCluster
    ? { env: { REDIS_CLUSTER_NODES: benchCluster.nodesSetting }, servers: benchCluster.masters, shared: false,
      describe: `private Redis Cluster, ${clusterMasterCount} master(s), no replicas, AOF everysec; partitions per master ${benchCluster.partitionsPerMaster.join(' / ')}` }
    : given.redisClusterNodes
      ? { env: {}, servers: await clusterMasters(given.redisClusterNodes), shared: true, describe: 'REDIS_CLUSTER_NODES' }
      : benchRedis
        ? { env: {}, servers: [benchRedis.admin], shared: false, describe: 'private redis-server (AOF everysec)' }
        : { env: {}, servers: [new Redis(given.redisUrl)], shared: true, describe: 'shared REDIS_URL' };
  let world: BenchWorld | null = null;
  // Whatever fails, the service processes and the private servers are stopped: left running, they
  // would load the machine (and retry a vanished cluster) long after the bench.
  try {
    world = await startBenchWorld('555000111', { redisUrl: benchRedis?.url, env: side.env });
    await measure(world, side, benchRedis);
  } finally {
    await world?.stop();
    if (benchRedis) await benchRedis.stop();
    else if (benchCluster) await benchCluster.stop();
    else for (const server of side.servers) server.disconnect();
  }
}

async function measure(world: BenchWorld, side: RedisSide, benchRedis: BenchRedis | null): Promise<void> {
  const { config, wa } = world;
  const phones = Array.from({ length: phonesCount }, (_, i) => `+91970${String(i).padStart(7, '0')}`);
  if (callbacks === 'sink' && (channel !== 'whatsapp' || loadProcesses > 1)) throw new Error('--callbacks sink is for the WhatsApp fake of one load process');
  const sink = callbacks === 'sink' ? await startStatusSink() : null;
  world.sms.statusCallbacks(callbacks !== 'off');
  wa.configureStatuses({ mode: callbacks === 'off' ? 'off' : 'auto', read: reads, failEvery, ...(sink ? { sinkUrl: sink.url } : {}) });
  // With --load-processes above 1, each load process onboards its own tenant before the service
  // starts (bench/bench-load-agent.ts); the bench process's own tenant then takes no load.
  const fleet = loadProcesses > 1
    ? await loadProcessClaimants(loadProcesses, { ...side.env, KEY_PREFIX: config.keyPrefix, REDIS_URL: config.redisUrl }, { phones: phonesCount, callbacks, reads, failEvery })
    : null;
  const load = fleet ? null : new ClaimantLoad(world, channel === 'sms' ? 'sms' : 'whatsapp', phones);
  if (load) load.expectRead = reads;
  const claimants = fleet ?? inProcessClaimants(load!);
  const stageSets = stageSetsOption.split('|').map((stages) => ['stage', stages]);
  const roleSets = layout === 'all' ? [['all']] : [['api'], ['scheduler'], ...Array.from({ length: workers }, () => stageSets).flat()];
  try {
    await world.startService(roleSets, profileDir, { apiProcesses });
    await fleet?.serve(world.serviceUrl);
    await phases(world, side, benchRedis, claimants, roleSets);
  } finally {
    await claimants.stop();
    sink?.stop();
  }
}

/** `--callbacks sink`'s server: answers every POST 200 and does nothing else, in a process of its own. */
async function startStatusSink(): Promise<{ url: string; stop(): void }> {
  const child = spawn(process.execPath, [...nodeArgsFor('bench/bench-status-floor'), '--server', 'A'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m: { port: number }) => resolve(m.port));
    child.once('exit', (code) => reject(new Error(`the status sink exited (${code}) before it listened`)));
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

async function phases(world: BenchWorld, side: RedisSide, benchRedis: BenchRedis | null, claimants: Claimants, roleSets: string[][]): Promise<void> {
  // CPU of a shared Redis counts every client's work, not only this bench's. The figures read the
  // private server's INFO, or every master's of a cluster, or with --redis shared the server at REDIS_URL.
  const admin = side.servers[0]!;
  const cpu = () => redisCpuMicrosSum(side.servers);
  const perWorkflow = (micros: number, n: number) => `Redis CPU ${(micros / n).toFixed(0)} us/workflow${side.servers.length > 1 ? ` (sum of ${side.servers.length} masters)` : ''}${side.shared ? ' (shared Redis: other clients count too)' : ''}`;
  const { config } = world;
  // Warm-up: every bench phone gives consent (not measured).
  await claimants.warmup(concurrency);

  // Phase 1: throughput.
  const profiler = profileScripts ? new ScriptProfiler(admin) : null;
  await profiler?.start();
  const aof = aofStats && benchRedis ? aofMark(benchRedis.aofFile()) : null;
  const cpu1Each = await redisCpuSplitEach(side.servers);
  const cpu1 = sumCpuSplits(cpu1Each);
  const io1 = await redisIoSum(side.servers);
  // Under BENCH_REDIS_CALLGRIND, the server's instructions over this phase only (bench/bench-redis-side.ts).
  benchRedis?.collect(true);
  // Each service process's CPU over the phase: on a many-core machine, which one is the ceiling.
  const serviceMarks = markProcesses(world.serviceProcesses().flatMap(({ roles, pid }) => (pid === undefined ? [] : processTree(pid).map((p, i) => ({
    label: roles[0] === 'api' && apiProcesses > 1 ? (i === 0 ? 'api (node:cluster primary)' : 'api') : roles.join(' '), pid: p,
  })))));
  const machine1 = markMachine();
  const burstResult = await claimants.burst(messages, concurrency);
  const machine = machineBusySince(machine1);
  const elapsed = burstResult.elapsedMs / 1000;
  // The load generator and the fakes: at 100% of a core a load process, not the service, caps the
  // throughput (worth knowing on a many-core machine). With several, the busiest one's share.
  const benchCpuPercent = (burstResult.cpuMicros / 1e6 / elapsed) * 100;
  const serviceCpu = cpuPercentSince(serviceMarks, elapsed);
  const cpu1EndEach = await redisCpuSplitEach(side.servers);
  const cpu1End = sumCpuSplits(cpu1EndEach);
  const perServerPercent = cpu1EndEach.map((end, i) => ((end.user + end.system - cpu1Each[i]!.user - cpu1Each[i]!.system) / 1e6 / elapsed) * 100);
  const io1End = await redisIoSum(side.servers);
  const cpu1User = cpu1End.user - cpu1.user;
  const cpu1System = cpu1End.system - cpu1.system;
  const cpu1Used = cpu1User + cpu1System;
  benchRedis?.collect(false);
  const scriptRows = await profiler?.stop();
  const burst = [...burstResult.latencies].sort((a, b) => a - b);
  const throughput = messages / elapsed;
  console.log(`throughput: ${messages} workflows in ${elapsed.toFixed(2)} s = ${(messages / elapsed).toFixed(0)} workflows/s, ` +
    `${perWorkflow(cpu1Used, messages)}${profiler ? ' (slow log on)' : ''} ` +
    `[user ${(cpu1User / messages).toFixed(0)}, system ${(cpu1System / messages).toFixed(0)}] ` +
    `(latency under saturation p50 ${percentile(burst, 50).toFixed(1)} ms, p99 ${percentile(burst, 99).toFixed(1)} ms)`);
  const ioPer = (name: 'commands' | 'reads' | 'writes') => ((io1End[name] - io1[name]) / messages).toFixed(1);
  console.log(`Redis work a workflow over the throughput phase (INFO stats): ${ioPer('commands')} commands (a script's own included), ` +
    `${ioPer('reads')} socket reads, ${ioPer('writes')} socket writes`);
  console.log(claimants.processes > 1
    ? `load generator and fakes (${claimants.processes} load processes): the busiest at ${benchCpuPercent.toFixed(0)}% of one core over the throughput phase`
    : `load generator and fakes (this process): ${benchCpuPercent.toFixed(0)}% of one core over the throughput phase`);
  const busiest = serviceCpu.reduce<{ label: string; percent: number } | null>((top, p) => (top && top.percent >= p.percent ? top : p), null);
  // Every process and the kernel together: near all cores, the machine itself is the ceiling.
  if (machine) console.log(`machine (/proc/stat) over the throughput phase: ${machine.busyCores.toFixed(1)} of ${machine.cpus} cores busy, ${machine.kernelCores.toFixed(1)} of them in the kernel`);
  console.log(`redis-server over the throughput phase, % of one core: ${perServerPercent.map((v) => v.toFixed(0)).join(', ')}`);
  if (serviceCpu.length > 0) {
    // (in the kernel: the system time /proc gives each process, mostly its socket writes and reads)
    const byLabel = new Map<string, string[]>();
    for (const { label, percent, systemPercent } of serviceCpu) byLabel.set(label, [...(byLabel.get(label) ?? []), `${percent.toFixed(0)} (kernel ${systemPercent.toFixed(0)})`]);
    console.log(`service processes over the throughput phase, % of one core: ${[...byLabel].map(([label, all]) => `${label} ${all.join(', ')}`).join('; ')}`);
  }
  // The CPU a workflow costs each side, summed over its processes: what bounds the scale curve on
  // one machine. At one master's ceiling (1e6 / Redis us a workflow, the workflows/s its one core
  // can take) the whole run needs (Redis + service + load) / Redis cores; more masters can give
  // M times that rate only on M times those cores (docs/scaling.md, "What bounds the curve").
  const serviceMicros = (serviceCpu.reduce((sum, p) => sum + p.percent, 0) / 100) * elapsed * 1e6;
  const serviceKernelMicros = (serviceCpu.reduce((sum, p) => sum + p.systemPercent, 0) / 100) * elapsed * 1e6;
  const budget = { redis: cpu1Used / messages, service: serviceMicros / messages, load: (burstResult.cpuMicrosAll ?? burstResult.cpuMicros) / messages };
  if (serviceCpu.length > 0) {
    const coresAtCeiling = (budget.redis + budget.service + budget.load) / budget.redis;
    console.log(`CPU a workflow over the throughput phase: Redis ${budget.redis.toFixed(0)} us, service processes ${budget.service.toFixed(0)} us (kernel ${(serviceKernelMicros / messages).toFixed(0)}), ` +
      `load generator and fakes ${budget.load.toFixed(0)} us; at one Redis core's ceiling (${(1e6 / budget.redis).toFixed(0)} workflows/s) ` +
      `the run would need ${coresAtCeiling.toFixed(1)} cores, and 2.5 times that rate ${(2.5 * coresAtCeiling).toFixed(1)}`);
  }
  if (profiler && scriptRows) printProfile(scriptRows, await commandStats(admin), messages, cpu1Used, profiler.overflows);

  // The throughput phase's after-work (the provider's status webhooks, the ledger mover moving its
  // audit events) ends before the steady phase starts: left running, it would land in the steady
  // phase's first seconds and in its CPU figure (it takes 0.1 to 0.3 s on the quiet 2-core machine;
  // the slow first seconds there have another cause, docs/benchmarks.md, "Redis Cluster").
  const cpuSettle = await cpu();
  const settleStarted = performance.now();
  await settle(world, callbacks !== 'off' && channel !== 'sms' ? () => claimants.statusesTaken() : null, 120000);
  console.log(`after-work of the throughput phase (status webhooks taken, ledger moved): ${((performance.now() - settleStarted) / 1000).toFixed(1)} s, ` +
    `${perWorkflow((await cpu()) - cpuSettle, messages)} more`);
  if (aof) printAofStats(aofSince(aof), messages);

  // Phase 2: steady rate.
  const total = rate * seconds;
  const cpu2Split = await redisCpuSplitSum(side.servers);
  const io2 = await redisIoSum(side.servers);
  const steadyResult = await claimants.steady(rate, seconds);
  const cpu2EndSplit = await redisCpuSplitSum(side.servers);
  const io2End = await redisIoSum(side.servers);
  const cpu2Used = cpu2EndSplit.user + cpu2EndSplit.system - cpu2Split.user - cpu2Split.system;
  const steady = [...steadyResult.latencies].sort((a, b) => a - b);
  if (latencyLog) writeFileSync(latencyLog, `accepted_ms,latency_ms\n${steadyResult.timeline.map(([at, ms]) => `${at.toFixed(1)},${ms.toFixed(1)}`).join('\n')}\n`);
  console.log(`steady ${rate}/s for ${seconds} s: ${total} workflows, ${perWorkflow(cpu2Used, total)}, end-to-end p50 ${percentile(steady, 50).toFixed(1)} ms, ` +
    `p99 ${percentile(steady, 99).toFixed(1)} ms, max ${steady[steady.length - 1]!.toFixed(1)} ms`);
  // At a steady rate requests seldom arrive together: each costs Redis a socket read and a write of
  // its own, which a saturated run shares (the system part, and the reads and writes, say how much).
  const steadyPer = (name: 'commands' | 'reads' | 'writes') => ((io2End[name] - io2[name]) / total).toFixed(1);
  console.log(`steady phase's Redis CPU a workflow: user ${((cpu2EndSplit.user - cpu2Split.user) / total).toFixed(0)}, system ${((cpu2EndSplit.system - cpu2Split.system) / total).toFixed(0)} us; ` +
    `${steadyPer('commands')} commands, ${steadyPer('reads')} socket reads, ${steadyPer('writes')} socket writes a workflow`);
  const processes = roleSets.map((r) => (r[0] === 'api' && apiProcesses > 1 ? `api x${apiProcesses}` : r.join(' ')));
  console.log(`channel: ${channel} (status callbacks ${callbacks}${callbacks !== 'off' && channel === 'whatsapp' ? `, read ${reads ? 'on' : 'off'}, failed every ${failEvery || 'never'}` : ''}); load processes ${claimants.processes}; layout: ${layout} (${processes.join(' | ')}), partitions ${config.partitions}, batch ${config.batchSize}; ` +
    `Redis: ${side.describe}`);
  if (resultJson) {
    writeFileSync(resultJson, `${JSON.stringify({
      masters: side.servers.length, workers, api: apiProcesses, loadProcesses: claimants.processes, partitions: config.partitions, messages, throughput,
      throughputRedisCpuUsPerWorkflow: cpu1Used / messages, benchCpuPercent,
      serviceCpuUsPerWorkflow: serviceCpu.length > 0 ? budget.service : null, serviceKernelCpuUsPerWorkflow: serviceCpu.length > 0 ? serviceKernelMicros / messages : null,
      loadCpuUsPerWorkflow: budget.load, busiestRedisPercent: Math.max(...perServerPercent),
      machineCoresBusy: machine?.busyCores ?? null, machineCoresInKernel: machine?.kernelCores ?? null,
      busiestServiceProcess: busiest ? `${busiest.label} ${busiest.percent.toFixed(0)}%` : '', rate, seconds, steadyP50Ms: percentile(steady, 50), steadyP99Ms: percentile(steady, 99),
      steadyMaxMs: steady[steady.length - 1], steadyRedisCpuUsPerWorkflow: cpu2Used / total, redis: side.describe,
    })}\n`);
  }

}

/**
 * Waits until the service has nothing left to do: every WhatsApp message's `sent` and `delivered`
 * status webhooks taken (when statuses are posted) and every partition's audit stream moved into
 * the tenant ledger (the mover deletes what it moved). Fails at `timeoutMs`.
 */
async function settle(world: BenchWorld, statusesTaken: (() => Promise<boolean>) | null, timeoutMs: number): Promise<void> {
  const { services } = world;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const statusesDone = !statusesTaken || await statusesTaken();
    const audit = statusesDone
      ? (await pipelinePerPartition(services.redis, services.config.partitions, (pipeline, p) => { pipeline.xlen(services.keys.audit(p)); }))
        .reduce((sum, [[, length]]) => sum + Number(length), 0)
      : -1;
    if (statusesDone && audit === 0) return;
    if (Date.now() > deadline) throw new Error(`the service did not settle in ${timeoutMs / 1000} s: ${statusesDone ? `${audit} audit events not yet moved` : 'status webhooks not all taken'}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The `--aof-stats` table: what the throughput phase and its after-work wrote to the AOF, per workflow. */
function printAofStats(rows: AofRow[], workflows: number): void {
  const total = rows.reduce((t, r) => ({ calls: t.calls + r.calls, args: t.args + r.args, bytes: t.bytes + r.bytes }), { calls: 0, args: 0, bytes: 0 });
  console.log('\nappend-only file over the throughput phase and its after-work, per workflow (bench/aof-stats.ts):');
  console.log(`${'command and key'.padEnd(46)}${'calls'.padStart(8)}${'args'.padStart(8)}${'bytes'.padStart(9)}`);
  for (const r of [...rows, { command: 'all', ...total }]) {
    console.log(`${r.command.slice(0, 45).padEnd(46)}${(r.calls / workflows).toFixed(2).padStart(8)}${(r.args / workflows).toFixed(1).padStart(8)}${(r.bytes / workflows).toFixed(0).padStart(9)}`);
  }
}

/** The `--profile-scripts` tables: per script from the slow log, then INFO commandstats of the phase. */
function printProfile(
  rows: Map<string, { calls: number; usec: number }>, stats: { command: string; calls: number; usec: number }[],
  workflows: number, cpuMicros: number, overflows: number,
): void {
  const line = (cells: (string | number)[]) => console.log(cells.map((c, i) => (i === 0 ? String(c).padEnd(24) : String(c).padStart(12))).join(''));
  console.log(`\nper script over the throughput phase (slow log; Redis CPU of the phase ${(cpuMicros / workflows).toFixed(0)} us/workflow):`);
  line(['script', 'calls', 'total us', 'us/call', 'us/workflow']);
  const sorted = [...rows].sort((a, b) => b[1].usec - a[1].usec);
  let sum = 0;
  for (const [name, r] of sorted) {
    sum += r.usec;
    line([name, r.calls, r.usec, (r.usec / r.calls).toFixed(1), (r.usec / workflows).toFixed(1)]);
  }
  line(['all scripts', '', sum, '', (sum / workflows).toFixed(1)]);
  if (overflows > 0) console.log(`(the slow log filled up ${overflows} time(s) between drains: these figures are lower bounds)`);
  console.log('\nINFO commandstats over the same phase (commands a script runs are counted here too, and their time is inside the script\'s):');
  line(['command', 'calls', 'total us', 'us/call', 'us/workflow']);
  // The profiler's own drains (SLOWLOG GET + RESET in a MULTI) are taken out: their rows, and their EXECs.
  const own = stats.filter((s) => s.command.startsWith('slowlog|'));
  const drains = own.find((s) => s.command === 'slowlog|get')?.calls ?? 0;
  const drainUsec = own.reduce((n, s) => n + s.usec, 0);
  const shown = stats.filter((s) => !s.command.startsWith('slowlog|') && !(s.command === 'config|resetstat' || s.command === 'config|set' || s.command === 'info'))
    .map((s) => (s.command === 'exec' || s.command === 'multi') ? { ...s, calls: s.calls - drains, usec: s.command === 'exec' ? Math.max(0, s.usec - drainUsec) : s.usec } : s)
    .filter((s) => s.calls > 0);
  for (const s of shown.sort((a, b) => b.usec - a.usec)) {
    line([s.command, s.calls, s.usec, (s.usec / s.calls).toFixed(1), (s.usec / workflows).toFixed(1)]);
  }
  console.log(`(left out: the profiler's ${drains} slow-log drains, ${drainUsec} us, and its CONFIG/INFO calls)`);
  console.log('');
}

main().catch((err: Error) => {
  console.error(`benchmark failed: ${err.message}`);
  process.exit(1);
});
