/**
 * `npm run bench:runtime`: the project's runtime against BullMQ, seven no-op stages each
 * (issue 15, "A lighter hand-off").
 *
 * Ours: the real runtime modules, no service code. A workflow enters through the real intake
 * script (ingestInbound: workflow record + gateway entry), and seven real StageWorkers (the
 * consumer loop of src/runtime/stage-worker.ts, its batching, lanes, reclaim, and the handoff.lua
 * call per partition) run seven stages named after the pipeline's stages whose `handle` only
 * forwards the payload to the next stage (the seventh finishes the workflow, status `completed`).
 * Every step still writes what the runtime always writes: the workflow record, the audit event,
 * the ack. A workflow is done when the seventh worker's hand-off has returned (its `workflow
 * finished` log call, caught before any serialisation).
 * Theirs: BullMQ, seven queues; each queue's worker adds the job to the next queue (removeOnComplete),
 * the seventh does nothing; done on the seventh worker's `completed` event (after BullMQ moved the
 * job to completed). Worker concurrency = LANES x BATCH_SIZE, the in-flight bound of one of our workers.
 *
 * Same process layout for both: this one Node process runs the load and all seven workers; one
 * private redis-server (AOF everysec, bench/bench-redis-side.ts), FLUSHALL before each run.
 * Interleaved: ours, theirs, ours, theirs, ... (`--rounds N`). Each run: a warm-up (not measured),
 * a throughput phase (`--jobs` workflows offered with `--concurrency` enqueues in flight; workflows/s
 * and CPU us/workflow of the redis-server and of this process), then open-loop phases at 100/s and 500/s for `--seconds` each
 * (end-to-end from the moment a workflow was due to be enqueued to the seventh stage done; p50/p99;
 * and how late the generator's timer started each enqueue, p99, which every latency includes).
 * Options: --rounds 2 --jobs 2000 --concurrency 64 --seconds 5 --rates 100,500; `--only ours` runs our
 * runtime alone (an A/B of a change to it, run once per side), without the ratios. With
 * `BENCH_REDIS_CALLGRIND=<dir>` and `--only ours --rounds 1` the server runs under callgrind and
 * counts its instructions over the throughput phase (bench/bench-redis-side.ts; divide
 * `callgrind_annotate`'s total by `--jobs`): the Redis-side figure the machine's noise does not move. Our
 * workers run as src/roles.ts runs them in one process: six of the seven stages fused into one
 * hand-off, outbound from its stream (docs/architecture.md, "Stage fusion"); `--fusion off` runs
 * them as seven processes would, every hop through its stream.
 */
import { pino } from 'pino';
import { Queue, Worker, type ConnectionOptions, type Job } from 'bullmq';
import type { Decision, Envelope, Stage, StageContext, WorkflowPayload } from '../pipeline/types';
import { stageNames } from '../pipeline/vocabulary';
import { systemClock } from '../src/clock';
import { developmentUnlessNamed, loadConfig, type Config } from '../src/config';
import { Metrics } from '../src/metrics';
import type { Redis } from '../src/redis/client';
import { createRedis, waitReady } from '../src/redis/connection';
import { Keys } from '../src/redis/keys';
import { runIngestInbound } from '../src/redis/scripts';
import { fusedStageLookup, StageWorker } from '../src/runtime/stage-worker';
import { option, percentile } from './bench-support';
import { redisCpuMicros, startBenchRedis, type BenchRedis } from './bench-redis-side';

const rounds = Number(option('rounds', '2'));
const jobs = Number(option('jobs', '2000'));
const concurrency = Number(option('concurrency', '64'));
const seconds = Number(option('seconds', '5'));
const rates = option('rates', '100,500').split(',').map(Number);
const only = option('only', '');
const fusion = option('fusion', 'on') !== 'off';
if (only && only !== 'ours' && only !== 'bullmq') throw new Error(`--only takes ours or bullmq, not ${only}`);
const warmup = 200;

/** One system under test, started on a flushed Redis: `enqueue` starts one workflow; `onDone` hears each finish. */
interface System {
  /** The id workflow number `i` gets (ours: a workflow id in the partition it enters). */
  newId(i: number): string;
  enqueue(i: number, id: string): Promise<void>;
  stop(): Promise<void>;
}
type SystemName = 'ours' | 'bullmq';
type Start = (redisUrl: string, done: (id: string) => void) => Promise<System>;

interface RunResult {
  system: SystemName;
  throughput: number;
  cpuPerWorkflow: number;
  /** CPU of this Node process (the load and all seven workers), user + sys, per workflow. */
  nodeCpuPerWorkflow: number;
  latency: Map<number, { p50: number; p99: number }>;
  /**
   * At each rate, how late the load generator started enqueueing a workflow after it was due (its
   * timer, in this same process), p99: part of every latency above, whichever system runs.
   */
  lateness: Map<number, number>;
}

function payloadFor(i: number, now: number): WorkflowPayload {
  // Distinct claimants (a worker runs one claimant's entries one after another), a short text.
  return { channel: 'whatsapp', businessNumberId: 'bench', from: `+9197${String(i % 5000).padStart(8, '0')}`, messageId: `m${i}`, text: 'claim status', receivedAt: now };
}

const startOurs: Start = async (redisUrl, done) => {
  const config: Config = loadConfig(developmentUnlessNamed(process.env), { keyPrefix: 'rtbench', redisUrl, logLevel: 'warn' });
  const keys = new Keys(config.keyPrefix, config.partitions);
  const redis = createRedis(redisUrl, { name: 'bench-ours' });
  await waitReady(redis);
  // The worker says `workflow finished` once the finishing hand-off returned: caught here, never serialised.
  const log = pino({
    level: 'info',
    hooks: {
      logMethod(args, method, level) {
        if (args[1] === 'workflow finished') { done(String((args[0] as { workflow_id?: unknown }).workflow_id)); return; }
        if (level >= 40) method.apply(this, args);
      },
    },
  });
  const metrics = new Metrics({ defaultMetrics: false });
  // Each worker opens its blocking read lanes as it starts (one per lane), as src/roles.ts does.
  const blocking = stageNames.map(() => [] as Redis[]);
  const benchStages = stageNames.map((name, i): Stage => ({
    name,
    async handle(envelope: Envelope): Promise<Decision> {
      const to = stageNames[i + 1];
      return to
        ? { kind: 'forward', to, payload: envelope.payload, audit: { type: 'bench.step' } }
        : { kind: 'finish', status: 'completed', audit: { type: 'bench.done' } };
    },
    // As in production (src/roles.ts): outbound only ever runs from its own stream.
    ...(name === 'outbound' ? { fusable: false as const } : {}),
  }));
  // Every stage runs in this one process, so each may run fused (src/roles.ts's rule); `--fusion off`:
  // as if each ran in a process of its own.
  const fusedStage = fusion ? fusedStageLookup(benchStages) : undefined;
  const workers = benchStages.map((stage, i) => {
    return new StageWorker({
      fusedStage,
      // A no-op stage reads nothing of the context; it is never called.
      stage, ctx: {} as StageContext, redis, blocking: (lane) => { const c = createRedis(redisUrl, { blocking: true, name: `bench-${stage.name}-${lane}` }); blocking[i]!.push(c); return c; }, keys, config, clock: systemClock, log, metrics,
      consent: { held: async () => null },
    });
  });
  for (const worker of workers) await worker.start();
  return {
    newId: (i) => keys.newWorkflowId(i % config.partitions),
    async enqueue(i, id) {
      const now = Date.now();
      const partition = i % config.partitions;
      await runIngestInbound(redis, keys, {
        partition, tenantId: 'bench', workflowId: id, messageId: `m${i}`, channel: 'whatsapp', phone: payloadFor(i, now).from,
        payload: payloadFor(i, now), now, dedupeSeconds: 600, entryForm: config.stageEntryForm,
      });
    },
    async stop() {
      await Promise.all(workers.map((w) => w.close()));
      for (const c of [redis, ...blocking.flat()]) c.disconnect();
    },
  };
};

const startBullmq: Start = async (redisUrl, done) => {
  const { hostname, port } = new URL(redisUrl);
  const connection: ConnectionOptions = { host: hostname, port: Number(port), maxRetriesPerRequest: null };
  const config = loadConfig(developmentUnlessNamed(process.env), { redisUrl });
  const names = stageNames.map((name) => `bench-${name}`);
  const queues = names.map((name) => new Queue(name, { connection, defaultJobOptions: { removeOnComplete: true, removeOnFail: 1000 } }));
  const workers = names.map((name, i) => new Worker(name, async (job: Job<{ id: string; payload: WorkflowPayload }>) => {
    const next = queues[i + 1];
    if (next) await next.add('step', job.data);
  }, { connection, concurrency: config.lanes * config.batchSize }));
  workers[workers.length - 1]!.on('completed', (job: Job<{ id: string }>) => done(job.data.id));
  await Promise.all(workers.map((w) => w.waitUntilReady()));
  return {
    newId: (i) => `j${i}`,
    async enqueue(i, id) {
      await queues[0]!.add('step', { id, payload: payloadFor(i, Date.now()) });
    },
    async stop() {
      await Promise.all(workers.map((w) => w.close()));
      await Promise.all(queues.map((q) => q.close()));
    },
  };
};

/** Start times of workflows in flight, their end-to-end times once done, and waiting for a count. */
class Tracker {
  private readonly started = new Map<string, number>();
  latencies: number[] = [];
  doneCount = 0;
  readonly done = (id: string): void => {
    const at = this.started.get(id);
    if (at === undefined) return;
    this.started.delete(id);
    this.latencies.push(performance.now() - at);
    this.doneCount += 1;
  };
  start(id: string, at: number): void { this.started.set(id, at); }
  reset(): void { this.latencies = []; this.doneCount = 0; }
  async waitFor(n: number, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.doneCount < n) {
      if (Date.now() > deadline) throw new Error(`only ${this.doneCount} of ${n} workflows finished in ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 2));
    }
  }
}

async function runOnce(name: SystemName, start: Start, redis: BenchRedis): Promise<RunResult> {
  await redis.admin.flushall();
  const tracker = new Tracker();
  const system = await start(redis.url, tracker.done);
  let seq = 0;
  const offer = (at: number) => {
    const i = seq++;
    const id = system.newId(i);
    tracker.start(id, at);
    return system.enqueue(i, id);
  };
  try {
    // Warm-up: JIT, script loading, connections.
    await Promise.all(Array.from({ length: warmup }, () => offer(performance.now())));
    await tracker.waitFor(warmup, 60000);

    tracker.reset();
    const cpu0 = await redisCpuMicros(redis.admin);
    const node0 = process.cpuUsage();
    const t0 = performance.now();
    let left = jobs;
    // (under BENCH_REDIS_CALLGRIND, the server's instructions over the throughput phases only)
    redis.collect(true);
    await Promise.all(Array.from({ length: concurrency }, async () => { while (left-- > 0) await offer(performance.now()); }));
    await tracker.waitFor(jobs, 300000);
    redis.collect(false);
    const elapsed = (performance.now() - t0) / 1000;
    const node = process.cpuUsage(node0);
    const nodeCpuPerWorkflow = (node.user + node.system) / jobs;
    const cpuPerWorkflow = ((await redisCpuMicros(redis.admin)) - cpu0) / jobs;

    const latency = new Map<number, { p50: number; p99: number }>();
    const lateness = new Map<number, number>();
    for (const rate of rates) {
      tracker.reset();
      const total = rate * seconds;
      const t1 = performance.now();
      const inFlight: Promise<void>[] = [];
      const late: number[] = [];
      for (let k = 0; k < total; k++) {
        // Open loop: each workflow's clock starts when it was due, so a late enqueue counts against the system.
        const due = t1 + (k * 1000) / rate;
        const wait = due - performance.now();
        if (wait > 1) await new Promise((r) => setTimeout(r, wait));
        late.push(Math.max(0, performance.now() - due));
        inFlight.push(offer(due));
      }
      await Promise.all(inFlight);
      await tracker.waitFor(total, 120000);
      const sorted = [...tracker.latencies].sort((a, b) => a - b);
      latency.set(rate, { p50: percentile(sorted, 50), p99: percentile(sorted, 99) });
      lateness.set(rate, percentile(late.sort((a, b) => a - b), 99));
    }
    return { system: name, throughput: jobs / elapsed, cpuPerWorkflow, nodeCpuPerWorkflow, latency, lateness };
  } finally {
    await system.stop();
  }
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}

function row(cells: (string | number)[]): string {
  return cells.map((c, i) => (i < 2 ? String(c).padEnd(8) : String(c).padStart(15))).join('');
}

async function main(): Promise<void> {
  const redis = await startBenchRedis();
  const results: (RunResult & { round: number })[] = [];
  const header = row(['round', 'system', 'workflows/s', 'Redis us/wf', 'Node us/wf', ...rates.flatMap((r) => [`p50 @${r}/s ms`, `p99 @${r}/s ms`])]);
  const format = (r: RunResult, round: number | string) => row([round, r.system, r.throughput.toFixed(0), r.cpuPerWorkflow.toFixed(0), r.nodeCpuPerWorkflow.toFixed(0),
    ...rates.flatMap((rate) => [r.latency.get(rate)!.p50.toFixed(1), r.latency.get(rate)!.p99.toFixed(1)])]);
  console.log(`seven no-op stages (ours: stage fusion ${fusion ? 'on' : 'off'}, --fusion); ${jobs} workflows per throughput phase (${concurrency} enqueues in flight), ${seconds} s at each of ${rates.join(', ')}/s; ${rounds} round(s), interleaved`);
  console.log(header);
  try {
    for (let round = 1; round <= rounds; round++) {
      for (const [name, start] of ([['ours', startOurs], ['bullmq', startBullmq]] as const).filter(([n]) => !only || n === only)) {
        const r = await runOnce(name, start, redis);
        results.push({ ...r, round });
        console.log(format(r, round));
      }
    }
  } finally {
    await redis.stop();
  }
  const med = (system: SystemName): RunResult => {
    const mine = results.filter((r) => r.system === system);
    return {
      system, throughput: median(mine.map((r) => r.throughput)), cpuPerWorkflow: median(mine.map((r) => r.cpuPerWorkflow)),
      nodeCpuPerWorkflow: median(mine.map((r) => r.nodeCpuPerWorkflow)),
      latency: new Map(rates.map((rate) => [rate, { p50: median(mine.map((r) => r.latency.get(rate)!.p50)), p99: median(mine.map((r) => r.latency.get(rate)!.p99)) }])),
      lateness: new Map(rates.map((rate) => [rate, median(mine.map((r) => r.lateness.get(rate)!))])),
    };
  };
  const latenessLine = (systems: RunResult[]) => `the load generator's enqueue lateness, p99 (its timer; inside every latency above): ` +
    rates.map((rate) => `${rate}/s ${systems.map((r) => `${r.system} ${r.lateness.get(rate)!.toFixed(2)} ms`).join(', ')}`).join('; ');
  if (only) {
    console.log(format(med(only as SystemName), 'median'));
    console.log(latenessLine([med(only as SystemName)]));
    return;
  }
  const ours = med('ours');
  const theirs = med('bullmq');
  console.log(format(ours, 'median'));
  console.log(format(theirs, 'median'));
  console.log(latenessLine([ours, theirs]));
  const tRatio = ours.throughput / theirs.throughput;
  console.log(`\nthroughput ours/bullmq ${tRatio.toFixed(2)}x (goal >= 5x: ${tRatio >= 5 ? 'met' : 'not met'})`);
  for (const rate of rates) {
    const p = ours.latency.get(rate)!.p99 / theirs.latency.get(rate)!.p99;
    console.log(`p99 at ${rate}/s ours/bullmq ${p.toFixed(2)}x${rate === 100 ? ` (goal <= 0.5x: ${p <= 0.5 ? 'met' : 'not met'})` : ''}`);
  }
  console.log(`Redis CPU per workflow ours/bullmq ${(ours.cpuPerWorkflow / theirs.cpuPerWorkflow).toFixed(2)}x; ` +
    `Node CPU per workflow ours/bullmq ${(ours.nodeCpuPerWorkflow / theirs.nodeCpuPerWorkflow).toFixed(2)}x`);
}

main().then(() => process.exit(0), (err: Error) => {
  console.error(`benchmark failed: ${err.stack ?? err.message}`);
  process.exit(1);
});
