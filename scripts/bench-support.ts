/** What the benchmark scripts share: their options, waiting for a service, and cleaning up. */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

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

/** Starts `src/main.ts ROLE...` as production does; with `profileDir`, it writes a V8 CPU profile there. */
export function startServiceProcess(roleArgs: string[], env: NodeJS.ProcessEnv, profileDir: string): ChildProcess {
  return startProjectProcess(['src/main', ...roleArgs], env, profileDir);
}

/**
 * Starts `count` API processes sharing one port (scripts/bench-api-cluster.ts, node:cluster): the
 * bench's `--api N`. Stopped, like a service process, with SIGTERM.
 */
export function startApiProcesses(count: number, env: NodeJS.ProcessEnv, profileDir: string): ChildProcess {
  return startProjectProcess(['scripts/bench-api-cluster', String(count)], env, profileDir);
}

function startProjectProcess([path, ...args]: string[], env: NodeJS.ProcessEnv, profileDir: string): ChildProcess {
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  return spawn(process.execPath, [...profile, ...nodeArgsFor(path!), ...args], { env, stdio: ['ignore', process.env.BENCH_SERVICE_LOGS ? 'inherit' : 'ignore', 'inherit'] });
}

/** The p-th percentile of ascending `sorted` (nearest rank); NaN when empty. */
export function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
