/**
 * For `npm start` on a developer's machine: use the Redis at REDIS_URL, or, when none answers
 * and `redis-server` is installed, start a private one (data under .data/redis, AOF on).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Redis } from 'ioredis';

export async function redisAnswers(url: string): Promise<boolean> {
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 1000 });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

export function redisServerInstalled(): boolean {
  return spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;
}

/** Starts redis-server on the URL's port with its data in `dataDir`; resolves once it answers. */
export async function startPrivateRedis(url: string, dataDir: string): Promise<ChildProcess> {
  const { hostname, port } = new URL(url);
  const dir = join(dataDir, 'redis');
  mkdirSync(dir, { recursive: true });
  const child = spawn('redis-server', ['--bind', hostname === 'localhost' ? '127.0.0.1' : hostname, '--port', port || '6379',
    '--dir', dir, '--appendonly', 'yes', '--save', '', '--hash-max-listpack-value', '256', '--logfile', 'redis.log'],
  // Its own process group: the terminal's Ctrl-C goes to the foreground group, and the service
  // must stop (draining, closing its Redis clients) before this Redis does (stopPrivateRedis).
  { stdio: 'ignore', detached: true });
  const deadline = Date.now() + 10000;
  while (Date.now() < deadline) {
    if (await redisAnswers(url)) return child;
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  await stopPrivateRedis(child);
  throw new Error(`redis-server did not start on ${hostname}:${port}; see ${join(dir, 'redis.log')}`);
}

/** Stops a redis-server started above (SIGTERM: it flushes the AOF and exits) and waits until it has exited. */
export async function stopPrivateRedis(child: ChildProcess, timeoutMs = 10000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  await exited;
  clearTimeout(timer);
}
