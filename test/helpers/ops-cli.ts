/**
 * The operator CLI (scripts/ops.ts), run as an operator runs it: a child process given the
 * deployment's environment.
 *
 * Asynchronous on purpose. A test's harness serves the API from the test's own process, and a
 * synchronous spawn stops that process's event loop for the whole CLI run (seconds on a loaded
 * machine: tsx compiles the CLI first). The API server's keep-alive timer for an idle connection
 * then fires only once the run is over, at the moment the test's next fetch reuses that
 * connection, and the fetch fails ("fetch failed" right after `ops client delete` in a CI run).
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');

export interface OpsRun {
  /** The exit code; -1 when the run was killed (its timeout) or never started. */
  code: number;
  stdout: string;
  stderr: string;
}

export function runOps(env: NodeJS.ProcessEnv, args: readonly string[], options: { stdin?: string; timeoutMs?: number } = {}): Promise<OpsRun> {
  return new Promise((done) => {
    const child = execFile(process.execPath, ['--import', 'tsx', 'scripts/ops.ts', ...args], { cwd: root, env, timeout: options.timeoutMs ?? 60_000, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      done({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
    });
    child.stdin!.end(options.stdin ?? '');
  });
}
