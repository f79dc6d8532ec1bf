/**
 * `npm start` run as a developer runs it, for the tests that need the real thing: in its own
 * process group (Ctrl-C goes to the whole group, as a terminal sends it) and a data directory of
 * the test's own (deployment id, private Redis, demo.json, embedded archive), not the checkout's .data/.
 */
import { expect } from 'chai';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { logLineReader } from './suite-log';
import { waitFor } from './wait';

const root = join(__dirname, '..', '..');

export interface NpmStart {
  child: ChildProcess;
  output(): string;
  /** `code N` or the signal npm ended by. */
  exited: Promise<string>;
}

/** A data directory of the test's own (deployment id, private Redis, demo.json, embedded archive), not the checkout's .data/. */
export function newDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'cw-start-'));
}

/** `npm start -- --data-dir DIR [args]` in its own process group, so Ctrl-C can go to the whole group as a terminal sends it. */
export function npmStart(dataDir: string, env: Record<string, string>, args: string[] = []): NpmStart {
  const child = spawn('npm', ['start', '--', '--data-dir', dataDir, ...args], {
    cwd: root, detached: true, stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH, HOME: process.env.HOME, EMBEDDED_DATABASE_DIR: join(dataDir, 'pg'), ...env },
  });
  let output = '';
  const [readOut, readErr] = [logLineReader(), logLineReader()];
  child.stdout!.on('data', (d: Buffer) => { output += d.toString(); readOut(d); });
  child.stderr!.on('data', (d: Buffer) => { output += d.toString(); readErr(d); });
  const exited = new Promise<string>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? `code ${code}`)));
  return { child, output: () => output, exited };
}

export async function untilUp(run: NpmStart): Promise<void> {
  await waitFor(() => run.output().includes('Claims Workflow Service running at') || run.child.exitCode !== null,
    { timeoutMs: 40000, what: `npm start to be up; output so far: ${run.output()}` });
  expect(run.output(), 'npm start came up').to.contain('Claims Workflow Service running at');
}

export function killGroup(run: NpmStart): void {
  try { process.kill(-run.child.pid!, 'SIGKILL'); } catch { /* already gone */ }
}

/** Ctrl-C as a terminal sends it; then npm has ended and so has everything under it. */
export async function ctrlC(run: NpmStart): Promise<void> {
  process.kill(-run.child.pid!, 'SIGINT');
  // npm ends by the signal itself or with its script's code, as in a terminal; the service under it exits 0.
  expect(await run.exited).to.be.oneOf(['SIGINT', 'code 0']);
}

/** `PID redis-server 127.0.0.1:PORT` lines of the redis-servers listening on `port`. */
export function redisServerOn(port: number): string[] {
  const ps = spawnSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' });
  return ps.stdout.split('\n').map((line) => line.trim()).filter((line) => /^\d+ redis-server /.test(line) && line.includes(`:${port}`));
}

/** A failing test must not leave a redis-server behind either (it runs in a process group of its own). */
export function killRedisOn(port: number): void {
  for (const line of redisServerOn(port)) {
    try { process.kill(Number(line.split(' ')[0]), 'SIGKILL'); } catch { /* already gone */ }
  }
}

