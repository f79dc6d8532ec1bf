/**
 * `npm run bench:scale`: the many-core scale curve (issue 15, "Many cores"). For each master count
 * M and worker-copy count K of the grid it runs `bench:claim-status --cluster M --workers K --api N`
 * (bench/bench-claim-status.ts) as a child process, one fresh private cluster per cell, and
 * prints a table: throughput, p50/p99 at the steady rate, Redis CPU per workflow summed over the
 * masters, the load generator's own CPU (its busiest process: at 100% of a core it is the cap), the
 * busiest redis-server and service process, the machine's busy cores (and how many of them the
 * kernel used) over the throughput phase, the CPU a workflow of the service processes (and its
 * kernel part) and of the load (bench/process-cpu.ts), and the machine's load average when the cell ended. It writes `scale.csv` and two
 * charts, `scale-throughput.svg` (throughput against worker copies, one line per master count) and
 * `scale-p99.svg`, into `--out`.
 *
 * "1 master" is a one-master Redis Cluster, not a plain redis-server: the service then runs the
 * same cluster client code (one blocking read per partition, slot routing) in every column, so
 * the curve shows what more masters give, not what leaving the cluster client gives. The plain
 * one-server figure is `npm run bench:claim-status` (with `--workers K --api N` for the same shape).
 *
 * Options (defaults): --masters 1,2,3 --workers 1,2,4 --api 1 --load-processes 1 --messages 5000 --concurrency 64
 * --rate 300 --seconds 10 --partitions 24 --out bench-results/scale. `--partitions` sets PARTITIONS
 * for every cell: 24 spreads 24 / 12+12 / 8+8+8 over 1, 2 and 3 masters (bench-redis-side.ts
 * moves the slots so), at least 8 per master as docs/scaling.md advises.
 * On a many-core machine that has only the bundle (../shared/device/README.md), run the compiled
 * file: `node dist/bench/bench-scale.js` (docs/scaling.md, "The scale curve").
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { developmentUnlessNamed, loadConfig } from '../src/config';
import { lineChartSvg } from './bench-chart';
import { nodeArgsFor, option } from './bench-support';

const list = (name: string, fallback: string) => option(name, fallback).split(',').map(Number);
const mastersList = list('masters', '1,2,3');
const workersList = list('workers', '1,2,4');
const api = option('api', '1');
const messages = option('messages', '5000');
const concurrency = option('concurrency', '64');
const rate = option('rate', '300');
const seconds = option('seconds', '10');
const partitions = option('partitions', '24');
const loadProcesses = option('load-processes', '1');
const outDir = option('out', join('bench-results', 'scale'));

interface Cell {
  masters: number;
  workers: number;
  result: {
    throughput: number; throughputRedisCpuUsPerWorkflow: number; benchCpuPercent: number; busiestRedisPercent: number; busiestServiceProcess: string; machineCoresBusy: number | null;
    machineCoresInKernel: number | null; serviceCpuUsPerWorkflow: number | null; serviceKernelCpuUsPerWorkflow: number | null; loadCpuUsPerWorkflow: number; steadyP50Ms: number; steadyP99Ms: number;
    steadyMaxMs: number; steadyRedisCpuUsPerWorkflow: number; redis: string;
  } | null;
  /** The 1-minute load average when the cell ended (the machine may be shared). */
  load: number;
}

async function runCell(masters: number, workers: number, scratch: string): Promise<Cell> {
  const file = join(scratch, `m${masters}-w${workers}.json`);
  const args = [...nodeArgsFor('bench/bench-claim-status'), '--cluster', String(masters), '--workers', String(workers), '--api', api,
    '--load-processes', loadProcesses, '--messages', messages, '--concurrency', concurrency, '--rate', rate, '--seconds', seconds, '--result-json', file];
  console.log(`\n== ${masters} master(s), ${workers} worker cop${workers === 1 ? 'y' : 'ies'}, ${api} API process(es), ${loadProcesses} load process(es)`);
  const child = spawn(process.execPath, args, { env: { ...process.env, PARTITIONS: partitions }, stdio: ['ignore', 'inherit', 'inherit'] });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const load = loadavg()[0]!;
  if (code !== 0) return { masters, workers, result: null, load };
  return { masters, workers, result: JSON.parse(readFileSync(file, 'utf8')) as Cell['result'], load };
}

async function main(): Promise<void> {
  if (loadConfig(developmentUnlessNamed(process.env)).redisClusterNodes) {
    throw new Error('bench:scale starts a private cluster for each cell: unset REDIS_CLUSTER_NODES (bench:claim-status uses it)');
  }
  const scratch = mkdtempSync(join(tmpdir(), 'bench-scale-'));
  const startedAt = new Date().toISOString();
  const cells: Cell[] = [];
  try {
    for (const masters of mastersList) {
      for (const workers of workersList) cells.push(await runCell(masters, workers, scratch));
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }

  const f0 = (v: number) => v.toFixed(0);
  const f1 = (v: number) => v.toFixed(1);
  // A figure the run could not read (no /proc, no service process measured) is a dash.
  const orDash = (v: number | null, format: (v: number) => string) => (v === null ? '-' : format(v));
  const header = ['masters', 'workers', 'api', 'load_processes', 'throughput_per_s', 'redis_cpu_us_per_workflow', 'load_generator_cpu_pct', `p50_ms_at_${rate}`, `p99_ms_at_${rate}`, `max_ms_at_${rate}`,
    `redis_cpu_us_per_workflow_at_${rate}`, 'busiest_redis_pct', 'busiest_service_process', 'machine_cores_busy',
    'machine_cores_in_kernel', 'service_cpu_us_per_workflow', 'service_kernel_cpu_us_per_workflow', 'load_cpu_us_per_workflow', 'load_average_1m'];
  const rows = cells.map((c) => [String(c.masters), String(c.workers), api, loadProcesses, ...(c.result
    ? [f0(c.result.throughput), f0(c.result.throughputRedisCpuUsPerWorkflow), f0(c.result.benchCpuPercent), f1(c.result.steadyP50Ms), f1(c.result.steadyP99Ms), f1(c.result.steadyMaxMs), f0(c.result.steadyRedisCpuUsPerWorkflow),
      // Stage lists hold commas: '+' keeps the CSV's columns.
      f0(c.result.busiestRedisPercent), (c.result.busiestServiceProcess || '-').replace(/,/g, '+').replace(/ /g, '_'),
      orDash(c.result.machineCoresBusy, f1), orDash(c.result.machineCoresInKernel, f1),
      orDash(c.result.serviceCpuUsPerWorkflow, f0), orDash(c.result.serviceKernelCpuUsPerWorkflow, f0), f0(c.result.loadCpuUsPerWorkflow)]
    : ['failed', '', '', '', '', '', '', '', '', '', '', '', '', '']), c.load.toFixed(2)]);

  console.log(`\nscale grid: ${cpus().length} CPUs, started ${startedAt}, PARTITIONS ${partitions}, ${loadProcesses} load process(es), ${messages} messages at concurrency ${concurrency}, then ${rate}/s for ${seconds} s`);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  for (const r of [header, ...rows]) console.log(r.map((cell, i) => cell.padStart(widths[i]!)).join('  '));
  const base = cells.find((c) => c.masters === Math.min(...mastersList) && c.result);
  if (base?.result) {
    const best = new Map<number, number>();
    for (const c of cells) if (c.result) best.set(c.masters, Math.max(best.get(c.masters) ?? 0, c.result.throughput));
    const baseBest = best.get(base.masters)!;
    console.log(`best throughput by masters (against ${base.masters} master(s)): ${[...best].map(([m, t]) => `${m}: ${f0(t)}/s (x${(t / baseBest).toFixed(2)})`).join(', ')}`);
  }

  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'scale.csv'), `${[header, ...rows].map((r) => r.join(',')).join('\n')}\n`);
  const series = (pick: (r: NonNullable<Cell['result']>) => number) => mastersList.map((masters) => ({
    name: `${masters} master${masters === 1 ? '' : 's'}`,
    points: cells.filter((c) => c.masters === masters && c.result).map((c) => [c.workers, pick(c.result!)] as const),
  }));
  const machine = `${cpus().length} CPUs, load average ${Math.min(...cells.map((c) => c.load)).toFixed(1)}-${Math.max(...cells.map((c) => c.load)).toFixed(1)}`;
  writeFileSync(join(outDir, 'scale-throughput.svg'), lineChartSvg({
    title: `claim-status throughput by stage worker copies (${machine})`, xLabel: 'stage worker copies', yLabel: 'workflows/s', series: series((r) => r.throughput), markers: true,
  }));
  writeFileSync(join(outDir, 'scale-p99.svg'), lineChartSvg({
    title: `claim-status p99 at ${rate}/s by stage worker copies (${machine})`, xLabel: 'stage worker copies', yLabel: 'p99 ms', series: series((r) => r.steadyP99Ms), markers: true,
  }));
  console.log(`wrote ${join(outDir, 'scale.csv')}, scale-throughput.svg and scale-p99.svg`);
  if (cells.some((c) => !c.result)) process.exitCode = 1;
}

main().catch((err: Error) => {
  console.error(`bench:scale failed: ${err.message}`);
  process.exit(1);
});
