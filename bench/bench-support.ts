/** What the benchmark scripts share: their options, waiting for a service, and cleaning up. */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { Redis } from '../src/redis/connection';
import { chain, genesisHash, toFields, type UnchainedEvent } from '../src/audit/audit-chain';

/** The value after `--name` on the command line, or the fallback. */
export function option(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

/**
 * Resolves when `url/ready` answers 200; fails after about `timeoutMs` (default 60 s: a loaded
 * 2-core machine starting ten service processes through tsx took more than 20).
 */
export async function waitUntilReady(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try { if ((await fetch(`${url}/ready`)).ok) return; } catch { /* not up yet */ }
    if (Date.now() > deadline) throw new Error(`${url} did not become ready`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Deletes every key under `prefix:` (test/helpers/redis.ts: on each master of a cluster). */
export { deleteKeys } from '../test/helpers/redis';

/**
 * Node's arguments to run a file of this project, `path` relative to the root without its
 * extension: through tsx from the sources, or the compiled file when this bench itself runs from
 * `dist/` (a many-core machine carries only the build and production dependencies, no tsx:
 * ../shared/device/README.md).
 */
export function nodeArgsFor(path: string): string[] {
  return __filename.endsWith('.js') ? [join(__dirname, '..', `${path}.js`)] : ['--import', 'tsx', join(__dirname, '..', `${path}.ts`)];
}

/**
 * The stage worker processes the benches and the soak run (each `stage <list>`): every stage up to
 * the reply's policy gate in one process, outbound in another. With stage fusion (the default) a hop runs
 * fused only between stages of one process, so router and truth together let a claim-status or
 * query-reason step run in the router's hand-off (docs/architecture.md, "Stage fusion"); outbound
 * always reads its own stream. The older grouping, `gateway,consent,router` and
 * `truth,policy,outbound`, is one `bench:claim-status --stage-sets` away.
 */
export const stageProcesses: readonly string[] = ['gateway,consent,router,truth,policy', 'outbound'];

/** Starts `src/main.ts ROLE...` as production does; with `profileDir`, it writes a V8 CPU profile there. */
export function startServiceProcess(roleArgs: string[], env: NodeJS.ProcessEnv, profileDir: string): ChildProcess {
  return startProjectProcess(['src/main', ...roleArgs], env, profileDir);
}

/**
 * Starts `count` API processes sharing one port (bench/bench-api-cluster.ts, node:cluster): the
 * bench's `--api N`. Stopped, like a service process, with SIGTERM.
 */
export function startApiProcesses(count: number, env: NodeJS.ProcessEnv, profileDir: string): ChildProcess {
  return startProjectProcess(['bench/bench-api-cluster', String(count)], env, profileDir);
}

/**
 * Starts `<dir>/dist/src/main.js ROLE...`: the service of another build (a worktree of another
 * commit with its `dist/` built), for benches that compare two commits in one run.
 */
export function startBuiltProcess(dir: string, roleArgs: string[], env: NodeJS.ProcessEnv, profileDir: string): ChildProcess {
  return spawnNode([join(dir, 'dist', 'src', 'main.js'), ...roleArgs], env, profileDir);
}

function startProjectProcess([path, ...args]: string[], env: NodeJS.ProcessEnv, profileDir: string): ChildProcess {
  return spawnNode([...nodeArgsFor(path!), ...args], env, profileDir);
}

function spawnNode(args: string[], env: NodeJS.ProcessEnv, profileDir: string): ChildProcess {
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  return spawn(process.execPath, [...profile, ...args], { env, stdio: ['ignore', process.env.BENCH_SERVICE_LOGS ? 'inherit' : 'ignore', 'inherit'] });
}

/** The p-th percentile of ascending `sorted` (nearest rank); NaN when empty. */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** A seeded generator of numbers in [0, 1) (mulberry32): the same seed gives the same draws, so a bench's interval can be reproduced. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The interval a bootstrap gives for `percentile(b, p) - percentile(a, p)`, with the observed difference. */
export interface PercentileDifference {
  observed: number;
  low: number;
  high: number;
}

/**
 * A bootstrap interval (`level`, default 0.95) for the difference of the p-th percentile of two
 * samples, each given as blocks of consecutive measurements (e.g. a second of paced requests).
 * Whole blocks are drawn with replacement, so a burst that slowed several neighbouring requests
 * counts once, as it happened, and does not make the interval look narrower than the machine's
 * noise is (an independent draw of single requests would). Seeded: the same input and seed give
 * the same interval.
 */
export function percentileDifference(a: number[][], b: number[][], p: number,
  options: { seed?: number; resamples?: number; level?: number } = {}): PercentileDifference {
  const random = seededRandom(options.seed ?? 1);
  const resamples = options.resamples ?? 2000;
  const level = options.level ?? 0.95;
  const of = (blocks: number[][]) => percentile(blocks.flat().sort((x, y) => x - y), p);
  // A Float64Array sorts numerically in native code: 2,000 draws of 2,000 reads take a second, not ten.
  const draw = (blocks: number[][]) => {
    const picked = new Float64Array(blocks.length * Math.max(0, ...blocks.map((block) => block.length)));
    let size = 0;
    for (let i = 0; i < blocks.length; i++) {
      const block = blocks[Math.floor(random() * blocks.length)]!;
      picked.set(block, size);
      size += block.length;
    }
    return percentile(picked.subarray(0, size).sort(), p);
  };
  const differences = Array.from({ length: resamples }, () => draw(b) - draw(a)).sort((x, y) => x - y);
  const tail = (1 - level) / 2;
  return { observed: of(b) - of(a), low: percentile(differences, tail * 100), high: percentile(differences, (1 - tail) * 100) };
}

/** Writes a chained ledger of `events` events of tenant `bench` straight into the stream `ledgerKey`; returns its head hash. */
export async function writeBenchLedger(redis: Redis, ledgerKey: string, events: number): Promise<string> {
  let head = genesisHash;
  for (let n = 0; n < events; n += 5000) {
    const batch: UnchainedEvent[] = Array.from({ length: Math.min(5000, events - n) }, (_, i) => ({
      event_id: `ae-bench-${n + i}`, tenant_id: 'bench', workflow_id: `wf-0-${String(n + i).padStart(20, '0')}`, stage: 'truth',
      type: 'workflow.transition', at: 1_700_000_000_000 + n + i, detail: '{"outcome":"status_found","claim_id_hash":"sha256:0000"}',
    }));
    const chained = chain(batch, head, n);
    const pipeline = redis.pipeline();
    for (const e of chained) pipeline.xadd(ledgerKey, '*', ...toFields(e));
    await pipeline.exec();
    head = chained[chained.length - 1]!.hash;
  }
  return head;
}
