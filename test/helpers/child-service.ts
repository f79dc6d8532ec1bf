/**
 * Service processes as children, started the way an operator starts them (`src/main.ts ROLE`),
 * so tests can kill them with SIGKILL and start new ones.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { Config } from '../../src/config';
import { logLineReader } from './suite-log';

const root = join(__dirname, '..', '..');

/** Environment that makes a child process use the same Redis, prefix and tuning as `config`. */
export function envFor(config: Config, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH, HOME: process.env.HOME,
    REDIS_URL: config.redisUrl, ...(config.redisClusterNodes ? { REDIS_CLUSTER_NODES: config.redisClusterNodes.map((n) => `${n.host}:${n.port}`).join(',') } : {}), KEY_PREFIX: config.keyPrefix, PARTITIONS: String(config.partitions),
    BLOCK_MS: String(config.blockMs), RECLAIM_IDLE_MS: String(config.reclaimIdleMs), SCHEDULER_INTERVAL_MS: String(config.schedulerIntervalMs),
    RETRY_BASE_MS: String(config.retryBaseMs), RETRY_MAX_MS: String(config.retryMaxMs), CMS_TIMEOUT_MS: String(config.cmsTimeoutMs),
    BREAKER_RESET_MS: String(config.breakerResetMs), BREAKER_VOLUME_THRESHOLD: String(config.breakerVolumeThreshold),
    LOG_LEVEL: 'warn', NODE_ENV: 'test', JWT_ISSUER: config.jwtIssuer, ...(config.databaseUrl ? { DATABASE_URL: config.databaseUrl } : {}), ...extra,
  };
}

export interface ChildService {
  process: ChildProcess;
  output(): string;
  kill(signal?: NodeJS.Signals): Promise<number | null>;
}

export function startChild(args: string[], env: NodeJS.ProcessEnv): ChildService {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'src', 'main.ts'), ...args], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const [readOut, readErr] = [logLineReader(), logLineReader()];
  child.stdout!.on('data', (d: Buffer) => { output += d.toString(); readOut(d); });
  child.stderr!.on('data', (d: Buffer) => { output += d.toString(); readErr(d); });
  return {
    process: child,
    output: () => output,
    kill(signal = 'SIGKILL') {
      if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill(signal);
      return exited;
    },
  };
}
